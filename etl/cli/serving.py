"""`paperdb serve` and `paperdb mcp`: the database browsed in Datasette, and its MCP tools over stdio."""

from __future__ import annotations

import os

import click

from .options import db_option
from .running import Stopped, checked_option, run


@click.command()
@db_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(0, 65535), help="Port")
@click.option(
    "--immutable", is_flag=True, help="Open the database read-only and immutable (faster; no writes while serving)"
)
def serve(db_file, host, port, immutable):
    """Browse the database in Datasette, with the project's metadata and canned queries.

    \b
    Example:
        paperdb serve --port 8001
    """
    from ..store.target import file_only

    checked_option(
        file_only,
        db_file,
        "Datasette serves SQLite files; copy the database into one with"
        " `paperdb snapshot --from URL --db db/papers.db`, then serve that",
    )
    from ..serve.app import serve as run_serve

    try:
        run(run_serve, db_file, host=host, port=port, immutable=immutable)
    except (Stopped, KeyboardInterrupt):  # Ctrl-C is how a server is stopped
        click.echo("paperdb: stopped serving", err=True)


@click.command()
@db_option
def mcp(db_file):
    """Answer an AI assistant over MCP on stdin and stdout: the tools of `serve`'s /-/mcp.

    \b
    Example: an assistant's configuration (docs/assistants.md)
        {"mcpServers": {"paperdb": {"command": ".venv/bin/paperdb", "args": ["mcp", "--db", "db/papers.db"]}}}
    """
    from ..store.target import file_only

    checked_option(file_only, db_file, "MCP serves SQLite files, as Datasette does: `paperdb snapshot` one first")
    from ..serve.mcp.stdio import serve_stdio

    try:
        run(serve_stdio, db_file)
    except (Stopped, KeyboardInterrupt):  # (an assistant that quits closes stdin, or sends a signal)
        click.echo("paperdb: stopped serving MCP", err=True)
        os._exit(0)  # (the MCP SDK reads stdin in a thread no signal ends, which Python would wait for)

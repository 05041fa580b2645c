"""`paperdb mcp`: the tools of `paperdb serve`'s `/-/mcp` over stdin and stdout, for assistants that
start a command rather than connect to a server. The same Datasette as `serve` (its read-only
connections, time limit and SQL functions) and the same MCP server datasette-mcp builds for it,
run over MCP's stdio transport instead of HTTP; stdout carries nothing but the protocol."""

from __future__ import annotations


def serve_stdio(db_file: str) -> None:
    """Answer MCP requests on stdin until it closes (or a signal stops it); migrates first if the
    schema is behind, as `serve` does (unless the file is on read-only media)."""
    import anyio

    from ...store.access import at_head, existing_database, on_read_only_media
    from ..app import make_datasette

    existing_database(db_file)
    immutable = on_read_only_media(db_file)
    if not immutable and not at_head(db_file):
        from ...store.engine import migrate_database

        migrate_database(db_file)
    datasette = make_datasette(db_file, immutable=immutable)
    anyio.run(_answer, datasette)


async def _answer(datasette) -> None:
    # (datasette-mcp's own constructor of the server `/-/mcp` answers with: its tools, the canned
    # queries' and, through the `register_mcp_tools` hook, paperdb's, exactly as served over HTTP)
    from datasette_mcp import create_mcp_server

    await datasette.invoke_startup()
    _end_at_a_signal()
    await create_mcp_server(datasette).run_stdio_async()


def _end_at_a_signal() -> None:
    """From here on a signal ends the process at once. Raised as an exception (as elsewhere in
    paperdb), it could land inside one of the SDK's task groups and come out as an exception group
    that nothing reports, and Python would then wait forever for the SDK's thread reading stdin."""
    import os
    import signal
    import sys

    def end(_signum, _frame):
        sys.stderr.write("paperdb: stopped serving MCP\n")
        sys.stderr.flush()
        os._exit(0)  # (nothing to roll back: the database is read-only here)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, end)

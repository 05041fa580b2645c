"""Options more than one command takes."""

from __future__ import annotations

import click

from ..settings import DEFAULT_DB


def db_option(command):
    """The `--db FILE` option of every command: `--db` wins, then `$PAPERDB_DB`, then db/papers.db."""
    return click.option(
        "--db",
        "db_file",
        type=click.Path(dir_okay=True, path_type=str),  # a directory is reported by the command, in one line
        envvar="PAPERDB_DB",
        default=DEFAULT_DB,
        metavar="FILE|URL",
        help="SQLite database file, or a PostgreSQL URL (postgresql+psycopg://user@host/db)"
        " [default: $PAPERDB_DB or db/papers.db]",
    )(command)

"""What the command line prints besides results: one-line output errors, database names without
passwords and the waiting notice (a load's progress bar: `progress`)."""

from __future__ import annotations

import os
import sys

import click


def say(text: str) -> None:
    """Print a result on stdout, as one line (a database or directory name holding a newline is
    shown escaped); a closed pipe is one `Error:` line (click would exit silently)."""
    from ..errors import one_line

    try:
        click.echo(one_line(text))
    except OSError as exc:  # a closed pipe, a full disk: what the command did is done
        quiet_stdout()
        raise click.ClickException(f"<stdout>: {exc.strerror or exc} (only this output was lost)") from None


def shown(db_file: str) -> str:
    """The database as messages name it: a server's URL without its password."""
    from ..store.target import shown as without_password

    return without_password(db_file)


def waiting(db_file: str):
    """What a load says on stderr while another run writing to the same database finishes."""
    from ..settings import lock_wait

    return lambda: click.echo(
        f"paperdb: another load is writing to {shown(db_file)}; waiting for it (up to {lock_wait():g}s)", err=True
    )


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass

"""What the command line prints besides results: one-line output errors, database names without
passwords, the waiting notice and the progress bar of a load."""

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


class Progress:
    """A progress bar over input files on stderr, shown only when stderr is a terminal; after the
    files, its label names the step the load is in (keywords of a large corpus take a while)."""

    def __init__(self, quiet: bool):
        self.enabled = not quiet and sys.stderr.isatty()
        self.bar = None

    def __enter__(self):
        if not self.enabled:
            return None
        self.bar = click.progressbar(length=0, label="loading", file=sys.stderr, show_pos=True)
        self.bar.__enter__()
        return self

    def file(self, input_file):
        self.bar.length = (self.bar.length or 0) + 1
        self.bar.update(1, input_file.path)

    def stage(self, name: str):
        self.bar.label = name
        self.bar.render_progress()

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)

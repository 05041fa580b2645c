"""A pause point for the tests: a load stops at a named stage, says so, and waits.

With `PAPERDB_PAUSE_AT` set to stage names (comma-separated) and `PAPERDB_PAUSE_FD` to an
inherited file descriptor of a connected socket (one end of `socket.socketpair()`), a load
reaching one of those stages sends the stage's name and a newline on the socket, then waits for
one byte back (or the other end closing: then it pauses no more) before it goes on. Meanwhile
the test can kill it, signal it or read the database, knowing exactly where the load is. Unset,
`pause` returns at once: a load outside the tests never pauses.

The stages, in the order a load reaches them (`etl/load/__init__.py`):
    start            files found and read ahead, no database opened yet
    migrated         in the load's transaction (a new database: the directory lock held), schema at head
    files            every input file's rows written, not committed
    keywords         about to rank keywords (when the load does), not committed
    full-text index  about to rebuild the full-text index (when the load does), not committed
    committed        the transaction committed and a new database in place; the workers not yet stopped
"""

from __future__ import annotations

import os

from ..errors import PaperdbError

AT, FD = "PAPERDB_PAUSE_AT", "PAPERDB_PAUSE_FD"


def pause(stage: str) -> None:
    """Stop here if `PAPERDB_PAUSE_AT` names `stage`, until the test says to go on."""
    wanted = os.environ.get(AT)
    if not wanted or stage not in wanted.split(","):
        return
    import socket  # (here: a load outside the tests never pauses, and `socket` is 0.5-0.8 MB of its memory)

    try:
        channel = socket.socket(fileno=os.dup(int(os.environ[FD])))
    except (KeyError, ValueError, OverflowError, OSError) as exc:
        raise PaperdbError(f"${AT}: ${FD} must be the file descriptor of a connected socket ({exc})") from None
    with channel:
        try:
            channel.sendall(stage.encode() + b"\n")
            channel.recv(1)
        except OSError:  # the test has gone: nobody to wait for
            pass

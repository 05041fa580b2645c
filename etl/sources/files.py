"""The one guard for reading a file: only a regular file is read (a FIFO, device or directory is
refused without blocking on it), and no more than a limit of bytes."""

from __future__ import annotations

import os
import stat

from ..errors import InputError


class NotRegularFile(InputError):
    """The path names a directory, FIFO or device: nothing is read from it."""


class FileTooLarge(InputError):
    """The file holds more bytes than the reader takes."""


def read_regular_file(path: str, limit: int, limit_name: str) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (`limit_name` says what sets
    the limit); else an `InputError` naming the file. Opened non-blocking and checked before any
    read, so a FIFO never hangs the caller; a file that grows past the limit while it is read is
    refused too."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(path, exc.strerror or str(exc)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(path, "not a regular file (a directory, FIFO or device); only files are read")
        if st.st_size > limit:
            raise FileTooLarge(
                path, f"file of {st.st_size:,} bytes is larger than the limit of {limit:,} ({limit_name})"
            )
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(path, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # (it grew while being read)
        raise FileTooLarge(path, f"file is larger than the limit of {limit:,} bytes ({limit_name})")
    return data

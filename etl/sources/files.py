"""The one guard for reading a file: only a regular file is read (a FIFO, device or directory is
refused without blocking on it), and no more than a limit of bytes."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from ..digests import sha256
from ..errors import InputError


class NotRegularFile(InputError):
    """The path names a directory, FIFO or device: nothing is read from it."""


class FileTooLarge(InputError):
    """The file holds more bytes than the reader takes."""


@contextmanager
def open_regular_file(path: str, limit: int, limit_name: str) -> Iterator[BinaryIO]:
    """The regular file `path`, open for reading (binary), if it holds at most `limit` bytes
    (`limit_name` says what sets the limit); else an `InputError` naming the file. Opened
    non-blocking and checked before any read, so a FIFO never hangs the caller."""
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
        fh = os.fdopen(fd, "rb", buffering=1 << 20)
    except BaseException:
        os.close(fd)
        raise
    with fh:
        try:
            yield fh
        except OSError as exc:
            raise InputError(path, exc.strerror or str(exc)) from None


def read_regular_file(path: str, limit: int, limit_name: str) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (see `open_regular_file`); a
    file that grows past the limit while it is read is refused too."""
    with open_regular_file(path, limit, limit_name) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:  # (it grew while being read)
        raise FileTooLarge(path, f"file is larger than the limit of {limit:,} bytes ({limit_name})")
    return data


def file_digest(fh: BinaryIO, path: str, limit: int, limit_name: str) -> tuple[str, int]:
    """(SHA-256, size) of an open file read to its end in chunks; back at its start after."""
    digest, size = sha256(), 0
    while chunk := fh.read(1 << 20):
        digest.update(chunk)
        size += len(chunk)
        if size > limit:  # (it grew while being read)
            raise FileTooLarge(path, f"file is larger than the limit of {limit:,} bytes ({limit_name})")
    fh.seek(0)
    return digest.hexdigest(), size

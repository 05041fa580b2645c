"""What a load tells whoever shows its progress: the files it will read and their size, each file
as it starts, the bytes and records read, each long step after the files and how far it is."""

from __future__ import annotations

from ..sources import InputFile


class Progress:
    """A load's progress, told as it goes; this one keeps nothing (the command line's bar is one
    that shows it)."""

    def files(self, count: int, size: int) -> None:
        """The load is to read `count` files of `size` bytes in all."""

    def file(self, input_file: InputFile, size: int) -> None:
        """The load starts on `input_file`, of `size` bytes."""

    def read(self, done: int, records: int) -> None:
        """Of the file it is on, the load has read `done` bytes, and `records` records since it last said."""

    def stage(self, name: str) -> None:
        """The files are read; a long step starts (`keywords`, `similar papers`, `full-text index`)."""

    def step(self, done: int, total: int) -> None:
        """Of the step it is on, `done` of `total` (papers, for keywords) are done."""

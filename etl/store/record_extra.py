"""`paper_sources.extra` stored compactly: a record's fields no column holds (a JSON object: a
paperlists record's `bibtex`, `gs_cited_by_link`, `aff_*`, review scores; a BibTeX file's entry as
written), deflated against a shared dictionary, on SQLite.

The JSON text is 77 MB of the whole catalogue's 709 MB database (its keys written again on every
row, each BibTeX entry's field names, Google Scholar's and the affiliations' addresses); plain zlib
of each row gives 41 MB, raw deflate primed with a dictionary of typical records 21 MB (issue 37).
A stored value is one version byte and the deflated JSON: version 1 is deflate (level 6, window
15) with the dictionary `etl/store/extra_dictionary_1.txt`, built once from the catalogue
(scripts/build_extra_dictionary.py). A dictionary can never change once rows use it: a better one
is a new version, and `unpack_extra` keeps reading every version.

Reading gives back the JSON text exactly as written (a test compares every row of the catalogue).
Readers call `unpack_extra` (Python) or `extra_json(extra)` (SQL: `etl.store.functions.register`
adds it, as Datasette does); a text value (a PostgreSQL database, which TOAST compresses itself,
or a row no revision has packed yet) reads as it is.
"""

from __future__ import annotations

import zlib
from functools import cache
from typing import overload

from ..settings import package_folder

VERSION = 1  # the dictionary new values are packed with
LEVEL = 6  # level 9 gains 0.2 MB over the catalogue's 90,801 values for 0.5 s more CPU
WINDOW = -15  # raw deflate (no zlib header: the version byte says what it is), 32 KiB window
MEMORY = 8


@cache
def dictionary(version: int) -> bytes:
    """The preset dictionary of a version (its last 32 KiB: all a 15-bit window reaches)."""
    return package_folder("etl.store").joinpath(f"extra_dictionary_{version}.txt").read_bytes()[-32768:]


@cache
def _primed() -> zlib._Compress:
    """A compressor that has read the dictionary: each value starts from a copy of it (0.03 ms a
    value, where priming a new one with 32 KiB each time costs twice as much)."""
    return zlib.compressobj(LEVEL, zlib.DEFLATED, WINDOW, MEMORY, zlib.Z_DEFAULT_STRATEGY, dictionary(VERSION))


def release_packer() -> None:
    """Let the primed compressor go (its deflate state and the dictionary: 0.27 MB of the C heap),
    once a load has stored its records: it sat under both of an edit's peaks, the keyword ranking's
    fork and the similar step, issue 41. The next `pack_extra` primes one again."""
    _primed.cache_clear()
    dictionary.cache_clear()


def pack_extra(text: str | None) -> bytes | None:
    """The stored form of a record's other fields (a JSON text), None for None."""
    if text is None:
        return None
    packer = _primed().copy()
    return bytes((VERSION,)) + packer.compress(text.encode("utf-8")) + packer.flush()


@overload
def unpack_extra(value: bytes | str) -> str: ...
@overload
def unpack_extra(value: None) -> None: ...
def unpack_extra(value: bytes | str | None) -> str | None:
    """The JSON text of a stored value (`pack_extra`'s, or a text kept as it is)."""
    if value is None or isinstance(value, str):
        return value
    version, body = value[0], value[1:]
    unpacker = zlib.decompressobj(WINDOW, dictionary(version))
    return (unpacker.decompress(body) + unpacker.flush()).decode("utf-8")

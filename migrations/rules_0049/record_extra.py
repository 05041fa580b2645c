"""paper_sources.extra version 1: one version byte, then the JSON text's UTF-8 as raw deflate (level
6, window 15, memory level 8) primed with etl/store/extra_dictionary_1.txt (its last 32 KiB)."""

from __future__ import annotations

import hashlib
import zlib
from functools import cache
from importlib.resources import files as package_files

VERSION = 1
DICTIONARY_SHA256 = "20f3c96c1ddc54600ae2a668761689ff962aa3e5f07659d2ed6e39bf23c0459b"


@cache
def dictionary() -> bytes:
    data = package_files("etl.store").joinpath("extra_dictionary_1.txt").read_bytes()
    if hashlib.sha256(data).hexdigest() != DICTIONARY_SHA256:
        raise RuntimeError("etl/store/extra_dictionary_1.txt changed: version 1 must stay as written")
    return data[-32768:]


def pack_extra(text: str | None) -> bytes | None:
    if text is None:
        return None
    packer = zlib.compressobj(6, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, dictionary())
    return bytes((VERSION,)) + packer.compress(text.encode("utf-8")) + packer.flush()


def unpack_extra(value: bytes | str | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    if value[0] != VERSION:
        raise ValueError(f"paper_sources.extra of version {value[0]}: revision 0049 reads version 1")
    unpacker = zlib.decompressobj(-15, dictionary())
    return (unpacker.decompress(value[1:]) + unpacker.flush()).decode("utf-8")

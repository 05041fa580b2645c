"""SHA-256 from CPython's own implementation, not OpenSSL's: `hashlib` loads OpenSSL's libcrypto
for it, 3.4 MB of the loading process's memory from the first file on (an edit's and a removal's
peak is about 50 MB, issue 41), for digests of files, rules and record keys that CPython's
module gives the same (about 340 MB/s against OpenSSL's 1,200: 0.5 s of CPU over the 231 MB
catalogue's files, 0.03 s over an edit's). `hashlib`'s where CPython was built without its own."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Protocol, cast


class Digest(Protocol):
    def update(self, data: bytes, /) -> None: ...
    def digest(self) -> bytes: ...
    def hexdigest(self) -> str: ...


def _sha256() -> Callable[..., Digest]:
    for module in ("_sha2", "_sha256"):  # (CPython 3.12 on, CPython 3.11)
        try:
            return cast("Callable[..., Digest]", import_module(module).sha256)
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256


sha256 = _sha256()

"""The values `paper_ids` may hold for a paper id as a reader writes or copies it."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

# What a reader may write before an id (case-insensitive), and the schemes it may then be.
_PREFIXES = re.compile(
    r"^(?:arxiv:|doi:|openreview:|https?://(?:dx\.)?doi\.org/|https?://arxiv\.org/(?:abs|pdf)/)",
    re.IGNORECASE,
)
_ARXIV_VERSION = re.compile(r"^(\d{4}\.\d{4,5})v\d+$")  # (paper_ids keeps arXiv ids without one)


def id_forms(text: str) -> list[str]:
    """The values `paper_ids` may hold for an id as a reader wrote it: as written, without a prefix
    or address before it, and an arXiv id without its version; each once, in that order. An id
    copied from an address (`10.1609%2Faaai.v36i2.20142`, a DOI's slash escaped) is read unescaped."""
    written = text.strip()
    if "%" in written:
        written = unquote(written).strip()
    bare = _PREFIXES.sub("", written)
    forms = [written, bare]
    if m := _ARXIV_VERSION.match(bare):
        forms.append(m[1])
    return list(dict.fromkeys(f for f in forms if f))


def id_forms_json(text: str | None) -> str:
    """`id_forms` as a JSON array (`[]` for anything but text): for SQL's `json_each`."""
    return json.dumps(id_forms(text) if isinstance(text, str) else [])

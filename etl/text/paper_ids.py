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
# A DOI: the directory indicator `10.`, a registrant code, `/` and a suffix of printed characters.
_BARE_DOI = re.compile(r"10\.\d{1,9}(?:\.\d+)*/\S+")
_DOI_IN = re.compile(r"(?<![\w.])10\.\d{1,9}(?:\.\d+)*/[^\s?#]+")  # (in an address: up to its query or fragment)


def doi_of(value: str) -> str | None:
    """The DOI a source gives, bare: as written when it is one (`10.1145/3528223.3530127`), else the
    one inside it, after `doi:` or in an address (`https://doi.org/10.1145/...`,
    `https://link.springer.com/chapter/10.1007/978-3-031-20083-0_1`, an escaped `10.1007%2F...`, a
    `.pdf` after it dropped); None for a value holding none (`https://ieeexplore.ieee.org/document/1`,
    `N/A`)."""
    value = value.strip()
    if _BARE_DOI.fullmatch(value):
        return value
    if "%" in value:
        value = unquote(value)
    m = _DOI_IN.search(value)
    if not m:
        return None
    found = m.group().rstrip("/.,;")
    return found[: -len(".pdf")] if found.lower().endswith(".pdf") else found


def id_forms(text: str) -> list[str]:
    """The values `paper_ids` may hold for an id as a reader wrote it: as written, without a prefix
    or address before it, the DOI in an address (`doi_of`), and an arXiv id without its version; each once, in that order. An id
    copied from an address (`10.1609%2Faaai.v36i2.20142`, a DOI's slash escaped) is read unescaped."""
    written = text.strip()
    if "%" in written:
        written = unquote(written).strip()
    bare = _PREFIXES.sub("", written)
    forms = [written, bare]
    if "/" in bare and (doi := doi_of(bare)):  # (a publisher's address of the paper: its DOI)
        forms.append(doi)
    if m := _ARXIV_VERSION.match(bare):
        forms.append(m[1])
    return list(dict.fromkeys(f for f in forms if f))


def id_forms_json(text: str | None) -> str:
    """`id_forms` as a JSON array (`[]` for anything but text): for SQL's `json_each`."""
    return json.dumps(id_forms(text) if isinstance(text, str) else [])

"""Ids of other databases as sources write them: bare OpenReview forum ids and arXiv ids, also
out of their URLs (`https://openreview.net/forum?id=B1-Hhnslg`, `arxiv.org/abs/2401.01234v2`)."""

from __future__ import annotations

import re

_OPENREVIEW_URL = re.compile(r"openreview\.net/(?:forum|pdf)\?", re.IGNORECASE)
_BARE_FORUM = re.compile(r"[A-Za-z0-9_-]{6,}")
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([0-9]{4}\.[0-9]{4,5}|[a-z-]+/[0-9]{7})", re.IGNORECASE)
_ARXIV_ID = re.compile(r"(?:arxiv:)?([0-9]{4}\.[0-9]{4,5})(?:v\d+)?", re.IGNORECASE)


def openreview_id(value: str) -> str | None:
    """The bare forum id of an OpenReview URL or id, else None."""
    value = value.strip()
    urls = [(m.start(), m.end()) for m in _OPENREVIEW_URL.finditer(value)]
    for i, (_, query) in enumerate(urls):  # each URL's query, up to the next URL: read once
        end = urls[i + 1][0] if i + 1 < len(urls) else len(value)
        for param in value[query:end].partition("#")[0].split("&"):
            param = param.strip()
            if param.startswith("id=") and (m := _BARE_FORUM.match(param, 3)):
                return m.group()
    if "/" in value or ":" in value or "." in value:
        return None
    return value if _BARE_FORUM.fullmatch(value) else None


def arxiv_id(value: str) -> str | None:
    """The arXiv id of an arXiv URL or id (without its version), else None."""
    value = value.strip()
    m = _ARXIV_URL.search(value) or _ARXIV_ID.fullmatch(value)
    return m.group(1) if m else None

"""What paperdb derives from one abstract on its own: links, official flags, code status; pure."""

from __future__ import annotations

from dataclasses import dataclass

from .code_status import code_status, is_official, is_promised
from .links import Link, extract_links
from .made_up import is_placeholder


@dataclass(frozen=True, slots=True)
class Derived:
    links: tuple[Link, ...]
    official: tuple[bool | None, ...]  # one flag per link
    code_status: str
    promised: frozenset[str] = frozenset()  # the keys of the official links it promises for later


def derive(abstract: str) -> Derived:
    """The links `abstract` cites (but placeholders: `github.com/xxxxx` names no code), whether each
    is its own, and its code status."""
    links = tuple(link for link in extract_links(abstract) if not is_placeholder(link))
    official = tuple(is_official(abstract, link) for link in links)
    promised = frozenset(
        link.key for link, flag in zip(links, official, strict=True) if flag and is_promised(abstract, link)
    )
    return Derived(links, official, code_status(abstract, links, official), promised)

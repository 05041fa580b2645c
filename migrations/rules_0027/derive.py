"""What paperdb derives from one abstract on its own: links, official flags, code status; pure."""

from __future__ import annotations

from dataclasses import dataclass

from .code_status import code_status, is_official
from .links import Link, extract_links


@dataclass(frozen=True, slots=True)
class Derived:
    links: tuple[Link, ...]
    official: tuple[bool | None, ...]  # one flag per link
    code_status: str


def derive(abstract: str) -> Derived:
    links = tuple(extract_links(abstract))
    official = tuple(is_official(abstract, link) for link in links)
    return Derived(links, official, code_status(abstract, links, official))

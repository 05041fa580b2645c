"""What paperdb derives from one abstract on its own: links, official flags, code status; pure."""

from __future__ import annotations

from dataclasses import dataclass

from .code_status import code_status, is_official, is_promised, offered_as_data
from .links import Link, extract_links
from .made_up import is_placeholder


@dataclass(frozen=True, slots=True)
class Derived:
    links: tuple[Link, ...]
    official: tuple[bool | None, ...]  # one flag per link
    code_status: str
    promised: frozenset[str] = frozenset()  # the keys of the official links it promises for later
    data: frozenset[str] = frozenset()  # ... and of those it offers as data alone

    @property
    def withheld(self) -> frozenset[str]:
        """The keys of the official links the abstract says release no code now (promised, or data
        alone): a source that gives the same link copies the abstract and releases no more."""
        return self.promised | self.data


def derive(abstract: str) -> Derived:
    """The links `abstract` cites (but placeholders: `github.com/xxxxx` names no code), whether each
    is its own, and its code status."""
    links = tuple(link for link in extract_links(abstract) if not is_placeholder(link))
    official = tuple(is_official(abstract, link) for link in links)
    promised = frozenset(
        link.key for link, flag in zip(links, official, strict=True) if flag and is_promised(abstract, link)
    )
    data = offered_as_data(abstract, links, official)
    return Derived(links, official, code_status(abstract, links, official), promised, data)

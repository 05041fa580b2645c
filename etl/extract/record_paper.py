"""Which paper a record is, and which of a paper's records its text comes from; pure.

A record with an abstract is the paper of that abstract: `papers.id` is the normalised
abstract's hash (`etl.text.identity.paper_id`). A record without one (a title alone, a
placeholder such as `TBD`) is identified by what else it has, the first of: a DOI, an OpenReview
forum, an arXiv id, an ACL Anthology key (ids the same work keeps wherever it is listed), else its
venue, year and normalised title, else its PMLR key (read from paperlists' PMLR addresses since
the reader's report: 96 papers of the catalogue without an abstract have one, and keep the ids
their titles gave them); its id is the hash of that identity, in another
namespace than abstracts' (`identity_id`), so the same inputs give the same ids in any order.
Such a record joins the paper with an abstract that shares one of those ids, or its venue, year
and title, when there is one (the loader does that, `etl.load.merging`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..digests import sha256
from ..sources.formats import TEXT_PRIORITY  # (the user's listings first, then proceedings, then exports)
from ..text.cleaning import clean_title
from ..text.identity import ID_LENGTH, normalise_abstract

# Ids that name one work wherever it is listed, in the order an identity takes them.
STRONG_IDS = ("doi", "openreview", "arxiv", "pmlr", "acl_anthology")
BEFORE_TITLE = tuple(scheme for scheme in STRONG_IDS if scheme != "pmlr")  # (the PMLR key comes after it)
IDENTITY_NAMESPACE = "paperdb:identity:"  # (no normalised abstract starts so)


def title_key(title: str | None) -> str | None:
    """The normalised form of a title, as `papers.title_key` has it (None for no title)."""
    if not title:
        return None
    return normalise_abstract(clean_title(title)) or None


def identity(ids: Iterable[tuple[str, str]], venue: str | None, year: int | None, title: str | None) -> str | None:
    """The identity of a record without an abstract (see the module's rule), or None when it has
    nothing to be told apart by."""
    given = dict(ids)
    for scheme in BEFORE_TITLE:
        value = given.get(scheme)
        if value:
            return f"{scheme}:{value.strip().lower() if scheme == 'doi' else value.strip()}"
    key = title_key(title)
    if key and venue and year:
        return f"title:{normalise_abstract(venue)}:{year}:{key}"
    pmlr = given.get("pmlr", "").strip()
    return f"pmlr:{pmlr}" if pmlr else None


def identity_id(key: str) -> str:
    """The `papers.id` of the paper a record without an abstract stands for."""
    return sha256((IDENTITY_NAMESPACE + key).encode("utf-8")).hexdigest()[:ID_LENGTH]


@dataclass(frozen=True, slots=True)
class TextRecord:
    """What one record says of its paper's text: the abstract it gives (None for none), its venue
    and year, and what orders it among the paper's records."""

    source_id: int
    format: str
    path: str
    position: int
    abstract: str | None
    venue: str | None
    year: int | None


def text_record(records: Sequence[TextRecord]) -> TextRecord | None:
    """The record a paper takes its abstract, venue and year from: of those that give an
    abstract (else of all), the one whose format ranks first (`TEXT_PRIORITY`), then by path and
    position, so the choice depends on the records alone, never on the order of loads."""
    with_text = [r for r in records if r.abstract is not None] or list(records)
    if not with_text:
        return None
    return min(with_text, key=lambda r: (-TEXT_PRIORITY.get(r.format, -1), r.path, r.position))

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
from ..text.identity import ID_LENGTH, normalise_abstract, paper_id

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


# Words of a title that say nothing of its paper: left out when a title is held against an abstract.
_TITLE_STOP = frozenset("a an and as at by for from in into is of on or the to via with using".split())
SAME_TITLE_SHARE = 0.5  # titles sharing at least this share of their words (Jaccard) may be one paper


@dataclass(frozen=True, slots=True)
class Claim:
    """What one record of a file says that tells its paper: its abstract (None for none), its
    title and its authors, as written."""

    abstract: str | None
    title: str | None
    authors: tuple[str, ...] = ()


def _title_words(title: str | None) -> set[str]:
    return set((title_key(title) or "").split()) - _TITLE_STOP


def _surnames(authors: Sequence[str]) -> set[str]:
    return {name.split()[-1].casefold() for name in authors if name.split()}


def plainly_other(a: Claim, b: Claim) -> bool:
    """Whether two records are plainly two papers: both titled, other titles (`title_key`) that
    share under half their words (`_TITLE_STOP` aside), and no author's surname in common, or no
    title word at all (NeurIPS 1999 "Unmixing Hyperspectral Data" and "Invariant Feature
    Extraction and Classification in Kernel Spaces" share an author)."""
    if not a.title or not b.title or title_key(a.title) == title_key(b.title):
        return False
    words_a, words_b = _title_words(a.title), _title_words(b.title)
    shared = len(words_a & words_b)
    if shared >= SAME_TITLE_SHARE * max(len(words_a | words_b), 1):
        return False
    return not shared or not _surnames(a.authors) & _surnames(b.authors)


def title_fit(claim: Claim) -> float:
    """The share of a record's title words (but `_TITLE_STOP`) its abstract says: how well the
    abstract is this title's."""
    words = _title_words(claim.title)
    said = set(normalise_abstract(claim.abstract or "").split())
    return len(words & said) / len(words) if words else 0.0


def abstracts_of_others(claims: Sequence[Claim]) -> set[int]:
    """The records (indexes into `claims`, one file's records in order) whose abstract is another
    record's: a source that gives two records of plainly other papers (`plainly_other`) one
    abstract (NeurIPS 1995 "Boosting Decision Trees" with the abstract of "From Isolation to
    Cooperation") gave one of them a wrong one. The abstract is the paper's whose title it says
    best (`title_fit`; on a tie the record listed first); every record plainly other than that
    one gives it up and is a paper without an abstract. Records of one paper (the same title,
    a title retyped, an author in common) keep it, as one paper."""
    by_abstract: dict[str, list[int]] = {}
    for n, claim in enumerate(claims):
        if claim.abstract:
            by_abstract.setdefault(paper_id(claim.abstract), []).append(n)
    others: set[int] = set()
    for group in by_abstract.values():
        if len(group) < 2:
            continue
        owner = max(group, key=lambda n: (title_fit(claims[n]), -n))
        others.update(n for n in group if plainly_other(claims[n], claims[owner]))
    return others

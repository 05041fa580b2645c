"""The shapes of the rows the writer stores: links, provenance fields, staged keywords and facets."""

from __future__ import annotations

import json

from ..extract.aliases import kept_alias
from ..extract.derive import Derived
from ..extract.keywords import Keyword, topics_below_narrower
from ..extract.keywords.labels import shown_label
from ..extract.keywords.normalise import word_name
from ..extract.similar.words import read_as_short_form
from ..sources.fields import MAX_KEYWORD_CHARS
from ..sources.records import Entry, Review
from ..store.schema import columns

FACET_KEYWORDS = 10  # keyword labels copied to papers.keywords
SHOWN = frozenset(("phrase", "acronym"))  # the kinds whose staged label is `shown_label`'s


# The `paper_links` columns of a link cited in an abstract (no source gives it).
LINK_COLUMNS = columns("paper_links", without=("source_id",))


def link_rows(paper_id: str, derived: Derived) -> list[tuple]:
    """`paper_links` rows (`LINK_COLUMNS`) for one paper's abstract."""
    return [
        (
            paper_id,
            link.offset,
            link.url,
            link.key,
            link.raw,
            link.kind,
            link.host,
            link.owner,
            link.repo,
            link.path,
            flag,
        )
        for link, flag in zip(derived.links, derived.official, strict=True)
    ]


# What a record says about its paper, as paper_sources keeps it (NULL for listings).
RECORD_FIELDS = (
    "title",
    "authors",
    "ids",
    "url",
    "status",
    "track",
    "keywords",
    "links",
    "affiliations",
    "institutions",
    "extra",
    "rating_avg",
    "confidence_avg",
    "citations",
    "primary_area",
    "tldr",
)
NO_REVIEW = Review()
# (`json.dumps` with an option builds an encoder per call: one, as `bibliography._json`; tuples are
# written as the lists they were copied to)
_json = json.JSONEncoder(ensure_ascii=False).encode


def stored_clean(written: str | None, cleaned: str | None) -> str | None:
    """papers.abstract_clean for an abstract as written and its cleaned form: the cleaned form only
    where cleaning changes it (SQL reads `etl.store.views.CLEAN_ABSTRACT`)."""
    return cleaned if cleaned != written else None


def ids_json(ids: tuple[tuple[str, str], ...]) -> str | None:
    """`paper_sources.ids` of a record's (scheme, value) ids: a JSON object of scheme -> value, or
    -> the list of its values where the record gives a scheme more than one (a CSV's `openreview`
    column and its `ids` object, a paper's ids read back from `paperdb export`)."""
    by_scheme: dict[str, list[str]] = {}
    for scheme, value in dict.fromkeys(ids):
        by_scheme.setdefault(scheme, []).append(value)
    if not by_scheme:
        return None
    return _json({s: v[0] if len(v) == 1 else v for s, v in by_scheme.items()})


def ids_of(text: str | None) -> tuple[tuple[str, str], ...]:
    """The (scheme, value) ids of a `paper_sources.ids` object (`ids_json`)."""
    if not text:
        return ()
    return tuple(
        (scheme, value)
        for scheme, values in json.loads(text).items()
        for value in ([values] if isinstance(values, str) else values)
    )


def record_fields(entry: Entry) -> tuple:
    """`RECORD_FIELDS` of an entry: title, authors, ids, url, status, track, author keywords,
    links, affiliations, institutions not placed by author, other fields, and the review scores the source gives."""
    review = entry.review or NO_REVIEW
    return (
        entry.title,
        _json(entry.authors) if entry.authors else None,
        ids_json(entry.ids),
        entry.url,
        entry.status,
        entry.track,
        _json(entry.keywords) if entry.keywords else None,
        _json(entry.links) if entry.links else None,
        _json(entry.affiliations) if entry.affiliations else None,
        _json(entry.institutions) if entry.institutions else None,
        entry.extra,
        review.rating_avg,
        review.confidence_avg,
        review.citations,
        review.primary_area,
        review.tldr,
    )


def facet_arrays(ranked: list[Keyword]) -> tuple[list[str], list[str]]:
    """(keyword labels, topic names) of one paper, best first, each once (the `distinct_array`
    facet counts on that), for papers.keywords and .topics."""
    labels = list(dict.fromkeys(k.label for k in ranked if k.kind != "topic"))[:FACET_KEYWORDS]
    topics = list(dict.fromkeys(k.label for k in ranked if k.kind == "topic"))
    return labels, topics


def paper_rows(pid: str, ranked: list[Keyword]) -> tuple[list[tuple], list[tuple], list[tuple], tuple]:
    """A paper's rows for the staging tables: its keywords (none of over `MAX_KEYWORD_CHARS`
    characters: a 50,000-character token of an abstract is no keyword), their aliases: the other
    forms of the same concept (`kept_alias`), not a phrase nested in it on this paper, and the
    one-word short forms the similarity reads as them (`read_as_short_form`: `DKL` of `deep
    learning` too, no name of it), and its facet copies."""
    ranked = [k for k in ranked if len(k.label) <= MAX_KEYWORD_CHARS and len(k.normalised) <= MAX_KEYWORD_CHARS]
    labels, topics = facet_arrays(ranked)  # (the topics in their own order: `papers.topics` leads with the strongest)
    # (stored best first, with a topic below the paper's keywords that are kinds of it: `broader`)
    stored = topics_below_narrower(ranked)
    # (a phrase's or an acronym's label as keywords are shown: `Gaussian process`, `long short-term
    # memory`; a method's and the authors' as written, a topic's as the taxonomy names it)
    keywords = [
        (pid, k.normalised, shown_label(k.label) if k.kind in SHOWN else k.label, k.kind, k.score, rank)
        for rank, k in enumerate(stored, 1)
    ]
    written = [(k.normalised, a) for k in ranked for a in k.aliases if len(a) <= MAX_KEYWORD_CHARS]
    # (looked up case folded, but a name in capitals as written: `mAP` is not the word `map`)
    aliases = [(key, a, word_name(a) or a.casefold()) for key, a in written if kept_alias(key, a)]
    short_forms = [(key, a) for key, a in written if read_as_short_form(a)]
    facets = (pid, _json(labels), _json(topics))
    return keywords, aliases, short_forms, facets

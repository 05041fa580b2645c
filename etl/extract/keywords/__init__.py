"""Heuristic keywords of one abstract: method names, acronyms, key phrases and topics; pure.

Two stages. `extract_terms` reads one abstract on its own (`prose` -> `phrases`, `acronyms`,
`names`, `topics`); `rank_keywords` scores those terms against document frequencies counted
over the whole corpus (`Terms.document_keys`, counted by `etl.extract.corpus`).

The rules' names are imported from their modules when first asked for (PEP 562): those modules
load their word lists and data files as they are imported (about 20 MB), and a load that ranks no
paper (a removal) needs only the light names imported below, so it never holds them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .keyword import Keyword
from .meanings import Meanings, merge_acronym_uses
from .normalise import label_of, normalise_keyword
from .taxonomy_file import MAX_TAXONOMY_BYTES, taxonomy_path

if TYPE_CHECKING:
    from .broader import topics_below_narrower
    from .rank import KEEP, rank_keywords
    from .roles import is_findable_phrase
    from .taxonomy_document import parse_taxonomy
    from .terms import METHOD_PREFIX, Terms, extract_terms, titled_topics
    from .topics import Taxonomy
    from .vocabulary import Keyphraseness, author_keys

__all__ = [
    "KEEP",
    "MAX_TAXONOMY_BYTES",
    "METHOD_PREFIX",
    "Keyphraseness",
    "Keyword",
    "Meanings",
    "Taxonomy",
    "Terms",
    "author_keys",
    "extract_terms",
    "is_findable_phrase",
    "label_of",
    "merge_acronym_uses",
    "normalise_keyword",
    "parse_taxonomy",
    "rank_keywords",
    "taxonomy_path",
    "titled_topics",
    "topics_below_narrower",
]
# The names of the rules' modules, and the module each comes from, imported when first asked for.
_RULES = {
    "KEEP": "rank",
    "METHOD_PREFIX": "terms",
    "Keyphraseness": "vocabulary",
    "Taxonomy": "topics",
    "Terms": "terms",
    "author_keys": "vocabulary",
    "extract_terms": "terms",
    "is_findable_phrase": "roles",
    "parse_taxonomy": "taxonomy_document",
    "rank_keywords": "rank",
    "titled_topics": "terms",
    "topics_below_narrower": "broader",
}


def __getattr__(name: str) -> object:
    home = _RULES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # (looked up once)
    return value

"""Heuristic keywords of one abstract: method names, acronyms, key phrases and topics; pure.

Two stages. `extract_terms` reads one abstract on its own (`prose` -> `phrases`, `acronyms`,
`names`, `topics`); `rank_keywords` scores those terms against document frequencies counted
over the whole corpus (`Terms.document_keys`, counted by `etl.extract.corpus`).
"""

from .keyword import Keyword
from .meanings import Meanings, merge_acronym_uses
from .normalise import label_of, normalise_keyword
from .phrases import is_findable_phrase
from .rank import KEEP, rank_keywords
from .terms import METHOD_PREFIX, Terms, extract_terms
from .topics import MAX_TAXONOMY_BYTES, Taxonomy, parse_taxonomy, taxonomy_path
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
]

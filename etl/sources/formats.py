"""Input formats, one registry: each format's name, the file name endings that suggest it, how it
is told from its content, its reader, and how its records rank when a paper's records disagree.
Everything else (the CLI's `--format` choices, discovery, detection, the text and title choices)
reads it here; it imports no reader, so the command line reads it at no cost."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

_BIBTEX_START = re.compile(r"\s*(%[^\n]*\n\s*)*@\s*\w+\s*[{(]")
_PAPERLISTS_FIELD = re.compile(r'"(?:status|track|gs_citation|aff_unique_norm)"\s*:')


@dataclass(frozen=True)
class Format:
    """An input format. `takes`: what its reader is handed (`json`: the file's JSON records,
    `stream`: its bytes as a stream, `text`: its decoded text); `reader`: the reader's module of
    `etl.sources` and function; `text_rank`: whose abstract, venue and year a paper keeps (higher
    first, `etl.extract.record_paper.text_record`); `title_rank`: whose title, authors, decision and
    links (lower first, `etl.extract.bibliography.resolve`; None: the format gives none);
    `detect`: whether a file's head (its text's first 20,000 characters) is unmistakably one."""

    name: str
    suffixes: tuple[str, ...]
    takes: str
    reader: tuple[str, str]
    text_rank: int
    title_rank: int | None
    detect: Callable[[str], bool] | None = None


def _head(text: str) -> str:
    return text.lstrip()[:2000]


EVENTS = Format(
    "icml-events",
    (".json",),
    "json",
    ("events", "read_events"),
    2,
    1,
    lambda text: _head(text).startswith("[") and "virtualsite_url" in _head(text),
)
PAPERLISTS = Format(
    "paperlists",
    (),
    "json",
    ("paperlists", "read_paperlists"),
    1,
    2,
    lambda text: _head(text).startswith("[") and bool(_PAPERLISTS_FIELD.search(text[:20000])),
)
BIBTEX = Format(
    "pmlr-bibtex",
    (".bib", ".bibtex"),
    "text",
    ("bibtex", "read_bibtex"),
    3,
    0,
    lambda text: bool(_BIBTEX_START.match(text[:2000])),
)
JSONL = Format(
    "jsonl", (".jsonl", ".ndjson"), "stream", ("tabular", "read_jsonl"), 0, 3, lambda text: _head(text).startswith("{")
)
LISTING = Format("listing", (".txt",), "text", ("listing", "read_listing"), 4, None)  # (and any other file)
CSV = Format("csv", (".csv", ".tsv"), "stream", ("tabular", "read_csv"), 0, 3)
# In the order their content is tested (an events export before a paperlists one, both `[{...`).
FORMATS = (EVENTS, PAPERLISTS, BIBTEX, JSONL, LISTING, CSV)
BY_NAME = {f.name: f for f in FORMATS}
NAMES = tuple(BY_NAME)
# The file name endings of input files, and the format each suggests when the content does not say.
SUFFIX_FORMATS = {suffix: f.name for f in FORMATS for suffix in f.suffixes}
INPUT_SUFFIXES = tuple(SUFFIX_FORMATS)  # (what a directory walk picks up; anything else is reported skipped)
TEXT_PRIORITY = {f.name: f.text_rank for f in FORMATS}
TITLE_PRIORITY = {f.name: f.title_rank for f in FORMATS if f.title_rank is not None}


def detect_format(path: str, text: str) -> str:
    """The input format from the content where it is unmistakable, else from the file name
    (a listing for a name no format claims)."""
    found = next((f for f in FORMATS if f.detect is not None and f.detect(text)), None)
    if found is not None:
        return found.name
    return SUFFIX_FORMATS.get(os.path.splitext(path.lower())[1], LISTING.name)


def reader_of(name: str) -> Callable:
    """The reader function of the format named `name`."""
    module, function = BY_NAME[name].reader
    return getattr(import_module(f"{__package__}.{module}"), function)

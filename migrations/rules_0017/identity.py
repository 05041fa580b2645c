"""How a paper is identified: the stable `papers.id` derived from a normalised abstract."""

from __future__ import annotations

import hashlib
import html
import unicodedata
from functools import lru_cache

# What revision 0014's copy has to the byte: its constants and helpers (only the steps of
# `normalise_abstract` changed in 0017).
from ..rules_0014.identity import (
    _ASCII_NOT_WORD,
    _HTML_TAG,
    _INLINE_TAGS,
    _LATEX_COMMAND,
    _NOT_WORD,
    _OPERATOR,
    ID_LENGTH,
    _latex_command,
    _operator,
)
from .debris import FORMAT


def normalise_abstract(text: str) -> str:
    """Reduce an abstract to the words it says, so that markup and spacing do not make a new paper.

    Steps, in order: invisible format characters dropped (soft hyphen, zero-width space and
    joiners, direction marks, byte-order mark: `debris.FORMAT_CHARACTERS`), so `mod\u00adel` is
    `model`; Unicode NFKC; HTML entities decoded (and format characters they spell dropped);
    HTML tags dropped (inline ones like `<em>` without a trace, others like `<br/>` as a space);
    LaTeX commands dropped (`\\mathcal`, `\\textbf`) except Greek letters (`\\alpha` is `α`)
    and comparison operators (`\\leq` is `≤`); case folded; each comparison operator
    (`< > = ≤ ≥ ≠ ≪ ≫`, with `<=`, `>=`, `!=` as `≤ ≥ ≠`) a word of its own; every run of other
    characters that are not letters or digits (spaces, punctuation, quotes, `*`/`_` emphasis,
    `$`, braces) becomes one space; ends trimmed.
    """
    if not text.isascii():
        text = unicodedata.normalize("NFKC", FORMAT.sub("", text))
    if "&" in text:
        text = html.unescape(text)
        if not text.isascii():  # (`&shy;`, `&zwj;`)
            text = FORMAT.sub("", text)
    if "<" in text:
        text = _HTML_TAG.sub(lambda m: "" if m.group(1).lower() in _INLINE_TAGS else " ", text)
    if "\\" in text:
        text = _LATEX_COMMAND.sub(_latex_command, text)
    text = text.casefold()
    if _OPERATOR.search(text):
        text = _OPERATOR.sub(_operator, text)
    if text.isascii():
        return b" ".join(text.encode("ascii").translate(_ASCII_NOT_WORD).split()).decode("ascii")
    return _NOT_WORD.sub(" ", text).strip()


# a load identifies its first files twice: early for the keyword workers, then as it saves them
@lru_cache(maxsize=4096)
def paper_id(abstract: str) -> str:
    """The stable text key of the paper with this abstract: the first 16 hex digits of the
    SHA-256 of its normalised form (UTF-8)."""
    digest = hashlib.sha256(normalise_abstract(abstract).encode("utf-8")).hexdigest()
    return digest[:ID_LENGTH]

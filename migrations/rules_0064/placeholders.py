"""Revision 0064's frozen copy of `etl.text.placeholders` (read23, 2026-12-07).

Placeholders: what sources write where a value is missing (`-`, `TBD`, `N/A`, `Abstract
Unavailable`, `No abstract available`, `Poster`), read as no value; pure.

A placeholder is never a paper's text: as an abstract it would give every paper that has it one
id, as a title one merge key. The rule is general rather than a list of spellings: a text without
a letter, or a short one made only of the words placeholders are made of, with at least one that
says "missing" (`abstract`, `tbd`, `unavailable`, ...) rather than only small words (`to`, `be`).
An abstract also needs a letter outside PDF glyph codes, inline math and LaTeX commands:
`(cid:0) (cid:1) (cid:2)` and `$x$ $y$ $z$` say no words, and would be one paper for all.
"""

from __future__ import annotations

import re
import unicodedata

from .institution_parts import names_a_place

# Words that say a value is missing, as they appear in placeholders (case folded, without
# punctuation: `N/A` is `na`, `T.B.D.` is `tbd`).
MISSING_WORDS = frozenset(
    """
    abstract abstracts summary tbd tba tbc tbu tbw na none null nil nan undefined unknown unavailable
    missing empty placeholder pending untitled withdrawn anonymous poster paper title todo xxx
    appear announced determined confirmed available provided given redacted removed omitted
    forthcoming coming
    """.split()
)
# Words that only join those (`to be announced`, `summary form only given`, `no abstract`).
FILLER_WORDS = frozenset(
    """
    no not yet to be is are was the a an n s of for this that here there will later soon currently
    form only see pdf author authors submission text tutorial talk
    and or in at on please
    """.split()
)
MAX_WORDS = 8  # placeholders are short; a longer text is text
# An abstract also has to say something: fewer than this many words and letters are a fragment
# (`Part of`, `Discussion of`, `in`), not a paper's abstract.
MIN_ABSTRACT_WORDS = 3
MIN_ABSTRACT_LETTERS = 20
# A text shorter than this that ends no sentence is a fragment too: an author's name (`Guy J.
# Brown`), an address, a first line cut (`We study the framework of`); a complete sentence that
# short is kept (`A brief description of tree structured sparse coding on the binary cube.`).
MIN_SENTENCE_CHARS = 80
SENTENCE_ENDS = ".!?。！？"  # (and the full-width ones: `。`, `！`, `？`)
CLOSING = "\"')]}”’ "  # (after a sentence's end: `(see [3].)`, `"... paper."`)
# Letters that are no words: a glyph a PDF font did not map (`(cid:12)`, see `debris`), inline
# math as the renderer finds it (`$x$`, `$$y$$`), a LaTeX command (`\alpha`); else a letter (group 1).
_NOT_WORDS_OR_LETTER = re.compile(r"\(cid:\d{1,5}\)|\$\$?[^$]{1,400}?\$\$?|\\[A-Za-z]+|([^\W\d_])")


class _WordCharacters(dict):
    """`str.translate` table of `_words`, filled as characters are met (a decision per character,
    not per occurrence): `-`, `_`, `:` and `,` part words; white space stays, to split at; a
    letter, a digit or a control or format character stays; any other character goes."""

    def __missing__(self, code: int) -> str | None:
        c = chr(code)
        if c in "-_:,":
            kept: str | None = " "
        elif c.isalnum() or c.isspace() or unicodedata.category(c)[0] == "C":
            kept = c
        else:
            kept = None
        self[code] = kept
        return kept


_WORD_CHARACTERS = _WordCharacters()
# The same table for ASCII text, as `bytes.translate` takes it (a table and the bytes to delete,
# in C: a look-up in the dict above per character took most of an author name's check): case
# folded; the separators `str.split` knows beside ASCII white space (0x1C-0x1F) written as a space.
_ASCII_DROPPED = bytes(b for b in range(128) if _WORD_CHARACTERS[b] is None)
_ASCII_TABLE = bytes(
    ord(" ") if chr(b).isspace() or _WORD_CHARACTERS[b] == " " else ord(chr(b).casefold()) if b < 128 else b
    for b in range(256)
)
_LETTER_LIKE = re.compile(r"[^\W\d_]")  # (every letter, and a few other characters `\w` takes)
# (each word also as bytes: the words of an ASCII text, `_words`)
_MISSING = MISSING_WORDS | {word.encode("ascii") for word in MISSING_WORDS}
_VOCABULARY = _MISSING | FILLER_WORDS | {word.encode("ascii") for word in FILLER_WORDS}


def _words(text: str) -> list[str] | list[bytes]:
    """The words of a text, case folded, each without the punctuation in it (`N/A` -> `na`);
    control and format characters stay (`T\\x00itle` is no placeholder but bad input). (Case
    folding never makes a separator or white space, so the whole text is folded at once.) The
    words of an ASCII text are bytes."""
    if text.isascii():
        return text.encode("ascii").translate(_ASCII_TABLE, _ASCII_DROPPED).split()
    return text.casefold().translate(_WORD_CHARACTERS).split()


def _has_letter(text: str) -> bool:
    """Whether `text` has a letter (`str.isalpha`), in C: the regex finds the candidates (the
    first is a letter but in rare texts: `²`, `Ⅷ`)."""
    found = _LETTER_LIKE.search(text)
    while found is not None and not found.group().isalpha():
        found = _LETTER_LIKE.search(text, found.end())
    return found is not None


def is_placeholder(text: str | None) -> bool:
    """Whether a title, abstract or name says nothing: None, empty, no letter in it (`-`, `...`,
    `0`), or at most a few words that only say it is missing (`TBD`, `N/A`, `None`, `null`,
    `Abstract`, `(No Abstract)`, `To appear`, `Abstract Unavailable`, `Poster`)."""
    if text is None:
        return True
    if not _has_letter(text):
        return True
    if len(text) > 20 * MAX_WORDS:
        return False
    words = _words(text)
    return len(words) <= MAX_WORDS and _VOCABULARY.issuperset(words) and not _MISSING.isdisjoint(words)


def is_missing_abstract(text: str | None) -> bool:
    """Whether a record's abstract is no abstract: a placeholder (`is_placeholder`), a fragment
    of fewer than three words and twenty letters (`Part of`, `We consider`; a text in a script
    without spaces counts its letters), or a text of under 80 characters that ends no sentence
    (`is_cut_short`)."""
    if is_placeholder(text) or text is None:
        return True
    if len(text) > 20 * MAX_WORDS:
        return False
    if is_cut_short(text):
        return True
    return len(_words(text)) < MIN_ABSTRACT_WORDS and sum(c.isalpha() for c in text) < MIN_ABSTRACT_LETTERS


def is_cut_short(text: str) -> bool:
    """Whether a text of words (two or more: a script without spaces writes a sentence as one) is
    shorter than `MIN_SENTENCE_CHARS` (spacing collapsed) and does not end a sentence (`.`, `!`
    or `?`, closing quotes and brackets aside): a name, an address or a cut line."""
    words = text.split()
    collapsed = " ".join(words)
    if len(words) < 2 or len(collapsed) >= MIN_SENTENCE_CHARS:
        return False
    return not collapsed.rstrip(CLOSING).endswith(tuple(SENTENCE_ENDS))


def says_words(text: str) -> bool:
    """Whether a text has a letter outside PDF glyph codes, inline math and LaTeX commands:
    `(cid:0) (cid:1) (cid:2)`, `(cid:173)(cid:12)` and `$x$ $y$ $z$` have none."""
    if "(cid:" not in text and "$" not in text and "\\" not in text:
        return _has_letter(text)
    return any(m.group(1) for m in _NOT_WORDS_OR_LETTER.finditer(text))  # (most stop at the first word)


def is_usable_abstract(abstract: str | None, title: str | None = None) -> bool:
    """Whether a record's abstract may identify its paper: no placeholder, words outside glyph codes
    and math (`says_words`), and, when the record has a title to stand for the paper, no fragment
    either (`is_missing_abstract`). Without a title a short text is kept: it is all there is (a
    listing's paragraph, a CSV row without titles)."""
    if abstract is None or is_placeholder(abstract) or not says_words(abstract):
        return False
    return is_placeholder(title) or not is_missing_abstract(abstract)


# An affiliation that names no institution (the eighth reader's item 6: "Independent Researcher" was
# filed as an institution in the United States, 44 papers of people of every country): words that
# say there is none (`Unknown Affiliation`, `Unaffiliated`, `University Affiliation Not Specified`),
# only words of a person on their own (`Independent`, `Independent Researcher`, `Self-employed`), or
# only the nouns an institution's name is made with (`University`, `University of`, a template's
# `Affiliation1`); a name beside them is an institution (`Independent University`, `360 company`,
# `Champalimaud Centre for the Unknown`).
NO_INSTITUTION_WORDS = frozenset("unknown unaffiliated none na nil no not missing given provided specified".split())
OWN_WORDS = frozenset(
    "independent researcher researchers research scientist scholar consultant contributor personal self employed"
    " freelance freelancer individual private citizen"
    # (a person's trade or standing, as the catalogue writes one for an affiliation: `Unaffiliated
    # Performing Artist`, `Visiting Scholar`, the tenth reader's item 2)
    " visiting artist performing writer author designer developer engineer musician practitioner student phd"
    " intern postdoc professor lecturer assistant associate undergrad undergraduate graduate candidate".split()
)
INSTITUTION_NOUNS = frozenset(
    "affiliation affiliations university institution institute organization organisation company of".split()
)
_NO_INSTITUTION_VOCABULARY = NO_INSTITUTION_WORDS | OWN_WORDS | INSTITUTION_NOUNS
_TOKEN = re.compile(r"[^\W_]+")
_NUMBERED_WORD = re.compile(r"(?<=[^\W\d_])\d+$")  # `Affiliation1`: a template's word, numbered


def is_placeholder_affiliation(text: str | None) -> bool:
    """Whether an affiliation names no institution: a placeholder (`is_placeholder`: `N/A`, `603000`),
    or at most five words of `NO_INSTITUTION_WORDS`, `OWN_WORDS` and `INSTITUTION_NOUNS` with one
    that says there is none, or only words of a person on their own, or only an institution's nouns;
    or such words followed by places only (`Independent Researcher, Boston, MA`:
    `etl.text.institution_parts.names_a_place`)."""
    if is_placeholder(text) or text is None:
        return True
    first, comma, rest = text.partition(",")
    if comma and _names_none(first) and all(names_a_place(part) for part in rest.split(",")):
        return True  # (`Independent Researcher, Boston, MA`: one of no institution, and where)
    return _names_none(text)


def _names_none(text: str) -> bool:
    """`is_placeholder_affiliation` of a text that is no placeholder: its words alone."""
    words = {_NUMBERED_WORD.sub("", token) for token in _TOKEN.findall(text.casefold())}
    if len(words) > 5 or not words <= _NO_INSTITUTION_VOCABULARY:
        return False
    return not words.isdisjoint(NO_INSTITUTION_WORDS) or words <= OWN_WORDS or words <= INSTITUTION_NOUNS

"""Tokens that look like names someone made up (QuIP#, ZkAudit, Mamba-2), and the well-known
names that are not a paper's own."""

from __future__ import annotations

import re
from collections.abc import Iterator

from .wordlists import DESCRIPTIVE_SUFFIXES, NOT_METHODS

# A name's version after it: `EfficientZero V2`, `Mamba 2`, `ChatGPT Plus`, a robot's Roman numeral (`AMOS II`).
VERSION = re.compile(r"\s(?:[Vv]\d+(?:\.\d+)?|\d+(?:\.\d+)?|\+\+|XL|Plus|Pro|Lite|Mini|Zero|II|III|IV)(?![\w-])")
# Sizes and dimensions, not names: 3D, 7B, A100, 1.3B, 8x7B; nor a Roman numeral alone (`II` of
# `AMOS II`, `Phase III`).
_DIMENSION = re.compile(
    r"^\d+[Dd]$|^[A-Z]?\d+[KMBkmb]?$|^(?:\d+[x×])?\d+(?:\.\d+)?[KMBTkmbt]$|^(?=[IVX]{2})X{0,3}(?:IX|IV|V?I{0,3})$"
)


_DIGIT = re.compile(r"\d")
# Tokens that might be coined (group 1): an upper-case letter, digit, `#` or `∂` after the first
# character. A run of token characters without one is taken whole by the second branch (see
# `maybe_coined`), so no run is searched again from each of its dots: linear in the text (a run
# such as `a.a.a.…` took quadratic time).
MAYBE_COINED = re.compile(
    r"(?<![\w∂#-])(?=[∂A-Za-z0-9])"
    r"(?:([∂A-Za-z0-9][\w∂#+^'’.-]*?[A-Z\d#∂][\w∂#+^'’.-]*(?<![.'’-]))|[\w∂#+^'’.-]++)"
)


# A coined character after another token character: only a run of token characters that has one
# can hold a coined token (its first character does not count). Most runs have none (`the`, `We`):
# looking for this rare character first (a character class the regex engine skips to in C) and
# reading only its run spares `MAYBE_COINED` a try at every word (0.087 -> 0.023 ms an abstract).
_INNER_COINED = re.compile(r"[A-Z\d#∂](?<=[\w∂#+^'’.-][A-Z\d#∂])")
_RUN_REST = re.compile(r"[\w∂#+^'’.-]++")
_RUN_MARKS = "_∂#+^'’.-"  # the token characters besides letters and digits (`\w` is `isalnum()` and `_`)


def maybe_coined(text: str) -> Iterator[re.Match]:
    """The tokens of `text` that might be coined names, in order (see `MAYBE_COINED`): its matches
    in each run of token characters that has a coined character after its first, the same as
    over the whole text (a run is all `MAYBE_COINED` consumes, whether it matches or not)."""
    end = 0
    for inner in _INNER_COINED.finditer(text):
        at = inner.start()
        if at < end:  # (in the run just read)
            continue
        start = at - 1
        while start and (text[start - 1].isalnum() or text[start - 1] in _RUN_MARKS):
            start -= 1
        rest = _RUN_REST.match(text, at)
        end = rest.end() if rest else at  # (it always matches: the coined character is one)
        for m in MAYBE_COINED.finditer(text, start, end):
            if m.group(1) is not None:
                yield m


# (a run of digits is tried from its first digit only, and never given back: linear)
_VERSION_SUFFIX = re.compile(r"[-_ ]?[vV]?(?<!\d)(?<!\d\.)\d++(?:\.\d++)*+[a-zA-Z]?$|s$")


def well_known(token: str) -> bool:
    """A model, dataset or common acronym of `NOT_METHODS`, also with a version or plural ending
    (`ResNet-56`, `BLIP-2`, `Qwen2`, `U-Nets`)."""
    name = token.casefold()
    return name in NOT_METHODS or _VERSION_SUFFIX.sub("", name) in NOT_METHODS


_POSSESSIVE = ("'s", "’s")
_GLUED = re.compile(r"[a-z]\.[A-Z][a-z]")


def looks_coined(token: str) -> bool:
    """Whether `token` looks like a name someone made up: QuIP#, ZkAudit, MH-pFLID, ∂-CROWN."""
    rest = token[1:]
    if rest.islower() and "#" not in rest and not _DIGIT.search(rest):  # the common case: an ordinary word
        return False
    if len(token) < 2 or (not token[0].isalpha() and token[0] != "∂") or well_known(token) or _DIMENSION.match(token):
        return False  # (a name starts with a letter: `0-G`, `0.42dB`, `1-DoF` are quantities)
    if token.lower().endswith(DESCRIPTIVE_SUFFIXES) or token.endswith(_POSSESSIVE) or _GLUED.search(token):
        return False  # (`LCM's` is `LCM`'s; `loss.We`, `domains.Additionally` are two sentences without a space)
    if rest != rest.lower() or "#" in token or "∂" in token:
        return True
    return token[0].isupper() and _DIGIT.search(rest) is not None


def name_at(sentence: str, m: re.Match) -> str:
    """The coined token `m`, with a version suffix that follows it (`EfficientZero V2`)."""
    v = VERSION.match(sentence, m.end())
    return m.group() + v.group() if v else m.group()

"""A short form with a head authors drop, beside its long form's keyword, says that keyword again:
`UDA problem` and `UDA algorithms` beside `unsupervised domain adaptation`, `GP model` beside
`gaussian process` (issue #36, round 13); the heads are data (`etl/data/dropped_heads.txt`)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from ...settings import package_folder
from .keyword import Keyword
from .normalise import normalise_keyword, singular

# Of the catalogue's top-five chips (ranked in process against main's load), 2,267 on 2,111 papers
# are a short form and a word beside the long form's chip; 995 of them with a dropped head. The
# dropped heads are the nouns authors leave off a term they choose as a keyword
# (`scripts/build_dropped_heads.py`, from the catalogue's author keywords: `framework`, `algorithm`,
# `model`, `system`, `problem`; not `detection` nor `agent`, so `OOD detection` and `LLM agents` stay).
DROPPED_HEADS_FILE = package_folder("etl") / "data" / "dropped_heads.txt"
_PARTS = re.compile(r"[\s-]+")
SHORT_CAPITALS = 2  # a short form has this many capitals or more (`UDA`, `GPs`, `NeRF`)


def load_dropped_heads(path: Path = DROPPED_HEADS_FILE) -> frozenset[str]:
    """The dropped heads shipped with paperdb (none if the file is missing)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return frozenset()
    return frozenset(line.split("\t", 1)[0] for line in io.StringIO(text) if line.strip() and not line.startswith("#"))


DROPPED_HEADS = load_dropped_heads()


def _in_words(label: str) -> bool:
    """Whether a label is written in words (`unsupervised domain adaptation`, `Vision-Language-Action`,
    `expectation-maximization`), not as a name (`CIFAR-10`, `MS-COCO`, `ImageNet-1K`, `DoRA`)."""
    parts = _PARTS.split(label)
    return len(parts) > 1 and sum(p.isalpha() and p[1:].islower() for p in parts) >= 2


def _short(word: str) -> bool:
    return sum(c.isupper() for c in word) >= SHORT_CAPITALS and word.replace("-", "").isalnum()


def _short_key(form: str) -> str:
    """A short form's key, a plural written as one (`GPs`, `UDAs`: a lower-case `s` after capitals)
    as its singular's."""
    if len(form) > 2 and form[-1] == "s" and form[-2].isupper():
        form = form[:-1]
    return normalise_keyword(form)


def short_forms(keywords: Iterable[Keyword]) -> dict[str, str]:
    """Normalised short form -> the key of the keyword written out as its long form: the aliases
    written as short forms of each keyword shown by words (`UDA` of `unsupervised domain
    adaptation`, `LLMs` of the topic `large language models`; not a name's, `CIFAR-10 benchmark`
    beside `CIFAR-10` names the dataset it says)."""
    out: dict[str, str] = {}
    for k in keywords:
        if k.aliases and _in_words(k.label):  # (most keywords have no aliases)
            for form in k.aliases:
                if " " not in form and _short(form):
                    out.setdefault(_short_key(form), k.normalised)
    return out


def restates_long_form(
    k: Keyword, shorts: Mapping[str, str], chosen: Callable[[str], bool], heads: frozenset[str] = DROPPED_HEADS
) -> bool:
    """Whether phrase `k` is written (as its label, or as the paper wrote it before its short form
    was written out) as a short form of another keyword (`shorts`) and one lower-case head authors
    drop (`heads`): `UDA problem`, `GNN models`. Not a phrase authors choose as a keyword
    (`chosen`)."""
    if k.kind != "phrase":
        return False
    for form in (k.label, *k.aliases):
        words = form.split(" ")
        if len(words) != 2 or not _short(words[0]) or not words[1].isalpha() or not words[1].islower():
            continue
        if singular(words[1]) not in heads:
            continue
        long = shorts.get(_short_key(words[0]), shorts.get(normalise_keyword(words[0])))
        if long is not None and long != k.normalised:
            return not chosen(k.normalised)
    return False


def without_restatements(ranked: list[Keyword], chosen: Callable[[str], bool]) -> list[Keyword]:
    """`ranked` without the phrases that restate another of its keywords (`restates_long_form`)."""
    shorts = short_forms(ranked)
    return [k for k in ranked if not restates_long_form(k, shorts, chosen)] if shorts else ranked

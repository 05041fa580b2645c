"""Cards that lack the term their title names, by cause: the title's phrases the abstract also writes.

    .venv/bin/python scripts/title_terms.py DB N SEED [OUT.jsonl]

N random papers of DB (a rescored catalogue, with title and abstract) are ranked in process with
the tree's rules (`chip_classes.Corpus`). A title term is a phrase of two or three words of the
title, neither a stop word nor punctuation between them, starting with a word that may start a
phrase and ending with one that may end one (`roles.word_roles`), that the abstract writes too
(the same words in a row, the last singular), or a name of the title (a capital after a word's
first letter, `GrabCut`) that the abstract writes; the card is the top five chips that are neither
topics nor the authors' own. A title term is shown when a chip has it among its forms, or all of
its words, or all its words are the chip's (`scan statistic` for `multiscale scan statistic`); a
topic of the paper shows it too. A card lacks its title's term when it shows none of them; its
cause, for the term the abstract writes most: never extracted (no candidate of the abstract),
ranked sixth or later, or removed by a filter (which: found by switching the rules off one at a
time; `cut`/`headless in the abstract`: `phrases.LEFT_CUT`/`HEADLESS` where no author chose it).
It prints the cards lacking their title's term by cause, and by the chips a card shows (lacking
of all); with EVERY=1 in the environment, also the causes of each term missing from a card that
shows another. OUT.jsonl gets each lacking card (title, chips, the missing terms with their causes
and uses). Issue #36, 2026-12-06 (docs/keywords.md, thirteenth round).
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import Counter
from pathlib import Path

from chip_classes import Corpus, _forms

from etl.extract.keywords import normalise_keyword, rank_keywords
from etl.extract.keywords import rank as rank_module
from etl.extract.keywords import support as support_module
from etl.extract.keywords.phrases import _WORD_OR_BREAK, HEADLESS, WHOLE
from etl.extract.keywords.prose import clean
from etl.extract.keywords.roles import word_roles
from etl.extract.keywords.wordlists import STOP_WORDS

every = bool(os.environ.get("EVERY"))
_NAME = re.compile(r"^[A-Za-z][a-z]*[A-Z][\w-]*$")


def _runs(text: str) -> list[list[str]]:
    """Runs of words between stop words and punctuation."""
    runs: list[list[str]] = [[]]
    for token in _WORD_OR_BREAK.findall(text):
        if token.lower() in STOP_WORDS or not token[:1].isalpha():
            runs.append([])
        else:
            runs[-1].append(token)
    return [r for r in runs if r]


def _grams(text: str) -> dict[str, str]:
    """key -> as written, of the phrases of two or three words in a row of `text`."""
    out: dict[str, str] = {}
    for run in _runs(text):
        for size in (2, 3):
            for i in range(len(run) - size + 1):
                words = run[i : i + size]
                out.setdefault(normalise_keyword(" ".join(words)), " ".join(words))
    return out


def title_terms(title: str, abstract: str) -> dict[str, str]:
    """The title's terms the abstract writes (see the module's description): key -> as written."""
    written = _grams(abstract)
    out = {}
    for key, words in _grams(title).items():
        parts = words.split(" ")
        first, last = word_roles(parts[0]), word_roles(parts[-1])
        if key in written and first.starts and last.ends and not first.describes:
            out[key] = words
    in_abstract = {w for run in _runs(abstract) for w in run}
    for run in _runs(title):
        for word in run:
            if _NAME.match(word) and word in in_abstract:
                out.setdefault(normalise_keyword(word), word)
    # (a shorter term inside a longer one the abstract writes is that one's)
    keys = [frozenset(k.split(" ")) for k in out]
    return {k: w for k, w in out.items() if not any(frozenset(k.split(" ")) < o for o in keys)}


def shown(key: str, chips: list, topics: set[str]) -> bool:
    words = frozenset(key.split(" "))
    if key in topics:
        return True
    for k in chips:
        for form in _forms(k):
            other = frozenset(form.split(" "))
            if form == key or words <= other or (other <= words and len(other) > 1):
                return True
    return False


def cause(corpus: Corpus, pid: str, key: str, ranked) -> str:
    """Why a title term is not on the card."""
    terms = ranked.terms
    full = rank_keywords(terms, ranked.df, corpus.n, ranked.title, corpus.meanings, ranked.kp)
    chips = [k for k in full if k.kind not in ("author", "topic")]
    for place, k in enumerate(chips, 1):
        if key in _forms(k):
            return "ranked 6+" if place > 5 else "shown?"
    if key not in terms.phrases and key not in terms.acronyms and not any(key == m for m in terms.methods):
        return "never extracted"
    if key in terms.topic_keys:
        return "topic"
    saved = dict(vars(rank_module))
    try:
        rank_module.backed = lambda ranked, *_: ranked
        if _found(corpus, ranked, key):
            return "support (no evidence)"
        entry = terms.phrases.get(key)
        if entry is not None and entry[3] != WHOLE:
            whole = entry[3]
            entry[3] = WHOLE
            try:
                if _found(corpus, ranked, key):
                    return "headless in the abstract" if whole == HEADLESS else "cut in the abstract"
            finally:
                entry[3] = whole
        for name, value in (
            ("KEEP", {**rank_module.KEEP, "phrase": 1000}),
            ("LEAST_PHRASE", 0.0),
            ("WEAK_PHRASE", 0.0),
            ("unpraised", lambda kept, *_: [k for k, _ in kept]),
            ("cut_off", lambda *_: False),
            ("TERM_CORPUS", 10**12),
            ("COMMON_USES", 0),
            ("written_out_no_chip", lambda *_: False),
            ("NotTerms", _NoTerms),
        ):
            setattr(rank_module, name, value)
            if _found(corpus, ranked, key):
                return {"KEEP": "below the 12 kept"}.get(name, name)
        entry = terms.phrases.get(key)
        return f"other filter {entry[0]}/{entry[3]}" if entry else "other filter"
    finally:
        for name in _SWITCHED:
            setattr(rank_module, name, saved[name])
        rank_module.backed = support_module.backed


_SWITCHED = ("backed", "KEEP", "LEAST_PHRASE", "WEAK_PHRASE", "unpraised", "cut_off", "TERM_CORPUS", "COMMON_USES")
_SWITCHED += ("written_out_no_chip", "NotTerms")


class _NoTerms(rank_module.NotTerms):
    def __contains__(self, item: object) -> bool:
        return False


def _found(corpus: Corpus, ranked, key: str) -> bool:
    out = rank_keywords(ranked.terms, ranked.df, corpus.n, ranked.title, corpus.meanings, ranked.kp)
    return any(key in _forms(k) for k in out if k.kind not in ("author", "topic"))


def main(db: str, n: int, seed: int, out_path: str | None) -> None:
    corpus = Corpus(db)
    ids = [r[0] for r in corpus.con.execute("SELECT id FROM papers WHERE abstract IS NOT NULL AND title IS NOT NULL")]
    ids.sort()
    causes: Counter[str] = Counter()
    every_cause: Counter[str] = (
        Counter()
    )  # (with EVERY set: the causes of the terms missing from cards that show others)
    by_size: Counter[tuple[int, bool]] = Counter()
    cards = with_terms = any_missing = 0
    lacking = []
    for pid in random.Random(seed).sample(ids, n):
        try:
            ranked = corpus.rank(pid)
        except TypeError:
            continue
        if ranked is None:
            continue
        cards += 1
        found = title_terms(ranked.title, clean(ranked.abstract))
        chips = ranked.chips[:5]
        lacks = False
        if found:
            with_terms += 1
            topics = ranked.terms.topic_keys
            missing = {k: w for k, w in found.items() if not shown(k, chips, topics)}
            lacks = len(missing) == len(found)  # (none of the title's terms is on the card)
            any_missing += bool(missing)
            if missing and not lacks and every:
                for k in missing:
                    every_cause[cause(corpus, pid, k, ranked)] += 1
            if lacks:
                uses = {k: ranked.abstract.lower().count(w.lower()) for k, w in missing.items()}
                why = {k: cause(corpus, pid, k, ranked) for k in missing}
                best = max(missing, key=lambda k: (uses[k], k))
                causes[why[best]] += 1
                lacking.append(
                    {"id": pid, "title": ranked.title, "chips": [k.label for k in chips]}
                    | {"missing": {k: [why[k], uses[k]] for k in missing}, "cause": why[best]}
                )
        by_size[(min(len(chips), 5), lacks)] += 1
    print(
        f"{cards} cards; {with_terms} with a title term the abstract writes; {len(lacking)} show none of them, {any_missing} lack one"
    )
    for c, count in causes.most_common():
        print(f"  {c:24s} {count:5d} ({count / cards:.3f} of cards)")
    print(
        "by chips a card: "
        + ", ".join(f"{s}: {by_size[(s, True)]}/{by_size[(s, True)] + by_size[(s, False)]}" for s in range(0, 6))
    )
    if every_cause:
        print(
            "terms missing from cards that show another: " + ", ".join(f"{c} {n}" for c, n in every_cause.most_common())
        )
    if out_path:
        Path(out_path).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lacking), encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] if len(sys.argv) == 5 else None)

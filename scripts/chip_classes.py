"""Judged keyword chips by what speaks for them, and what a card shows with and without `support`.

    .venv/bin/python scripts/chip_classes.py classes DB docs/chips/sample-*.judged.jsonl ...
    .venv/bin/python scripts/chip_classes.py policy DB docs/chips/sample-*.judged.jsonl ...

Each judged paper is ranked in process with the tree's rules against DB's statistics (a rescored
catalogue), as `chip_model.py` does; a chip's verdict is the judge's for any of its forms.
`classes` ranks without round 7's rule (`support.backed`, and 8 phrases a paper as before) and
prints, at rank 1, ranks 2-5 and 6-10, the judged chips of each class and their junk share: defined
(a name or a defined term), title (all its words in the title), attested (some author of another
venue chose it, or the shipped vocabulary has it: leave-venue-out), titles-head (the catalogue's
titles head it, termhood 0.15 or more), repeated (written twice or more), named (a capital after a
word's first letter), rest; and single words by class. `policy` prints, for each judged sample, the
top-five chips a card shows without and with the rule: chips a card, the judged junk share among
them and the chips no judge saw (issue #36, round 7; docs/keywords.md).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections import Counter, defaultdict
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from etl.extract.keywords import (
    Keyphraseness,
    extract_terms,
    normalise_keyword,
    parse_taxonomy,
    rank_keywords,
    taxonomy_path,
)
from etl.extract.keywords import rank as rank_module
from etl.extract.keywords.shapes import TITLE_HEAD
from etl.extract.keywords.termhood import TERMHOOD
from etl.extract.keywords.titles import title_words
from etl.extract.keywords.vocabulary import VOCABULARY
from etl.load.statistics import AUTHOR_PREFIX

AUTHORS = """SELECT k.normalised FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
WHERE pk.paper_id = ? AND pk.kind = 'author'"""
BANDS = ((1, 1), (2, 5), (6, 10))


class Ranked(NamedTuple):
    """A paper ranked in process: its terms, its chips best first (neither author nor topic), and
    what the ranking read (the document frequencies and keyphraseness of its candidates)."""

    terms: Any
    chips: list
    title: str | None
    venue: str
    abstract: str
    df: dict[str, int]
    kp: Keyphraseness


class Corpus:
    """What a rescored database knows for ranking one of its papers in process."""

    def __init__(self, db: str):
        self.con = con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        self.taxonomy = parse_taxonomy(Path(taxonomy_path()).read_bytes(), "t")
        self.n = con.execute("SELECT papers FROM keyword_scoring").fetchone()[0]
        self.meanings: dict[str, dict[str, tuple[str, int]]] = {}
        for short, key, label, papers in con.execute("SELECT short, keyword, label, papers FROM keyword_meanings"):
            self.meanings.setdefault(short, {})[key] = (label, papers)
        like = (AUTHOR_PREFIX + "%",)
        rows = con.execute("SELECT term, papers FROM keyword_stats WHERE term LIKE ?", like)
        self.chosen = {t[len(AUTHOR_PREFIX) :]: p for t, p in rows}

    @cached_property
    def by_venue(self) -> dict[str, Counter]:
        """The authors' keywords of each venue, counted (for what other venues' authors chose)."""
        counts: dict[str, Counter] = defaultdict(Counter)
        for venue, key in self.con.execute(
            "SELECT p.venue, k.normalised FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id"
            " JOIN papers p ON p.id = pk.paper_id WHERE pk.kind = 'author'"
        ):
            counts[venue][key] += 1
        return counts

    def rank(self, pid: str) -> Ranked | None:
        """A paper ranked with the tree's rules, or None if the database lacks it."""
        found = self.con.execute("SELECT title, abstract, venue FROM papers WHERE id = ?", (pid,)).fetchone()
        if not found:
            return None
        title, abstract, venue = found
        own = frozenset(k for (k,) in self.con.execute(AUTHORS, (pid,)))
        terms = extract_terms(abstract, self.taxonomy)
        keys = list(terms.document_keys())
        df: dict[str, int] = {}
        for i in range(0, len(keys), 500):
            part = keys[i : i + 500]
            marks = ",".join("?" * len(part))
            df.update(self.con.execute(f"SELECT term, papers FROM keyword_stats WHERE term IN ({marks})", part))
        kp = Keyphraseness(self.chosen, own, df)
        ranked = rank_keywords(terms, df, self.n, title, self.meanings, kp)
        chips = [k for k in ranked if k.kind not in ("author", "topic")]
        return Ranked(terms, chips, title, venue, abstract, df, kp)


def judged(paths: list[str]):
    """(sample, paper, {chip key: verdict}) of every judged paper, each once a sample."""
    for path in paths:
        sample, seen = Path(path).name.split(".")[0], set()
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            paper = json.loads(line)
            if "judgements" in paper and paper["id"] not in seen:
                seen.add(paper["id"])
                verdicts = {normalise_keyword(c): v for c, v in zip(paper["chips"], paper["judgements"], strict=True)}
                yield sample, paper, verdicts


def _forms(k) -> list[str]:
    return [k.normalised, normalise_keyword(k.label), *(normalise_keyword(a) for a in k.aliases)]


def _class(k, terms, title: str | None, corpus: Corpus, venue: str) -> str:
    forms = _forms(k)
    entry = next((terms.phrases[f] for f in forms if f in terms.phrases), None)
    words = title_words(title) if title else frozenset()
    if k.kind in ("method", "acronym"):
        return "defined"
    if any(words.issuperset(f.split(" ")) for f in forms):
        return "title"
    elsewhere = corpus.by_venue[venue]
    if any(f in VOCABULARY.chosen or corpus.chosen.get(f, 0) > elsewhere.get(f, 0) for f in forms):
        return "attested"
    if any((r := TERMHOOD.rate(f)) is not None and r >= TITLE_HEAD for f in forms):
        return "titles-head"
    if entry is not None and entry[0] >= 2:
        return "repeated"
    if any(c.isupper() for word in k.label.split(" ") for c in word[1:]):
        return "named"
    return "rest"


def without_rule() -> None:
    rank_module.backed = lambda ranked, *_: ranked
    rank_module.KEEP["phrase"] = 8


def classes(db: str, paths: list[str]) -> None:
    without_rule()
    corpus = Corpus(db)
    chips: Counter[tuple] = Counter()
    junk: Counter[tuple] = Counter()
    for _, paper, verdicts in judged(paths):
        ranked = corpus.rank(paper["id"])
        if ranked is None:
            continue
        for rank, k in enumerate(ranked.chips[:10], 1):
            verdict = next((verdicts[f] for f in _forms(k) if f in verdicts), None)
            if verdict is None:
                continue
            band = next(b for b in BANDS if b[0] <= rank <= b[1])
            kind = _class(k, ranked.terms, ranked.title, corpus, ranked.venue)
            groups = [(band, kind)] + ([(band, kind + " (one word)")] if " " not in k.normalised else [])
            for group in groups:
                chips[group] += 1
                junk[group] += verdict == "junk"
    for band in BANDS:
        groups = sorted((g for g in chips if g[0] == band and "(one word)" not in g[1]), key=lambda g: -chips[g])
        total, bad = sum(chips[g] for g in groups), sum(junk[g] for g in groups)
        print(f"ranks {band[0]}-{band[1]}: {total} judged chips, {bad} junk")
        for g in groups:
            one = (band, g[1] + " (one word)")
            single = f"; one word {chips[one]}, junk {junk[one]}" if chips[one] else ""
            print(f"  {g[1]:12s} {chips[g]:5d} junk {junk[g]:4d} ({junk[g] / chips[g]:.3f}){single}")


def policy(db: str, paths: list[str]) -> None:
    corpus = Corpus(db)
    shown: dict[bool, dict[str, list]] = {}
    papers: dict[str, set] = defaultdict(set)
    saved = rank_module.backed, rank_module.KEEP["phrase"]
    for rule in (False, True):
        rank_module.backed, rank_module.KEEP["phrase"] = saved
        if not rule:
            without_rule()
        shown[rule] = {}
        for sample, paper, verdicts in judged(paths):
            ranked = corpus.rank(paper["id"])
            if ranked is not None:
                papers[sample].add(paper["id"])
                for k in ranked.chips[:5]:
                    verdict = next((verdicts[f] for f in _forms(k) if f in verdicts), "unjudged")
                    shown[rule].setdefault(sample, []).append((paper["id"], verdict))
    rank_module.backed, rank_module.KEEP["phrase"] = saved
    for sample in [*papers, "all"]:
        line = []
        for rule in (False, True):
            rows = [r for s, v in shown[rule].items() if sample in (s, "all") for r in v]
            cards = sum(len(ids) for s, ids in papers.items() if sample in (s, "all"))
            count = Counter(v for _, v in rows)
            share = count["junk"] / (count["junk"] + count["ok"])
            line.append(
                f"{len(rows) / cards:.2f} a card, junk {count['junk']}/{count['junk'] + count['ok']} = {share:.3f},"
                f" unjudged {count['unjudged']}"
            )
        print(f"{sample:22s} without: {line[0]} | with: {line[1]}")


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("classes", "policy"):
        sys.exit(__doc__)
    (classes if sys.argv[1] == "classes" else policy)(sys.argv[2], sys.argv[3:])

"""Whether any chip rule gives a keyword's singular and plural written forms different verdicts.

    .venv/bin/python scripts/form_verdicts.py DB [PAPERS]

Ranks PAPERS (400) random papers of DB (a rescored catalogue; seed 20) in process with the tree's
rules (`chip_classes.Corpus`); every candidate the ranking notes for `shapes.NotTerms` is judged by
`not_a_chip` and `not_a_term` as written and with its last word's number turned (`robot systems`
for `robot system`), where both are the same key. Prints how many verdicts differ and the first
40 keys. Issue #36, branch kwform20 (docs/keywords.md): on main 614f442 30 of 4,416 differ, all
`bare_modifier`'s (a hyphenated word in the plural is a noun: `non-experts`).
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from chip_classes import Corpus

from etl.extract.keywords import shapes
from etl.extract.keywords.normalise import normalise_keyword, singular
from etl.extract.keywords.shapes import not_a_chip
from etl.extract.keywords.termhood import not_a_term

noted: list[tuple] = []
_note = shapes.NotTerms.note


def _noting(self, key, written, count, in_title, shared):
    noted.append((self, key, written, count, in_title, shared))
    return _note(self, key, written, count, in_title, shared)


def turned(written: str) -> str:
    """`written` with its last word's number turned: singular to plural, plural to singular."""
    head, _, last = written.rpartition(" ")
    one = singular(last)
    return (head + " " if head else "") + (one + "s" if one == last else one)


def main(db: str, papers: int = 400) -> None:
    shapes.NotTerms.note = _noting
    corpus = Corpus(db)
    ids = [pid for (pid,) in corpus.con.execute("SELECT id FROM papers WHERE length(abstract) > 200")]
    random.seed(20)
    differ, seen, examples = Counter(), 0, {}
    for pid in random.sample(ids, papers):
        noted.clear()
        corpus.rank(pid)
        for nt, key, written, count, in_title, shared in noted:
            other = turned(written)
            if normalise_keyword(other) != key:
                continue
            seen += 1
            chip = [not_a_chip(key, w, in_title, shared, nt.n_docs, nt.kp) for w in (written, other)]
            term = [not_a_term(key, w, count, in_title, nt.kp) for w in (written, other)]
            for name, (a, b) in (("not_a_chip", chip), ("not_a_term", term)):
                if a != b:
                    differ[name] += 1
                    examples.setdefault((name, key), (written, a, other, b))
    print(f"papers {papers}, candidates turned {seen}, verdicts differing {dict(differ)}")
    for (name, key), example in list(examples.items())[:40]:
        print(f"  {name} {key!r}: {example}")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:3]))

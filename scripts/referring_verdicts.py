"""Every judged verdict of a phrase a referring modifier opens, with the counts that might tell a
term from the paper's own object beside it.

    .venv/bin/python scripts/referring_verdicts.py [DB]

For each judged chip of `docs/chips` (`judged_cards.verdicts`: the majority of the judges' verdicts
for the paper, `split` on a tie) that is two words opened by a word of
`etl/data/referring_modifiers.txt` and below `referring.REFERRED` in the titles (the phrases
`referring.refers_only` may take), one line: the verdict, the phrase, its termhood rate, the
two-word `termhood.txt` rows its head ends (`referring.GENERIC_HEAD` and more: a head every field's
abstracts modify) and whether the rule takes it; with DB (a catalogue database), also the papers
whose abstracts write the phrase, the distinct venues, the share of its uses after a determiner of
reference (`the target object`), and the share of the papers writing it whose abstract also writes
the head after a counterpart (`source`, `output`, `final`, `actual`, `original`: `source domain`
beside `target domain`). Then the verdicts the rule takes and leaves, and those a threshold on each
count would take. Issue #36, branch kwfill26 (docs/keywords.md).
"""

from __future__ import annotations

import re
import sqlite3
import sys
from collections import Counter, defaultdict

from judged_cards import _verdict, verdicts

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.referring import GENERIC_HEAD, REFERRED, refers_only
from etl.extract.keywords.termhood import TERMHOOD
from etl.extract.keywords.vocabulary import Keyphraseness
from etl.extract.keywords.wordlists import REFERRING

DETERMINERS = frozenset("the this these those its their our each his her".split())
COUNTERPARTS = frozenset("source output final actual original".split())
_TOKEN = re.compile(r"[a-z][a-z0-9-]*")


def judged_phrases() -> list[tuple[str, str]]:
    """(verdict, key) of every judged chip of the shape below REFERRED, one a paper."""
    out = []
    for chips in verdicts().values():
        for key, counts in chips.items():
            words = key.split()
            rate = TERMHOOD.rate(key)
            if len(words) == 2 and words[0] in REFERRING and (rate is None or rate < REFERRED):
                out.append((_verdict(counts), key))
    return sorted(out, key=lambda row: (row[1], row[0]))


def head_rows() -> Counter[str]:
    """Head word -> the two-word rows of `termhood.txt` it ends."""
    return Counter(key[key.find(" ") + 1 :] for key in TERMHOOD.counts if key.count(" ") == 1)


def catalogue_counts(db: str, keys: set[str]) -> dict[str, tuple[int, int, float, float]]:
    """Key -> (papers, venues, determiner share, counterpart share) over DB's abstracts."""
    heads = {key.split()[1] for key in keys}
    papers, venues = Counter(), defaultdict(set)
    definite, uses, paired = Counter(), Counter(), Counter()
    singular: dict[str, str] = {}
    for venue, abstract in sqlite3.connect(db).execute("SELECT venue, coalesce(abstract_clean, abstract) FROM papers"):
        tokens = _TOKEN.findall((abstract or "").lower())
        seen, before = set(), defaultdict(set)
        for i in range(1, len(tokens)):
            head = singular.get(tokens[i]) or singular.setdefault(tokens[i], normalise_keyword(tokens[i]))
            if head not in heads:
                continue
            before[head].add(tokens[i - 1])
            key = f"{tokens[i - 1]} {head}"
            if key in keys:
                seen.add(key)
                uses[key] += 1
                definite[key] += i > 1 and tokens[i - 2] in DETERMINERS
        for key in seen:
            papers[key] += 1
            venues[key].add(venue.split(" ")[0])
            paired[key] += bool(before[key.split()[1]] & COUNTERPARTS)
    return {
        key: (papers[key], len(venues[key]), definite[key] / max(uses[key], 1), paired[key] / max(papers[key], 1))
        for key in keys
    }


def tally(rows: list[tuple[str, str]]) -> str:
    counts = Counter(verdict for verdict, _ in rows)
    junk = counts["junk"] + counts["split"] / 2
    return f"{counts['junk']} junk, {counts['ok']} ok, {counts['split']} split ({junk / max(len(rows), 1):.2f} junk)"


def main(argv: list[str]) -> int:
    rows, heads, kp = judged_phrases(), head_rows(), Keyphraseness()
    counts = catalogue_counts(argv[0], {key for _, key in rows}) if argv else {}
    takes = {key: refers_only(key, key, kp) for _, key in rows}
    print("verdict\tphrase\ttermhood\thead rows\ttaken" + ("\tpapers\tvenues\tdefinite\tcounterpart" if counts else ""))
    for verdict, key in rows:
        rate = TERMHOOD.rate(key)
        line = [
            verdict,
            key,
            "-" if rate is None else f"{rate:.4f}",
            str(heads[key.split()[1]]),
            "yes" if takes[key] else "",
        ]
        if counts:
            n, v, d, p = counts[key]
            line += [str(n), str(v), f"{d:.2f}", f"{p:.2f}"]
        print("\t".join(line))
    print(f"\nthe shape below {REFERRED}: {tally(rows)}")
    print(f"taken (head rows >= {GENERIC_HEAD}): {tally([r for r in rows if takes[r[1]]])}")
    print(f"left: {tally([r for r in rows if not takes[r[1]]])}")
    for n in (50, 100, 120, 150, 200, 250):
        print(f"head rows >= {n}: {tally([r for r in rows if heads[r[1].split()[1]] >= n])}")
    if counts:
        for name, i, cut in (("venues", 1, 15), ("definite", 2, 0.5), ("counterpart", 3, 0.1)):
            below = [r for r in rows if counts[r[1]][i] < cut]
            print(f"{name} < {cut}: {tally(below)}; >= {cut}: {tally([r for r in rows if r not in below])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

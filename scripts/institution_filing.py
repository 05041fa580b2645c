"""Each affiliation of a database filed again by the current rules (`etl.extract.affiliations`),
without loading: what the institutions tables would hold after a load by these rules.

    python scripts/institution_filing.py DB                 # the counts
    python scripts/institution_filing.py DB --sample 50 7   # and 50 changed affiliations (seed 7)
    python scripts/institution_filing.py DB --joins 100 7   # and 100 names joined to another (seed 7)

Reads `paper_affiliations` (each paper's affiliations as its record's author gives them: the name
as a load by earlier rules filed it, which is the record's text cleaned) and the authors' merge
keys, files each paper's again, and counts: institutions before and after, affiliations whose
institution changes, by what changed it (an address filed under its institution, a lost escape
read back, a department joined to its record's or author's institution, a department kept as
written under its author's key). A record's affiliations a load left out (the same institution
twice for one author) are no row, as in a load.
"""

from __future__ import annotations

import random
import sqlite3
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from etl.extract.affiliations import filed_affiliations
from etl.text.cleaning import institution_key
from etl.text.institution_parts import read_lost_escapes
from etl.text.institution_variants import filed_key, parts_of_one

ROWS = """SELECT a.paper_id, a.position, a."order", a.name, a.country, i.normalised
FROM paper_affiliations a JOIN institutions i ON i.id = a.institution_id
ORDER BY a.paper_id, a.position, a."order" """
OWNERS = (
    """SELECT pa.paper_id, pa.position, au.normalised FROM paper_authors pa JOIN authors au ON au.id = pa.author_id"""
)


def refiled(con: sqlite3.Connection) -> list[tuple]:
    """(paper, position, written, key before, institution after, key after) for every row."""
    owners = {(paper, position): key for paper, position, key in con.execute(OWNERS)}
    papers: dict[str, list[tuple]] = defaultdict(list)
    for row in con.execute(ROWS):
        papers[row[0]].append(row)
    out = []
    for paper, rows in papers.items():
        given: dict[int, list[tuple[str, str | None]]] = defaultdict(list)
        for _, position, _, name, country, _ in rows:
            given[position].append((name, country))
        owner = {p: owners.get((paper, p)) or owners.get((paper, 1), "") for p in given}
        filed = filed_affiliations((p, pairs, owner[p]) for p, pairs in given.items())
        for (_, position, _, name, _, before), (_, _, institution, after, _, _) in zip(rows, filed, strict=True):
            out.append((paper, position, name, before, institution, after))
    return out


def kind(name: str, institution: str, after: str) -> str:
    """What filed an affiliation under another institution."""
    if filed_key(institution) != institution_key(institution) or parts_of_one(name, filed_key):
        return "a variant of a name filed under its institution's key"
    if after.endswith(")") and "(" in after and not institution.endswith(")"):
        return "department kept under its author"
    if read_lost_escapes(name) != name and "," not in name:
        return "lost escape read back"
    if "," in name:
        return "address filed under its institution"
    return "department joined to its record's or author's institution"


def main(argv: list[str]) -> None:
    con = sqlite3.connect(f"file:{argv[0]}?mode=ro", uri=True)
    rows = refiled(con)
    before = {r[3] for r in rows}
    after = {r[5] for r in rows if r[5]}
    changed = [r for r in rows if r[3] != r[5]]
    print(f"affiliations {len(rows):,}; institutions {len(before):,} -> {len(after):,}")
    print(f"affiliations filed under another institution: {len(changed):,} of {len(rows):,}")
    for what, n in Counter(kind(r[2], r[4], r[5]) for r in changed).most_common():
        print(f"  {what}: {n:,}")
    gone = before - after
    print(f"institutions no affiliation is filed under any more: {len(gone):,}")
    names = dict(con.execute("SELECT normalised, name FROM institutions"))
    groups: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        if row[5]:
            groups[row[5]].add(row[3])
    joined = [(key, before) for key, befores in groups.items() if len(befores) > 1 for before in befores]
    print(
        f"keys gathering names of more than one institution before: {sum(len(b) > 1 for b in groups.values()):,}, "
        f"names joined to another: {len(joined) - sum(len(b) > 1 for b in groups.values()):,}"
    )
    if len(argv) >= 3 and argv[1] == "--joins":
        rng = random.Random(int(argv[3]) if len(argv) > 3 else 0)
        for key, before in rng.sample(joined, min(int(argv[2]), len(joined))):
            others = sorted(names.get(b, b) for b in groups[key] if b != before)
            print(f"{names.get(before, before)}\t=> [{key}] with {' | '.join(others)}")
    if len(argv) >= 3 and argv[1] == "--sample":
        rng = random.Random(int(argv[3]) if len(argv) > 3 else 0)
        for paper, position, name, _, institution, key in rng.sample(changed, min(int(argv[2]), len(changed))):
            print(f"{paper}\t{position}\t{name}\t=> {institution}\t[{key}]")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Keyword aliases on a database: how many of each kind (`etl.extract.aliases`), how many
keywords' `?_keyword=<label>` lists hold other keywords' papers, and what `/-/keyword/<text>` opens
for each capitalised one-word alias (a 404, a keyword under a fifth of the largest it names, the
largest or within 5x, a choice page).

    python scripts/keyword_aliases.py BEFORE.db AFTER.db

BEFORE is read with main's resolution before branch kwalias (every alias another name of its
keyword, but a phrase whose words are inside or around the keyword's; an address that is a
keyword's own text opens it, else the one keyword it is an alias of, else a 404), AFTER with
`etl.serve.filters` (`KEYWORD`, `NAMED`, `address_of`). Read only; a few seconds on the catalogue.
"""

from __future__ import annotations

import sqlite3
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from etl.extract.aliases import alias_kind, kept_alias
from etl.extract.keywords import normalise_keyword
from etl.serve.filters import KEYWORD, NAMED, address_of

MAINS = """SELECT id FROM keywords WHERE normalised = :k
    UNION SELECT a.keyword_id FROM keyword_aliases a JOIN keywords w ON w.id = a.keyword_id
    WHERE a.normalised IN (:k_folded, :k)
    AND instr(' ' || w.normalised || ' ', ' ' || :k || ' ') = 0
    AND instr(' ' || :k || ' ', ' ' || w.normalised || ' ') = 0"""
ALIASES = "SELECT k.normalised, k.kind, a.alias FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id"
SHORT = "SELECT DISTINCT alias FROM keyword_aliases WHERE alias NOT LIKE '% %' AND alias NOT LIKE '%-%' AND alias != lower(alias)"


def kinds(con: sqlite3.Connection) -> Counter:
    counted: Counter = Counter()
    for key, kind, alias in con.execute(ALIASES):
        counted[alias_kind(key, alias) or ("kept, one word" if kept_alias(key, alias) else "no form")] += 1
        counted["topics'"] += kind == "topic"
    return counted


def disagreeing(con: sqlite3.Connection, resolution: str) -> int:
    """Keywords whose list (`resolution` of their label) is not as long as their page says."""
    texts = {text for (text,) in con.execute("SELECT normalised FROM keyword_aliases")}
    found = 0
    for kid, label, key, papers in con.execute("SELECT id, label, normalised, papers FROM keywords").fetchall():
        if key not in texts and label.lower() not in texts:
            continue
        ids = [i for (i,) in con.execute(resolution.format(p="k"), {"k": key, "k_folded": label.strip().lower()})]
        if ids != [kid]:
            marks = ",".join("?" * len(ids))
            listed = con.execute(
                f"SELECT count(DISTINCT paper_id) FROM paper_keywords WHERE keyword_id IN ({marks})", ids
            )
            found += listed.fetchone()[0] != papers
    return found


def addresses(con: sqlite3.Connection, mains: bool) -> Counter:
    counted: Counter = Counter()
    con.row_factory = sqlite3.Row
    for (text,) in con.execute(SHORT).fetchall():
        mine = {"k": normalise_keyword(text), "k_folded": text.strip().lower()}
        named = [dict(row) for row in con.execute(NAMED, mine)]
        if mains:
            own = [k for k in named if k["normalised"] == mine["k"]]
            ids = [i for (i,) in con.execute(MAINS.format(p="k") + " LIMIT 2", mine)]
            opened = own[0] if own else next(k for k in named if k["id"] == ids[0]) if len(ids) == 1 else None
        else:
            opened = address_of(named, text)
        if opened is None:
            counted["404" if mains or not named else "choice page"] += 1
        elif opened["papers"] * 5 < named[0]["papers"]:
            counted["under a fifth of the largest"] += 1
        else:
            counted["the largest or within 5x"] += 1
    con.row_factory = None
    return counted


def main(before: str, after: str) -> None:
    for path, resolution, mains in ((before, MAINS, True), (after, KEYWORD, False)):
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            print(path)
            print("  aliases:", dict(kinds(con)))
            print("  keywords whose list is not as long as their page:", disagreeing(con, resolution))
            print("  /-/keyword/<capitalised one-word alias>:", dict(addresses(con, mains)))
        finally:
            con.close()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])

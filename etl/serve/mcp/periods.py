"""`compare_periods` over every venue without reading every keyword's counts at each call: each
keyword's papers per year (every way papers have it, each paper once) are read once per load and
kept, and the periods are compared in Python by the rules of the site's `compare_periods` query
(queries/compare_periods.sql), to the same rows: 0.23 s of CPU a call on the catalogue, where
the query reads 370,000 counts each time. A venue, fewer papers than `FLOOR` or authors and
institutions go to the query itself."""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass

FLOOR = 5  # keywords kept: those of at least this many papers (the query's default `min_papers`)
SHOWN = 25  # of each status, as the query shows
KEYWORDS = f"""SELECT id, label, papers FROM keywords k WHERE papers >= {FLOOR}
AND NOT EXISTS (SELECT 1 FROM keyword_partners j WHERE j.keyword_id = k.id)"""
# An acronym's short form and its long form as one (`keyword_partners`), named by the long form: its
# papers per year each once, and the kinds with the other forms, as the query reads them.
PAIRS = f"""SELECT k.id, k.label, j.other_forms FROM keyword_partners j JOIN keywords k ON k.id = j.joined_id
WHERE j.keyword_id = j.joined_id AND j.papers >= {FLOOR}"""
PAIR_YEARS = f"""SELECT j.joined_id, c.year, sum(c.papers) FROM keyword_partners j
CROSS JOIN keyword_partner_counts c ON c.joined_id = j.joined_id WHERE j.keyword_id = j.joined_id AND j.papers >= {FLOOR}
GROUP BY j.joined_id, c.year"""
PAIR_KINDS = "SELECT joined_id, group_concat(DISTINCT kind) FROM keyword_partner_trends GROUP BY joined_id"
# Papers per keyword and year summed over the ways they have it, and the kinds, as the query sums them.
YEARS = f"""SELECT c.keyword_id, c.year, sum(c.papers) FROM keywords k CROSS JOIN keyword_trend_counts c
ON c.keyword_id = k.id WHERE k.papers >= {FLOOR} GROUP BY c.keyword_id, c.year"""
KINDS = f"""SELECT c.keyword_id, group_concat(DISTINCT c.kind) FROM keywords k CROSS JOIN keyword_trend_counts c
ON c.keyword_id = k.id WHERE k.papers >= {FLOOR} GROUP BY c.keyword_id"""
# Papers counted twice above (the keyword as the authors' own and from their text), per year.
TWICE = """SELECT a.keyword_id, p.year, count(*) FROM paper_keywords a JOIN papers p ON p.id = a.paper_id
WHERE a.kind = 'author' AND EXISTS (SELECT 1 FROM paper_keywords b
    WHERE b.paper_id = a.paper_id AND b.keyword_id = a.keyword_id AND b.kind != 'author')
GROUP BY a.keyword_id, p.year"""


@dataclass
class Counts:
    """Each kept keyword's label, kinds (`acronym, phrase`) and papers per year from `first`."""

    first: int
    labels: dict[int, str]
    kinds: dict[int, str]
    years: dict[int, array]


def read_counts(con) -> Counts:
    """The kept counts, read on a connection (a tuple per row)."""
    labels = {kid: label for kid, label, _ in con.execute(KEYWORDS)}
    pairs = {kid: (label, others) for kid, label, others in con.execute(PAIRS)}
    labels.update({kid: label for kid, (label, _) in pairs.items()})
    rows = [r for r in con.execute(YEARS).fetchall() if r[0] in labels and r[0] not in pairs]
    rows += con.execute(PAIR_YEARS).fetchall()
    first = min((r[1] for r in rows), default=0)
    last = max((r[1] for r in rows), default=0)
    years = {kid: array("l", bytes(8 * (last - first + 1))) for kid in labels}
    for kid, year, papers in rows:
        years[kid][year - first] += papers
    for kid, year, papers in con.execute(TWICE):
        if kid in years and kid not in pairs:
            years[kid][year - first] -= papers
    kinds = {kid: ", ".join(found.split(",")) for kid, found in con.execute(KINDS)}
    for kid, found in con.execute(PAIR_KINDS):
        if kid in pairs:
            kinds[kid] = ", ".join(found.split(",")) + "; with " + pairs[kid][1]
    return Counts(first, labels, kinds, years)


def sqlite_round(value: float, digits: int = 2) -> float:
    """SQLite's round(): half away from zero."""
    scale = 10**digits
    return math.floor(value * scale + 0.5) / scale


def compare(counts: Counts, totals: dict[int, int], a: tuple[int, int], b: tuple[int, int], least: int) -> list[dict]:
    """The query's rows (status, name, detail, papers and percent of each period), `totals` the
    papers of each year: emerged, faded and held, the `SHOWN` largest changes of each."""
    na = sum(n for y, n in totals.items() if a[0] <= y <= a[1])
    nb = sum(n for y, n in totals.items() if b[0] <= y <= b[1])
    ia = (max(a[0] - counts.first, 0), max(a[1] - counts.first + 1, 0))
    ib = (max(b[0] - counts.first, 0), max(b[1] - counts.first + 1, 0))
    judged: dict[str, list[tuple]] = {"emerged": [], "faded": [], "held": []}
    for kid, by_year in counts.years.items():
        pa, pb = sum(by_year[ia[0] : ia[1]]), sum(by_year[ib[0] : ib[1]])
        sa, sb = 1.0 * pa / max(na, 1), 1.0 * pb / max(nb, 1)
        if pb >= least and sb >= 2 * sa:
            judged["emerged"].append((-(sb - sa), counts.labels[kid], kid, pa, sa, pb, sb))
        elif pa >= least and sa >= 2 * sb:
            judged["faded"].append((-(sa - sb), counts.labels[kid], kid, pa, sa, pb, sb))
        elif pa >= least and pb >= least:
            judged["held"].append((-(sa + sb), counts.labels[kid], kid, pa, sa, pb, sb))
    rows = []
    for status, found in judged.items():
        for _, name, kid, pa, sa, pb, sb in sorted(found)[:SHOWN]:
            rows.append(
                {
                    "status": status,
                    "name": name,
                    "detail": counts.kinds.get(kid),
                    "papers_first": pa,
                    "percent_first": sqlite_round(100 * sa),
                    "papers_second": pb,
                    "percent_second": sqlite_round(100 * sb),
                }
            )
    return rows

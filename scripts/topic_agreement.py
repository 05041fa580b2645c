"""How well paperdb's topics agree with the subject areas authors chose for their IJCAI papers.

    .venv/bin/python scripts/topic_agreement.py [CATALOGUE] [--taxonomy PATH] [--show] [--years 2020,2021]

CATALOGUE is the paperlists catalogue (the archive `../shared/samples/paperlists-catalogue.tar.xz`,
the default, or the folder it extracts to); its IJCAI 2020-2023 files give each paper's subject
areas (`Machine Learning: Reinforcement Learning; Robotics: Learning in Robotics`). Which areas mean
which topic is written down in scripts/topic_areas.json (by meaning; topics with no IJCAI
counterpart are not measured). Each abstract, with its title, is ranked as a load ranks it (the
topics of `--taxonomy`, else `$PAPERDB_TOPICS`, else the bundled etl/data/topics.json), and for
each topic with at least MIN_PAPERS papers in its areas:

- recall: of the papers with the topic's areas, the share that get the topic;
- precision: of the papers that get the topic, the share with its areas.

Macro averages over those topics are the first figures (`--show` prints every topic's). The other
usual measures follow, over the same measured topics, so that none is chosen after the fact:

- per paper: recall, of the papers with a measured topic's areas, the share that get a topic of one
  of their areas; precision, of the papers given a measured topic, the share with one of its areas;
- pairs (micro): over (paper, measured topic) pairs, areas against topics given;
- per paper averaged: each paper's own recall (papers with areas) and precision (papers with a
  measured topic), averaged.

`--years` measures on some of the years only (design choices compared on 2020-2021 are confirmed
on 2022-2023, or the reverse: a choice that holds on years it was not chosen on generalises).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from catalogue import CATALOGUE, catalogue_files

from etl.extract.corpus import rank_all
from etl.extract.keywords import taxonomy_path
from etl.load.taxonomy import load_taxonomy
from etl.text.cleaning import clean_text
from etl.text.identity import paper_id

AREAS = Path(__file__).resolve().parent / "topic_areas.json"
YEARS = ("2020", "2021", "2022", "2023")
MIN_PAPERS = 10  # a topic is measured where at least this many papers have its areas


def papers_with_areas(
    catalogue: Path, years: tuple[str, ...] = YEARS
) -> tuple[list[tuple[str, str, str | None]], dict[str, list[str]]]:
    """(id, abstract, title) of each IJCAI paper of `years` with an abstract, and its subject areas by id."""
    venues = {f"ijcai/ijcai{year}.json" for year in years}
    papers, areas = [], {}
    for name, content in catalogue_files(catalogue):
        if name not in venues:
            continue
        for record in json.loads(content):
            abstract = " ".join(str(record.get("abstract") or "").split())
            chosen = [a.strip().lower() for a in str(record.get("keywords") or "").split(";") if a.strip()]
            if abstract and chosen:
                pid = paper_id(abstract)
                if pid not in areas:
                    papers.append((pid, abstract, clean_text(record.get("title") or "") or None))
                    areas[pid] = chosen
    return papers, areas


def agreement(topics: dict[str, set[str]], areas: dict[str, list[str]], patterns: dict[str, list[str]]) -> list:
    """(topic, papers with its areas, papers with the topic, both) for each measured topic."""
    rows = []
    for topic, wanted in sorted(patterns.items()):
        gold = {pid for pid, chosen in areas.items() if any(_means(area, p) for area in chosen for p in wanted)}
        if len(gold) < MIN_PAPERS:
            continue
        got = {pid for pid in areas if topic in topics.get(pid, set())}
        rows.append((topic, len(gold), len(got), len(gold & got)))
    return rows


def measures(topics: dict[str, set[str]], areas: dict[str, list[str]], patterns: dict[str, list[str]]) -> dict:
    """Measure name -> (recall, precision), over the topics `agreement` measures."""
    rows = agreement(topics, areas, patterns)
    measured = {topic for topic, *_ in rows}
    gold = {
        pid: {t for t in measured if any(_means(area, p) for area in chosen for p in patterns[t])}
        for pid, chosen in areas.items()
    }
    got = {pid: topics.get(pid, set()) & measured for pid in areas}
    with_gold = [pid for pid in areas if gold[pid]]
    with_got = [pid for pid in areas if got[pid]]
    both = {pid: len(gold[pid] & got[pid]) for pid in areas}
    return {
        "macro": (
            sum(b / g for _, g, _, b in rows) / len(rows),
            sum(b / n if n else 0 for _, _, n, b in rows) / len(rows),
        ),
        "per paper": (
            sum(1 for pid in with_gold if both[pid]) / len(with_gold),
            sum(1 for pid in with_got if both[pid]) / len(with_got),
        ),
        "pairs": (
            sum(both.values()) / sum(len(g) for g in gold.values()),
            sum(both.values()) / sum(len(g) for g in got.values()),
        ),
        "per paper averaged": (
            sum(both[pid] / len(gold[pid]) for pid in with_gold) / len(with_gold),
            sum(both[pid] / len(got[pid]) for pid in with_got) / len(with_got),
        ),
    }


def _means(area: str, pattern: str) -> bool:
    """Whether a subject area (`computer vision: recognition`) is one a pattern names: `area:X`
    names every subarea of area X; a pattern with a colon is part of the whole name (`machine
    learning: optimi`); any other pattern is part of a subarea's name."""
    field, _, sub = area.partition(":")
    if pattern.startswith("area:"):
        return field.strip() == pattern[5:]
    return pattern in (area if ":" in pattern else sub or field)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("catalogue", nargs="?", default=str(CATALOGUE))
    parser.add_argument("--taxonomy", help="a taxonomy file (default: $PAPERDB_TOPICS, else the bundled one)")
    parser.add_argument("--show", action="store_true", help="print every topic's figures")
    parser.add_argument("--years", default=",".join(YEARS), help="IJCAI years measured, comma-separated (default: all)")
    args = parser.parse_args()
    years = tuple(y.strip() for y in args.years.split(",") if y.strip())
    if not years or not set(years) <= set(YEARS):
        parser.error(f"--years: each of {', '.join(YEARS)}")
    papers, areas = papers_with_areas(Path(args.catalogue), years)
    ranked = rank_all(papers, load_taxonomy(args.taxonomy or taxonomy_path()))
    topics = {pid: {k.label for k in keywords if k.kind == "topic"} for pid, keywords in ranked.items()}
    patterns = json.loads(AREAS.read_text(encoding="utf-8"))["topics"]
    rows = agreement(topics, areas, patterns)
    if args.show:
        print(f"{'topic':48} {'areas':>6} {'topic':>6} {'both':>5} {'recall':>7} {'precision':>9}")
        for topic, gold, got, both in rows:
            print(f"{topic:48} {gold:6} {got:6} {both:5} {both / gold:7.3f} {both / got if got else 0:9.3f}")
    print(f"topics against IJCAI {', '.join(years)} subject areas ({len(papers)} papers, {len(rows)} topics):")
    for name, (recall, precision) in measures(topics, areas, patterns).items():
        print(f"  {name:20} recall {recall:.3f}  precision {precision:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

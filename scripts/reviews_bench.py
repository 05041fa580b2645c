"""How fast the reviews' views, canned queries and charts answer, and the reading lists of a page are
written (scripts/benchmark.py --reviews DB; issue 39: each view at most 0.5 s on the catalogue).

    .venv/bin/python scripts/reviews_bench.py DB [--repeat 3]

Each view is read whole (every row, as `SELECT *`) and for the most rated venue-year, in SQLite
directly; each canned query and chart of the ratings page through Datasette's own client with its
example, and the papers of that venue-year as .bib, .ris and .csljson. The median of `--repeat`
runs counts. It is not a test: the numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import time
from urllib.parse import urlencode

VIEWS = (
    "rating_distribution",
    "score_distribution",
    "acceptance_by_rating",
    "reviewer_disagreement",
    "ratings_citations",
)
QUERIES = ("venue_ratings", "acceptance_boundary", "disputed_papers", "ratings_and_citations")
LIMIT_S = 0.5


def _median(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def reviews_latency(db_file: str, repeat: int = 3) -> dict[str, float]:
    """Seconds per view, query, chart and reading list (median of `repeat`), printed as measured."""
    from etl.serve.app import make_datasette
    from etl.serve.ratings import MOST_RATED, ratings_dashboard

    con = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    venue, year = con.execute(MOST_RATED).fetchone()
    print(f"reviews: {con.execute('SELECT count(*) FROM reviews').fetchone()[0]:,} scores; most rated: {venue} {year}")
    found: dict[str, float] = {}
    for view in VIEWS:
        for label, sql, params in (
            ("whole", f"SELECT * FROM {view}", []),
            (f"{venue} {year}", f"SELECT * FROM {view} WHERE venue = ? AND year = ?", [venue, year]),
        ):
            found[f"view {view} ({label})"] = _median(lambda s=sql, p=params: con.execute(s, p).fetchall(), repeat)
    con.close()
    ds = make_datasette(db_file)
    example = urlencode({"venue": venue, "year": year})
    paths = [f"/papers/{name}.json?_shape=array&{example}" for name in QUERIES]
    paths += [f"/-/dashboards/{'ratings'}?{example}"]
    charts = ratings_dashboard((venue, year))["charts"]
    paths += [
        f"/papers.json?{urlencode({'sql': chart['query'], **{'venue': venue, 'year': year}})}"
        for chart in charts.values()
    ]
    paths += [f"/papers/papers.{fmt}?{example}&_size=100" for fmt in ("bib", "ris", "csljson")]

    async def fetch(path: str) -> None:
        response = await ds.client.get(path)
        assert response.status_code == 200, (path, response.status_code, response.text[:200])

    for path in paths:
        found[path] = _median(lambda p=path: asyncio.run(fetch(p)), repeat)
    for name, seconds in found.items():
        print(f"  {seconds * 1000:8.1f} ms  {name}{'  OVER 0.5 s' if seconds > LIMIT_S else ''}")
    worst = max(found, key=found.get)
    print(f"slowest: {found[worst] * 1000:.1f} ms ({worst}); target: every one at most {LIMIT_S} s")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("db")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    reviews_latency(args.db, args.repeat)


if __name__ == "__main__":
    main()

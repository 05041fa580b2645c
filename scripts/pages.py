"""How fast Datasette answers every page a reader reaches in one click from the database page and
from three paper pages: p50 and p95 of their latency, and the slowest (scripts/benchmark.py).

    .venv/bin/python scripts/pages.py DB [--repeat 3] [--slowest 15]

The pages are fetched in process (Datasette's own client, as the tests do), each `--repeat` times;
a page's latency is the median of its fetches, a redirect (`/-/paper/<id>`) counted with the page
it leads to. Links out of Datasette, static files, whole-table downloads (`_stream`, the database
file) and the custom SQL box are not pages to time. It is not a test: the numbers depend on the
machine.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sqlite3
import statistics
import time
from html import unescape
from urllib.parse import urlsplit

_HREF = re.compile(r'href="([^"#]*)')
_SKIPPED = re.compile(r"^/-/static|^/-/static-plugins|_stream=|\.db$|^/papers\?sql=|^/papers\.json\?sql=|_shape=")
LIMIT_S = 0.5  # issue 27: every page at p95
WORST_S = 1.0  # and none over a second


def paper_pages(db_file: str, count: int = 3) -> list[str]:
    """`count` paper pages with authors, topics and keywords (so with every kind of link), spread over
    the papers' keys."""
    con = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    try:
        (top,) = con.execute("SELECT max(pk) FROM papers").fetchone()
        pages = []
        for i in range(count):
            row = con.execute(
                "SELECT pk FROM papers WHERE pk >= ? AND authors != '[]' AND topics != '[]' AND keywords != '[]'"
                " AND title IS NOT NULL ORDER BY pk LIMIT 1",
                [(top or 0) * (2 * i + 1) // (2 * count)],
            ).fetchone()
            if row:
                pages.append(f"/papers/papers/{row[0]}")
        return pages
    finally:
        con.close()


def links(html: str) -> list[str]:
    """The pages of this Datasette that a page links to, in order, each once."""
    found = []
    for href in _HREF.findall(html):
        href = unescape(href)
        parts = urlsplit(href)
        if parts.scheme and parts.netloc not in ("localhost", "127.0.0.1"):
            continue
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if not path.startswith("/") or path.startswith("//") or _SKIPPED.search(path):
            continue
        if path not in found:
            found.append(path)
    return found


async def _fetch(ds, path: str) -> tuple[float, float, int, str]:
    """(seconds, CPU seconds, status, text) of `path`, following redirects. The CPU time is the
    whole process's (Datasette's query threads included): on a machine others share, the part of
    the latency that is this server's own work."""
    started, cpu = time.perf_counter(), time.process_time()
    response = await ds.client.get(path)
    for _ in range(3):
        if response.status_code not in (301, 302):
            break
        response = await ds.client.get(response.headers["location"].removeprefix("http://localhost"))
    return time.perf_counter() - started, time.process_time() - cpu, response.status_code, response.text


async def measure(ds, starts: list[str], repeat: int = 3) -> dict[str, tuple[float, int, float]]:
    """Each start page and every page it links to: path -> (median seconds, status, median CPU seconds)."""
    timings: dict[str, tuple[float, int, float]] = {}
    for start in starts:
        _, _, status, html = await _fetch(ds, start)
        todo = [start] + [path for path in links(html) if path not in timings]
        for path in todo:
            if path in timings:
                continue
            runs, cpus = [], []
            for _ in range(repeat):
                seconds, cpu, status, _ = await _fetch(ds, path)
                runs.append(seconds)
                cpus.append(cpu)
            timings[path] = (statistics.median(runs), status, statistics.median(cpus))
    return timings


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(timings: dict[str, tuple[float, int, float]], slowest: int = 15) -> dict[str, float]:
    """Print p50, p95 (wall clock and CPU), the slowest pages and any page that did not answer 200;
    the figures."""
    seconds = [s for s, _, _ in timings.values()]
    cpu = [c for _, _, c in timings.values()]
    figures = {
        "pages": len(seconds),
        "p50": percentile(seconds, 0.5),
        "p95": percentile(seconds, 0.95),
        "max": max(seconds),
        "over": sum(s > LIMIT_S for s in seconds),
        "cpu_p50": percentile(cpu, 0.5),
        "cpu_p95": percentile(cpu, 0.95),
        "cpu_max": max(cpu),
    }
    print(
        f"{figures['pages']} pages one click from the database page and three paper pages:"
        f" p50 {figures['p50'] * 1000:.0f} ms, p95 {figures['p95'] * 1000:.0f} ms,"
        f" slowest {figures['max'] * 1000:.0f} ms; {figures['over']} over {LIMIT_S * 1000:.0f} ms"
        f" (CPU: p50 {figures['cpu_p50'] * 1000:.0f} ms, p95 {figures['cpu_p95'] * 1000:.0f} ms,"
        f" most {figures['cpu_max'] * 1000:.0f} ms)"
    )
    for path, (s, status, c) in sorted(timings.items(), key=lambda item: -item[1][0])[:slowest]:
        print(
            f"  {s * 1000:7.0f} ms (CPU {c * 1000:5.0f})  {path[:150]}"
            + (f"  (HTTP {status})" if status != 200 else "")
        )
    failed = [(path, status) for path, (_, status, _) in timings.items() if status >= 400]
    for path, status in failed:
        print(f"  HTTP {status}: {path[:150]}")
    return figures


def page_latency(db_file: str, repeat: int = 3, slowest: int = 15) -> dict[str, float]:
    """Measure and print the pages of `db_file` (module docstring); the figures."""
    from etl.serve.app import make_datasette

    ds = make_datasette(db_file)
    starts = ["/papers", *paper_pages(db_file)]
    return report(asyncio.run(measure(ds, starts, repeat)), slowest)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("db", help="an SQLite database paperdb loaded (e.g. the whole catalogue)")
    parser.add_argument("--repeat", type=int, default=3, help="fetches of each page; its median counts [3]")
    parser.add_argument("--slowest", type=int, default=15, help="slowest pages to list [15]")
    args = parser.parse_args()
    page_latency(args.db, args.repeat, args.slowest)


if __name__ == "__main__":
    main()

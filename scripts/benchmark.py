"""Benchmark `paperdb load` and Datasette on a synthetic corpus made from the bundled listings.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python scripts/benchmark.py                  # 2,600, 25,000 and 250,000 papers (minutes)
    .venv/bin/python scripts/benchmark.py --papers 2600    # about the size of ICML 2024
    .venv/bin/python scripts/benchmark.py --pages-only --pages /tmp/cat/papers.db  # pages of a database
    .venv/bin/python scripts/benchmark.py --catalogue DIR  # a real catalogue beside a plain indexer (scripts/cost.py)
    .venv/bin/python scripts/benchmark.py --edit-cost DIR  # two files edited, one removed: against a cold load
    .venv/bin/python scripts/benchmark.py --memory-curve big.jsonl --records 100000,200000
    .venv/bin/python scripts/benchmark.py --stalls         # the home page while hostile requests run (scripts/isolation.py)
    .venv/bin/python scripts/benchmark.py --reviews /tmp/cat/papers.db  # the reviews' views, queries, reading lists

Each synthetic paper is a bundled abstract with its closing sentence varied, so no two dedupe.
For each corpus size the script prints papers/s per stage of a cold load, its peak memory (the
load runs in its own process), a no-op re-run, a load that adds new papers (19 up to 30,000
papers, else 1.04 %: 2,600 at 250,000), the latency of a ranked search and of the papers page
with its default facets in Datasette, and the time of a plain `sqlite-utils insert` of the same
abstracts, and how long the hostile requests of tests/test_hostile_requests.py take to be answered;
with `--pages DB`, p50 and p95 of every page one click from the database page and three paper
pages of a real database (scripts/pages.py: the whole catalogue for issue 27's targets) and of
each MCP tool (scripts/mcp_tools.py: issue 40's); then each
target of the speed issue with this run's figure, as ratios measured in one run. With
`--catalogue` or `--memory-curve` it measures those instead (scripts/cost.py), with `--edit-cost`
what an edit of a catalogue's files costs beside a cold load (scripts/edit_cost.py), with `--stalls` the
home page's latency on a real server while requests that once held it run (scripts/isolation.py),
and the synthetic corpora only if `--papers` names them. It is not a test: the numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from cost import catalogue_cost, memory_curve
from edit_cost import edit_cost
from isolation import stalls
from measured import load_measured
from synthetic_records import fresh_word
from synthetic_records import write_jsonl as write_records

from etl.sources import bundled_listings_dir, read_input

PER_FILE = 500
KEYWORD_COST_MAX = 30_000  # corpus size up to which the benchmark also loads without keywords
EVOLUTION = ("similar", "versions", "trends")  # the stages of etl/load/evolution.py (docs/evolution.md)
TOPICS = ["graph learning", "vision", "language", "control", "theory", "privacy", "audio", "biology"]
SEARCHES = [
    "lattice codebooks quantization",
    "graph neural networks",
    "diffusion",
    "privacy audit",
    "federated learning",
    "reinforcement learning reward",
    "transformer attention",
    "bandits",
]


def seed_abstracts() -> list[str]:
    abstracts = []
    for path in sorted(bundled_listings_dir().glob("*.txt")):
        abstracts += [e.abstract for e in read_input(str(path), path.read_bytes()).entries]
    return abstracts


def synthetic(n: int, fresh_words: int = 0) -> Iterator[str]:
    """`n` distinct abstracts: the seeds with a varied closing sentence (generated lazily). With
    `fresh_words`, that many of each copy's lower-case words are replaced by words no other copy
    has, so the corpus's vocabulary keeps growing as a real one does (copies alone repeat the
    57 seeds' phrases)."""
    seeds = seed_abstracts()
    for i in range(n):
        text = seeds[i % len(seeds)]
        if fresh_words:
            words = text.split(" ")
            step = max(1, len(words) // fresh_words)
            for j in range(step // 2, len(words), step):
                if words[j].isalpha() and words[j].islower():
                    words[j] = fresh_word(i * 1000 + j)
            text = " ".join(words)
        yield f"{text} We evaluate it on {TOPICS[i % len(TOPICS)]} task {i // len(seeds)}."


def write_listings(abstracts: Iterable[str], directory: Path) -> int:
    """Listing files of `PER_FILE` abstracts each; returns how many files."""
    directory.mkdir(parents=True, exist_ok=True)
    chunk: list[str] = []
    files = 0

    def flush() -> None:
        nonlocal files
        text = "ICML 2024 Papers\n\n" + "\n\n".join(chunk) + "\n"
        (directory / f"listing_{files:05d}.txt").write_text(text, encoding="utf-8")
        files += 1

    for abstract in abstracts:
        chunk.append(abstract)
        if len(chunk) == PER_FILE:
            flush()
            chunk = []
    if chunk:
        flush()
    return files


def timed_load(db: str, listings: Path, variant: str = "full") -> tuple[float, dict, float, float]:
    """(seconds, summary, peak memory of the loading process and its workers together (PSS, MB),
    peak RSS of the largest of them (MB)) of a load in its own process (`measured.load_measured`)."""
    run, summary = load_measured(db, [str(listings)], variant)
    return run.seconds, summary, run.pss_mb, run.rss_mb


def sqlite_utils_insert(n: int, work: Path, repeat: int = 1, fresh_words: int = 0) -> float | None:
    """Seconds for `sqlite-utils insert` of the same abstracts into a new database (JSON lines
    prepared beforehand); the best of `repeat` runs."""
    exe = shutil.which("sqlite-utils") or str(Path(sys.executable).with_name("sqlite-utils"))
    if not Path(exe).exists():
        return None
    rows = work / "abstracts.jsonl"
    with rows.open("w", encoding="utf-8") as fh:
        for i, abstract in enumerate(synthetic(n, fresh_words)):
            fh.write(json.dumps({"id": i, "abstract": abstract}) + "\n")
    times = []
    for _ in range(repeat):
        (work / "plain.db").unlink(missing_ok=True)
        started = time.perf_counter()
        subprocess.run([exe, "insert", str(work / "plain.db"), "papers", str(rows), "--nl"], check=True)
        times.append(time.perf_counter() - started)
    return min(times)


def datasette_latency(db: str) -> tuple[float, float, list[str]]:
    """p50 milliseconds of the ranked search and of the papers page with its default facets, and
    any default facet Datasette dropped for taking too long (missing from a page's results)."""
    from etl.serve.app import TABLE_OPTIONS, make_datasette

    defaults = {f if isinstance(f, str) else next(iter(f.values())) for f in TABLE_OPTIONS["papers"]["facets"]}

    ds = make_datasette(db)

    async def measure(paths: list[str]) -> tuple[list[float], list[dict]]:
        times, bodies = [], []
        for path in paths:
            started = time.perf_counter()
            response = await ds.client.get(path)
            times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, (path, response.status_code)
            bodies.append(response.json())
        return times, bodies

    search, _ = asyncio.run(measure([f"/papers/search.json?q={q.replace(' ', '+')}&_shape=objects" for q in SEARCHES]))
    facet_paths = ["/papers/papers.json?_size=10"] + [
        f"/papers/papers.json?_size=10&_search={q.split()[0]}" for q in SEARCHES
    ]
    facets, bodies = asyncio.run(measure(facet_paths))
    dropped = sorted({name for body in bodies for name in defaults - set(body["facet_results"])})
    return statistics.median(search), statistics.median(facets), dropped


def hostile_requests(db: str) -> list[tuple[str, float, int]]:
    """(what, best milliseconds, status) of the requests tests/test_hostile_requests.py checks are
    answered harmlessly (no test times them): ad-hoc SQL past the limits, ninety repeated facets
    beside one, URLs over the bounds, hundreds of search words beside three."""
    from urllib.parse import quote

    from etl.serve.app import make_datasette

    ds = make_datasette(db)
    words = "+".join(f"word{i}" for i in range(400))
    cases = [
        ("randomblob(1e9): refused", "/papers.json?sql=" + quote("select length(randomblob(1e9))")),
        ("printf('%.*c', 2e9, 'x'): NULL", "/papers.json?sql=" + quote("select printf('%.*c', 2e9, 'x')")),
        ("format('%2000000000d', 1): NULL", "/papers.json?sql=" + quote("select format('%2000000000d', 1)")),
        (
            "480 MB of rows: refused at 50 MB",
            "/papers.json?sql="
            + quote(
                "with recursive c(x) as (select 1 union all select x+1 from c where x<200)"
                " select hex(randomblob(2400000)) from c"
            ),
        ),
        ("papers page, _facet=title once", "/papers/papers?_facet=title"),
        ("papers page, _facet=title 90 times", "/papers/papers?" + "&".join(["_facet=title"] * 90)),
        ("papers page, 1,000 filters: refused (400)", "/papers/papers?" + "&".join(f"a{i}={i}" for i in range(1000))),
        ("papers page, 5,000 filters: refused (414)", "/papers/papers?" + "&".join(f"a{i}={i}" for i in range(5000))),
        ("ranked search, 3 words", "/papers/search?q=lattice+codebooks+quantization"),
        ("ranked search, 400 words", f"/papers/search?q={words}"),
        ("papers search box, 400 words", f"/papers/papers?_search={words}"),
    ]
    out = []
    for what, path in cases:
        times = []
        for _ in range(3):  # the best of three: the first request of a kind also warms caches
            started = time.perf_counter()
            response = asyncio.run(ds.client.get(path))
            times.append((time.perf_counter() - started) * 1000)
        out.append((what, min(times), response.status_code))
    return out


def added_case(db: str, work: Path, n: int, add: int, fresh_words: int) -> tuple[float, dict]:
    """Load `add` new papers (distinct from the `n` of the corpus) into a copy of the database:
    (seconds, summary)."""
    extra = work / f"added-{add}"
    if extra.exists():
        shutil.rmtree(extra)
    fresh = list(synthetic(n + add, fresh_words))[n:]
    write_listings(fresh, extra)
    copy = f"{db}.added"
    for suffix in ("", "-wal", "-shm"):
        Path(copy + suffix).unlink(missing_ok=True)
        if Path(db + suffix).exists():
            shutil.copyfile(db + suffix, copy + suffix)
    seconds, summary, _, _ = timed_load(copy, extra)
    assert summary["added"] == add, summary
    return seconds, summary


def bench_size(n: int, args, work: Path, results: dict) -> None:
    """Every figure for a corpus of `n` papers, into `results[n]`."""
    figures = results.setdefault(n, {})
    listings = work / f"listings-{n}"
    if listings.exists():
        shutil.rmtree(listings)
    files = write_listings(synthetic(n, args.fresh_words), listings)
    db = str(work / f"papers-{n}.db")
    print(
        f"\n== {n:,} papers in {files} files" + (f", {args.fresh_words} fresh words each" if args.fresh_words else "")
    )
    runs = []
    for _ in range(args.repeat):
        for suffix in ("", "-wal", "-shm"):
            Path(db + suffix).unlink(missing_ok=True)
        runs.append(timed_load(db, listings))
    cold_s, summary, _, _ = min(runs, key=lambda run: run[0])
    pss, rss = max(run[2] for run in runs), max(run[3] for run in runs)
    figures.update(cold=cold_s, pss=pss, rss=rss)
    if args.repeat > 1:
        print(f"cold loads: {', '.join(f'{run[0]:.2f}s' for run in runs)}; the best below")
    t = summary["timings"]
    links = t.get("links", 0.0)
    stages = {
        "read": t.get("read", 0.0),
        "links": links,
        "insert": t.get("insert", 0.0) - links,
        "bibliography": t.get("bibliography", 0.0),
        "keywords": t.get("keywords", 0.0),
        "evolution (similar papers, versions, trends)": sum(t.get(k, 0.0) for k in EVOLUTION),
    }
    figures["evolution"] = stages["evolution (similar papers, versions, trends)"] / cold_s
    stages["other (migrations, FTS, repos, commit, start-up)"] = cold_s - sum(stages.values())
    print(f"cold load: {cold_s:.2f}s, {n / cold_s:,.0f} papers/s")
    for name, seconds in stages.items():
        rate = f"{n / seconds:,.0f} papers/s" if seconds > 0 else ""
        print(f"  {name:<12} {seconds:7.2f}s  {rate}")
    print(
        f"  ({summary['keywords']:,} distinct keywords; keyword extraction also runs on worker processes"
        " during read/insert, so the stages above overlap it)"
    )
    print(
        f"peak memory of the load: {pss:.0f} MB for the loader and its workers together (PSS);"
        f" largest single process {rss:.0f} MB (RSS)"
    )
    if n <= KEYWORD_COST_MAX or args.keyword_cost:
        bare = []
        for _ in range(args.repeat):
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}.bare{suffix}").unlink(missing_ok=True)
            bare.append(timed_load(f"{db}.bare", listings, "without-keywords")[0])
        print(
            f"the same load without keywords: {min(bare):.2f}s (best of {len(bare)});"
            f" keywords add {cold_s - min(bare):.2f}s"
        )

    noop_s = timed_load(db, listings)[0]
    figures["noop"] = noop_s / cold_s
    print(f"no-op re-run: {noop_s:.2f}s ({noop_s / cold_s:.2f}x the cold load)")

    add = args.add if args.add else (19 if n <= KEYWORD_COST_MAX else round(n * 0.0104))
    add_s, added = added_case(db, work, n, add, args.fresh_words)
    figures.update(add=add, add_ratio=add_s / cold_s)
    how = "every paper rescored" if added["rescored"] else "only the new papers ranked"
    print(f"adding {add:,} new papers: {add_s:.2f}s ({add_s / cold_s:.3f}x the cold load; {how})")

    if not args.no_datasette:
        search_ms, facets_ms, dropped = datasette_latency(db)
        figures["facets_ms"] = facets_ms
        print(
            f"Datasette p50: ranked search {search_ms:.0f} ms; papers page with default facets {facets_ms:.0f} ms;"
            f" facets dropped: {', '.join(dropped) or 'none'}"
        )

    if not args.no_datasette:
        timed = hostile_requests(db)
        print("hostile requests (answered harmlessly; tests/test_hostile_requests.py):")
        for what, ms, status in timed:
            print(f"  {what:<40} {ms:8.0f} ms  (HTTP {status})")
        once, ninety = timed[4][1], timed[5][1]
        print(f"  ninety repeated facets cost {ninety / once:.2f}x one (a thousand: refused, over 100 parameters)")

    plain = sqlite_utils_insert(n, work, args.repeat, args.fresh_words)
    if plain is None:
        print("sqlite-utils insert: not installed (pip install -e '.[bench]')")
    else:
        figures["plain_ratio"] = cold_s / plain
        print(f"sqlite-utils insert: {plain:.2f}s; paperdb cold load is {cold_s / plain:.1f}x that")


def fresh_vocabulary(n: int, work: Path, results: dict, words: int = 10) -> None:
    """A cold load of `n` papers with `words` fresh words each (a growing vocabulary)."""
    listings = work / f"listings-{n}-fresh"
    if listings.exists():
        shutil.rmtree(listings)
    write_listings(synthetic(n, words), listings)
    db = str(work / f"papers-{n}-fresh.db")
    for suffix in ("", "-wal", "-shm"):
        Path(db + suffix).unlink(missing_ok=True)
    seconds, summary, pss, _ = timed_load(db, listings)
    results.setdefault("fresh", {})[n] = (seconds, pss)
    print(
        f"\n== {n:,} papers, {words} fresh words each: cold load {seconds:.2f}s, {n / seconds:,.0f} papers/s,"
        f" {summary['keywords']:,} distinct keywords, peak memory {pss:.0f} MB (PSS)"
    )


def on_postgres(url: str, n: int, work: Path, results: dict) -> None:
    """A cold load of the `n`-paper corpus into PostgreSQL, and a no-op re-run, beside SQLite's."""
    if url == "throwaway":
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.postgres import throwaway_server

        with throwaway_server() as server:
            on_postgres(server, n, work, results)
        return
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.begin() as conn:  # an empty database: the cold load makes the schema
        conn.exec_driver_sql("DROP SCHEMA public CASCADE")
        conn.exec_driver_sql("CREATE SCHEMA public")
    engine.dispose()
    seconds, summary, pss, _ = timed_load(url, work / f"listings-{n}")
    noop = timed_load(url, work / f"listings-{n}")[0]
    sqlite_s = results.get(n, {}).get("cold")
    results["postgres"] = (n, seconds, sqlite_s)
    beside = f" ({seconds / sqlite_s:.2f}x SQLite's {sqlite_s:.1f}s in this run)" if sqlite_s else ""
    t = summary["timings"]
    print(
        f"\n== {n:,} papers into PostgreSQL: cold load {seconds:.2f}s, {n / seconds:,.0f} papers/s{beside};"
        f" keywords {t.get('keywords', 0):.1f}s, full-text index {t.get('fts', 0):.1f}s;"
        f" loader and workers {pss:.0f} MB (PSS, the server aside); no-op re-run {noop:.2f}s"
    )


def page_latencies(databases: list[str], repeat: int, results: dict) -> None:
    """p50 and p95 of every page one click from the database page and three paper pages of each
    database (scripts/pages.py), e.g. the whole paperlists catalogue loaded."""
    from mcp_tools import tool_latency  # (scripts/mcp_tools.py)
    from pages import page_latency  # (scripts/pages.py, beside this script)

    for db in databases:
        print(f"\n== pages of {db}")
        results.setdefault("pages", {})[db] = page_latency(db, repeat)
        print(f"\n== MCP tools on {db}")
        results.setdefault("tools", {})[db] = tool_latency(db, repeat)


def targets(results: dict, fresh_words: int) -> None:
    """The speed issue's targets, each with the figure of this run."""
    fresh = results.pop("fresh", {})
    results.pop("postgres", None)
    pages = results.pop("pages", {})
    tools = results.pop("tools", {})

    def nearest(size: int) -> int | None:
        sizes = [n for n in results if 0.5 * size <= n <= 2 * size]
        return min(sizes, key=lambda n: abs(n - size)) if sizes else None

    print("\n== targets (ratios measured in this run)")
    lines = []
    if (n := nearest(25_000)) is not None:
        f = results[n]
        lines.append(
            (f"adding {f['add']:,} papers to {n:,}", f"{f['add_ratio']:.3f}x cold", "<= 0.05x", f["add_ratio"] <= 0.05)
        )
    if (n := nearest(250_000)) is not None:
        f = results[n]
        lines.append(
            (f"adding {f['add']:,} papers to {n:,}", f"{f['add_ratio']:.3f}x cold", "<= 0.1x", f["add_ratio"] <= 0.1)
        )
        lines.append(
            (f"evolution's share of a cold {n:,}", f"{f['evolution']:.3f}x cold", "<= 0.2x", f["evolution"] <= 0.2)
        )
        rate, floor = n / f["cold"], 2_500 if fresh_words else 3_000
        lines.append((f"cold load of {n:,}", f"{rate:,.0f} papers/s", f">= {floor:,}", rate >= floor))
    for n, (seconds, pss) in sorted(fresh.items()):
        rate = n / seconds
        lines.append((f"cold load of {n:,}, 10 fresh words", f"{rate:,.0f} papers/s", ">= 2,500", rate >= 2_500))
        lines.append((f"peak memory at {n:,}, fresh words", f"{pss:.0f} MB", "<= 300 MB", pss <= 300))
    if (n := nearest(2_600)) is not None and "plain_ratio" in results[n]:
        f = results[n]
        lines.append(
            (f"cold load of {n:,} vs sqlite-utils", f"{f['plain_ratio']:.1f}x", "<= 4x", f["plain_ratio"] <= 4)
        )
    for n, f in sorted(results.items()):
        lines.append((f"peak memory at {n:,}", f"{f['pss']:.0f} MB", "<= 300 MB", f["pss"] <= 300))
        lines.append((f"no-op re-run at {n:,}", f"{f['noop']:.2f}x cold", "<= 0.35x", f["noop"] <= 0.35))
        if "facets_ms" in f:
            lines.append(
                (f"papers page + facets at {n:,}", f"{f['facets_ms']:.0f} ms", "<= 500 ms", f["facets_ms"] <= 500)
            )
    for db, f in pages.items():
        name = Path(db).name if Path(db).name != "papers.db" else str(Path(db).parent.name) + "/papers.db"
        lines.append((f"{f['pages']} pages of {name}, p50", f"{f['p50'] * 1000:.0f} ms", "(none)", True))
        lines.append((f"{f['pages']} pages of {name}, p95", f"{f['p95'] * 1000:.0f} ms", "<= 500 ms", f["p95"] <= 0.5))
        lines.append((f"slowest page of {name}", f"{f['max'] * 1000:.0f} ms", "<= 1000 ms", f["max"] <= 1.0))
    for db, by_tool in tools.items():
        name = Path(db).name if Path(db).name != "papers.db" else str(Path(db).parent.name) + "/papers.db"
        for tool, f in by_tool.items():
            lines.append((f"MCP {tool} on {name}, p95", f"{f['p95'] * 1000:.0f} ms", "<= 500 ms", f["p95"] <= 0.5))
    for what, figure, target, met in lines:
        print(f"  {what:<40} {figure:>16}  target {target:<10} {'met' if met else 'MISSED'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--papers",
        help="corpus sizes, comma-separated [2600,25000,250000: every target of the speed issue;"
        " none with --catalogue or --memory-curve]",
    )
    parser.add_argument(
        "--catalogue",
        metavar="DIR",
        type=Path,
        help="load the paperlists catalogue in DIR beside a plain indexer (json.load, inserts, FTS5);"
        " print time, database size and peak memory as ratios",
    )
    parser.add_argument(
        "--edit-cost",
        metavar="DIR",
        type=Path,
        help="copy the ICLR, ICML, NeurIPS and CoRL files of the catalogue in DIR, load them, edit two and"
        " remove one (seeded), and print the time and peak memory of `load --prune` against a cold load",
    )
    parser.add_argument(
        "--memory-curve",
        metavar="FILE",
        type=Path,
        help="load the first records of a JSON-lines file (--records) and print how the peak memory grows"
        " (a missing FILE is written first: as many synthetic records as the largest of --records, their words"
        " drawn as the catalogue's are: scripts/synthetic_records.py)",
    )
    parser.add_argument(
        "--records",
        default="250000,500000,1000000,2000000",
        help="records of --memory-curve's file to load, comma-separated [250000,500000,1000000,2000000]",
    )
    parser.add_argument(
        "--every",
        type=int,
        default=0,
        metavar="N",
        help="with --memory-curve: also print the loading process's memory every N records of each load and"
        " its peak in each step after the files (a curve from one load; written to KEEP/curve.log as it goes)",
    )
    parser.add_argument("--keep", help="directory to keep the corpora and databases in")
    parser.add_argument("--no-datasette", action="store_true", help="skip the Datasette latency")
    parser.add_argument(
        "--keyword-cost",
        action="store_true",
        help=f"also time a load without keywords above {KEYWORD_COST_MAX:,} papers",
    )
    parser.add_argument("--repeat", type=int, default=1, help="cold loads to time; the best is reported [1]")
    parser.add_argument(
        "--add", type=int, default=0, help="new papers to add to each database [19 up to 30,000 papers, else 1.04 %%]"
    )
    parser.add_argument(
        "--no-fresh",
        action="store_true",
        help="skip the extra cold load of the largest corpus (200,000 papers or more) with 10 fresh words each",
    )
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="also load the largest corpus into this PostgreSQL database (emptied first), beside SQLite;"
        " `throwaway` starts a server of its own (tests/postgres.py)",
    )
    parser.add_argument(
        "--fresh-words",
        type=int,
        default=0,
        metavar="K",
        help="replace K words of each copy by words of its own: a growing vocabulary [0]",
    )
    parser.add_argument(
        "--pages",
        nargs="+",
        metavar="DB",
        default=[],
        help="also time every page one click from the database page and three paper pages of these"
        " databases (scripts/pages.py; e.g. the whole catalogue: paperdb load /work/data/paperlists-catalogue)",
    )
    parser.add_argument("--pages-only", action="store_true", help="only the --pages databases, no synthetic corpus")
    parser.add_argument(
        "--stalls",
        action="store_true",
        help="the home page's latency while hostile requests run on a real server (scripts/isolation.py)",
    )
    parser.add_argument("--page-repeat", type=int, default=3, help="fetches of each page; the median counts [3]")
    parser.add_argument(
        "--reviews",
        nargs="+",
        metavar="DB",
        default=[],
        help="time the reviews' views, canned queries and charts and a page's reading lists on these databases"
        " (scripts/reviews_bench.py; issue 39: each view at most 0.5 s on the whole catalogue)",
    )
    args = parser.parse_args()
    only = args.catalogue or args.edit_cost or args.memory_curve or args.pages_only or args.stalls or args.reviews
    papers = args.papers or ("" if only else "2600,25000,250000")
    sizes = [int(size.replace("_", "")) for size in papers.split(",") if size]

    work = Path(args.keep or tempfile.mkdtemp(prefix="paperdb-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, {sys.platform}")
    if args.catalogue:
        catalogue_cost(args.catalogue, work)
    if args.edit_cost:
        edit_cost(args.edit_cost, work)
    if args.memory_curve:
        if not args.memory_curve.exists():
            write_records(args.memory_curve, max(int(n.replace("_", "")) for n in args.records.split(",")))
        memory_curve(args.memory_curve, [int(n.replace("_", "")) for n in args.records.split(",")], work, args.every)
    if args.stalls:
        stalls(work)
    results: dict = {}
    for n in sizes:
        bench_size(n, args, work, results)
    if sizes and not args.fresh_words and not args.no_fresh and max(sizes) >= 200_000:
        fresh_vocabulary(max(sizes), work, results)
    if sizes and args.postgres:
        on_postgres(args.postgres, max(sizes), work, results)
    page_latencies(args.pages, args.page_repeat, results)
    for db in args.reviews:
        from reviews_bench import reviews_latency  # (scripts/reviews_bench.py, beside this script)

        print(f"\n== reviews of {db}")
        reviews_latency(db, args.page_repeat)
    if sizes or results:
        targets(results, args.fresh_words)
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()

"""Whether one slow request delays the pages of others: the home page's latency while hostile
requests run against a real `paperdb serve` (issue 41; scripts/benchmark.py `--stalls`).

    .venv/bin/python scripts/isolation.py [--keep DIR] [--limit 150]

The database is the bundled listings and one paper "A note on a" whose abstract is 99,000
characters of `a.a.a.…` (within the 100,000-character limit: 49,500 words `a`). Each case starts its requests
in threads, then fetches the home page every 0.1 s until they are answered (or `--limit` seconds
have passed), and prints how long they took, their status, and the home page's median and
slowest latency meanwhile, beside the home page's on an idle server. It is not a test: the
numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

LONG_ABSTRACT = "a." * 49_500  # 99,000 characters: one word `a` 49,500 times
PROBE_EVERY_S = 0.1


def build(work: Path) -> str:
    """A database of the bundled listings and the one long abstract; returns its path."""
    db = work / "isolation.db"
    if db.exists():
        return str(db)
    record = {"title": "A note on a", "abstract": LONG_ABSTRACT, "venue": "ICML", "year": 2024}
    extra = work / "long.jsonl"
    extra.write_text(json.dumps(record) + "\n", encoding="utf-8")
    for paths in ([], [str(extra)]):  # (no path: the bundled listings)
        subprocess.run([sys.executable, "-m", "etl", "load", *paths, "--db", str(db)], check=True)
    return str(db)


def serve(db: str) -> tuple[subprocess.Popen, str]:
    """`paperdb serve` on a port of the system's choosing; the server and its address."""
    server = subprocess.Popen(
        [sys.executable, "-m", "etl", "serve", "--db", db, "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    line = server.stdout.readline()  # `paperdb: serving <db> at <url>` once it is serving
    if " at " not in line:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, line.rsplit(" at ", 1)[1].strip().rstrip("/")


def fetch(base: str, path: str, limit: float) -> tuple[float, str]:
    """(seconds, status) of one GET; the status is `timeout` past `limit` seconds."""
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=limit)
    started = time.perf_counter()
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        status = str(response.status)
    except TimeoutError:
        status = "timeout"
    finally:
        conn.close()
    return time.perf_counter() - started, status


def during(base: str, paths: list[str], limit: float) -> tuple[list[tuple[float, str]], list[float]]:
    """The (seconds, status) of `paths`, fetched at once, and the home page's latencies meanwhile."""
    answers: list[tuple[float, str]] = [(0.0, "")] * len(paths)

    def run(i: int, path: str) -> None:
        answers[i] = fetch(base, path, limit)

    threads = [threading.Thread(target=run, args=(i, p), daemon=True) for i, p in enumerate(paths)]
    for thread in threads:
        thread.start()
    probes = []
    while any(t.is_alive() for t in threads):
        seconds, _ = fetch(base, "/", limit)
        probes.append(seconds)
        time.sleep(PROBE_EVERY_S)
    return answers, probes


def cases() -> list[tuple[str, list[str]]]:
    filters = "&".join(f"a{i}={i}" for i in range(5000))
    snippet = (
        "select snippet(papers_fts_words, 1, '[', ']', '…', 32) from papers_fts_words where papers_fts_words match 'a'"
    )
    slow_sql = "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c"
    return [
        ("papers list, 5,000 unknown-column filters (a 53 KB URL)", [f"/papers/papers?{filters}"]),
        ("ranked search ?q=a (one 99,000-character abstract)", ["/papers/search?q=a"]),
        ("four such searches at once", ["/papers/search?q=a"] * 4),
        ("?sql=select snippet(...) over that abstract", ["/papers.json?sql=" + quote(snippet)]),
        ("?sql= counting without end (the 5 s time limit)", ["/papers.json?sql=" + quote(slow_sql)]),
    ]


def stalls(work: Path, limit: float = 150.0, only: str = "") -> list[dict]:
    """Print, for each case, its requests' time and status and the home page's latency meanwhile
    (each case on a server of its own: a request the client gave up on may still hold the last)."""
    db = build(work)
    server, base = serve(db)
    try:
        idle = [fetch(base, "/", limit)[0] for _ in range(10)]
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(
        f"home page on an idle server: median {statistics.median(idle) * 1000:.0f} ms, slowest {max(idle) * 1000:.0f} ms"
    )
    results = []
    for what, paths in cases():
        if only not in what:
            continue
        server, base = serve(db)
        try:
            fetch(base, "/", limit)  # (the first page of a server warms its caches)
            answers, probes = during(base, paths, limit)
        finally:
            server.kill()  # (at once: it may be busy with a request past the limit)
            server.wait(timeout=30)
        took = ", ".join(f"{s:.1f} s ({status})" for s, status in answers)
        home = (
            f"median {statistics.median(probes) * 1000:.0f} ms, slowest {max(probes) * 1000:.0f} ms" if probes else "-"
        )
        print(f"  {what}: {took}; home page meanwhile: {home} ({len(probes)} fetches)", flush=True)
        results.append({"case": what, "answers": answers, "home": probes})
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", help="directory to keep the database in")
    parser.add_argument("--limit", type=float, default=150.0, help="seconds to wait for one request [150]")
    parser.add_argument("--only", default="", help="only the cases whose description holds this text")
    args = parser.parse_args()
    work = Path(args.keep or tempfile.mkdtemp(prefix="paperdb-isolation-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    stalls(work, args.limit, args.only)


if __name__ == "__main__":
    main()

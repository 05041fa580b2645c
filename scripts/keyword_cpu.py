"""The keyword workers' CPU a paper, and their output, on a sample of a loaded database's papers:
extraction (`Extraction.extract`, a worker's first pass) and ranking (`rank_spilled`, its
second) timed apart, each repetition in a freshly forked process (a worker's caches start cold),
best of `--repeat`; `--dump FILE` writes every sampled paper's ranked keywords (labels, kinds,
scores, aliases, in rank order) and `--compare A B` tells whether two dumps agree (scores to 1e-9).

With `--against DIR` (a directory holding another version's `etl` package, e.g. `git archive
main etl | tar -x -C DIR`) each repetition runs that version and this one in turn (which goes
first alternates), each in its own forked process, and prints both, their ratio and whether
every paper's keywords agree: on a machine other sessions share, runs minutes apart differ by
more than a change does; runs side by side share the same contention.

Run it with the code to measure (`.venv/bin/python`, or another checkout's, whose `etl` is then
imported), against a database a load made (its papers, statistics and author keywords):

    .venv/bin/python scripts/keyword_cpu.py /tmp/bench5/catalogue.db --every 22 --dump /tmp/k.json
    .venv/bin/python scripts/keyword_cpu.py --compare /tmp/main.json /tmp/k.json
    .venv/bin/python scripts/keyword_cpu.py /tmp/bench5/catalogue.db --against /tmp/main-src --repeat 6
"""

from __future__ import annotations

import argparse
import gc
import inspect
import io
import json
import multiprocessing
import sqlite3
import sys
import time
from pathlib import Path


def sample(db: str, every: int) -> tuple[list, list, int, dict, dict, dict]:
    """(papers as a load feeds them, the df pairs, n, meanings, author choices, own author keys)."""
    from etl.extract.keywords import author_keys

    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = con.execute(
        "SELECT id, coalesce(abstract_clean, abstract), title, author_keywords FROM papers ORDER BY id"
    ).fetchall()
    papers, own = [], {}
    for i, (pid, abstract, title, chosen) in enumerate(rows):
        if i % every:
            continue
        papers.append((pid, abstract if abstract is not None else (title or ""), title))
        keys = {k for label in json.loads(chosen or "[]") for k in author_keys(label)}
        if keys:
            own[pid] = tuple(sorted(keys))
    pairs, authors = [], {}
    for term, count in con.execute("SELECT term, papers FROM keyword_stats ORDER BY term"):
        if term.startswith("author:"):
            authors[term[len("author:") :]] = count
        else:
            pairs.append((term, count))
    n = con.execute("SELECT papers FROM keyword_scoring WHERE id = 1").fetchone()[0]
    meanings: dict = {}
    for short, key, label, defining in con.execute("SELECT short, keyword, label, papers FROM keyword_meanings"):
        meanings.setdefault(short, {})[key] = (label, defining)
    return papers, pairs, n, meanings, authors, own


def _run(papers, taxonomy, corpus, stored, out, other=None) -> None:
    """In a forked process: extract every chunk of 200 papers as a worker does, then rank them.
    With `other` (a directory), with the `etl` package there: its rules, counts and taxonomy made
    first, untimed, from `corpus` as (pairs, n, meanings) and `stored` as a tuple."""
    if other is not None:
        for name in [name for name in sys.modules if name == "etl" or name.startswith("etl.")]:
            del sys.modules[name]
        sys.path.insert(0, other)
        taxonomy, corpus, stored = _made(corpus, stored)
    from etl.extract.corpus.counts import Extraction, rank_spilled

    gc.disable()  # (as in a worker)
    spills = []
    start = time.process_time()
    for i in range(0, len(papers), 200):
        spill = io.BytesIO()
        share = Extraction(taxonomy, spill)
        share.extract(papers[i : i + 200])
        _, _, pairs = share.counts(in_order=False)
        list(pairs)
        spills.append(spill.getvalue())
    extracted = time.process_time() - start
    start = time.process_time()
    # (a tree before the titles' topics ranks without the taxonomy)
    more = (taxonomy,) if len(inspect.signature(rank_spilled).parameters) > 5 else ()
    ranked = [pair for records in spills for pair in rank_spilled(io.BytesIO(records), *corpus, stored, *more)]
    out.send((extracted, time.process_time() - start, ranked))


def _made(corpus: tuple, stored: tuple) -> tuple:
    """(taxonomy, corpus counts, stored choices) as the `etl` package imported now makes them."""
    from etl.extract.corpus.counts import Stored
    from etl.extract.corpus.frequencies import KeyCounts
    from etl.extract.keywords import meanings as rules
    from etl.extract.keywords import taxonomy_path
    from etl.load.taxonomy import load_taxonomy

    pairs, n, meanings = corpus
    if not hasattr(rules, "FIELD_WIDE"):  # (a version before kw11, issue #36, takes labels alone)
        meanings = {short: {key: label for key, (label, _) in keys.items()} for short, keys in meanings.items()}
    return load_taxonomy(taxonomy_path()), (KeyCounts(pairs), n, meanings), Stored(*stored)


def measure(args) -> int:
    papers, pairs, n, meanings, authors, own = sample(args.db, args.every)
    versions = {"other": args.against, "this": None} if args.against else {"this": None}
    made = _made((pairs, n, meanings), ({}, authors, own))
    if not args.against:
        del pairs
    context = multiprocessing.get_context("fork")
    best = {name: [float("inf"), float("inf")] for name in versions}
    ranked: dict = {}
    for i in range(args.repeat):
        # (the order alternates: what runs second after a fork is not favoured)
        for name in list(versions)[:: 1 if i % 2 == 0 else -1]:
            other = versions[name]
            mine, theirs = context.Pipe()
            given = ((pairs, n, meanings), ({}, authors, own)) if other else (made[1], made[2])
            taxonomy = None if other else made[0]
            worker = context.Process(target=_run, args=(papers, taxonomy, *given, theirs, other))
            worker.start()
            theirs.close()  # (a worker that fails ends the pipe: `recv` raises rather than waits)
            extracted, rank_s, ranked[name] = mine.recv()
            worker.join()
            best[name] = [min(best[name][0], extracted), min(best[name][1], rank_s)]
    per = 1000 / len(papers)
    for name, (best_x, best_r) in best.items():
        label = f"{name} ({versions[name]})" if versions[name] else name
        print(
            f"{label}: {len(papers)} papers: extraction {best_x:.2f} s ({best_x * per:.3f} ms a paper), ranking "
            f"{best_r:.2f} s ({best_r * per:.3f} ms), together {(best_x + best_r) * per:.3f} ms a paper "
            f"(CPU, best of {args.repeat})"
        )
    if args.against:
        (ox, o_r), (tx, tr) = best["other"], best["this"]
        differ = _differing(_rows(ranked["other"]), _rows(ranked["this"]))
        print(
            f"this / other: extraction {tx / ox:.3f}, ranking {tr / o_r:.3f}, together {(tx + tr) / (ox + o_r):.3f}; "
            f"{len(differ)} papers' keywords differ" + (f", e.g. {differ[:5]}" if differ else "")
        )
    if args.dump:
        Path(args.dump).write_text(json.dumps(_rows(ranked["this"]), sort_keys=True), encoding="utf-8")
    return 0


def _rows(ranked: list) -> dict:
    """Each paper's ranked keywords as the dump holds them (JSON's types: the same whichever way they came)."""
    rows = {pid: [[k.normalised, k.label, k.kind, k.score, list(k.aliases)] for k in kws] for pid, kws in ranked}
    return json.loads(json.dumps(rows))


def compare(a: str, b: str) -> int:
    """Whether two dumps hold the same keywords, in the same order, scores to 1e-9."""
    one, two = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (a, b))
    differ = _differing(one, two)
    print(f"{len(one)} and {len(two)} papers; {len(differ)} differ" + (f", e.g. {differ[:5]}" if differ else ""))
    return 1 if differ else 0


def _differing(one: dict, two: dict) -> list:
    return [pid for pid in sorted(set(one) | set(two)) if not _same(one.get(pid), two.get(pid))]


def _same(x, y) -> bool:
    if x is None or y is None or len(x) != len(y):
        return False
    return all(p[:3] == q[:3] and abs(p[3] - q[3]) <= 1e-9 and p[4] == q[4] for p, q in zip(x, y, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", nargs="?")
    parser.add_argument("--every", type=int, default=22, help="every Nth paper (by id)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dump")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"))
    parser.add_argument("--against", metavar="DIR", help="a directory holding another version's etl package")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    return measure(args)


if __name__ == "__main__":
    sys.exit(main())

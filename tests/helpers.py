"""Test helpers: small abstracts modelled on real ones, listing builders, database readers, the
command line as a subprocess."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

# Abstracts modelled on real ICML 2024 ones (shortened): a link, an acronym, emphasis, LaTeX.
ABSTRACT_QUIP = (
    "Post-training quantization (PTQ) reduces the memory footprint of LLMs by quantizing their"
    " weights to low-precision. In this work, we introduce QuIP#, a weight-only PTQ method that"
    " achieves state-of-the-art results in extreme compression regimes ($\\le$ 4 bits per weight)"
    " using lattice codebooks. Our code can be found at https://github.com/Cornell-RelaxML/quip-sharp."
)
ABSTRACT_ZKAUDIT = (
    "We do this by designing a protocol called ZkAudit in which model providers publish"
    " cryptographic commitments of datasets and model weights, alongside a zero-knowledge proof"
    " (ZKP) certifying that published commitments are derived from training the model."
)
ABSTRACT_GNN = (
    "Graph neural networks (GNNs) are *widely* used for molecular property prediction. We study"
    " their expressive power and propose a simple positional encoding with provable guarantees."
)


def listing_text(*abstracts: str, header: str = "ICML 2024 Papers") -> str:
    return header + "\n\n" + "\n\n".join(abstracts) + "\n"


def rows(db: str, sql: str, params=()) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def dump(db: str) -> dict[str, list[tuple]]:
    """Every row of every table except the run log: for comparing whole databases."""
    con = sqlite3.connect(db)
    try:
        tables = [
            name
            for (name,) in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                " AND name NOT LIKE 'papers_fts_%' ORDER BY name"
            )
        ]
        return {t: sorted(map(repr, con.execute(f'SELECT * FROM "{t}"'))) for t in tables if t != "etl_runs"}
    finally:
        con.close()


def build_demo_db(directory, *abstracts: str, events: int = 0, paperlists: int = 0) -> str:
    """A database of the bundled listings plus a listing of `abstracts` and, if asked, an ICML
    events export of the first `events` seed abstracts and a paperlists export (`iclr2024.json`)
    of the `paperlists` seed abstracts after them; returns its path."""
    from etl.load import load
    from tests.exports import events_json, paperlists_json, seed_abstracts

    db_file = str(directory / "papers.db")
    extra = [directory / "extra.txt"]
    extra[0].write_text(listing_text(*abstracts), encoding="utf-8")
    if events:
        extra.append(directory / "events.json")
        extra[1].write_text(events_json(seed_abstracts(events)), encoding="utf-8")
    if paperlists:
        extra.append(directory / "iclr2024.json")
        extra[-1].write_text(paperlists_json(seed_abstracts(events + paperlists)[events:]), encoding="utf-8")
    load(db_file)
    load(db_file, [str(p) for p in extra])
    return db_file


def run(target: str, fn, *args):
    """`fn(connection, *args)` in one write transaction on `target` (a SQLite file or a server's URL)."""
    from etl.store.engine import make_engine, transaction

    engine = make_engine(target)
    try:
        with transaction(engine) as conn:
            return fn(conn, *args)
    finally:
        engine.dispose()


def paperdb(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """`paperdb ARGS` in a subprocess (text output), killed after `timeout` seconds: a hang fails
    the test instead of the suite."""
    return subprocess.run(
        [sys.executable, "-m", "etl", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, **(env or {})),
    )

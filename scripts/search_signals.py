"""Measure re-rankings of the `search` query's results against the authors' own keywords.

    .venv/bin/python scripts/search_signals.py DB JSON [DB JSON ...]

Each DB is a paperlists venue loaded WITHOUT its `keywords` field, JSON the venue's file with it
(as for ../shared/tools/search_eval.py, whose queries, relevance and exact-word rule this
follows: every author keyword that at least 3 papers list is a query, the papers that list it are
relevant). The results of queries/search.sql are taken with their tier, place and resemblance;
tiers 1 and 2 (the papers with every word) are re-ordered by each signal, the rest left as they
are, so the exact-word share moves only within the words' matches. Printed per venue: relevant
papers in the top 10 summed over the queries (P@10 x queries x 10) for plain FTS5 (Porter, title
+ abstract, bm25), the search as it is, a random order of tiers 1 and 2 (expected), the best
order of the results shown, and each re-ranking; last, the mean P@10 ratio over plain FTS5.
The re-rankings are those measured on branch search6 (docs/browsing.md), with the weights chosen
on the six tuning venues:

- topic: + 0.05 x the cosine of the paper's topic vector and the query words' rows of the topic
  basis (`similar_terms.topic`): how much the paper is about what the words are about;
- feedback: + 0.2 x the cosine of the paper's topic vector and the mean of the first five
  results' (pseudo-relevance feedback in the topic space);
- dense: the resemblance over every pair of results, not only the pairs in each other's ten
  similar papers: + 0.08 x 10 x the mean of its similarities of at least 0.4 to the other results
  (similar_papers' measure, from similar_vectors), in place of the listed resemblance.
"""

from __future__ import annotations

import itertools
import json
import re
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from etl.store.functions import register

ROOT = Path(__file__).resolve().parents[1]
MIN_PAPERS = 3
Result = dict[str, float | int | str]
Rank = Callable[["Venue", str], list[str]]


def _query(keyword: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", keyword.lower().replace("-", " ")))


def _forms(word: str) -> str:  # the tool's exact-word rule: as written, singular or plural
    stem = word[:-2] if word.endswith("es") else word[:-1] if word.endswith("s") else word
    return r"\b(?:" + "|".join(re.escape(x) for x in {word, stem, stem + "s", stem + "es"}) + r")\b"


def _pool_sql() -> str:
    """queries/search.sql with each result's tier, place and resemblance, in its own order."""
    sql = (ROOT / "queries" / "search.sql").read_text(encoding="utf-8")
    sql = "\n".join(line for line in sql.splitlines() if not line.lstrip().startswith("--"))
    head, order = sql[: sql.rindex("SELECT p.id, p.title")], sql[sql.rindex("ORDER BY") :]
    return head + (
        "SELECT p.id, r.tier, r.position, coalesce(m.score, 0) FROM ranked r JOIN papers p ON p.pk = r.pk"
        " LEFT JOIN resemblance m ON m.pk = r.pk " + order
    )


def _vector(blob: bytes | None, kind: str) -> np.ndarray:
    return np.frombuffer(blob or b"", dtype=kind)


class Venue:
    """One venue's database, its queries and relevant papers, and the search's results."""

    def __init__(self, db: str, listing: str) -> None:
        con = register(sqlite3.connect(f"file:{db}?mode=ro", uri=True))
        space = re.compile(r"\s+")
        by_abstract = {space.sub(" ", a).strip(): i for i, a in con.execute("SELECT id, abstract FROM papers")}
        self.relevant: dict[str, set[str]] = {}
        for record in json.loads(Path(listing).read_text(encoding="utf-8")):
            pid = by_abstract.get(space.sub(" ", record.get("abstract") or "").strip())
            keywords = record.get("keywords") or ""
            for keyword in re.split(r"[;,]", ";".join(map(str, keywords)) if isinstance(keywords, list) else keywords):
                if pid and len(q := _query(keyword)) > 2:
                    self.relevant.setdefault(q, set()).add(pid)
        self.queries = sorted(q for q, papers in self.relevant.items() if len(papers) >= MIN_PAPERS)
        rows = con.execute("SELECT id, coalesce(title, ''), coalesce(abstract, '') FROM papers").fetchall()
        self.text = {pid: f"{title} {abstract}".lower() for pid, title, abstract in rows}
        sql = _pool_sql()
        self.results = {
            q: [
                dict(zip(("id", "tier", "position", "resemblance"), r, strict=True)) for r in con.execute(sql, {"q": q})
            ]
            for q in self.queries
        }
        self.terms: dict[str, dict[int, float]] = {}
        self.topic: dict[str, np.ndarray] = {}
        for pid, terms, weights, topic in con.execute("SELECT paper_id, terms, weights, topic FROM similar_vectors"):
            self.terms[pid] = dict(zip(_vector(terms, "<u4").tolist(), _vector(weights, "<f4").tolist(), strict=True))
            self.topic[pid] = _vector(topic, "<f4")
        self.term_topic = {t: _vector(b, "<f4") for t, b in con.execute("SELECT term, topic FROM similar_terms")}
        anchor = sqlite3.connect(":memory:")
        anchor.execute("CREATE VIRTUAL TABLE f USING fts5(pid UNINDEXED, title, abstract, tokenize='porter unicode61')")
        anchor.executemany("INSERT INTO f VALUES (?, ?, ?)", rows)
        self.plain = {
            q: [
                r[0]
                for r in anchor.execute(
                    "SELECT pid FROM f WHERE f MATCH ? ORDER BY bm25(f) LIMIT 10",
                    (" ".join(f'"{w}"' for w in q.split()),),
                )
            ]
            for q in self.queries
        }

    def hits(self, rank: Rank) -> tuple[int, float]:
        """Relevant papers in the top 10 over all queries, and the mean exact-word share."""
        found, shares = 0, []
        for q in self.queries:
            top = rank(self, q)[:10]
            found += sum(p in self.relevant[q] for p in top)
            if top:
                shares.append(sum(all(re.search(_forms(w), self.text[p]) for w in q.split()) for p in top) / len(top))
        return found, float(np.mean(shares)) if shares else 1.0

    def similarity(self, a: str, b: str) -> float:
        """similar_papers' measure: the TF-IDF cosine plus half the topic cosine."""
        x, y = sorted((self.terms.get(a, {}), self.terms.get(b, {})), key=len)
        s = sum(w * y.get(t, 0.0) for t, w in x.items())
        ta, tb = self.topic.get(a), self.topic.get(b)
        return s + (0.5 * float(ta @ tb) if ta is not None and tb is not None and len(ta) and len(tb) else 0.0)


def _cosine(vector: np.ndarray | None, towards: np.ndarray) -> float:
    norm = float(np.linalg.norm(towards))
    return float(vector @ towards) / norm if vector is not None and len(vector) and norm else 0.0


def reranked(score: Callable[[Venue, str, list[Result]], dict[str, float]]) -> Rank:
    """Tiers 1 and 2 in the order of `score` (their tier first), the other tiers as they are."""

    def rank(venue: Venue, q: str) -> list[str]:
        words = [r for r in venue.results[q] if int(r["tier"]) <= 2]
        scores = score(venue, q, words)
        ordered = sorted(words, key=lambda r: (int(r["tier"]), -scores[str(r["id"])]))
        return [str(r["id"]) for r in ordered + venue.results[q][len(words) :]]

    return rank


def _place(r: Result) -> float:
    return 10.0 / (9 + int(r["position"]))


def topic(venue: Venue, q: str, words: list[Result]) -> dict[str, float]:
    typed = q.split()  # each word as a term (as written or singular), each pair of words, the keyword
    terms = [
        next((f for f in (w, w.removesuffix("s"), w.removesuffix("es")) if f in venue.term_topic), "") for w in typed
    ]
    terms += [f"{a} {b}" for a, b in itertools.pairwise(typed)] + [f"={q}"]
    rows = [venue.term_topic[t] for t in terms if len(venue.term_topic.get(t, ()))]
    towards = np.sum(rows, axis=0) if rows else np.zeros(1)
    return {
        str(r["id"]): _place(r)
        + 0.04 * float(r["resemblance"])
        + 0.05 * _cosine(venue.topic.get(str(r["id"])), towards)
        for r in words
    }


def feedback(venue: Venue, q: str, words: list[Result]) -> dict[str, float]:
    first = [venue.topic[str(r["id"])] for r in words[:5] if len(venue.topic.get(str(r["id"]), ()))]
    towards = np.sum(first, axis=0) if first else np.zeros(1)
    return {
        str(r["id"]): _place(r) + 0.04 * float(r["resemblance"]) + 0.2 * _cosine(venue.topic.get(str(r["id"])), towards)
        for r in words
    }


def dense(venue: Venue, q: str, words: list[Result]) -> dict[str, float]:
    ids = [str(r["id"]) for r in words]
    out = {}
    for r, pid in zip(words, ids, strict=True):
        near = [s for other in ids if other != pid and (s := venue.similarity(pid, other)) >= 0.4]
        out[pid] = _place(r) + 0.08 * 10 * sum(near) / max(len(ids) - 1, 1)
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2 or len(argv) % 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    ranks: dict[str, Rank] = {
        "search": lambda v, q: [str(r["id"]) for r in v.results[q]],
        "topic": reranked(topic),
        "feedback": reranked(feedback),
        "dense": reranked(dense),
    }
    ratios: dict[str, list[float]] = {name: [] for name in ranks}
    for db, listing in zip(argv[::2], argv[1::2], strict=True):
        venue = Venue(db, listing)
        plain = sum(sum(p in venue.relevant[q] for p in venue.plain[q]) for q in venue.queries)
        chance = best = 0.0
        for q in venue.queries:
            results, relevant = venue.results[q], venue.relevant[q]
            words = [r for r in results if int(r["tier"]) <= 2]
            shown = min(10, len(words))
            chance += shown * sum(r["id"] in relevant for r in words) / len(words) if words else 0
            chance += sum(r["id"] in relevant for r in results[len(words) : len(words) + 10 - shown])
            best += min(10, sum(r["id"] in relevant for r in results))
        line = [f"{Path(db).stem}: {len(venue.queries)} queries, plain {plain}, random {chance:.0f}, best {best:.0f}"]
        for name, rank in ranks.items():
            found, exact = venue.hits(rank)
            ratios[name].append(found / plain if plain else 1.0)
            line.append(f"{name} {found} (x{found / plain if plain else 1:.3f}, exact {exact:.3f})")
        print("; ".join(line), flush=True)
    print("mean P@10 ratio over plain FTS5: " + ", ".join(f"{n} x{np.mean(r):.3f}" for n, r in ratios.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Keywords for a whole corpus: extraction spread over the CPU cores, ranking against corpus
frequencies, acronym merging and the distinct-keyword table; pure (no database)."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from .keywords import Keyword, count_document_frequencies, extract_terms, normalise_keyword, rank_keywords
from .topics import Taxonomy

PARALLEL_MIN = 1000  # papers from which the work is spread over worker processes


KIND_ORDER = {"method": 0, "acronym": 1, "topic": 2, "phrase": 3}
FACET_KEYWORDS = 10  # keyword labels copied to papers.keywords


@dataclass(frozen=True, slots=True)
class CorpusKeywords:
    """Ranked keywords of every paper, and the distinct keywords they share."""

    by_paper: dict[str, list[Keyword]]
    keywords: dict[str, tuple[str, str, int]]  # normalised -> (label, kind, papers)
    aliases: dict[str, set[str]]  # normalised keyword -> its aliases as written


def _most_common(counts: Mapping[str, int], order=lambda value: value) -> str:
    return min(counts, key=lambda value: (-counts[value], order(value)))


def _rank_slice(papers: list[tuple[str, str]], taxonomy: Taxonomy, send, receive) -> list[tuple[str, list[Keyword]]]:
    """Extract terms of a slice of the corpus, report its document frequencies through `send`,
    wait for the whole corpus's through `receive`, then rank the slice."""
    terms = [(pid, extract_terms(abstract, taxonomy)) for pid, abstract in papers]
    send(count_document_frequencies(t for _, t in terms))
    df, n = receive()
    return [(pid, rank_keywords(t, df, n)) for pid, t in terms]


def _worker(connection, papers: list[tuple[str, str]], taxonomy: Taxonomy) -> None:
    connection.send(_rank_slice(papers, taxonomy, connection.send, connection.recv))
    connection.close()


def _merge_frequencies(parts: Iterable[tuple[dict[str, int], int]]) -> tuple[dict[str, int], int]:
    total: dict[str, int] = {}
    n = 0
    for df, count in parts:
        n += count
        for key, value in df.items():
            total[key] = total.get(key, 0) + value
    return total, n


def rank_corpus(papers: list[tuple[str, str]], taxonomy: Taxonomy) -> list[tuple[str, list[Keyword]]]:
    """`(id, ranked keywords)` for every paper. A large corpus is split over one forked process
    per core: each extracts its slice and counts its frequencies, the parent adds them up and
    sends the totals back, each ranks its slice. The result is the same as in one process."""
    workers = min(os.cpu_count() or 1, 8)
    if len(papers) < PARALLEL_MIN or workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        box: list = []
        return _rank_slice(papers, taxonomy, box.append, lambda: box[0])
    context = multiprocessing.get_context("fork")
    size = -(-len(papers) // workers)
    pipes, processes = [], []
    for start in range(0, len(papers), size):
        parent, child = context.Pipe()
        process = context.Process(target=_worker, args=(child, papers[start : start + size], taxonomy), daemon=True)
        process.start()
        child.close()
        pipes.append(parent)
        processes.append(process)
    try:
        df, n = _merge_frequencies(pipe.recv() for pipe in pipes)
        # A paper's own terms count at least once, so ranking reads a missing key as 1: send
        # only the keys more than one paper shares.
        shared = ({key: count for key, count in df.items() if count > 1}, n)
        for pipe in pipes:
            pipe.send(shared)
        ranked = [item for pipe in pipes for item in pipe.recv()]
    except EOFError:
        raise RuntimeError("a keyword worker process died") from None
    finally:
        for process in processes:
            process.join(timeout=10)
    return ranked


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector: extraction builds many small containers that hold no
    reference cycles, and collecting them over and over costs a third of the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def corpus_keywords(papers: Iterable[tuple[str, str]], taxonomy: Taxonomy) -> CorpusKeywords:
    """Keywords for `(paper id, abstract)` pairs, ranked against the frequencies of the whole
    set. Deterministic: the same papers give the same keywords and scores, in any order."""
    with paused_gc():
        return _corpus_keywords(papers, taxonomy)


def _corpus_keywords(papers: Iterable[tuple[str, str]], taxonomy: Taxonomy) -> CorpusKeywords:
    by_paper = dict(sorted(rank_corpus(list(papers), taxonomy)))
    _merge_acronym_uses(by_paper)
    labels: dict[str, dict[str, int]] = {}
    kinds: dict[str, dict[str, int]] = {}
    aliases: dict[str, set[str]] = {}
    for ranked in by_paper.values():
        for k in ranked:
            label_counts = labels.setdefault(k.normalised, {})
            label_counts[k.label] = label_counts.get(k.label, 0) + 1
            kind_counts = kinds.setdefault(k.normalised, {})
            kind_counts[k.kind] = kind_counts.get(k.kind, 0) + 1
            if k.aliases:
                aliases.setdefault(k.normalised, set()).update(k.aliases)
    keywords = {
        key: (_most_common(labels[key]), _most_common(kinds[key], KIND_ORDER.get), sum(labels[key].values()))
        for key in labels
    }
    return CorpusKeywords(by_paper, keywords, aliases)


def _merge_acronym_uses(by_paper: dict[str, list[Keyword]]) -> None:
    """A phrase that is an acronym some paper defines (`LLMs`, defined elsewhere as `large language
    models (LLMs)`) becomes that keyword, when the acronym has one meaning in the corpus."""
    meanings: dict[str, dict[str, Keyword]] = {}
    for ranked in by_paper.values():
        for k in ranked:
            for alias in k.aliases:
                meanings.setdefault(normalise_keyword(alias), {}).setdefault(k.normalised, k)
    for pid, ranked in by_paper.items():
        present = {k.normalised for k in ranked}
        merged = []
        for k in ranked:
            targets = meanings.get(k.normalised) if k.kind == "phrase" else None
            if targets and len(targets) == 1:
                target = next(iter(targets.values()))
                if target.normalised in present:
                    continue
                k = Keyword(target.normalised, target.label, "acronym", k.score, (k.label,))
                present.add(k.normalised)
            merged.append(k)
        by_paper[pid] = merged


def facet_arrays(ranked: list[Keyword]) -> tuple[list[str], list[str]]:
    """(keyword labels, topic names) of one paper, best first, for papers.keywords and .topics."""
    labels = [k.label for k in ranked if k.kind != "topic"][:FACET_KEYWORDS]
    topics = [k.label for k in ranked if k.kind == "topic"]
    return labels, topics

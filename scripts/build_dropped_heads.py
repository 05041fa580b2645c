"""Regenerate etl/data/dropped_heads.txt: the heads authors drop from a term they choose.

    .venv/bin/python scripts/build_dropped_heads.py [CATALOGUE] [--hold-out colm2024,corl2023] [--output PATH]
    .venv/bin/python scripts/build_dropped_heads.py --check    # exit 1 unless the shipped file is what the inputs give

Where an abstract writes a term followed by a noun (`imitation learning framework`, `SLAM system`,
`diffusion model`, `robot manipulation`) and its authors choose one of the two as a keyword, they
chose either the term alone (`imitation learning`: the noun is a generic head) or the term with the
noun (`robot manipulation`: the noun is the term's own head). Over the papers of the catalogue with
the authors' free keywords and an abstract (`build_vocabulary.is_free`; the held-out venue-years
left out as there), each term another paper chooses too, followed in an abstract by a noun, counts
for that noun as a term whose head its authors keep (more of its papers choose the term with the
noun than without) or drop (more choose it without); a tie counts for neither. A noun is listed
where MIN_TERMS terms or more decide and authors keep it on at most MAX_KEPT of them: `framework`
(1 of 25), `algorithm` (0 of 16), `model` (4 of 16: `diffusion model`, `language model` kept;
`NeRF`, `normalizing flow` chosen alone), `system` (0 of 12), `problem`; not `learning` (5 of
10), `manipulation` (6 of 10), `navigation` (4 of 4), nor `agent` (0 of 3: too few decide). Words are compared singular, as keys are (`normalise_keyword`);
stop words and words the lexicon knows only as adjectives, adverbs or verbs are no heads.
A chip `SHORT head` beside the chip of the short form's long form says that chip again
(`meanings.restates_long_form`). Issue #36, round 13.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_vocabulary import HELD_OUT, is_free, venue_year  # noqa: E402
from catalogue import catalogue_files, held_out_command, held_out_text, save_data_file  # noqa: E402

from etl.extract.keywords import normalise_keyword  # noqa: E402
from etl.extract.keywords.normalise import singular  # noqa: E402
from etl.extract.keywords.restating import DROPPED_HEADS_FILE  # noqa: E402
from etl.extract.keywords.vocabulary import author_keys  # noqa: E402
from etl.extract.keywords.wordlists import NOT_NOUNS, STOP_WORDS, VERBS  # noqa: E402
from etl.sources.paperlists import split_keywords  # noqa: E402

MIN_TERMS = 5  # terms whose authors decide, for a noun to be judged
MAX_KEPT = 1 / 3  # the share of them that keep it, at most, for a noun to be a head authors drop
COLUMNS = "head\tterms keeping it\tterms dropping it"
_PUNCTUATION = re.compile(r"[^\w\s-]")

Words = tuple[str, ...]


def words_of(text: str) -> Words:
    """A text's words as keys have them, each singular (`SLAM systems` -> `slam system`)."""
    return tuple(singular(w) for w in normalise_keyword(text).split())


def _papers(files, held_out: set[str], read: list[tuple[str, str, str]]):
    """(chosen keys as words, abstract's words or None) of each paper with free keywords."""
    for name, content in files:
        digest = hashlib.sha256(content).hexdigest()
        if venue_year(name) in held_out:
            read.append((digest, "held-out", name))
            continue
        records = [r for r in json.loads(content) if isinstance(r, dict)]
        if not is_free(records):
            read.append((digest, "no-free-keywords", name))
            continue
        read.append((digest, "used", name))
        for record in records:
            keys = {
                words_of(key) for label in split_keywords(record.get("keywords") or "") for key in author_keys(label)
            }
            keys.discard(())
            if keys:
                abstract = " ".join(str(record.get("abstract") or "").split())
                yield keys, (words_of(_PUNCTUATION.sub(" , ", abstract)) if abstract else None)


def _is_head(word: str) -> bool:
    return word.isalpha() and word not in STOP_WORDS and word not in NOT_NOUNS and word not in VERBS


def count(files, held_out: set[str]) -> tuple[dict[str, tuple[int, int]], int, list[tuple[str, str, str]]]:
    """head -> (terms keeping it, terms dropping it) of the heads authors drop, the abstracts read,
    and (SHA-256, use, path) of every file."""
    read: list[tuple[str, str, str]] = []
    papers = [p for p in _papers(files, held_out, read) if p[1] is not None]
    chosen = Counter(key for keys, _ in papers for key in keys)
    votes: dict[str, dict[Words, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    for keys, text in papers:
        starts = defaultdict(list)
        for i, word in enumerate(text):
            starts[word].append(i)
        for term in keys:  # (chosen alone, the abstract going on with a noun)
            n = len(term)
            for i in starts.get(term[0], ()):
                if i + n < len(text) and text[i : i + n] == term and _is_head(text[i + n]):
                    head = text[i + n]
                    if (*term, head) not in keys and chosen[term] >= 2:  # (another paper chooses it too)
                        votes[head][term]["dropped"] += 1
        written = f" {' '.join(text)} "
        for key in keys:  # (chosen with its noun, as the abstract writes it)
            term, head = key[:-1], key[-1]
            if term and _is_head(head) and chosen[term] > (term in keys) and f" {' '.join(key)} " in written:
                votes[head][term]["kept"] += 1
    rows = {}
    for head, terms in votes.items():
        kept = sum(1 for c in terms.values() if c["kept"] > c["dropped"])
        dropped = sum(1 for c in terms.values() if c["dropped"] > c["kept"])
        if kept + dropped >= MIN_TERMS and kept <= MAX_KEPT * (kept + dropped):
            rows[head] = (kept, dropped)
    return rows, len(papers), sorted(read, key=lambda r: r[2])


TITLE = [
    "# Dropped heads: nouns authors leave off the term they choose as a keyword (`framework`, `model`).",
    "# Generated by scripts/build_dropped_heads.py from the paperlists catalogue; do not edit (rebuild).",
]


def main() -> int:
    args, held_out = held_out_command(__doc__, DROPPED_HEADS_FILE, HELD_OUT)
    rows, abstracts, read = count(catalogue_files(Path(args.catalogue)), held_out)
    body = "".join(f"{head}\t{kept}\t{dropped}\n" for head, (kept, dropped) in sorted(rows.items()))
    text = held_out_text(TITLE, f"abstracts {abstracts}", held_out, read, body, COLUMNS)
    return save_data_file(args, text, f"{len(rows)} heads from {abstracts} abstracts", args.catalogue)


if __name__ == "__main__":
    sys.exit(main())

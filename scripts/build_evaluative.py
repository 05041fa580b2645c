"""Regenerate etl/data/evaluative_adjectives.txt: the praise and scale words titles put before terms.

    .venv/bin/python scripts/build_evaluative.py [CATALOGUE] [--hold-out colm2024,corl2023] [--output PATH]
    .venv/bin/python scripts/build_evaluative.py --check    # exit 1 unless the shipped file is what the inputs give

Titles praise what they name: `Fast and Accurate Intent Recognition`, `Robust and Efficient Loop
Closure`, `Simple and Effective ...`. The words titles coordinate that way (`A and B` before a
word, at a title's or a segment's start or after `for`, `towards`, `a`, `via`, `with`) form one
cluster: starting from the word coordinated with the most others (`efficient`), a word joins
when CLUSTER_SHARE of its coordinations are with the cluster's words and it has MIN_PARTNERS
partners or more (MIN_PARTNERS of them in the cluster once it has that many). The cluster holds
classifiers too (`distributed`, `continuous`, `sample`, `real-time`, `optimal`: `hierarchical and
modular`): a word is kept only where the abstracts grade it (`more accurate`, `highly efficient`,
`very robust`) in GRADED of its uses or more, as one grades a quality and not a kind, and where
it heads no titles itself (single-word termhood below NOT_HEAD: `compliant`, `explainable` do).
Issue #36, round 9.
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_vocabulary import HELD_OUT, used_records  # noqa: E402
from catalogue import catalogue_files, held_out_command, held_out_text, save_data_file  # noqa: E402

from etl.extract.keywords.termhood import TERMHOOD  # noqa: E402

OUTPUT = ROOT / "etl" / "data" / "evaluative_adjectives.txt"
CLUSTER_SHARE = 0.3
MIN_PARTNERS = 3
GRADED = 0.05
NOT_HEAD = 0.1
GRADERS = frozenset("more very highly most less extremely fairly quite sufficiently too so as".split())
_WORD = re.compile(r"[a-z][a-z-]*")
_STOP_AFTER = frozenset("and of for in on the to with".split())
_PAIR = re.compile(
    r"(?:^|[:,]\s*|\b(?:for|towards?|a|an|via|with)\s+)([A-Za-z][\w-]*),? and ([A-Za-z][\w-]*)\s+([A-Za-z][\w-]*)",
    re.IGNORECASE,
)


def read_texts(files, held_out: set[str]) -> tuple[list[str], list[str], list[tuple[str, str, str]]]:
    """The catalogue's titles and abstracts (the held-out venue-years left out) and (SHA-256, use,
    path) of each file."""
    titles, abstracts, read = [], [], []
    for record in used_records(files, held_out, read):
        if title := " ".join(str(record.get("title") or "").split()):
            titles.append(title)
        if abstract := str(record.get("abstract") or ""):
            abstracts.append(abstract)
    return titles, abstracts, sorted(read, key=lambda r: r[2])


def coordinated(titles: list[str]) -> dict[str, Counter]:
    """word -> the words titles coordinate it with (`fast and accurate`), counted."""
    partners: dict[str, Counter] = defaultdict(Counter)
    for title in titles:
        for a, b, after in _PAIR.findall(title):
            if after.lower() not in _STOP_AFTER:
                a, b = a.lower(), b.lower()
                partners[a][b] += 1
                partners[b][a] += 1
    return partners


def cluster(partners: dict[str, Counter]) -> set[str]:
    """The words coordinated mostly with each other, grown from the most coordinated word."""
    members = {max(partners, key=lambda w: (len(partners[w]), w))}
    while True:
        grown = set(members)
        for word, counts in partners.items():
            inside = [n for other, n in counts.items() if other in members]
            if (
                len(counts) >= MIN_PARTNERS
                and len(inside) >= min(MIN_PARTNERS, len(members))
                and sum(inside) >= CLUSTER_SHARE * sum(counts.values())
            ):
                grown.add(word)
        if grown == members:
            return members
        members = grown


def graded(abstracts: list[str], words: set[str]) -> dict[str, float]:
    """word -> the share of its uses in the abstracts after a grading word (`more`, `highly`)."""
    uses: Counter[str] = Counter()
    grades: Counter[str] = Counter()
    for abstract in abstracts:
        tokens = _WORD.findall(abstract.lower())
        for i, token in enumerate(tokens):
            if token in words:
                uses[token] += 1
                grades[token] += i > 0 and tokens[i - 1] in GRADERS
    return {w: grades[w] / uses[w] for w in words if uses[w]}


def evaluative(titles: list[str], abstracts: list[str]) -> list[str]:
    """The cluster's words the abstracts grade and that head no titles (above)."""
    words = cluster(coordinated(titles))
    shares = graded(abstracts, words)
    kept = []
    for word in sorted(words):
        own = TERMHOOD.rate(word.replace("-", " "))
        if shares.get(word, 0.0) >= GRADED and (own is None or own < NOT_HEAD):
            kept.append(word)
    return kept


TITLE = [
    "# Evaluative adjectives: the praise and scale words titles coordinate before terms (`fast and accurate`).",
    "# Generated by scripts/build_evaluative.py from the paperlists catalogue; do not edit (rebuild).",
]


def main() -> int:
    args, held_out = held_out_command(__doc__, OUTPUT, HELD_OUT)
    titles, abstracts, read = read_texts(catalogue_files(Path(args.catalogue)), held_out)
    words = evaluative(titles, abstracts)
    body = "".join(f"{w}\n" for w in words)
    text = held_out_text(TITLE, f"titles {len(titles)}", held_out, read, body)
    return save_data_file(args, text, f"{len(words)} words from {len(titles)} titles", args.catalogue)


if __name__ == "__main__":
    sys.exit(main())

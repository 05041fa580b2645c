"""Regenerate etl/data/referring_modifiers.txt: words that say which one of a thing a paper means.

    .venv/bin/python scripts/build_referring.py [CATALOGUE] [--hold-out colm2024,corl2023] [--output PATH]
    .venv/bin/python scripts/build_referring.py --check    # exit 1 unless the shipped file is what the inputs give

A modifier of a term says which kind of the thing it names (`stability analysis`, `graph
matching`, `articulated object`); a referring one says only which of the paper's things it means:
the one aimed at, put in, wished for, started from (`target object`, `input image`, `desired shape`,
`initial velocities`). Two counts of the catalogue tell them apart, neither a list of chips:

- the titles seldom head the phrases it opens: of the abstracts that have a two-word candidate
  opened by the word (`termhood.txt`'s rows of MIN_ROW abstracts or more), at least TITLELESS
  have one the titles head below `termhood.SEVERAL_WORDS` times per abstract (`target` 0.92: `target
  domain`, `target object`, `target task`; `stability` 0.28, `graph` and `object` far less), over
  MIN_ABSTRACTS such abstracts or more;
- the abstracts write it after a determiner of reference (`the`, `this`, `its`, `each`, ...:
  DETERMINERS) before a content word in at least DEFINITE of its uses (`the target object`, `the
  input image`: `target` 0.42, `input` 0.39, `desired` 0.49; `stability` 0.23, `loss` 0.19,
  `simulated` 0.08, `graph` 0.13).

Stop words are left out (the titles' counts do not see them), and so are the words other rules
already read (`shapes.SCOPE_MODIFIERS`, `shapes.SCALE_ADJECTIVES`). The held-out venue-years are
left out as `build_termhood.py` leaves them; `termhood.txt`'s SHA-256 is in the header (rebuild
this file after it). Issue #36, branch kwfill25.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_vocabulary import HELD_OUT, used_records  # noqa: E402
from catalogue import catalogue_files, held_out_command, held_out_text, save_data_file  # noqa: E402

from etl.extract.keywords.shapes import SCALE_ADJECTIVES, SCOPE_MODIFIERS  # noqa: E402
from etl.extract.keywords.termhood import DATA_FILE, SEVERAL_WORDS, TERMHOOD, Termhood  # noqa: E402
from etl.extract.keywords.wordlists import STOP_WORDS  # noqa: E402

OUTPUT = ROOT / "etl" / "data" / "referring_modifiers.txt"
MIN_ROW = 10  # (termhood's own MIN_ABSTRACTS)
MIN_ABSTRACTS = 300
TITLELESS = 0.9
DEFINITE = 0.3
DETERMINERS = frozenset("the this these those its their our each his her".split())
_TOKEN = re.compile(r"[^\W_]+(?:-[^\W_]+)*|[.,;:()!?]")


def titleless(counts: dict[str, tuple[int, int]]) -> dict[str, float]:
    """Word -> the share of the abstracts of its two-word rows (`termhood.txt`'s `counts`) whose
    phrase the titles seldom head (below SEVERAL_WORDS), for the words whose rows have
    MIN_ABSTRACTS abstracts or more."""
    termhood = Termhood(counts)
    total: Counter[str] = Counter()
    seldom: Counter[str] = Counter()
    for key, (_, abstracts) in counts.items():
        words = key.split(" ")
        if len(words) != 2 or words[1] == "*" or abstracts < MIN_ROW:
            continue
        total[words[0]] += abstracts
        rate = termhood.rate(key)
        if rate is not None and rate < SEVERAL_WORDS:
            seldom[words[0]] += abstracts
    return {w: seldom[w] / n for w, n in total.items() if n >= MIN_ABSTRACTS}


def definite(texts) -> tuple[Counter[str], Counter[str]]:
    """Each lower-case word's uses before a lower-case content word, and those after a determiner."""
    uses: Counter[str] = Counter()
    after: Counter[str] = Counter()
    for text in texts:
        tokens = _TOKEN.findall(text)
        for i in range(1, len(tokens) - 1):
            word, nxt = tokens[i], tokens[i + 1]
            if not (word.islower() and word[0].isalpha() and nxt.islower() and nxt[0].isalpha()):
                continue
            if word in STOP_WORDS or nxt in STOP_WORDS:
                continue
            uses[word] += 1
            if tokens[i - 1].lower() in DETERMINERS:
                after[word] += 1
    return uses, after


def referring(shares: dict[str, float], uses: Counter[str], after: Counter[str]) -> list[str]:
    """The referring modifiers (sorted): TITLELESS and DEFINITE (above), no word of other rules."""
    return sorted(
        w
        for w, share in shares.items()
        if share >= TITLELESS
        and uses[w]
        and after[w] >= DEFINITE * uses[w]
        and w not in STOP_WORDS
        and w not in SCOPE_MODIFIERS
        and w not in SCALE_ADJECTIVES
    )


def abstracts(files, held_out: set[str], read: list[tuple[str, str, str]]):
    """The abstracts of the catalogue's files but the held-out venue-years; (SHA-256, use, path) of each file into `read`."""
    for record in used_records(files, held_out, read):
        if record.get("abstract"):
            yield str(record["abstract"])


TITLE = [
    "# Referring modifiers: words that say which one of a thing a paper means (`target object`), not which kind.",
    "# Generated by scripts/build_referring.py from the paperlists catalogue and etl/data/termhood.txt; do not edit (rebuild).",
]


def main() -> int:
    args, held_out = held_out_command(__doc__, OUTPUT, HELD_OUT)
    read: list[tuple[str, str, str]] = []
    uses, after = definite(abstracts(catalogue_files(Path(args.catalogue)), held_out, read))
    words = referring(titleless(dict(TERMHOOD.counts)), uses, after)
    read.append((hashlib.sha256(DATA_FILE.read_bytes()).hexdigest(), "titles", "etl/data/termhood.txt"))
    body = "".join(w + "\n" for w in words)
    text = held_out_text(
        TITLE, f"abstracts' word uses {sum(uses.values())}", held_out, sorted(read, key=lambda r: r[2]), body
    )
    return save_data_file(args, text, f"{len(words)} words", args.catalogue)


if __name__ == "__main__":
    sys.exit(main())

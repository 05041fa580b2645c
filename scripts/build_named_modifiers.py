"""Regenerate etl/data/named_modifiers.txt: hyphenated names the abstracts put before a noun.

    .venv/bin/python scripts/build_named_modifiers.py [CATALOGUE] [--hold-out colm2024,corl2023] [--output PATH]
    .venv/bin/python scripts/build_named_modifiers.py --check    # exit 1 unless the shipped file is what the inputs give

A hyphenated word with a capital after its first letter (`Karush-Kuhn-Tucker`, `Gough-Stewart`,
`port-Hamiltonian`, `multi-AUV`, `non-Markovian`, `Cramer-Rao`) reads as a name, and names stand
alone as chips; but the abstracts write these before the noun they name a kind of (`... conditions`,
`... platform`, `... systems`, `... vehicles`, `... bound`): a chip of the name alone has its head
cut off. A word (with no digit: `COVID-19` names a thing) is listed when MIN_ABSTRACTS abstracts or more write it and a content word follows
it in at least `build_term_classes.MODIFIER_SHARE` of its uses, as `hyphen_heads.txt` tells lower-case
modifiers from heads; less the words that end MIN_CHOSEN distinct author keywords or more (authors'
terms: `RGB-D`, `Q-learning`). Names used as heads (`GPT-4`, `ResNet-50`) are not listed. The held-out
venue-years are left out as `build_termhood.py` leaves them. Issue #36, round 11.

What follows a use is read past a short form it defines (`Karush-Kuhn-Tucker (KKT) conditions`), past
the bracket it stands alone in (`Takagi-Sugeno (T-S) fuzzy model`, `smooth (gradient-Lipschitz)
log-densities`; not a name's, `(PI-RRT)`) and past the hyphenated words listed with it before one head
(`gradient-Lipschitz, Hessian-Lipschitz, and dispersive noise assumptions`); past a bracket or a list,
only a noun in lower case (or a short form: `(T-S) DNN`) that is no generic head (`heads.AFTER_TERMS`) nor a verb counts (not `W-S
(Wake-Sleep) algorithm`, `(English-Chinese) verify`, `Mini-Kinetics, Something-Something V1`). A reading
that stopped at the bracket or the comma took `T-S` (of `T-S fuzzy model`) and `gradient-Lipschitz`
for heads, and they were chips alone (sample-2712; kwhyph28).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_term_classes import MODIFIER_SHARE  # noqa: E402
from build_vocabulary import HELD_OUT, used_records  # noqa: E402
from catalogue import catalogue_files, held_out_command, held_out_text, save_data_file  # noqa: E402

from etl.extract.keywords.heads import AFTER_TERMS  # noqa: E402
from etl.extract.keywords.modifiers import is_name_shape  # noqa: E402
from etl.extract.keywords.wordlists import STOP_WORDS, VERBS  # noqa: E402

OUTPUT = ROOT / "etl" / "data" / "named_modifiers.txt"
MIN_ABSTRACTS = 3
MIN_CHOSEN = 2
_TOKEN = re.compile(r"[^\W_]+(?:-[^\W_]+)+|[^\W_]+|[.,;:()!?]")
_COORDINATORS = frozenset(("and", "or"))


def _named_hyphenated(token: str) -> bool:
    """A hyphenated word with a capital after its first letter and no digit (a number names a
    thing, its version or instance: `COVID-19`, `GPT-4`, `ILSVRC-12`)."""
    return "-" in token and token[1:] != token[1:].lower() and not any(c.isdigit() for c in token)


def _after(tokens: list[str], i: int) -> str:
    """The token the use `tokens[i]` stands before, read past a short form it defines (`(KKT)`),
    the bracket it is alone in (`(T-S) fuzzy`, `smooth (gradient-Lipschitz) log-densities`) and
    hyphenated words listed with it before one head (`gradient-Lipschitz, Hessian-Lipschitz, and
    dispersive noise assumptions`); past a bracket or a list, only a noun in lower case (or a short
    form's capitals) that is no generic head nor a verb (`(Wake-Sleep) algorithm`, `(English-Chinese) verify`, `Mini-Kinetics,
    Something-Something V1`), else "." as at the end."""
    j = i + 1
    read_past = False
    if j + 2 < len(tokens) and tokens[j] == "(" and tokens[j + 2] == ")":
        j += 3  # (past the short form it defines)
    elif j < len(tokens) and tokens[j] == ")" and tokens[i - 1] == "(" and not is_name_shape(tokens[i]):
        j, read_past = j + 1, True  # (alone in its bracket: `Takagi-Sugeno (T-S) fuzzy model`; not `(PI-RRT)`)
    while True:  # (`, Hessian-Lipschitz`, `and Box-Mask`, `, and YCB-Video`)
        k = j + (j < len(tokens) and tokens[j] == ",")
        k += k < len(tokens) and tokens[k].lower() in _COORDINATORS
        if k == j or k >= len(tokens) or "-" not in tokens[k]:
            break
        j, read_past = k + 1, True
    if read_past and j + 1 < len(tokens) and tokens[j] == "," and tokens[j + 1].lower() in _COORDINATORS:
        j += 2  # (the list's last item: `, and dispersive noise assumptions`)
    if j >= len(tokens):
        return "."
    after = tokens[j]
    noun = after.islower() or (after.isupper() and after.isalpha())  # (a word in lower case, or a short form: `DNN`)
    if read_past and (not noun or after in AFTER_TERMS or after in VERBS):
        return "."
    return after


def count(files, held_out: set[str]) -> tuple[list[str], int, list[tuple[str, str, str]]]:
    """The named modifiers (lower case, sorted), the abstracts read, and (SHA-256, use, path) of every file."""
    uses: Counter[str] = Counter()
    before_word: Counter[str] = Counter()
    abstracts: Counter[str] = Counter()
    chosen: Counter[str] = Counter()
    read, n = [], 0
    for record in used_records(files, held_out, read):
        keywords = {k.strip().lower() for k in re.split(r"[;,]", str(record.get("keywords") or "")) if k.strip()}
        chosen.update({k.split()[-1] for k in keywords})
        text = str(record.get("abstract") or "")
        if not text:
            continue
        n += 1
        tokens = _TOKEN.findall(text)
        seen = set()
        for i, token in enumerate(tokens):
            if not _named_hyphenated(token):
                continue
            low = token.lower()
            uses[low] += 1
            seen.add(low)
            after = _after(tokens, i)
            if after[0].isalpha() and after.lower() not in STOP_WORDS:
                before_word[low] += 1
        abstracts.update(seen)
    words = sorted(
        w
        for w, k in uses.items()
        if abstracts[w] >= MIN_ABSTRACTS and before_word[w] >= MODIFIER_SHARE * k and chosen[w] < MIN_CHOSEN
    )
    return words, n, sorted(read, key=lambda r: r[2])


TITLE = [
    "# Named modifiers: hyphenated names the abstracts write before a noun (a chip of one alone has lost its head).",
    "# Generated by scripts/build_named_modifiers.py from the paperlists catalogue; do not edit (rebuild).",
]


def main() -> int:
    args, held_out = held_out_command(__doc__, OUTPUT, HELD_OUT)
    words, abstracts, read = count(catalogue_files(Path(args.catalogue)), held_out)
    body = "".join(w + "\n" for w in words)
    text = held_out_text(TITLE, f"abstracts {abstracts}", held_out, read, body)
    return save_data_file(args, text, f"{len(words)} words from {abstracts} abstracts", args.catalogue)


if __name__ == "__main__":
    sys.exit(main())

"""Keyword labels against the forms their papers write: how many labels are not the form most of
the keyword's papers write, by kind, and a random sample with the majority form beside them.

    .venv/bin/python scripts/label_forms.py DB [--sample 40] [--seed 27] [--rows OUT.tsv]

Each keyword's papers are its rows in `paper_keywords` (the authors' own keywords left out). A
paper's form is the first stretch of its abstract whose merge key is the keyword's
(`normalise_keyword`), as written, but with the capitals of writing conventions taken off: a
sentence's first letter, and the words of a Title Case stretch (every word and every part of a
hyphenated word but function words capitalised: `Long Short-Term Memory`, `Structure from Motion`; words with a capital inside, `ImageNet`,
keep theirs). The majority form (ties: the lower-case form, then the alphabetical) is compared with
the label, kinds in this order: capitals only, hyphen or space, singular or plural, British or
American spelling, other. Issue #36 (branch kwlabel27, docs/keywords.md).
"""

from __future__ import annotations

import argparse
import random
import re
import sqlite3
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.normalise import singular, spelled
from etl.extract.keywords.wordlists import FUNCTION_WORDS

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*|[.!?;:,()\[\]]")
_ENDS = frozenset(".!?")


def _capitalised(part: str) -> bool:
    return part[:1].isupper() and part[1:] == part[1:].lower()


def as_read(words: list[str], first: bool) -> str:
    """The words of a stretch without the capitals of conventions (see the module's docstring)."""
    parts = [p for w in words for p in re.split(r"[-'’]", w) if p.isalpha() and p not in FUNCTION_WORDS]
    if len(words) > 1 and parts and all(p[:1].isupper() for p in parts):
        out = ["-".join(p.lower() if _capitalised(p) else p for p in w.split("-")) for w in words]
    else:
        out = list(words)
    if first and out and _capitalised(out[0].split("-")[0]):
        head, *rest = out[0].split("-")
        out[0] = "-".join([head.lower(), *rest])
    return " ".join(out)


def paper_forms(text: str, keys: dict[str, int]) -> dict[str, str]:
    """key -> the form the text first writes it in, of `keys` (key -> its words)."""
    tokens = _WORD.findall(text)
    longest = max(keys.values(), default=0)
    firsts = {k.split()[0][:3] for k in keys}
    found: dict[str, str] = {}
    for i, token in enumerate(tokens):
        if not token[0].isalnum() or token[:3].casefold() not in firsts:
            continue
        first = i == 0 or tokens[i - 1] in _ENDS
        window: list[str] = []
        for t in tokens[i : i + longest]:
            if not t[0].isalnum():
                break
            window.append(t)
            key = normalise_keyword(" ".join(window))
            if key in keys and key not in found:
                found[key] = as_read(window, first)
    return found


def _kind(label: str, form: str) -> str:
    if label.lower() == form.lower():
        return "capitals"
    a, b = label.lower().replace("-", " "), form.lower().replace("-", " ")
    if a == b:
        return "hyphen/space"
    la, lb = a.split(), b.split()
    if la[:-1] == lb[:-1] and singular(la[-1]) == singular(lb[-1]):
        return "singular/plural"
    if spelled(a) == spelled(b) or singular(spelled(a)) == singular(spelled(b)):
        return "British/American"
    return "other"


def majority(forms: Counter[str]) -> str:
    return min(forms, key=lambda f: (-forms[f], f != f.lower(), f))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--rows", help="write every keyword whose label is not the majority form (TSV)")
    args = parser.parse_args()
    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    labels = {kid: (key, label) for kid, key, label in db.execute("SELECT id, normalised, label FROM keywords")}
    by_paper: dict[str, dict[str, int]] = defaultdict(dict)
    ids = {}
    for pid, kid in db.execute("SELECT DISTINCT paper_id, keyword_id FROM paper_keywords WHERE kind != 'author'"):
        key = labels[kid][0]
        by_paper[pid][key] = len(key.split())
        ids[key] = kid
    forms: dict[str, Counter[str]] = defaultdict(Counter)
    for pid, abstract in db.execute("SELECT id, abstract FROM papers WHERE abstract IS NOT NULL"):
        keys = by_paper.get(pid)
        if keys:
            for key, form in paper_forms(abstract, keys).items():
                forms[key][form] += 1
    kinds: Counter[str] = Counter()
    papers: Counter[str] = Counter()
    wrong = []
    for key, counted in forms.items():
        label = labels[ids[key]][1]
        best = majority(counted)
        if best != label:
            kind = _kind(label, best)
            kinds[kind] += 1
            papers[kind] += sum(counted.values())
            wrong.append((key, label, best, kind, counted[best], sum(counted.values())))
    print(f"keywords with a form found: {len(forms)}; label not the majority form: {len(wrong)}")
    for kind, n in kinds.most_common():
        print(f"  {kind}: {n} keywords ({papers[kind]} papers' forms)")
    multi = [w for w in wrong if w[5] >= 2]
    print(f"of those with two papers or more: {len(multi)}")
    for kind, n in Counter(w[3] for w in multi).most_common():
        print(f"  {kind}: {n}")
    rng = random.Random(args.seed)
    print(f"\n{args.sample} at random (of two papers or more): label | majority form (its papers / papers)")
    for _key, label, best, kind, n, total in sorted(rng.sample(multi, min(args.sample, len(multi)))):
        print(f"  {label} | {best} ({n}/{total}) [{kind}]")
    if args.rows:
        with open(args.rows, "w", encoding="utf-8") as out:
            for row in sorted(wrong, key=lambda w: -w[5]):
                out.write("\t".join(map(str, row)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

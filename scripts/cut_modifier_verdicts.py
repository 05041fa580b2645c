"""Every judged verdict of a chip its abstract writes after a content word, with the counts that
might tell a modifier the chip lost (`missing | data problems`) from a verb that stays cut
(`using | data`) beside it.

    .venv/bin/python scripts/cut_modifier_verdicts.py DB [--all] [--cut]

For each judged chip of `docs/chips` (`judged_cards.verdicts`: the judges' majority for the paper,
`split` on a tie), the chip's occurrences in its paper's abstract (DB's clean text) and the word
just before each. Where one word stands before most of them (MOST) and it is no stop word, one
line: the verdict, the word and the chip, the share of occurrences it opens, then over DB's
catalogue: the titles writing the pair (the word and the chip's first word), the abstracts writing
it, the authors' keywords opening with it, the pair's rows in `termhood.txt` and the vocabulary,
and two counts of the word itself: the share of its abstract uses before a word that starts a
verb's object or complement (`the`, `a`, `to`, `it`: a verb's use), and its uses after a
determiner (`the missing`: an adjective's), the texts writing the pair after a determiner (`a
sliding mode`), and whether `etl/data/ing_modifiers.txt` has the pair (the rule keeps the
modifier). With `--all`, any word before the chip (else only one in -ing or -ed); with `--cut`,
only the words that start no phrase (`roles.word_roles`: the extraction cut them). Then the
verdicts each count's cut would take. Issue #36, branch kwing27 (docs/keywords.md).
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections import Counter, defaultdict

from judged_cards import _verdict, verdicts

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.roles import word_roles
from etl.extract.keywords.termhood import TERMHOOD
from etl.extract.keywords.vocabulary import VOCABULARY
from etl.extract.keywords.wordlists import ING_MODIFIERS, STOP_WORDS

MOST = 0.5  # the share of the chip's occurrences one word must open
_TOKEN = re.compile(r"[a-z][a-z0-9'-]*|[^\sa-z0-9]")
# What follows a verb (its object's determiner, a pronoun, a preposition), seldom an adjective.
OBJECT = frozenset("the a an this these those their its our his her it them to from by into on in with as".split())
DETERMINERS = frozenset("the a an this these those their its our each".split())


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def befores(key: str, words: list[str]) -> Counter[str]:
    """The words before each occurrence of the chip `key` in `words` (lower-case tokens)."""
    size = key.count(" ") + 1
    out: Counter[str] = Counter()
    for i in range(len(words) - size + 1):
        span = words[i : i + size]
        if not span[0][:1].isalpha() or normalise_keyword(" ".join(span)) != key:
            continue
        out[words[i - 1] if i else "^"] += 1
    return out


def judged_rows(db: str, every: bool) -> list[dict]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = []
    for pid, chips in verdicts().items():
        found = con.execute(
            "SELECT coalesce(abstract_clean, abstract), title FROM papers WHERE id = ?", (pid,)
        ).fetchone()
        if not found or not found[0]:
            continue
        words = tokens(found[0])
        for key, counts in chips.items():
            before = befores(key, words)
            if not before:
                continue
            word, n = before.most_common(1)[0]
            share = n / sum(before.values())
            if share < MOST or not word[:1].isalpha() or word in STOP_WORDS:
                continue
            if not every and not word.endswith(("ing", "ed")):
                continue
            rows.append({"verdict": _verdict(counts), "word": word, "key": key, "share": share, "id": pid})
    return rows


def catalogue_counts(db: str, rows: list[dict]) -> None:
    """Add the catalogue's counts of each row's pair and word to the row."""
    pairs = {(r["word"], r["key"].split()[0]) for r in rows}
    modifiers = {w for w, _ in pairs}
    firsts = defaultdict(set)
    for w, f in pairs:
        firsts[w].add(f)
    titles, abstracts, keywords = Counter(), Counter(), Counter()
    uses, verb, adjective = Counter(), Counter(), Counter()
    determined: Counter = Counter()  # texts writing the pair after a determiner (`a sliding mode`)
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    query = "SELECT title, coalesce(abstract_clean, abstract), author_keywords FROM papers"
    for title, abstract, author in con.execute(query):
        for text, counter in ((title, titles), (abstract, abstracts)):
            words = tokens(text or "")
            seen, definite = set(), set()
            for i, w in enumerate(words[:-1]):
                if w not in modifiers:
                    continue
                nxt = words[i + 1]
                if counter is abstracts:
                    uses[w] += 1
                    verb[w] += nxt in OBJECT
                    adjective[w] += i > 0 and words[i - 1] in DETERMINERS
                if nxt in firsts[w] or normalise_keyword(nxt) in firsts[w]:
                    seen.add((w, normalise_keyword(nxt)))
                    if i > 0 and words[i - 1] in DETERMINERS:
                        definite.add((w, normalise_keyword(nxt)))
            counter.update(seen)
            determined.update(definite)
        for phrase in json.loads(author or "[]"):
            words = tokens(phrase)
            if len(words) > 1 and words[0] in modifiers:
                keywords[(words[0], normalise_keyword(words[1]))] += 1
    for r in rows:
        pair = (r["word"], r["key"].split()[0])
        joined = " ".join(pair)
        r |= {
            "titles": titles[pair],
            "abstracts": abstracts[pair],
            "determined": determined[pair],
            "starts": word_roles(r["word"]).starts,
            "kept": joined in ING_MODIFIERS,
            "keywords": keywords[pair],
            "termhood": sum(1 for k in TERMHOOD.counts if k == joined or k.startswith(joined + " ")),
            "vocabulary": sum(1 for k in VOCABULARY.chosen if k == joined or k.startswith(joined + " ")),
            "uses": uses[r["word"]],
            "verb": verb[r["word"]] / max(uses[r["word"]], 1),
            "adjective": adjective[r["word"]] / max(uses[r["word"]], 1),
        }


def tally(rows: list[dict]) -> str:
    counts = Counter(r["verdict"] for r in rows)
    junk = counts["junk"] + counts["split"] / 2
    judged = counts["junk"] + counts["ok"] + counts["split"]
    return f"{counts['junk']} junk, {counts['ok']} ok, {counts['split']} split ({junk / max(judged, 1):.2f} junk)"


def main(argv: list[str]) -> int:
    if not argv:
        sys.exit(__doc__)
    rows = judged_rows(argv[0], "--all" in argv)
    catalogue_counts(argv[0], rows)
    rows.sort(key=lambda r: (-r["titles"], r["word"], r["key"]))
    if "--cut" in argv:  # only the words that start no phrase (`missing`, `sliding`): the extraction cut them
        rows = [r for r in rows if not r["starts"]]
    print(
        "verdict\tword | chip\tshare\ttitles\tabstracts\tdetermined\tkeywords\ttermhood\tvocabulary\tuses\tverb\tadjective\tkept"
    )
    for r in rows:
        print(
            f"{r['verdict']}\t{r['word']} | {r['key']}\t{r['share']:.2f}\t{r['titles']}\t{r['abstracts']}\t{r['determined']}"
            f"\t{r['keywords']}\t{r['termhood']}\t{r['vocabulary']}\t{r['uses']}\t{r['verb']:.2f}\t{r['adjective']:.2f}\t{'kept' if r['kept'] else ''}"
        )
    print(f"\nall: {tally(rows)}")
    print(f"the modifier kept (`ING_MODIFIERS`): {tally([r for r in rows if r['kept']])}")
    print(f"left cut: {tally([r for r in rows if not r['kept']])}")
    for name, cut in (("titles", 1), ("titles", 3), ("titles", 5), ("abstracts", 10), ("keywords", 1)):
        print(f"{name} >= {cut}: {tally([r for r in rows if r[name] >= cut])}")
    for cut in (0.1, 0.2, 0.3):
        print(f"verb < {cut}: {tally([r for r in rows if r['verb'] < cut])}")
    for cut in (1, 2, 3, 5):
        print(f"determined >= {cut}: {tally([r for r in rows if r['determined'] >= cut])}")
    for cut in (3, 5):
        both = [r for r in rows if r["titles"] >= cut and r["verb"] < 0.2]
        print(f"titles >= {cut} and verb < 0.2: {tally(both)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Cards that show a counted modifier's head without its count, or a participle in -ing as a keyword.

    .venv/bin/python scripts/fragment_shapes.py DB [OUT.jsonl]
    .venv/bin/python scripts/fragment_shapes.py --rank DB [OUT.jsonl]

For every paper of DB (a loaded, scored catalogue) the card is its top five keywords that are
neither the authors' own nor topics, as stored (`keyword_chips.py draw`'s). A chip is

- `counted` when its label starts with a head a count or an order grades (`order`, `dimensional`,
  `shot`, `layer`, `level`, `stage`, `step`, `bit`) and every time the title or abstract writes it
  (hyphens or spaces between its words, the last word's endings free) the word before it is such a
  count: an ordinal, a number written in words or digits, `few`, `multi`, `single`, `high`,
  `low`, `higher`, `lower` (`first order marginals` -> `order marginals`, `three dimensional Euclidean space`);
- `participle` when a word of its label in -ing is, every time the abstract writes it, a participle:
  after a comma, `thus`, `thereby`, `hence` or `often` and before a determiner, a
  pronoun or a describing word (an adjective, an adverb, a participle: not a verb's other forms) (`..., rendering standard RL inefficient`), and the title has no word of its stem
  (`render`).

With `--rank`, the cards are ranked in process with the tree's rules against DB's statistics
(`chip_classes.Corpus`, as `judged_cards.py` does), for the papers whose title or abstract writes a
count before a head, or an -ing word after a comma or `thus`, `thereby`, `hence`, `often` (no other
card can hold either shape). It prints the chips and the papers of each shape, by head word and by -ing word; OUT.jsonl gets
each chip found (paper, label, shape, word). Issue #36, round 14 (docs/keywords.md, "Terms, not
fragments").
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections import Counter

from etl.extract.keywords.roles import DETERMINERS, OBJECT_PRONOUNS, OBJECT_STARTS, word_roles
from etl.extract.keywords.wordlists import NOT_NOUNS, VERB_FORMS, VERBS

CHIPS = """SELECT pk.paper_id, k.label FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
WHERE pk.kind NOT IN ('author', 'topic') ORDER BY pk.paper_id, pk.rank"""
HEADS = frozenset("order dimensional shot layer level stage step bit".split())
COUNTS = frozenset(
    "first second third fourth fifth sixth nth higher lower high low few multi single zero one two three four five"
    " six seven eight nine ten".split()
)
OPENERS = frozenset(", thus thereby hence often".split())
_TOKEN = re.compile(r"[\w'’-]+|[,;:.()]")


def _written(label: str) -> re.Pattern:
    """The label as a text writes it: any hyphens or spaces between its words, the last one's endings free."""
    words = [re.escape(w) for w in re.split(r"[\s-]+", label.lower())]
    return re.compile(r"([\w'’]+)[\s-]+" + r"[\s-]+".join(words) + r"\w*", re.IGNORECASE)


def is_counted(label: str, text: str) -> bool:
    """Whether every writing of `label` in `text` follows a count (see the module's description)."""
    if label.split(" ")[0].lower() not in HEADS:
        return False
    before = [m.group(1).lower() for m in _written(label).finditer(text)]
    return bool(before) and all(w in COUNTS or w[:1].isdigit() for w in before)


def _follows(word: str) -> bool:
    """Whether a participle's object may start with `word` (a determiner, a pronoun, a describing word)."""
    low = word.lower()
    if low in DETERMINERS or low in OBJECT_STARTS or low in OBJECT_PRONOUNS:
        return True
    roles = word_roles(word)
    verb = low in VERBS or low in VERB_FORMS
    return word[:1].isalpha() and (
        roles.describes or (low in NOT_NOUNS and not verb) or not (roles.ends or roles.breaks)
    )


def participles(label: str, title: str, abstract: str) -> list[str]:
    """The label's -ing words that the abstract writes only as participles (see the module's description)."""
    tokens = _TOKEN.findall(abstract)
    lows = [t.lower() for t in tokens]
    out = []
    for word in {w for w in label.lower().split(" ") if w.endswith("ing") and "-" not in w}:
        at = [i for i, t in enumerate(lows) if t == word]
        if not at or word[:-3] in title.lower():
            continue
        if all(0 < i < len(tokens) - 1 and lows[i - 1] in OPENERS and _follows(tokens[i + 1]) for i in at):
            out.append(word)
    return out


_MAY_HOLD = re.compile(
    r"\b(?:(?:" + "|".join(sorted(COUNTS)) + r"|\d\w*)[\s-]+(?:" + "|".join(sorted(HEADS)) + r")"
    r"|(?:,|thus|thereby|hence|often)\s+\w+ing)\b",
    re.IGNORECASE,
)


def _ranked_cards(db: str, texts: dict[str, tuple[str, str]]) -> dict[str, list[str]]:
    """The cards of the papers that may hold a shape, ranked in process with the tree's rules."""
    from chip_classes import Corpus

    corpus, cards = Corpus(db), {}
    for pid, (title, abstract) in texts.items():
        if abstract and _MAY_HOLD.search(title + " . " + abstract):
            ranked = corpus.rank(pid)
            if ranked is not None:
                cards[pid] = [k.label for k in ranked.chips[:5]]
    return cards


def main(db: str, out: str | None, rank: bool = False) -> None:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    texts = {
        pid: (title or "", abstract or "")
        for pid, title, abstract in con.execute("SELECT id, title, abstract FROM papers")
    }
    cards: dict[str, list[str]] = {}
    if rank:
        cards = _ranked_cards(db, texts)
    else:
        for pid, label in con.execute(CHIPS):
            card = cards.setdefault(pid, [])
            if len(card) < 5:
                card.append(label)
    found = []
    for pid, card in cards.items():
        title, abstract = texts[pid]
        for label in card:
            if is_counted(label, title + " . " + abstract):
                found.append({"id": pid, "label": label, "shape": "counted", "word": label.split(" ")[0].lower()})
            for word in participles(label, title, abstract):
                found.append({"id": pid, "label": label, "shape": "participle", "word": word})
    for shape in ("counted", "participle"):
        rows = [f for f in found if f["shape"] == shape]
        papers = len({f["id"] for f in rows})
        by_word = Counter(f["word"] for f in rows).most_common()
        print(f"{shape}: {len(rows)} chips on {papers} papers; " + ", ".join(f"{w} {n}" for w, n in by_word))
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            for f in found:
                fh.write(json.dumps(f, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    args = sys.argv[1:]
    ranks = args[:1] == ["--rank"]
    args = args[1:] if ranks else args
    if len(args) not in (1, 2):
        sys.exit(__doc__)
    main(args[0], args[1] if len(args) == 2 else None, ranks)

"""Every judged phrase chip of `docs/chips`, ranked in process, with what the ranking reads and the catalogue's counts.

    .venv/bin/python scripts/filler_features.py DB OUT.tsv      # a few minutes: DB a rescored catalogue
    .venv/bin/python scripts/filler_features.py table OUT.tsv   # the feature table over two common words

The first form ranks each judged paper of `docs/chips` with the tree's rules against DB's
statistics (`chip_classes.Corpus`, as `judged_cards.py` does) and writes a row for each phrase
chip of its top eight: the verdict the judged files give it for the paper (`judged_cards`), the
judges' `why`, its place and score, and what the ranking reads (the abstract's uses and first
word, the title, the document frequency, keyphraseness, termhood of the phrase, of its first
word's phrases and of its head, the evidence `support` weighs), with counts of the catalogue
beside them: the papers whose title writes the phrase anywhere (`termhood.title_runs`), the
abstracts writing each of its words, the phrase's share of the two-word candidates its head ends
and its modifier opens, the two-word `termhood.txt` rows of its head, the authors' keywords naming
it. `table` prints, for the two-word lower-case phrase chips at places 1-5 whose words are both
common English (`common_words.txt`), junk against ok by each feature's bands: what lifts filler to
the top five, and whether a feature cuts it from the terms (issue #36, branch kwfill27,
docs/keywords.md).
"""

from __future__ import annotations

import csv
import itertools
import json
import re
import sys
from collections import Counter, defaultdict

from chip_classes import Corpus, _forms
from judged_cards import CHIPS, _verdict, ranked_papers, verdicts

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.shapes import TITLE_HEAD
from etl.extract.keywords.support import _evidence
from etl.extract.keywords.termhood import ONE_WORD, TERMHOOD, opener, title_runs
from etl.extract.keywords.titles import title_phrases, title_words
from etl.extract.keywords.vocabulary import VOCABULARY
from etl.extract.keywords.wordlists import COMMON_WORDS

TOP = 8
_TOKEN = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
FIELDS = (
    "id venue place kind label key verdict why score next_score chips count first titled title_words df kp"
    " chosen_elsewhere vocab_chosen vocab_present authors th_heads th_abstracts th_rate opener_rate head_rate"
    " head_rows mod_rows title_any head_share mod_share w1_df w2_df w1_common w2_common ev_title ev_chosen"
    " ev_heads ev_repeated"
).split()


def whys() -> dict[str, dict[str, str]]:
    """paper id -> chip key -> the judges' reason for junk (the last file's)."""
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for path in sorted(CHIPS.glob("*judged*")):
        for line in path.read_text(encoding="utf-8").splitlines():
            paper = json.loads(line)
            if isinstance(paper.get("why"), dict):
                for chip, why in paper["why"].items():
                    out[paper["id"]][normalise_keyword(chip)] = str(why).split(":")[0]
    return out


class Catalogue:
    """Counts over every paper of DB: title runs, abstracts' words, two-word candidates by head and modifier."""

    def __init__(self, corpus: Corpus):
        con, cache = corpus.con, {}
        self.titles: Counter[str] = Counter()
        self.words: Counter[str] = Counter()
        for title, abstract in con.execute("SELECT title, abstract FROM papers"):
            if title:
                self.titles.update(set(title_runs(title, cache)))
            if abstract:
                low = {t.lower() for t in _TOKEN.findall(abstract)}
                self.words.update({cache.get(w) or cache.setdefault(w, normalise_keyword(w)) for w in low})
        self.heads: Counter[str] = Counter()
        self.mods: Counter[str] = Counter()
        self.df: dict[str, int] = {}
        for term, papers in con.execute("SELECT term, papers FROM keyword_stats WHERE term NOT LIKE '%:%'"):
            self.df[term] = papers
            if term.count(" ") == 1:
                mod, head = term.split(" ")
                self.heads[head] += papers
                self.mods[mod] += papers
        rows = [k for k in TERMHOOD.counts if k.count(" ") == 1 and not k.endswith(" *")]
        self.head_rows = Counter(k.split(" ")[1] for k in rows)
        self.mod_rows = Counter(k.split(" ")[0] for k in rows)


def rows(db: str) -> list[dict]:
    corpus, judged, why = Corpus(db), verdicts(), whys()
    cat = Catalogue(corpus)
    out = []
    for pid, ranked in ranked_papers(corpus, judged):
        title = ranked.title or ""
        words = title_words(title) if title else frozenset()
        titled = set(title_phrases(ranked.terms.phrases, title)) if title else set()
        chips = ranked.chips
        for place, k in enumerate(chips[:TOP], 1):
            if k.kind != "phrase":
                continue
            counts = next((judged[pid][f] for f in _forms(k) if f in judged[pid]), Counter())
            key = k.normalised
            entry = ranked.terms.phrases.get(key, [0, -1, "", ""])
            parts = key.split(" ")
            heads, abstracts = TERMHOOD.counts.get(key, (0, 0))
            evidence = _evidence(
                key, ranked.terms.phrases, words, ranked.kp, ONE_WORD if len(parts) == 1 else TITLE_HEAD
            )
            two = len(parts) == 2
            row = {
                "id": pid,
                "venue": ranked.venue,
                "place": place,
                "kind": k.kind,
                "label": k.label,
                "key": key,
                "verdict": _verdict(counts),
                "why": next((why[pid][f] for f in _forms(k) if f in why[pid]), ""),
                "score": k.score,
                "next_score": chips[place].score if place < len(chips) else 0,
                "chips": len(chips),
                "count": entry[0],
                "first": entry[1],
                "titled": int(key in titled),
                "title_words": int(words.issuperset(parts)),
                "df": ranked.df.get(key, 0),
                "kp": round(ranked.kp.factor(key), 3),
                "chosen_elsewhere": int(ranked.kp.chosen_elsewhere(key)),
                "vocab_chosen": VOCABULARY.chosen.get(key, 0),
                "vocab_present": VOCABULARY.present.get(key, 0),
                "authors": corpus.chosen.get(key, 0),
                "th_heads": heads,
                "th_abstracts": abstracts,
                "th_rate": _round(TERMHOOD.rate(key)),
                "opener_rate": _round(TERMHOOD.rate(opener(key))) if two else "",
                "head_rate": _round(TERMHOOD.rate(parts[-1])),
                "head_rows": cat.head_rows[parts[-1]],
                "mod_rows": cat.mod_rows[parts[0]],
                "title_any": cat.titles[key],
                "head_share": _share(cat.df.get(key, 0), cat.heads[parts[-1]]) if two else "",
                "mod_share": _share(cat.df.get(key, 0), cat.mods[parts[0]]) if two else "",
                "w1_df": cat.words[parts[0]],
                "w2_df": cat.words[parts[-1]],
                "w1_common": int(parts[0] in COMMON_WORDS),
                "w2_common": int(parts[-1] in COMMON_WORDS),
            }
            row |= dict(zip(("ev_title", "ev_chosen", "ev_heads", "ev_repeated"), map(int, evidence), strict=True))
            out.append(row)
    return out


def _round(x: float | None) -> float | str:
    return "" if x is None else round(x, 4)


def _share(part: int, whole: int) -> float | str:
    return round(part / whole, 4) if whole else ""


def read(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


# (feature, bands): each band a half-open interval [low, high)
BANDS = {
    "place": (1, 2, 3, 4, 5, 6),
    "count": (1, 2, 3, 5, 99),
    "titled": (0, 1, 2),
    "title_words": (0, 1, 2),
    "df": (0, 10, 30, 100, 300, 1000, 10**6),
    "kp": (0, 0.5, 1, 1.3, 1.4, 2, 6),
    "chosen_elsewhere": (0, 1, 2),
    "authors": (0, 1, 2, 5, 10**6),
    "th_rate": (0, 0.01, 0.02, 0.04, 0.08, 0.15, 9),
    "title_any": (0, 1, 3, 10, 30, 100, 10**6),
    "head_rows": (0, 30, 60, 100, 150, 250, 10**4),
    "mod_rows": (0, 30, 60, 100, 150, 250, 10**4),
    "head_share": (0, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 2),
    "mod_share": (0, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 2),
    "w1_df": (0, 1000, 3000, 10000, 30000, 10**6),
    "w2_df": (0, 1000, 3000, 10000, 30000, 10**6),
    "titles_per_df": (0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.15, 99),
    "score": (0, 0.1, 0.2, 0.3, 0.5, 0.9, 9),
}


def table(path: str) -> None:
    chips = [
        r
        for r in read(path)
        if int(r["place"]) <= 5
        and r["key"].count(" ") == 1
        and r["label"].islower()
        and r["verdict"] != "unjudged"
        and r["w1_common"] == "1"
        and r["w2_common"] == "1"
    ]
    for r in chips:
        r["titles_per_df"] = int(r["title_any"]) / max(1, int(r["df"]))
        r["filler"] = r["verdict"] == "junk" and r["why"] == "filler"
    junk = [r for r in chips if r["verdict"] == "junk"]
    print(
        f"two common words, places 1-5: {len(chips)} judged, junk {len(junk)} (filler {sum(r['filler'] for r in chips)})"
    )
    for feature, bands in BANDS.items():
        cells = []
        for low, high in itertools.pairwise(bands):
            band = [r for r in chips if r[feature] != "" and low <= float(r[feature]) < high]
            bad = sum(r["verdict"] == "junk" for r in band) + sum(r["verdict"] == "split" for r in band) / 2
            fill = sum(r["filler"] for r in band)
            cells.append(f"[{low:g},{high:g}) {bad:g}/{len(band)}" + (f" f{fill}" if fill else ""))
        print(f"{feature:15s} " + "  ".join(cells))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "table":
        table(sys.argv[2])
    elif len(sys.argv) == 3:
        out = rows(sys.argv[1])
        with open(sys.argv[2], "w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, FIELDS, delimiter="\t")
            writer.writeheader()
            writer.writerows(out)
        print(f"{len(out)} phrase chips of {len({r['id'] for r in out})} cards")
    else:
        sys.exit(__doc__)

"""Every judged chip whose every use in its abstract sits inside a cue of a mention in passing, with
its verdict beside it, and the verdicts of each cue, position and list size against the rest.

    .venv/bin/python scripts/passing_verdicts.py DB [--rows] [--cards JC.json]

For each judged chip of `docs/chips` (`judged_cards.verdicts`: the judges' majority for the paper,
`split` on a tie) the abstract is read from DB (a catalogue database; `abstract_clean` where it
differs) and the chip's uses found in it (word windows that normalise to its key); a use is in
passing where a cue's span holds it: a list after `such as`, `e.g.`, `including`, `for example`,
`like` (`list`); the areas a work applies to or the tasks it serves downstream, `applications
to/in`, `downstream tasks` (`application`); an analogy, `as in`, `similar to`, `analogous to`,
`inspired by`, `reminiscent of` (`analogy`); a sentence on prior or others' work, `has been used in`,
`previous work on` (`prior`). A chip all of whose uses are in passing is counted by its cue, the
sentence it sits in (the last or not), the size of its list (items, by commas and `and`/`or`), and
whether the title names it (all its words title words) or the span is an evaluation's (`experiments
on`, `evaluate on`, `benchmarks`). With `--cards` (a `judged_cards.py` output), the judged chips of
those cards' top fives instead, with the verdicts there: the cards as the rules show them now.
Issue #36, branch kwpass27 (docs/keywords.md).
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

from judged_cards import _verdict, verdicts

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.passing import passing_mentions
from etl.extract.keywords.prose import clean, sentences
from etl.extract.keywords.titles import title_words

CUES = {
    "list": r"such\s+as|e\.\s?g\.,?|including|includes?|for\s+(?:example|instance)|like|ranging\s+from",
    "application": r"applications?\s+(?:to|in|of|for|on)|applied\s+to|downstream\s+(?:tasks?|applications?)"
    r"|(?:useful|beneficial|important|crucial|essential)\s+(?:for|to|in)",
    "analogy": r"as\s+in|similar\s+to|analogous\s+to|akin\s+to|inspired\s+by|reminiscent\s+of|analogy\s+(?:to|with)",
    "prior": r"ha(?:s|ve)\s+been\s+(?:\w+\s+)?(?:used|applied|studied|explored|employed|proposed|investigated)"
    r"|(?:previous|prior|existing|earlier|recent)\s+(?:work|works|studies|research|approaches|methods)",
}
_CUE = re.compile("|".join(rf"\b(?P<{name}>{pattern})(?!\w)" for name, pattern in CUES.items()), re.IGNORECASE)
_END = re.compile(
    r"[.;:!?()\[\]]|\b(?:that|which|where|when|while|whose|who|we|our|this|these|it|its|is|are|was|were|be|been"
    r"|can|could|will|would|may|might|must|should|using|via|through|by|from|than|because|however|thus|but)\b",
    re.IGNORECASE,
)
_EVALUATED = re.compile(r"\b(?:experiments?|evaluat\w*|benchmarks?|tested|results?|datasets?)\b", re.IGNORECASE)
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9']*")
WINDOW = 25  # words a list or an analogy runs over after its cue


@lru_cache(maxsize=500_000)
def _key(words: str) -> str:
    return normalise_keyword(words)


def cue_spans(text: str) -> list[tuple[int, int, str, int, int, str]]:
    """(start, end, cue, sentence index, items, the word before the cue) of every span in passing:
    one pass of `_CUE` a sentence (a `prior` cue's span is its whole sentence)."""
    spans = []
    offset = 0
    for index, sentence in enumerate(sentences(text)):
        at = text.find(sentence, offset)
        offset = max(at, 0)
        for cue in _CUE.finditer(sentence):
            kind = cue.lastgroup or ""
            if kind == "prior":  # (the whole sentence is about others' work)
                spans.append((offset, offset + len(sentence), kind, index, 0, ""))
                continue
            rest = sentence[cue.end() :]
            end = _END.search(rest)
            span = rest[: end.start()] if end else rest
            words = _TOKEN.findall(span)
            span = rest[: _cut(rest, words, WINDOW)] if len(words) > WINDOW else span
            items = span.count(",") + len(re.findall(r"\b(?:and|or)\b", span)) + 1
            before = _TOKEN.findall(sentence[max(0, cue.start() - 40) : cue.start()])
            host = before[-1].lower() if before else ""
            spans.append((offset + cue.end(), offset + cue.end() + len(span), kind, index, items, host))
    return spans


def _cut(rest: str, words: list[str], n: int) -> int:
    at = 0
    for word in words[:n]:
        at = rest.find(word, at) + len(word)
    return at


def uses(text: str, key: str) -> list[int]:
    """Where `text` writes `key` (word windows that normalise to it)."""
    tokens = [(m.start(), m.group()) for m in _TOKEN.finditer(text)]
    n = key.count(" ") + 1
    found = []
    for size in {max(1, n - 1), n, n + 1, n + 2}:
        for i in range(len(tokens) - size + 1):
            window = text[tokens[i][0] : tokens[i + size - 1][0] + len(tokens[i + size - 1][1])]
            if _key(window) == key:
                found.append(tokens[i][0])
    return sorted(set(found))


def held(text: str, key: str, spans: list[tuple] | None = None) -> list[tuple | None]:
    """For each use of `key` in `text` (`uses`), the cue span that holds it (`cue_spans`), or None."""
    spans = cue_spans(text) if spans is None else spans
    return [next((s for s in spans if s[0] <= at < s[1]), None) for at in uses(text, key)]


def card_verdicts(path: str) -> dict[str, dict[str, Counter]]:
    """paper id -> top-five chip key -> its verdict, from a `judged_cards.py` output."""
    out: dict[str, dict[str, Counter]] = {}
    for card in json.loads(Path(path).read_text(encoding="utf-8")):
        out[card["id"]] = {c["key"]: Counter({c["verdict"]: 1}) for c in card["chips"][:5]}
    return out


def _verdict_of(counts: Counter) -> str:
    return next(iter(counts)) if len(counts) == 1 and next(iter(counts)) in ("split", "unjudged") else _verdict(counts)


def rows(db: str, judged: dict[str, dict[str, Counter]]) -> list[dict]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    out = []
    for pid, chips in judged.items():
        row = con.execute(
            "SELECT title, coalesce(abstract_clean, abstract) FROM papers WHERE id = ?", (pid,)
        ).fetchone()
        if row is None or not row[1]:
            continue
        title, text = row[0] or "", clean(row[1])
        spans, last, listed = cue_spans(text), len(sentences(text)) - 1, passing_mentions(text)
        in_title = title_words(title) if title else frozenset()
        for key, counts in chips.items():
            found = held(text, key, spans)
            out.append(
                {
                    "id": pid,
                    "key": key,
                    "verdict": _verdict_of(counts),
                    "uses": len(found),
                    "passing": bool(found) and all(found),
                    "cues": sorted({s[2] for s in found if s}),
                    "last": bool(found) and all(s and s[3] == last for s in found),
                    "items": max((s[4] for s in found if s), default=0),
                    "hosts": sorted({s[5] for s in found if s}),
                    "applist": bool(found) and listed.get(key, 0) >= len(found),
                    "title": bool(in_title) and all(w in in_title for w in key.split()),
                    "evaluated": any(s and _EVALUATED.search(text[max(0, s[0] - 60) : s[0]]) for s in found),
                }
            )
    return out


def tally(rows: list[dict]) -> str:
    counts = Counter(r["verdict"] for r in rows)
    judged = counts["junk"] + counts["ok"] + counts["split"]
    junk = counts["junk"] + counts["split"] / 2
    return f"{judged:5d} judged: {counts['junk']} junk, {counts['ok']} ok, {counts['split']} split ({junk / max(judged, 1):.3f} junk)"


def main(argv: list[str]) -> int:
    if not argv:
        sys.exit(__doc__)
    cards = argv[argv.index("--cards") + 1] if "--cards" in argv else None
    found = rows(argv[0], card_verdicts(cards) if cards else verdicts())
    found = [r for r in found if r["verdict"] != "unjudged"]
    written = [r for r in found if r["uses"]]
    passing = [r for r in written if r["passing"]]
    print(f"judged chips: {tally(found)}\nwritten in the abstract: {tally(written)}")
    print(f"not in passing: {tally([r for r in written if not r['passing']])}\nall uses in passing: {tally(passing)}")
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in passing:
        cue = "+".join(r["cues"])
        groups[f"cue {cue}"].append(r)
        groups[f"cue {cue}, title {'names' if r['title'] else 'does not name'} it"].append(r)
        groups["the last sentence" if r["last"] else "another sentence"].append(r)
        groups[f"items {min(r['items'], 3)}{'+' if r['items'] >= 3 else ''}"].append(r)
        groups["after an evaluation's word" if r["evaluated"] else "no evaluation's word before"].append(r)
        groups[f"{'one word' if ' ' not in r['key'] else 'several words'}"].append(r)
        groups[f"used {min(r['uses'], 2)}{'+' if r['uses'] >= 2 else ''} times"].append(r)
        if not r["title"] and not r["evaluated"]:
            groups[f"not title, not evaluated, cue {cue}"].append(r)
            if r["cues"] in (["list"], ["application"]):
                groups[f"not title, not evaluated, list/application, items {min(r['items'], 3)}"].append(r)
    for r in written:
        if not r["passing"]:
            groups[f"not in passing, title {'names' if r['title'] else 'does not name'} it"].append(r)
            groups[f"not in passing, {'one word' if ' ' not in r['key'] else 'several words'}"].append(r)
        if r["applist"]:
            groups[f"passing.application_lists, title {'names' if r['title'] else 'does not name'} it"].append(r)
    areas = re.compile(
        r"applications?|fields?|domains?|areas?|disciplines?|industries|sectors?|tasks?|problems?|scenarios?|settings?|uses?|purposes?|sciences?"
    )
    for r in passing:
        if r["cues"] == ["list"] and not r["title"]:
            area = any(areas.fullmatch(h) for h in r["hosts"])
            groups[f"list, not title, after {'an area word' if area else 'another word'}"].append(r)
    for name in sorted(groups):
        print(f"{name:60s} {tally(groups[name])}")
    if "--rows" in argv:
        for r in sorted(passing, key=lambda r: (r["cues"], r["verdict"], r["key"])):
            flags = ("T" if r["title"] else "-") + ("E" if r["evaluated"] else "-") + ("L" if r["last"] else "-")
            print(
                f"{r['verdict']:5s} {'+'.join(r['cues']):12s} {flags} i{r['items']} u{r['uses']} {r['key']}  [{r['id']}] {'/'.join(r['hosts'])}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

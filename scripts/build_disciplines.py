"""Regenerate scripts/disciplines.txt: the names of disciplines, the labels venues give whole areas of their papers.

    .venv/bin/python scripts/build_disciplines.py [CATALOGUE] [--hold-out colm2024,corl2023] [--output PATH]
    .venv/bin/python scripts/build_disciplines.py --check    # exit 1 unless the shipped file is what the inputs give

A discipline's name (`machine learning`, `computer vision`, `artificial intelligence`, `data
mining`) is a label a venue files a whole area of its papers under, not a term one paper chooses.
The catalogue gives such labels in two places, neither a list of chips:

- the `primary_area` of a venue's records (AAAI 2022's `Machine Learning I`, ACM MM's `[Content]
  Vision and Language`);
- the keywords of a venue whose keywords are a menu (`etl.load.keywords.is_menu`: ICLR 2017's
  subject areas, SIGGRAPH's categories, IJCAI's `Area: Subarea`; of the latter the area only, the
  part before the first colon: its subareas are the papers' topics, `Deep Learning`, `Detection`).

A label loses a bracketed prefix (`[Content]`) and a closing numeral (`Computer Vision II`) and a short
form in brackets (`Machine Learning (ML)`) and is
cut at `/`, `&`, commas and ` and ` into its parts (`Knowledge Representation and Reasoning`:
`knowledge representation`, `reasoning`), each part a name, keyed as keywords are
(`normalise_keyword`). Each line: the key, the venue-years labelling with it, the venues (of the
catalogue's folders) whose abstracts write it, and the papers whose abstracts write it (a spread
over most venues is a field every venue's papers name as background). The held-out venue-years are
left out as the other builders leave them. Issue #36, branch kwfield28 (docs/keywords.md).
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_vocabulary import HELD_OUT, used_records  # noqa: E402
from catalogue import catalogue_files, held_out_command, held_out_text, save_data_file  # noqa: E402

from etl.extract.keywords import normalise_keyword  # noqa: E402
from etl.load.keywords import is_menu  # noqa: E402
from etl.sources.paperlists import split_keywords  # noqa: E402

OUTPUT = ROOT / "scripts" / "disciplines.txt"
_PREFIX = re.compile(r"^\s*\[[^\]]*\]\s*")
_NUMERAL = re.compile(r"\s+(?:[IVX]+|\d+)\s*$")
_SHORT = re.compile(r"\s*\([^)]*\)")
_CUT = re.compile(r"\s*(?:/|&|,|\band\b)\s*", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+")


def parts(label: str) -> list[str]:
    """The names a venue's area label holds (see the module's docstring), keyed."""
    label = _NUMERAL.sub("", _SHORT.sub("", _PREFIX.sub("", label))).strip()
    keys = [normalise_keyword(p) for p in _CUT.split(label) if _WORD.search(p.lower())]
    return [k for k in keys if k]


def area_labels(records: list[dict]) -> list[str]:
    """The area labels of one venue-year's records: their primary areas, and the keywords of a
    menu (an `Area: Subarea` menu's areas alone)."""
    labels = [r["primary_area"] for r in records if isinstance(r.get("primary_area"), str)]
    uses = [k for r in records for k in split_keywords(r.get("keywords") or "")]
    if uses and is_menu([u.lower() for u in uses]):
        areas = [u.split(":", 1)[0] for u in uses if ":" in u]
        labels += areas or uses
    return labels


def count(files, held_out: set[str], read: list[tuple[str, str, str]]) -> tuple[dict, list[str]]:
    """key -> venue-years labelling an area with it; and each venue-year's abstracts, by venue
    (`venue|abstract`), for the spread."""
    by_file: dict[str, list[dict]] = defaultdict(list)
    for record in used_records(files, held_out, read):
        by_file[read[-1][2]].append(record)
    labelled: dict[str, set[str]] = defaultdict(set)
    abstracts = []
    for name, records in by_file.items():
        venue_year = Path(name).stem
        for label in area_labels(records):
            for key in parts(label):
                labelled[key].add(venue_year)
        venue = name.split("/", 1)[0]
        abstracts += [f"{venue}|{r['abstract']}" for r in records if isinstance(r.get("abstract"), str)]
    return labelled, abstracts


def spread(keys: list[str], abstracts: list[str]) -> tuple[Counter, Counter]:
    """(venues, papers) whose abstracts write each key (its words in order, hyphens as spaces,
    the last word's plural too)."""
    pattern = "|".join(
        r"\b" + r"[\s-]+".join(re.escape(w) for w in k.split()) + r"(?:s|es)?\b" for k in sorted(keys, key=len)[::-1]
    )
    finder = re.compile(pattern, re.IGNORECASE)
    forms = {k: k for k in keys}
    venues: dict[str, set[str]] = defaultdict(set)
    papers: Counter = Counter()
    for line in abstracts:
        venue, text = line.split("|", 1)
        found = {forms.get(normalise_keyword(m.group())) for m in finder.finditer(text)}
        for key in found - {None}:
            venues[key].add(venue)
            papers[key] += 1
    return Counter({k: len(v) for k, v in venues.items()}), papers


TITLE = [
    "# The names of disciplines: the labels venues give whole areas of their papers (primary areas, a menu's areas).",
    "# Generated by scripts/build_disciplines.py from the paperlists catalogue; do not edit (rebuild).",
]


def main() -> int:
    args, held_out = held_out_command(__doc__, OUTPUT, HELD_OUT)
    read: list[tuple[str, str, str]] = []
    labelled, abstracts = count(catalogue_files(Path(args.catalogue)), held_out, read)
    venues, papers = spread(list(labelled), abstracts)
    body = "".join(
        f"{k}\t{len(labelled[k])}\t{venues[k]}\t{papers[k]}\n"
        for k in sorted(labelled, key=lambda k: (-venues[k], -papers[k], k))
    )
    all_venues = len({a.split("|", 1)[0] for a in abstracts})
    text = held_out_text(
        TITLE,
        f"names from the area labels of {len(set().union(*labelled.values()))} venue-years; abstracts {len(abstracts)} of {all_venues} venues",
        held_out,
        sorted(read, key=lambda r: r[2]),
        body,
        "columns: key, venue-years labelling an area with it, venues whose abstracts write it, papers whose abstracts write it",
    )
    return save_data_file(args, text, f"{len(labelled)} names", args.catalogue)


if __name__ == "__main__":
    sys.exit(main())

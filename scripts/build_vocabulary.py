"""Regenerate etl/data/keyphraseness.txt: how often authors choose a phrase as a keyword.

    .venv/bin/python scripts/build_vocabulary.py [CATALOGUE] [--hold-out colm2024,corl2023] [--output PATH]
    .venv/bin/python scripts/build_vocabulary.py --check    # exit 1 unless the shipped file is what the inputs give

CATALOGUE is the paperlists catalogue: `../shared/samples/paperlists-catalogue.tar.xz` (the
default) or the folder it extracts to. The script reads every venue file in it, keeps those whose
records carry the authors' own free keywords (not a menu of subject areas: see `is_free`), and
leaves out the held-out venue-years (COLM 2024 and CoRL 2023, on which keyword quality is
measured) and any other file of the same venue and year. For each phrase (under paperdb's keyword
normalisation) it counts the papers whose authors chose it as a keyword; over the papers that
also have an abstract, it counts the papers whose abstract has it as a candidate keyword (paperdb's
own extraction) and those that have it there and chose it; the same for the patterns phrases fall
under (`*` for every candidate, `* *` for those of several words, `*1` for those of one). Only
these counts are shipped, with
the SHA-256 of every file read, so a test can tell the shipped data from what its inputs give.
The counts depend on the extraction rules: rebuild after changing them (the test says when).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from catalogue import catalogue_files, check_data_file, data_file_arguments  # noqa: E402

from etl.extract.keywords import extract_terms, taxonomy_path  # noqa: E402
from etl.extract.keywords.vocabulary import DATA_FILE, author_keys, format_vocabulary, patterns_of  # noqa: E402
from etl.load.keywords import is_menu  # noqa: E402
from etl.load.taxonomy import load_taxonomy  # noqa: E402
from etl.sources.paperlists import split_keywords  # noqa: E402

HELD_OUT = ("colm2024", "corl2023")  # the venues keyword quality is measured on
MIN_CHOSEN = 1  # phrases kept: chosen by at least this many papers ...
MIN_PRESENT = 5  # ... or in at least this many abstracts of papers with keywords (negative evidence)
_VENUE_YEAR = re.compile(r"^([a-z]+?)(\d{4})")


def venue_year(name: str) -> str:
    """`colm/colm2024.json` -> `colm2024` (the venue and year a file is of)."""
    stem = Path(name).stem.lower()
    m = _VENUE_YEAR.match(stem)
    return m[1] + m[2] if m else stem


def used_records(files, held_out: set[str], read: list[tuple[str, str, str]]) -> Iterator[dict]:
    """The records of the catalogue's `files` (path, content) but the held-out venue-years, and
    (SHA-256, use, path) of each file into `read` as it is read (`used` or `held-out`)."""
    for name, content in files:
        digest = hashlib.sha256(content).hexdigest()
        if venue_year(name) in held_out:
            read.append((digest, "held-out", name))
            continue
        read.append((digest, "used", name))
        for record in json.loads(content):
            if isinstance(record, dict):
                yield record


def is_free(records: list[dict]) -> bool:
    """Whether the records' keywords are the authors' own phrases rather than a menu."""
    uses = [k.lower() for r in records for k in split_keywords(r.get("keywords") or "")]
    # (the test the load applies to the corpus's own; a catalogue file is judged whatever its size)
    return bool(uses) and not is_menu(uses, least=1)


def count(files: Iterator[tuple[str, bytes]], held_out: set[str]) -> tuple[dict, list[tuple[str, str, str]]]:
    """The counts, and (SHA-256, use, path) of every file read."""
    taxonomy = load_taxonomy(taxonomy_path())
    chosen: Counter[str] = Counter()
    present: Counter[str] = Counter()
    both: Counter[str] = Counter()
    labels: dict[str, Counter[str]] = {}
    papers = with_abstract = 0
    read = []
    for name, content in files:
        digest = hashlib.sha256(content).hexdigest()
        if venue_year(name) in held_out:
            read.append((digest, "held-out", name))
            continue
        records = [r for r in json.loads(content) if isinstance(r, dict)]
        if not is_free(records):
            read.append((digest, "no-free-keywords", name))
            continue
        read.append((digest, "used", name))
        for record in records:
            keys = {}
            for label in split_keywords(record.get("keywords") or ""):
                for key in author_keys(label):
                    keys.setdefault(key, label)
            if not keys:
                continue
            papers += 1
            chosen.update(keys.keys())
            for key, label in keys.items():
                labels.setdefault(key, Counter())[label] += 1
            abstract = " ".join(str(record.get("abstract") or "").split())
            if abstract:
                with_abstract += 1
                terms = extract_terms(abstract, taxonomy)
                found = set(terms.phrases) | set(terms.acronyms)
                chose = found.intersection(keys)
                present.update(found)
                both.update(chose)
                present.update(pattern for key in found for pattern in patterns_of(key))
                both.update(pattern for key in chose for pattern in patterns_of(key))
    rows = {
        key: (chosen[key], both[key], present[key], _label(labels.get(key)))
        for key in chosen.keys() | present.keys()
        if (chosen[key] >= MIN_CHOSEN and "*" not in key) or present[key] >= MIN_PRESENT
    }
    return {"papers": papers, "with_abstract": with_abstract, "rows": rows}, sorted(read, key=lambda r: r[2])


def _label(labels: Counter[str] | None) -> str:
    """The form authors write most often (ties: the first in code-point order), or `-`."""
    if not labels:
        return "-"
    return min(labels.items(), key=lambda kv: (-kv[1], kv[0]))[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data_file_arguments(parser, DATA_FILE)
    parser.add_argument("--hold-out", default=",".join(HELD_OUT), help="venue-years left out (comma-separated)")
    args = parser.parse_args()
    held_out = {v.strip().lower() for v in args.hold_out.split(",") if v.strip()}
    counts, read = count(catalogue_files(Path(args.catalogue)), held_out)
    text = format_vocabulary(counts, read, sorted(held_out))
    output = Path(args.output)
    if args.check:
        return check_data_file(output, text, args.catalogue)
    output.write_text(text, encoding="utf-8")
    used = sum(1 for _, use, _ in read if use == "used")
    print(f"{output}: {len(counts['rows'])} phrases from {counts['papers']} papers in {used} venue files")
    return 0


if __name__ == "__main__":
    sys.exit(main())

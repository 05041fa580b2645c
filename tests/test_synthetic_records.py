"""The benchmark's synthetic records (scripts/synthetic_records.py): a file's first records are the
smaller file, every record is one the JSON lines reader takes, and the vocabulary grows as the
paperlists catalogue's does (its figures, measured on its shuffled abstracts, are in the module)."""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from synthetic_records import records, write_jsonl

from etl.sources import read_input

WORD = re.compile(r"\w\w+")
# The catalogue's vocabulary (words of two letters or more, lower-cased) over its first shuffled
# abstracts, and the share of it used once: the synthetic records' must be within `SLACK` of each
# (they are 25 % and 14 % below, with 27 % and 26 % more of it used once; the abstracts with ten
# fresh words each that the benchmark wrote before had 83,119 words at 10,000, 97 % used once).
CATALOGUE = [(4_000, 19_728, 0.474), (10_000, 30_175, 0.484)]
SLACK = 0.3


def test_the_first_records_of_a_file_are_the_smaller_file(tmp_path):
    write_jsonl(tmp_path / "small.jsonl", 300)
    write_jsonl(tmp_path / "large.jsonl", 1_000)
    small = (tmp_path / "small.jsonl").read_text().splitlines()
    large = (tmp_path / "large.jsonl").read_text().splitlines()
    assert small == large[:300]


def test_every_record_is_read_and_no_two_are_one_paper(tmp_path):
    write_jsonl(tmp_path / "records.jsonl", 500)
    parsed = read_input(str(tmp_path / "records.jsonl"), (tmp_path / "records.jsonl").read_bytes())
    entries = list(parsed.entries)
    assert len(entries) == 500 and parsed.tally.skipped == 0
    assert len({e.abstract for e in entries}) == 500
    assert all(e.title and len(e.authors) >= 2 for e in entries)


@pytest.mark.parametrize(("abstracts", "vocabulary", "once"), CATALOGUE)
def test_the_vocabulary_grows_as_the_catalogues(abstracts, vocabulary, once):
    df: dict[str, int] = {}
    for record in itertools.islice(records(abstracts), abstracts):
        for word in {w.lower() for w in WORD.findall(record["abstract"])}:
            df[word] = df.get(word, 0) + 1
    used_once = sum(1 for n in df.values() if n == 1) / len(df)
    assert abs(len(df) - vocabulary) <= SLACK * vocabulary, json.dumps({"vocabulary": len(df)})
    assert abs(used_once - once) <= SLACK * once, json.dumps({"used once": used_once})

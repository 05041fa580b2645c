"""The data files paperdb ships that a script builds from the paperlists catalogue are what their
script gives from it (no hand edits, no rules changed without a rebuild)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The inputs the files were built from: the catalogue archive beside the project (as the scripts'
# default), or the folder $PAPERDB_CATALOGUE names.
CATALOGUE = Path(
    os.environ.get("PAPERDB_CATALOGUE") or ROOT.parent / "shared" / "samples" / "paperlists-catalogue.tar.xz"
)


@pytest.mark.skipif(not CATALOGUE.exists(), reason=f"the catalogue the files are built from is not at {CATALOGUE}")
@pytest.mark.parametrize(
    ("script", "timeout"),
    [
        ("build_vocabulary.py", 600),  # etl/data/keyphraseness.txt: how often authors choose each phrase
        ("build_termhood.py", 900),  # etl/data/termhood.txt: titles heading each phrase
        ("build_evaluative.py", 300),  # etl/data/evaluative_adjectives.txt: the titles' praise words
        ("build_continued.py", 300),  # etl/data/continued.txt: phrases titles go on to name the head of
        ("build_line_breaks.py", 300),  # etl/data/line_breaks.txt: words broken at a line end, written whole
        ("build_named_modifiers.py", 300),  # etl/data/named_modifiers.txt: names abstracts write before a noun
        ("build_spellings.py", 300),  # etl/data/spellings.txt: British spellings and their American forms
        ("build_word_names.py", 300),  # etl/data/word_names.txt: words also written in capitals as a name
        ("build_names.py", 300),  # etl/data/names.txt: words written capitalised as names (`Gaussian`)
        ("build_dropped_heads.py", 300),  # etl/data/dropped_heads.txt: heads authors leave off the terms they choose
        ("build_referring.py", 300),  # etl/data/referring_modifiers.txt: words that say which one, not which kind
        ("build_ing_modifiers.py", 300),  # etl/data/ing_modifiers.txt: -ing words and the nouns they open terms with
        ("build_frequent_words.py", 300),  # etl/data/frequent_words.txt: the words one abstract in ten writes
        ("build_disciplines.py", 300),  # scripts/disciplines.txt: the labels venues give whole areas of papers
    ],
)
def test_a_shipped_data_file_is_what_its_script_gives_from_the_catalogue(script, timeout):
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / script), str(CATALOGUE), "--check"],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stdout + result.stderr

"""Word forms from the catalogue's own vocabulary: British spellings keywords merge under the American ones (`optimisation` -> `optimization`), and words written in capitals as a name they keep apart (`ROBOT`).

- `etl/data/spellings.txt`, built by `scripts/build_spellings.py`: a British form whose American
  form the catalogue also writes (`behaviour` -> `behavior`, `modelling` -> `modeling`);
- `etl/data/word_names.txt`, built by `scripts/build_word_names.py`: English words the catalogue
  also writes in capitals as a name (`ROBOT`, `GRASP`, `GAME`); such a name, written in capitals,
  is a keyword of its own, not the word's.

Issue #36 (reader5 items 6 and 11).
"""

from __future__ import annotations

from pathlib import Path

from ...settings import package_folder

SPELLINGS_FILE = package_folder("etl") / "data" / "spellings.txt"
WORD_NAMES_FILE = package_folder("etl") / "data" / "word_names.txt"


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]


AMERICAN: dict[str, str] = dict(line.split(" ", 1) for line in _lines(SPELLINGS_FILE))
WORD_NAMES = frozenset(_lines(WORD_NAMES_FILE))

"""Where the topic taxonomy is read from and how large it may be, apart from the rules: what only
fingerprints them (`etl.load.rules`) imports none of the rules' modules and word lists."""

from __future__ import annotations

import os

from ...settings import package_folder

MAX_TAXONOMY_BYTES = 10_000_000  # the bundled one is 20 KB


def taxonomy_path() -> str:
    """`$PAPERDB_TOPICS` if set, else the taxonomy shipped with the package."""
    return os.environ.get("PAPERDB_TOPICS") or str(package_folder("etl") / "data" / "topics.json")

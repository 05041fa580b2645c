"""Imported only by the fork server of `tests.helpers` (its preload): one small load, so that
each `paperdb` command forked from that server starts with what a process's first load costs
already paid: the loader's lazy imports, the schema the revisions make (made once per process,
`etl.store.engine.made_by_the_revisions`) and SQLAlchemy's compiled statements. A forked load
of two papers then takes about 0.1 s of CPU instead of 0.9 s."""

import tempfile
from pathlib import Path

from etl.load import load
from tests.helpers import ABSTRACT_QUIP, listing_text


def _load_once() -> None:
    with tempfile.TemporaryDirectory(prefix="paperdb-warm-") as directory:
        listing = Path(directory, "warm.txt")
        listing.write_text(listing_text(ABSTRACT_QUIP, "We propose FooNet. Code: https://github.com/a/b"))
        load(str(Path(directory, "papers.db")), [str(listing)])


_load_once()

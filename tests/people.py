"""Authors as people, for the tests: real catalogue records whose authors and institutions the
rules change, the rules as they were before revision 0028, and the tables that hold people."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

# Real records (abstracts cut to two sentences) by the file they come from: IROS and ICRA lists
# written twice with `aff` once, a name written twice, accents spaced out in names and institutions.
CATALOGUE = json.loads((Path(__file__).parent / "fixtures" / "authors_as_people.json").read_text(encoding="utf-8"))
# Each table that holds people, with authors and institutions by merge key (their ids depend on
# the order they were added in).
PEOPLE = {
    "paper_authors": """SELECT pa.paper_id, pa.position, a.normalised, pa.name, pa.name_raw FROM paper_authors pa
        JOIN authors a ON a.id = pa.author_id""",
    "paper_affiliations": """SELECT f.paper_id, f.position, i.normalised, f."order", f.name, f.country
        FROM paper_affiliations f JOIN institutions i ON i.id = f.institution_id""",
    "authors": "SELECT name, normalised, papers FROM authors",
    "institutions": "SELECT name, normalised, country, papers FROM institutions",
    "papers": "SELECT id, authors FROM papers",
    "author_trend_counts": """SELECT a.normalised, c.venue, c.year, c.papers FROM author_trend_counts c
        JOIN authors a ON a.id = c.author_id""",
    "institution_trend_counts": """SELECT i.normalised, c.venue, c.year, c.papers FROM institution_trend_counts c
        JOIN institutions i ON i.id = c.institution_id""",
}
# Papers with an author twice.
AUTHOR_TWICE = (
    "SELECT count(DISTINCT paper_id) FROM (SELECT paper_id FROM paper_authors GROUP BY paper_id, author_id"
    " HAVING count(*) > 1) t"
)


def catalogue_files(directory: Path) -> list[str]:
    """The catalogue's records written as their files, in `directory`."""
    paths = []
    for name, records in CATALOGUE.items():
        (directory / name).write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
        paths.append(str(directory / name))
    return paths


def people(target: str) -> dict[str, list[tuple]]:
    """The rows of `PEOPLE` in `target` (a SQLite file or a server's URL), sorted in Python (the
    two databases collate text differently)."""
    from sqlalchemy import text

    from tests.helpers import run

    return run(target, lambda conn: {name: sorted(map(tuple, conn.execute(text(sql)))) for name, sql in PEOPLE.items()})


@contextmanager
def rules_before_0028(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Loads inside read and resolve authors as before revision 0028: every name of the list
    (a list written twice twice over, a person written twice twice), accents spaced out as
    written, and no affiliations for a paperlists list written twice (nor, as before revision
    0050, for the paper as a whole)."""
    import etl.extract.affiliations as filing
    import etl.extract.bibliography as bibliography
    import etl.sources.affiliations as affiliations
    import etl.sources.paperlists as paperlists
    import etl.text.authors as authors
    from etl.text.cleaning import clean_text

    def every_name(names):
        return [(i, name, authors.name_key(name)) for i, raw in enumerate(names) if (name := authors.clean_name(raw))]

    cached = (authors.clean_name, authors.name_key, authors.institution_name)
    with monkeypatch.context() as patched:
        patched.setattr(authors, "compose_diacritics", lambda text: text)
        patched.setattr(bibliography, "people", every_name)
        patched.setattr(filing, "institution_name", clean_text)
        patched.setattr(affiliations, "first_copy", tuple)
        patched.setattr(paperlists, "unplaced_institutions", lambda item, names: ())
        for function in cached:
            function.cache_clear()
        try:
            yield
        finally:
            for function in cached:
                function.cache_clear()

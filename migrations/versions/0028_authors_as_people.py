"""authors as people: each person once in a paper's authors (the first place the list gives, with
its affiliations: the IROS and ICRA records list theirs twice), the accents PDF extraction spaced
out put back in author and institution names (`Daniel Go¨hring` -> `Daniel Göhring`). The papers
concerned have their authors and affiliations chosen again from their stored records, by the
rule a load runs (etl.extract.bibliography.resolve). The paperlists records that list their
authors twice kept no affiliations (the reader could not line `aff` up with such a list): their
files are read again here where they are still there with the same bytes, else by the next load
that names them.

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-05
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.rules_0028.authors import first_copy
from etl.migrations.rules_0028.people import resolve_people

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None

# The spacing accents the rule composes (etl.text.diacritics.MARKS, as of this revision).
MARKS = "\u00a8\u00b4`\u02c6\u02dc\u00b8\u02c7\u02d8\u02d9\u02da\u00af"
_MARKED = " OR ".join(f"{{column}} LIKE '%{mark}%'" for mark in MARKS)
# Papers whose authors change: a person listed twice, or a name or institution with such an accent
# (besides those whose records' affiliations are read again).
CHANGING = f"""INSERT INTO revision_papers (paper_id)
SELECT paper_id FROM paper_authors GROUP BY paper_id, author_id HAVING count(*) > 1
UNION SELECT paper_id FROM paper_authors WHERE {_MARKED.format(column="name")}
UNION SELECT paper_id FROM paper_affiliations WHERE {_MARKED.format(column="name")}
ON CONFLICT DO NOTHING"""
CHANGED = "SELECT paper_id FROM revision_papers"
# The people (and their trend counts) these papers name, before and after: counted again at the end.
NOTED = (
    ("revision_authors", "paper_authors", "author_id", "author_trend_counts"),
    ("revision_institutions", "paper_affiliations", "institution_id", "institution_trend_counts"),
)
TREND_SHARE = """INSERT INTO {counts} ({key}, venue, year, papers)
SELECT x.{key}, p.venue, p.year, {sign}count(DISTINCT p.id) FROM papers p JOIN {rows} x ON x.paper_id = p.id
WHERE p.id IN (SELECT paper_id FROM revision_papers) GROUP BY x.{key}, p.venue, p.year
ON CONFLICT ({key}, venue, year) DO UPDATE SET papers = {counts}.papers + excluded.papers"""
NEW_AUTHOR = """INSERT INTO authors (name, normalised, papers) SELECT CAST(:name AS TEXT), CAST(:key AS TEXT), 0
WHERE NOT EXISTS (SELECT 1 FROM authors WHERE normalised = :key)"""
NEW_INSTITUTION = """INSERT INTO institutions (name, normalised, country, papers)
SELECT CAST(:name AS TEXT), CAST(:key AS TEXT), CAST(:country AS TEXT), 0
WHERE NOT EXISTS (SELECT 1 FROM institutions WHERE normalised = :key)"""
NOTE = "INSERT INTO {noted} (id) SELECT DISTINCT {key} FROM {rows} WHERE paper_id IN ({changed}) ON CONFLICT DO NOTHING"
SPENT = "DELETE FROM {counts} WHERE papers <= 0 AND {key} IN (SELECT id FROM {noted})"
NEW_PAPER_AUTHOR = """INSERT INTO paper_authors (paper_id, position, author_id, name, name_raw)
VALUES (:paper_id, :position, :author_id, :name, :raw)"""
NEW_AFFILIATION = """INSERT INTO paper_affiliations (paper_id, position, institution_id, "order", name, country)
VALUES (:paper_id, :position, :institution_id, :order, :name, :country)"""
# As etl/load/people.py recounts them after a load (as of this revision).
RECOUNT = [
    """DELETE FROM authors WHERE id IN (SELECT id FROM revision_authors)
    AND NOT EXISTS (SELECT 1 FROM paper_authors pa WHERE pa.author_id = authors.id)""",
    """UPDATE authors SET
    name = (SELECT pa.name FROM paper_authors pa WHERE pa.author_id = authors.id
            GROUP BY pa.name ORDER BY count(*) DESC, pa.name LIMIT 1),
    papers = (SELECT count(DISTINCT pa.paper_id) FROM paper_authors pa WHERE pa.author_id = authors.id)
    WHERE id IN (SELECT id FROM revision_authors)""",
    """DELETE FROM institutions WHERE id IN (SELECT id FROM revision_institutions)
    AND NOT EXISTS (SELECT 1 FROM paper_affiliations a WHERE a.institution_id = institutions.id)""",
    """WITH noted AS (
        SELECT * FROM paper_affiliations WHERE institution_id IN (SELECT id FROM revision_institutions)
    ), names AS (
        SELECT institution_id, name, row_number() OVER (PARTITION BY institution_id ORDER BY count(*) DESC, name) AS r
        FROM noted GROUP BY institution_id, name
    ), countries AS (
        SELECT institution_id, country,
            row_number() OVER (PARTITION BY institution_id ORDER BY count(*) DESC, country) AS r
        FROM noted WHERE country IS NOT NULL GROUP BY institution_id, country
    ), papers AS (
        SELECT institution_id, count(DISTINCT paper_id) AS papers FROM noted GROUP BY institution_id
    ), chosen AS (
        SELECT p.institution_id, n.name, c.country, p.papers FROM papers p
        JOIN names n ON n.institution_id = p.institution_id AND n.r = 1
        LEFT JOIN countries c ON c.institution_id = p.institution_id AND c.r = 1
    )
    UPDATE institutions SET name = chosen.name, country = chosen.country, papers = chosen.papers
    FROM chosen WHERE chosen.institution_id = institutions.id
    AND (institutions.name, institutions.country, institutions.papers)
        IS DISTINCT FROM (chosen.name, chosen.country, chosen.papers)""",
]
# Records that list their authors twice and kept no affiliations, and what their sources are.
REPEATED = """SELECT ps.source_id, ps.position, ps.authors FROM paper_sources ps JOIN sources s ON s.id = ps.source_id
WHERE s.format = 'paperlists' AND ps.affiliations IS NULL AND ps.authors IS NOT NULL"""
SOURCE = "SELECT resolved_path, sha256, options FROM sources WHERE id = :id"
STORE_AFFILIATIONS = """UPDATE paper_sources SET affiliations = :affiliations
WHERE source_id = :source_id AND position = :position AND authors = :authors"""
GIVEN_AFFILIATIONS = """INSERT INTO revision_papers (paper_id) SELECT paper_id FROM paper_sources
WHERE source_id = :source_id AND position = :position ON CONFLICT DO NOTHING"""
# A file that cannot be read now is read again by the next load that names it: its digest is
# changed (sources.sha256 holds 64 characters), so the load finds the file changed.
READ_AGAIN = """UPDATE sources SET sha256 = 'read again: ' || substr(sha256, 1, 52)
WHERE id = :id AND sha256 NOT LIKE 'read again: %'"""
# What each record of the papers concerned says of its authors, with its source's format and path.
RECORDS = """SELECT ps.paper_id, ps.source_id, ps.position, ps.authors, ps.affiliations, s.format, s.resolved_path
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id WHERE ps.paper_id IN (SELECT paper_id FROM revision_papers)"""
FILE_LIMIT = "$PAPERDB_MAX_FILE_MB"


def _people(conn: sa.Connection) -> tuple[list[dict], list[dict], dict[str, list[str]]]:
    """The rows of paper_authors and paper_affiliations of the papers concerned, as a load now
    resolves them from their records, and each paper's display names."""
    records: dict[str, list] = {}
    for pid, _, position, authors, affiliations, fmt, path in conn.execute(sa.text(RECORDS)):
        given = tuple(tuple(tuple(pair) for pair in a) for a in json.loads(affiliations)) if affiliations else ()
        names = tuple(json.loads(authors)) if authors else ()
        records.setdefault(pid, []).append((fmt, path, position, names, given))
    authors, affiliations, shown = [], {}, {}
    for pid, found in records.items():
        resolved_authors, resolved_affiliations = resolve_people(found)
        shown[pid] = [name for name, _, _ in resolved_authors]
        for position, (name, key, raw) in enumerate(resolved_authors, 1):
            authors.append({"paper_id": pid, "position": position, "key": key, "name": name, "raw": raw})
        for position, order, name, key, country in resolved_affiliations:
            row = {"paper_id": pid, "position": position, "order": order, "name": name, "country": country, "key": key}
            affiliations.setdefault((pid, position, key), row)  # (an institution an author gives twice: the first)
    return authors, list(affiliations.values()), shown


def _affiliations_from_files(conn: sa.Connection) -> None:
    """The affiliations of the records that list their authors twice, read from their files as a
    load now reads them, where a file is still there with the bytes it had (its SHA-256); the
    papers they belong to are noted for `_redo_people`. Other files are read again by the next
    load that names them."""
    repeated: dict[int, dict[int, str]] = {}
    for source_id, position, authors in conn.execute(sa.text(REPEATED)):
        names = json.loads(authors)
        if len(first_copy(names)) < len(names):
            repeated.setdefault(source_id, {})[position] = authors
    for source_id, positions in sorted(repeated.items()):
        rows = _affiliations_read(conn, source_id, positions)
        if rows is None:
            conn.execute(sa.text(READ_AGAIN), {"id": source_id})
        elif rows:
            conn.execute(sa.text(STORE_AFFILIATIONS), rows)
            conn.execute(sa.text(GIVEN_AFFILIATIONS), rows)


def _affiliations_read(conn: sa.Connection, source_id: int, positions: dict[int, str]) -> list[dict] | None:
    """The records' new `paper_sources.affiliations` (where their authors are still the ones
    stored), or None when the source's file cannot be read with the bytes it was loaded from."""
    # (The live readers: a frozen copy would be the whole reader stack. The file is read only for
    # the affiliations a list written twice kept none of, where its bytes are the ones loaded.)
    from etl.errors import InputError
    from etl.settings import max_file_bytes
    from etl.sources import open_input
    from etl.sources.files import file_digest, open_regular_file

    path, sha256, options = conn.execute(sa.text(SOURCE), {"id": source_id}).one()
    given = json.loads(options) if options else {}
    limit = max_file_bytes()
    rows = []
    try:
        with open_regular_file(path, limit, FILE_LIMIT) as stream:
            if file_digest(stream, path, limit, FILE_LIMIT)[0] != sha256:
                return None
            parsed = open_input(path, stream, given.get("venue"), given.get("year"), given.get("format"))
            for entry in parsed.entries:
                authors = positions.get(entry.position)
                if authors is not None and entry.affiliations and json.loads(authors) == list(entry.authors):
                    affiliations = json.dumps(entry.affiliations, ensure_ascii=False)
                    rows.append(
                        {
                            "source_id": source_id,
                            "position": entry.position,
                            "authors": authors,
                            "affiliations": affiliations,
                        }
                    )
    except (OSError, InputError):
        return None
    return rows


def _ids(conn: sa.Connection, table: str, rows: list[dict], insert: str) -> dict[str, int]:
    """The ids of the rows' people by merge key, adding those the table lacks (named as in the
    first row that has them; the recount chooses their names)."""
    first: dict[str, dict] = {}
    for row in rows:
        first.setdefault(row["key"], row)
    if first:
        conn.execute(sa.text(insert), [first[key] for key in sorted(first)])
    select = sa.text(f"SELECT normalised, id FROM {table} WHERE normalised IN :keys").bindparams(
        sa.bindparam("keys", expanding=True)
    )
    keys = sorted(first)
    return {
        k: i for part in range(0, len(keys), 500) for k, i in conn.execute(select, {"keys": keys[part : part + 500]})
    }


def _note(conn: sa.Connection) -> None:
    for noted, rows, key, _ in NOTED:
        conn.execute(sa.text(NOTE.format(noted=noted, key=key, rows=rows, changed=CHANGED)))


def _count_trends(conn: sa.Connection, sign: str) -> None:
    for _, rows, key, counts in NOTED:
        conn.execute(sa.text(TREND_SHARE.format(counts=counts, key=key, rows=rows, sign=sign)))


def _redo_people(conn: sa.Connection) -> None:
    """The changing papers' authors and affiliations under the new rules, with the names and
    counts of the people they named or name, and the trend counts, kept as a load keeps them."""
    authors, affiliations, shown = _people(conn)
    _note(conn)
    _count_trends(conn, "-")
    for table in ("paper_authors", "paper_affiliations"):
        conn.execute(sa.text(f"DELETE FROM {table} WHERE paper_id IN ({CHANGED})"))
    author_ids = _ids(conn, "authors", authors, NEW_AUTHOR)
    institution_ids = _ids(conn, "institutions", affiliations, NEW_INSTITUTION)
    if authors:
        conn.execute(
            sa.text(NEW_PAPER_AUTHOR),
            [row | {"author_id": author_ids[row["key"]]} for row in authors],
        )
    if affiliations:
        conn.execute(
            sa.text(NEW_AFFILIATION),
            [row | {"institution_id": institution_ids[row["key"]]} for row in affiliations],
        )
    if shown:
        conn.execute(
            sa.text("UPDATE papers SET authors = :authors WHERE id = :id"),
            [{"id": pid, "authors": json.dumps(names, ensure_ascii=False)} for pid, names in sorted(shown.items())],
        )
    _note(conn)
    _count_trends(conn, "")
    for noted, _, key, counts in NOTED:
        conn.execute(sa.text(SPENT.format(counts=counts, key=key, noted=noted)))
    for statement in RECOUNT:
        conn.execute(sa.text(statement))


def upgrade() -> None:
    conn = op.get_bind()
    conn.execute(sa.text("CREATE TEMP TABLE revision_papers (paper_id TEXT PRIMARY KEY)"))
    for noted, _, _, _ in NOTED:
        conn.execute(sa.text(f"CREATE TEMP TABLE {noted} (id INTEGER PRIMARY KEY)"))
    _affiliations_from_files(conn)
    conn.execute(sa.text(CHANGING))
    _redo_people(conn)
    for table in ("revision_papers", *(noted for noted, _, _, _ in NOTED)):
        conn.execute(sa.text(f"DROP TABLE {table}"))


def downgrade() -> None:
    """Nothing to undo: the schema is the same, and the code of revision 0027 reads these rows as
    they are (each person once, names with their accents)."""

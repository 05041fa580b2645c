"""venues and status words as data: papers.venue is the canonical name of the venue its record
writes (etl/registries/venues.csv: `NIPS`, `neurips`, `Neural Information Processing
Systems` are NeurIPS), the name as written staying in paper_sources.venue; each status word's
decision, presentation and track come from etl/registries/statuses.csv (SIGGRAPH's
`Technical Paper` and `TOG Paper`, COLING's `Main`, `Industry` and `System Demonstrations`, ICLR
2013's workshop track are decided). Stored papers get both from what paper_sources keeps of their
records, with the registries as this revision was written (frozen in etl.migrations.rules_0032),
their trend counts and the relations of their versions kept as a load keeps them.

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite
from etl.migrations.rules_0032.registries import UNKNOWN, canonical_venue, status_of

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None

# (table, column) -> (comment before, comment now)
COMMENTS = {
    ("papers", "venue"): (
        "Venue from the listing header, e.g. ICML",
        "Canonical venue name (etl/registries/venues.csv: NIPS, neurips are NeurIPS); as written in"
        " paper_sources.venue",
    ),
    ("papers", "track"): (
        "Track as the source names it: main, ...",
        "Track the status word names (COLING's Industry: industry), else as the source names it: main, ...",
    ),
    ("paper_sources", "venue"): (
        "The venue the record gives (its own, else its file's)",
        "The venue the record gives (its own, else its file's), as written",
    ),
}
# The order in which a paper's records are read for its decision (etl.extract.bibliography, frozen).
PRIORITY = {"pmlr-bibtex": 0, "icml-events": 1, "paperlists": 2, "csv": 3, "jsonl": 3}
RECORDS = """SELECT ps.paper_id, s.format, s.resolved_path, ps.position, ps.status, ps.track
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id WHERE ps.status IS NOT NULL OR ps.track IS NOT NULL"""
# Each trend counts table: its key and the rows it counts (etl.load.trends, frozen).
COUNTS = {
    "keyword_trend_counts": (("keyword_id", "kind"), "paper_keywords", "count(*)"),
    "author_trend_counts": (("author_id",), "paper_authors", "count(DISTINCT p.id)"),
    "institution_trend_counts": (("institution_id",), "paper_affiliations", "count(DISTINCT p.id)"),
}
TREND_SHARE = """INSERT INTO {counts} ({keys}, venue, year, papers)
SELECT {x_keys}, p.venue, p.year, {sign}{count} FROM papers p JOIN {rows} x ON x.paper_id = p.id
WHERE p.id IN (SELECT paper_id FROM revision_relocated) GROUP BY {x_keys}, p.venue, p.year
ON CONFLICT ({keys}, venue, year) DO UPDATE SET papers = {counts}.papers + excluded.papers"""
VERSIONS = """SELECT v.paper_id, v.other_id, v.relation, v.similarity, v.same_title,
    a.venue, a.year, a.decision, a.presentation, b.venue, b.year, b.decision, b.presentation
FROM paper_versions v JOIN papers a ON a.id = v.paper_id JOIN papers b ON b.id = v.other_id
WHERE v.paper_id IN (SELECT paper_id FROM revision_changed) OR v.other_id IN (SELECT paper_id FROM revision_changed)"""


def _comments(now: bool) -> None:
    """PostgreSQL keeps comments (SQLite does not): those this revision changes."""
    for (table, column), (before, after) in COMMENTS.items():
        new, old = (after, before) if now else (before, after)
        op.alter_column(table, column, comment=new, existing_comment=old)


def _decided(conn: sa.Connection) -> dict[str, tuple]:
    """Each paper with a record that gives a status or a track -> (decision, presentation, track)
    as a load of this release resolves them."""
    records: dict[str, list[tuple]] = {}
    for pid, fmt, path, position, status, track in conn.execute(sa.text(RECORDS)):
        if fmt in PRIORITY:
            records.setdefault(pid, []).append((PRIORITY[fmt], path, position, status, track))
    decided = {}
    for pid, rows in records.items():
        rows.sort(key=lambda r: r[:3])
        said = next((s for *_, status, _ in rows if status and (s := status_of(status)) != UNKNOWN), UNKNOWN)
        track = said[2] or next((t for *_, t in rows if t), None)
        decided[pid] = (said[0], said[1], track)
    return decided


def _outcome(decision: str | None, presentation: str | None) -> str:
    if presentation and decision in (None, "accepted"):
        return presentation
    return decision or "unknown"


def _versions(conn: sa.Connection) -> None:
    """The versions of the papers whose venue or decision changed, related again: a pair now of
    one venue and year is no pair; the earlier first (year, venue, id); the relation anew."""
    rows = conn.execute(sa.text(VERSIONS)).fetchall()
    kept = []
    for pid, oid, _, similarity, same, *sides in rows:
        a, b = (pid, *sides[:4]), (oid, *sides[4:])
        if a[1:3] == b[1:3]:
            continue
        earlier, later = sorted((a, b), key=lambda p: (p[2], p[1], p[0]))
        outcomes = _outcome(*earlier[3:]), _outcome(*later[3:])
        relation = f"same year: {outcomes[0]}, {outcomes[1]}" if earlier[2] == later[2] else " → ".join(outcomes)
        kept.append({"a": earlier[0], "b": later[0], "relation": relation, "similarity": similarity, "same": same})
    for pid, oid, *_ in rows:
        conn.execute(sa.text("DELETE FROM paper_versions WHERE paper_id = :a AND other_id = :b"), {"a": pid, "b": oid})
    if kept:
        conn.execute(
            sa.text(
                "INSERT INTO paper_versions (paper_id, other_id, relation, similarity, same_title)"
                " VALUES (:a, :b, :relation, :similarity, :same)"
            ),
            kept,
        )


def _trend_share(conn: sa.Connection, sign: str) -> None:
    for counts, (keys, rows, count) in COUNTS.items():
        x_keys = ", ".join(f"x.{key}" for key in keys)
        statement = TREND_SHARE.format(
            counts=counts, keys=", ".join(keys), x_keys=x_keys, sign=sign, count=count, rows=rows
        )
        conn.execute(sa.text(statement))


def upgrade() -> None:
    if not on_sqlite():
        _comments(now=True)
    conn = op.get_bind()
    renamed = [
        {"old": venue, "new": canonical_venue(venue)}
        for (venue,) in conn.execute(sa.text("SELECT DISTINCT venue FROM papers"))
        if canonical_venue(venue) != venue
    ]
    stored = {pid: tuple(rest) for pid, *rest in conn.execute(sa.text("SELECT id, decision, presentation, track FROM papers"))}
    redecided = [
        {"id": pid, "decision": d, "presentation": p, "track": t}
        for pid, (d, p, t) in sorted(_decided(conn).items())
        if pid in stored and stored[pid] != (d, p, t)
    ]
    conn.execute(sa.text("CREATE TEMP TABLE revision_relocated (paper_id TEXT PRIMARY KEY)"))
    conn.execute(sa.text("CREATE TEMP TABLE revision_changed (paper_id TEXT PRIMARY KEY)"))
    if renamed:
        conn.execute(
            sa.text("INSERT INTO revision_relocated (paper_id) SELECT id FROM papers WHERE venue = :old"), renamed
        )
        _trend_share(conn, "-")
        conn.execute(sa.text("UPDATE papers SET venue = :new WHERE venue = :old"), renamed)
        _trend_share(conn, "")
        for counts in COUNTS:
            conn.execute(sa.text(f"DELETE FROM {counts} WHERE papers <= 0"))
        conn.execute(sa.text("INSERT INTO revision_changed SELECT paper_id FROM revision_relocated"))
    if redecided:
        conn.execute(
            sa.text("UPDATE papers SET decision = :decision, presentation = :presentation, track = :track WHERE id = :id"),
            redecided,
        )
        conn.execute(
            sa.text("INSERT INTO revision_changed (paper_id) VALUES (:id) ON CONFLICT DO NOTHING"),
            [{"id": row["id"]} for row in redecided],
        )
    _versions(conn)
    conn.execute(sa.text("DROP TABLE revision_relocated"))
    conn.execute(sa.text("DROP TABLE revision_changed"))


def downgrade() -> None:
    """The comments as they were; the papers keep their canonical venues and decisions (what the
    rules before this revision made of them is not kept)."""
    if not on_sqlite():
        _comments(now=False)

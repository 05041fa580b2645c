"""two things the sixteenth reader (read29) met on the whole catalogue, given to a database loaded
before them. A repository an abstract offers as data alone ("The dataset is available at
https://github.com/huawei-noah/datasets/PePScenes", ICRA 2021; "We release our dataset at
https://github.com/Babelscape/multinerd", NAACL 2022) releases no code (`etl.extract.code_status.
offers_data_alone`): the code status of every paper called `released` is derived again with the rules
of this revision (frozen in etl.migrations.rules_0070), from its stored text and its records' links,
as a load of it derives it (66 catalogue papers released -> none or mentioned); the links stay. And
an author a list names twice, spelt out and with initials (IROS 2008: `Kenji Tahara; Suguru
Arimoto; K. Tahara; S. Arimoto`, `etl.text.authors.people`), is one person: the sources of the
papers with two such names are marked to be read again by the next load that names them, which gives
their authors as a cold load does (2 catalogue papers). Down, the statuses stay (no rule before this
one is frozen to derive them again; a load of that release gives them back). On SQLite and
PostgreSQL alike.

Revision ID: 0070
Revises: 0069
Create Date: 2026-12-07
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again
from etl.migrations.rules_0062 import links as links_0062
from etl.migrations.rules_0062.made_up import made_up
from etl.migrations.rules_0070.code_status import paper_code_status
from etl.migrations.rules_0070.derive import derive

revision = "0070"
down_revision = "0069"
branch_labels = None
depends_on = None

RELEASED = "SELECT id, coalesce(abstract_clean, abstract) FROM papers WHERE code_status = 'released'"
# Their records that give links, with what orders them (etl/extract/bibliography.py, `resolve`).
RECORDS = """SELECT ps.paper_id, ps.source_id, s.format, s.resolved_path, ps.position, ps.links, ps.year
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id JOIN papers p ON p.id = ps.paper_id
WHERE ps.links IS NOT NULL AND p.code_status = 'released'"""
PRIORITY = {"pmlr-bibtex": 0, "icml-events": 1, "paperlists": 2, "csv": 3, "jsonl": 3}
SET_STATUS = sa.text("UPDATE papers SET code_status = :status WHERE id = :id")
KEYS = "SELECT pa.paper_id, a.normalised FROM paper_authors pa JOIN authors a ON a.id = pa.author_id"
SOURCES = "SELECT DISTINCT source_id FROM paper_sources WHERE paper_id IN :ids"


def _given(records: list[tuple]) -> list:
    """The links a paper's records give as its own, in the order a load reads them; none of a record
    that gives a made-up link (etl/extract/bibliography.py, `given_links`)."""
    links: dict[str, object] = {}
    for _, fmt, path, position, texts, year in sorted(records, key=lambda r: (PRIORITY.get(r[1], 9), r[2], r[3])):
        found = [link for text in json.loads(texts) for link in links_0062.extract_links(links_0062.source_link_text(text))]
        if fmt not in PRIORITY or any(made_up(link, year) for link in found):
            continue
        for link in found:
            links.setdefault(link.key, link)
    return list(links.values())


def initials_of(short: str, full: str) -> bool:
    """Whether the merge key `short` is `full`'s with its given names as initials (`k tahara`,
    `kenji tahara`): the rule of etl/text/authors.py (`_initialled`), pair by pair."""
    given, family = short.split(" "), full.split(" ")
    if len(given) != len(family) or len(given) < 2 or given[-1] != family[-1]:
        return False
    pairs = list(zip(given[:-1], family[:-1], strict=True))
    return all(len(g) == 1 and f.startswith(g) for g, f in pairs) and any(len(f) > 1 for _, f in pairs)


def upgrade() -> None:
    conn = op.get_bind()
    records: dict[str, list[tuple]] = {}
    for pid, *record in conn.execute(sa.text(RECORDS)):
        records.setdefault(pid, []).append(tuple(record))
    statuses = []
    for pid, text in conn.execute(sa.text(RELEASED)).fetchall():
        derived = derive(text) if text else None
        now = paper_code_status(
            derived.code_status if derived else "none",
            derived.withheld if derived else frozenset(),
            _given(records.get(pid, [])),
        )
        if now != "released":
            statuses.append({"id": pid, "status": now})
    if statuses:
        conn.execute(SET_STATUS, statuses)
    keys: dict[str, list[str]] = {}
    for pid, key in conn.execute(sa.text(KEYS)):
        keys.setdefault(pid, []).append(key)
    papers = sorted(pid for pid, ks in keys.items() if any(initials_of(a, b) for a in ks for b in ks))
    ids = sa.bindparam("ids", expanding=True)
    for start in range(0, len(papers), 500):
        found = conn.execute(sa.text(SOURCES).bindparams(ids), {"ids": papers[start : start + 500]})
        mark_read_again(conn, [source_id for (source_id,) in found])


def downgrade() -> None:
    pass  # (the statuses stay and the names are read as the load reads them: see the docstring)

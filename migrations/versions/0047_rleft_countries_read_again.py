"""records whose affiliations give a country in another spelling, or a placeholder, are read again:
a country is now shown in one spelling (`Russia` -> `Russian Federation`, `Czechia` -> `Czech
Republic`, `Kingdom of Saudi Arabia` -> `Saudi Arabia`: `etl.text.places.country_shown`), and
`Unknown` is no country (117 records of main's catalogue load; 228 affiliations). The sources holding
such a record are read again by the next load that names them, as revisions 0026, 0035, 0037 and
0038 had theirs; that load leaves their affiliations and the institutions' countries as a cold
load does. The spellings are those of the rule as this revision was written, folded as it folds
them. No schema change; on SQLite and PostgreSQL alike.

Revision ID: 0047
Revises: 0046
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

revision = "0047"
down_revision = "0046"
branch_labels = None
depends_on = None

MARKED = "read again: "  # (as revision 0026: sources.sha256 holds the marker and 52 hex digits)
MARK = "UPDATE sources SET sha256 = :marked || substr(sha256, 1, 52) WHERE id IN :ids AND sha256 NOT LIKE :like"
RECORDS = "SELECT source_id, affiliations FROM paper_sources WHERE affiliations IS NOT NULL"
# The folded spellings `country_shown` writes otherwise, as of this revision (placeholders included).
SHOWN_OTHERWISE = frozenset(
    (
        "russia",
        "czechia",
        "kingdom of saudi arabia",
        "ksa",
        "usa",
        "us",
        "u s a",
        "u s",
        "united states of america",
        "uk",
        "u k",
        "great britain",
        "england",
        "scotland",
        "wales",
        "korea",
        "republic of korea",
        "korea republic of",
        "korea south",
        "turkey",
        "turkiye",
        "people s republic of china",
        "pr china",
        "p r china",
        "prc",
        "the netherlands",
        "holland",
        "viet nam",
        "iran islamic republic of",
        "islamic republic of iran",
        "uae",
        "u a e",
        "unknown",
        "none",
        "n a",
        "null",
        "other",
        "not available",
    )
)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted({source for source, affiliations in conn.execute(sa.text(RECORDS)) if _respelled(affiliations)})
    if read_again:
        statement = sa.text(MARK).bindparams(sa.bindparam("ids", expanding=True))
        conn.execute(statement, {"ids": read_again, "marked": MARKED, "like": MARKED + "%"})


def _respelled(affiliations) -> bool:
    """Whether a record's stored affiliations (a JSON list of each author's [institution, country]
    pairs; SQLite gives the text, a server's JSON type the value) give a country shown otherwise,
    or an empty or placeholder one."""
    listed = json.loads(affiliations) if isinstance(affiliations, str) else affiliations
    for pairs in listed or ():
        for pair in pairs or ():
            country = pair[1] if isinstance(pair, list) and len(pair) > 1 else None
            if isinstance(country, str) and _folded(country) in SHOWN_OTHERWISE | {""}:
                return True
    return False


def _folded(country: str) -> str:
    return " ".join(re.sub(r"\W+", " ", country.casefold()).split())


def downgrade() -> None:
    pass  # (the sources read again are right under 0046's rules too)

"""records whose people the rules of the reader's report read otherwise are read again: an
institution where a name goes (`Agency for Science Technology and Research`, KDD 2023) is no person
and is no longer cut at its `and` into `Technology` and `Research`; a name suffix listed as a name
(`Guy L. Steele; Jr`) joins the name before it; a code point written out (`Linh KU+000E4stner`), a
`1` read for an `l` between letters (`Cé1ine`) and an e-mail address glued to a name are repaired,
an address alone is no name (`etl.text.name_repairs`), and an ALL-CAPS name's initials run together
stay capitals (`J.L. WYATT` -> `J.L. Wyatt`, not `J.l. Wyatt`); `+`-joined affiliations (`University of
Cambridge+University of Cambridge`, `1+2`) are split into institutions. The sources holding a
record whose stored authors or affiliations have such a shape are read again by the next load that
names them, as revisions 0026 and 0035 had theirs; that load makes their papers' authors,
affiliations and people's counts as a cold load does. The shapes are found by SQL patterns wider
than the rules (a source read again that did not need it costs a re-read, never a row). No schema
change; plain SQL, so it stays what it is today.

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None

MARKED = "read again: "  # (as revision 0026: sources.sha256 holds the marker and 52 hex digits)
MARK = "UPDATE sources SET sha256 = :marked || substr(sha256, 1, 52) WHERE id IN :ids AND sha256 NOT LIKE :like"
# Words only institutions' names have (etl.text.name_repairs as of this revision), as GLOB patterns
# over the stored names (a JSON list of strings).
_INSTITUTION_WORDS = (
    "Universit Institut Istituto Agency Laborator College School Academy Research Department Center Centre"
    " Foundation Lab Hospital Ministry Faculty"
).split()
_SUFFIXES = ('"jr"', '"jr."', '"sr"', '"sr."', '"ii"', '"iii"', '"iv"')  # (a name of its own; LIKE folds case)
_AUTHORS = " OR ".join(
    [f"authors GLOB '*{word}*'" for word in _INSTITUTION_WORDS if word != "Lab"]
    + ["authors GLOB '*Lab[^a-z]*'", "authors GLOB '*Labs[^a-z]*'"]
    + [f"authors LIKE '%{suffix}%'" for suffix in _SUFFIXES]
    + [
        "authors GLOB '*U+[0-9A-F][0-9A-F][0-9A-F][0-9A-F]*'",
        "authors GLOB '*[^0-9 \",]1[^0-9 \",]*'",
        "authors LIKE '%@%'",
        "authors GLOB '*[A-Z].[A-Z]. [A-Z][A-Z][A-Z]*'",  # (an ALL-CAPS name with initials run together)
    ]
)
SOURCES = f"""SELECT DISTINCT source_id FROM paper_sources
    WHERE (authors IS NOT NULL AND ({_AUTHORS})) OR affiliations LIKE '%+%'"""


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted(source for (source,) in conn.execute(sa.text(SOURCES)))
    if read_again:
        statement = sa.text(MARK).bindparams(sa.bindparam("ids", expanding=True))
        conn.execute(statement, {"ids": read_again, "marked": MARKED, "like": MARKED + "%"})


def downgrade() -> None:
    pass  # (the sources read again are right under 0036's rules too)

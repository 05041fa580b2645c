"""records whose affiliations give a country in another spelling, or a placeholder, or whose links
name a port, are read again:
a country is now shown in one spelling (`Russia` -> `Russian Federation`, `Czechia` -> `Czech
Republic`, `Kingdom of Saudi Arabia` -> `Saudi Arabia`: `etl.text.places.country_shown`), and
`Unknown` is no country (117 records of main's catalogue load; 228 affiliations). The sources holding
such a record are read again by the next load that names them, as revisions 0026, 0035, 0037 and
0038 had theirs; that load leaves their affiliations and the institutions' countries as a cold
load does. The spellings are those of the rule as this revision was written, folded as it folds
them. A link's canonical URL now keeps a port other than its scheme's own (`http://nlp.uoregon.edu:9000/`
was `http://nlp.uoregon.edu`, another server: 3 links of the catalogue): a link that is no code
host's written with one takes it here, as a load now writes it. No schema change; on SQLite and
PostgreSQL alike.

Revision ID: 0047
Revises: 0046
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0047"
down_revision = "0046"
branch_labels = None
depends_on = None

RECORDS = "SELECT source_id, affiliations FROM paper_sources WHERE affiliations IS NOT NULL"
# Links written with a port, but a code host's (whose canonical URL is the repository's, on https).
WITH_PORTS = """SELECT paper_id, "offset", url, raw FROM paper_links
    WHERE raw LIKE '%:%:%' AND kind NOT IN ('repo', 'user', 'gist', 'code')"""
PORT = re.compile(r"^(?:[a-z]+:/*)?[^/:?#]+(:[0-9]{2,5})(?=[/?#]|$)", re.IGNORECASE)
SET_URL = """UPDATE paper_links SET url = :url, url_key = :key WHERE paper_id = :paper_id AND "offset" = :offset"""
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
    mark_read_again(conn, read_again)
    for paper_id, offset, url, raw in conn.execute(sa.text(WITH_PORTS)).fetchall():
        ported = _with_port(url, raw)
        if ported != url:
            conn.execute(sa.text(SET_URL), {"url": ported, "key": ported.lower(), "paper_id": paper_id, "offset": offset})


def _with_port(url: str, raw: str) -> str:
    """The canonical URL with the port its link was written with (`:9000`), but its scheme's own."""
    written = PORT.match(raw)
    if written is None or written[1] in (":80", ":443"):
        return url
    scheme, _, rest = url.partition("://")
    host, slash, path = rest.partition("/")
    return url if ":" in host else f"{scheme}://{host}{written[1]}{slash}{path}"


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

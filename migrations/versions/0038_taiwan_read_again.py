"""records naming an institution of Taiwan are read again: paperlists gives Taiwan's institutions
the country `China` (National Taiwan University, Academia Sinica, MediaTek: 1,838 affiliations of
590 papers on main's catalogue load), and an affiliation written out (`..., Hsinchu, Taiwan,
R.O.C.`) no country; they are now under `Taiwan` (`etl.text.places`). The sources holding a record
whose stored affiliations name such an institution are read again by the next load that names
them, as revisions 0026, 0035 and 0037 had theirs; that load leaves their affiliations and the
institutions' countries as a cold load does. The names are found by a pattern wider than the rule,
written here (a source read again that did not need it costs a re-read, never a row). No schema
change; on SQLite and PostgreSQL alike.

Revision ID: 0038
Revises: 0037
Create Date: 2026-12-05
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0038"
down_revision = "0037"
branch_labels = None
depends_on = None

RECORDS = "SELECT source_id, affiliations FROM paper_sources WHERE affiliations IS NOT NULL"
# Taiwan's places and the institutions of `etl.text.places` as of this revision, without its word
# boundaries (wider: a source read again that did not need it costs a re-read).
SHAPES = re.compile(
    r"Taiwan|Taipei|Hsinchu|Tainan|Taichung|Kaohsiung|Taoyuan|Chia-?[Yy]i|Yunlin|Hualien|Keelung|Taitung|Pingtung"
    r"|Changhua|Nantou|Miaoli|R\.\s?O\.\s?C|Academia Sinica|National (?:Tsing ?[Hh]ua|Chiao Tung|Yang[ -]Ming"
    r"|Cheng[ -]?Kung|Chung[ -]Cheng|Cheng ?[Cc]hi|Central|Chung[ -]Hsing|Sun Yat-[Ss]en|Dong Hwa|Chi Nan|Ilan|Formosa"
    r"|United|Chin-Yi)|Chang Gung|Fu Jen|Tamkang|Feng Chia|Yuan Ze|Tatung|Ming Chuan|Chung Yuan Christian|Tunghai"
    r"|Chung[ -]Cheng Institute|Chung-Shan Institute|Industrial Technology Research Institute"
    r"|Institute for Information Industry|MediaTek|ASUS|HTC|Appier|Hon Hai|Chunghwa Telecom|Delta (?:Research|Electronics)"
)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted({source for source, affiliations in conn.execute(sa.text(RECORDS)) if _names(affiliations)})
    mark_read_again(conn, read_again)


def _names(affiliations) -> bool:
    """Whether a record's stored affiliations (a JSON list; SQLite gives the text, a server's JSON
    type the value) name an institution of Taiwan."""
    text = affiliations if isinstance(affiliations, str) else json.dumps(affiliations, ensure_ascii=False)
    return SHAPES.search(text) is not None


def downgrade() -> None:
    pass  # (the sources read again are right under 0037's rules too)

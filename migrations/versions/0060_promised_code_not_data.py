"""a promise of data alone is no code to come: `papers.code_status` is `promised` only where the
abstract promises code (or what runs: models, a method, a system, scripts), not where the stretch
that promises names data and nothing that runs ("This dataset will be released upon acceptance":
46 of the catalogue's 526 promised papers leave it), and "we will make" promises only with what it makes
available ("we will also make an indication of ..." promised nothing). Such a paper is `mentioned`
where its abstract or its sources still say or link code, else `none`, as a load now derives it
(`etl.extract.code_status`). The rules are written here as this revision reads them (a later change
of the load's rules is a revision of its own), on the stored text and links of the papers 0059
called promised. Down, a paper that is neither released nor promised and whose text 0059's rule
reads as a promise is promised again. On SQLite and PostgreSQL alike.

Revision ID: 0060
Revises: 0059
Create Date: 2026-12-07
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

revision = "0060"
down_revision = "0059"
branch_labels = None
depends_on = None

_OBJECT = r"""\b(?:(?:code|codes|implementation|source\s+code|models?|data|dataset|framework|toolbox|system)s?\b[^.]{0,60}?
            \bwill\s+be\s+(?:\w+\s+){0,2}(?:available|released|open[-\s]?sourced?|public|shared|published)"""
_LATER = r"""| upon\s+(?:paper\s+)?(?:acceptance|publication)
          | (?:code|implementation)s?\b[^.]{0,40}?\b(?:coming\s+soon|to\s+be\s+released)
        )"""
# etl/extract/code_status._PROMISED of revision 0059, and of this one
PROMISED_0059 = re.compile(
    _OBJECT
    + r"""
          | (?:we|i)\s+will\s+(?:\w+\s+){0,2}(?:release|open[-\s]?source|share|publish|make)
          | will\s+make\s+(?:\w+\s+){0,3}(?:open[-\s]?sourced?|public|publicly|available)\b
          """
    + _LATER,
    re.IGNORECASE | re.VERBOSE,
)
PROMISED_0060 = re.compile(
    _OBJECT
    + r"""
          | (?:we|i)\s+will\s+(?:\w+\s+){0,2}(?:release|open[-\s]?source|share|publish)
          | will\s+make\s+[^.]{0,80}?\b(?:open[-\s]?sourced?|public|publicly|available|accessible)\b
          """
    + _LATER,
    re.IGNORECASE | re.VERBOSE,
)
PROMISE_MARKERS = ("will", "upon", "soon", "to be released")
PROMISED_DATA = re.compile(r"\b(?:data|dataset|datasets|benchmarks?|corpus|corpora|annotations|recordings|videos)\b", re.I)
PROMISED_CODE = re.compile(
    r"\b(?:code|codes|codebase|source|implementations?|software|toolkit|toolbox|library|package|framework|models?"
    r"|methods?|algorithms?|system|tools?|encoders?|networks?|checkpoints|weights|pipeline|scripts?|repository|repo|github)\b",
    re.I,
)
# What makes a paper `mentioned` (etl/extract/code_status.py, `code_status` and `paper_code_status`)
MENTIONED = re.compile(
    r"\b(?:(?:available|released|hosted|found)\s+(?:\w+\s+){0,2}(?:on|at|in|via)\s+github"
    r"|github\s+(?:repository|repo|page)"
    r"|(?:code|codes|source\s+code|implementation)s?\b[^.]{0,60}?\b(?:is|are)\s+(?:\w+\s+){0,2}"
    r"(?:available|released|open[-\s]?sourced?|provided)"
    r"|(?:we|i)\s+(?:\w+\s+){0,2}(?:release|open[-\s]?source|provide|share)\s+(?:\w+\s+){0,2}(?:code|implementation))",
    re.IGNORECASE,
)
MENTION_MARKERS = ("github", "code", "implementation", "release", "open-source", "open source")
CODE_WORDS = re.compile(
    r"\b(?:code|codes|codebase|source|implementation|implementations|repository|repo|software|package|library"
    r"|toolkit)\b",
    re.IGNORECASE,
)
CODE_KINDS = ("repo", "user", "gist", "code")
SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z(\[]|\s*$)")
WINDOW = 400

PAPERS = "SELECT id, coalesce(abstract_clean, abstract) FROM papers WHERE code_status = :status"
LINKS = """SELECT l.paper_id, l.kind, l."offset", l.is_official, l.source_id FROM paper_links l
    JOIN papers p ON p.id = l.paper_id WHERE p.code_status = 'promised'"""
UPDATE = "UPDATE papers SET code_status = :status WHERE id = :id"


def _said(pattern: re.Pattern, text: str, markers: tuple[str, ...], code_only: bool = False) -> bool:
    low = text.lower()
    for stretch, low_stretch in zip(text.split("."), low.split("."), strict=True):
        if any(marker in low_stretch for marker in markers) and pattern.search(stretch):
            if not code_only or not PROMISED_DATA.search(stretch) or PROMISED_CODE.search(stretch):
                return True
    return False


def _before(text: str, offset: int) -> str:
    """The sentence before `offset`, at most WINDOW characters (code_status.sentence_around)."""
    start = max(0, offset - WINDOW)
    for m in SENTENCE_END.finditer(text, start, offset):
        start = m.end()
    return text[start:offset]


def status_0060(text: str | None, links: list[tuple]) -> str:
    """The code status this revision's rules give a paper 0059's called promised, from its text and
    its stored links (kind, offset, official, source id)."""
    if text and _said(PROMISED_0060, text, PROMISE_MARKERS, code_only=True):
        return "promised"
    own = any(
        official and source is None and (kind in CODE_KINDS or CODE_WORDS.search(_before(text or "", offset)))
        for kind, offset, official, source in links
    )
    given = any(source is not None and kind in CODE_KINDS for kind, _, _, source in links)
    return "mentioned" if own or given or (text and _said(MENTIONED, text, MENTION_MARKERS)) else "none"


def upgrade() -> None:
    conn = op.get_bind()
    links: dict[str, list[tuple]] = {}
    for pid, *link in conn.execute(sa.text(LINKS)):
        links.setdefault(pid, []).append(tuple(link))
    changed = []
    for pid, text in conn.execute(sa.text(PAPERS), {"status": "promised"}).fetchall():
        now = status_0060(text, links.get(pid, []))
        if now != "promised":
            changed.append({"id": pid, "status": now})
    if changed:
        conn.execute(sa.text(UPDATE), changed)


def downgrade() -> None:
    conn = op.get_bind()
    again = []
    for status in ("mentioned", "none"):
        for pid, text in conn.execute(sa.text(PAPERS), {"status": status}).fetchall():
            if text and _said(PROMISED_0059, text, PROMISE_MARKERS):
                again.append({"id": pid, "status": "promised"})
    if again:
        conn.execute(sa.text(UPDATE), again)

"""The temporary tables a load stages rows in before SQL derives the stored ones: each paper's
ranked keywords, before the distinct keywords (etl/load/keywords.py), and each paper's authors and
affiliations, before the new authors and institutions are numbered (etl/load/authorship.py); they
last as long as the load's transaction. Declared as portable SQL (no SQLAlchemy: a load through
the sqlite3 driver creates them too)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Temporary:
    """A temporary table: its name, its columns (name, SQL type) and its primary key, if any."""

    name: str
    typed: tuple[tuple[str, str], ...]
    key: str | None = None

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.typed)

    @property
    def ddl(self) -> str:
        """The statement that creates it, the same on SQLite and PostgreSQL."""
        parts = [f'"{name}" {kind}' + (" NOT NULL" if name == self.key else "") for name, kind in self.typed]
        if self.key:
            parts.append(f'PRIMARY KEY ("{self.key}")')
        return f"CREATE TEMPORARY TABLE {self.name} ({', '.join(parts)})"


TEXT, INTEGER, DOUBLE = "TEXT", "INTEGER", "DOUBLE PRECISION"

# One row per keyword of each ranked paper (and per author keyword, kind `author`).
staged_keywords = Temporary(
    "staged_keywords",
    (("paper_id", TEXT), ("normalised", TEXT), ("label", TEXT), ("kind", TEXT), ("score", DOUBLE), ("rank", INTEGER)),
)
# The other names (short forms) of the staged keywords.
staged_aliases = Temporary("staged_aliases", (("normalised", TEXT), ("alias", TEXT), ("folded", TEXT)))
# The one-word short forms the similarity reads (`similar.words.read_as_short_form`) of the staged keywords.
staged_short_forms = Temporary("staged_short_forms", (("normalised", TEXT), ("alias", TEXT)))
# Each staged paper's facet copies (papers.keywords, papers.topics).
staged_facets = Temporary("staged_facets", (("paper_id", TEXT), ("keywords", TEXT), ("topics", TEXT)))
# Each staged paper's keyword labels (papers.keyword_labels), once its keywords are in `keywords`.
staged_labels = Temporary("staged_labels", (("paper_id", TEXT), ("labels", TEXT)), key="paper_id")
# Papers counted twice for a keyword they have both as the authors' and as extracted, per keyword.
author_overlap = Temporary("author_overlap", (("normalised", TEXT), ("papers", INTEGER)), key="normalised")

STAGING = (staged_keywords, staged_aliases, staged_short_forms, staged_facets, staged_labels, author_overlap)

# Each paper's authors (display name, merge key, as written) and the institutions they give, as
# the bibliography chose them, until their authors and institutions have numbers.
staged_authors = Temporary(
    "staged_authors",
    (("paper_id", TEXT), ("position", INTEGER), ("normalised", TEXT), ("name", TEXT), ("name_raw", TEXT)),
)
staged_affiliations = Temporary(
    "staged_affiliations",
    (
        ("paper_id", TEXT),
        ("position", INTEGER),
        ("normalised", TEXT),
        ("order", INTEGER),
        ("name", TEXT),
        ("country", TEXT),
        ("written", TEXT),
    ),
)
# The papers whose bibliography a load settles, each with the part of them (in the order of
# their ids) it is settled in: new authors and institutions are numbered in that order.
bibliography_parts = Temporary("bibliography_parts", (("paper_id", TEXT), ("part", INTEGER)), key="paper_id")

AUTHORSHIP = (staged_authors, staged_affiliations, bibliography_parts)

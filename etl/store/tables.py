"""Light handles on the tables a load writes, for SQLAlchemy Core statements: names and columns
only. Importing the ORM and the models costs a load a quarter of a second; a load needs neither
(the models, with the migrations, stay the schema's one definition, and a test checks every
column named here is one of theirs)."""

from __future__ import annotations

from sqlalchemy import TableClause, column, table


def _table(name: str, columns: str) -> TableClause:
    return table(name, *(column(c) for c in columns.split()))


sources = _table("sources", "id path resolved_path sha256 size format venue year papers first_loaded_at last_loaded_at")
paper_sources = _table(
    "paper_sources",
    "source_id position paper_id line title authors ids url status track keywords links affiliations extra",
)
paper_links = _table("paper_links", "paper_id offset url url_key raw kind host owner repo path is_official source_id")
events = _table("events", "id source_id position type title speakers url abstract venue year")
etl_runs = _table(
    "etl_runs",
    "id started_at finished_at status paths files_seen files_loaded files_unchanged files_skipped"
    " papers_added papers_updated papers_removed duration_s paperdb_version",
)
papers = _table(
    "papers",
    "pk id venue year title abstract abstract_sha256 code_status keywords topics title_raw title_key authors url"
    " text_source_id title_source_id added_at updated_at decision presentation track author_keywords",
)
paper_authors = _table("paper_authors", "paper_id position author_id name name_raw")
paper_ids = _table("paper_ids", "paper_id scheme value source_id")
authors = _table("authors", "id name normalised papers")

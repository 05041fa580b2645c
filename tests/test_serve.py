"""Datasette in process: metadata from the models, canned queries from queries/."""

from __future__ import annotations

import asyncio

import pytest

from etl.errors import PaperdbError
from etl.load import load
from etl.models import Base
from etl.views import VIEWS
from etl.serve import build_metadata, canned_queries, make_datasette, read_query


def get(ds, path):
    return asyncio.run(ds.client.get(path))


@pytest.fixture
def ds(db_file):
    load(db_file)
    return make_datasette(db_file)


def test_every_model_table_and_column_is_described():
    tables = build_metadata()["databases"]["papers"]["tables"]
    for table in Base.metadata.tables.values():
        assert tables[table.name]["description"]
        assert set(tables[table.name]["columns"]) == {c.name for c in table.columns}
        assert all(tables[table.name]["columns"].values())


def test_every_view_and_its_columns_exist(ds):
    tables = build_metadata()["databases"]["papers"]["tables"]
    for view in VIEWS:
        response = get(ds, f"/papers/{view.name}.json?_size=1")
        assert response.status_code == 200, view.name
        assert response.json()["columns"] == list(view.columns) == list(tables[view.name]["columns"])


def test_papers_table_and_hidden_alembic_version(ds):
    response = get(ds, "/papers/papers.json?_shape=array&_size=max")
    assert response.status_code == 200 and len(response.json()) == 57
    assert "alembic_version" not in get(ds, "/papers").text


def test_canned_queries_run(ds):
    for name in canned_queries():
        response = get(ds, f"/papers/{name}.json?_shape=array")
        assert response.status_code == 200, name


def test_query_file_comment_gives_title_and_description(tmp_path):
    path = tmp_path / "q.sql"
    path.write_text("-- Papers by venue\n-- How many papers each venue has.\n--\nSELECT 1\n", encoding="utf-8")
    assert read_query(path) == {"sql": "SELECT 1", "title": "Papers by venue", "description": "How many papers each venue has."}


def test_missing_database(tmp_path):
    with pytest.raises(PaperdbError, match="no such database"):
        make_datasette(str(tmp_path / "none.db"))

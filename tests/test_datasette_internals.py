"""What paperdb relies on in Datasette beyond its documented API (etl/serve/internals.py), checked
against the installed release: each test names the item it guards, so a Datasette upgrade that
changes one fails here, loudly, rather than somewhere in a page."""

from __future__ import annotations

import asyncio
import inspect
import re

import pytest

from etl.serve import internals
from etl.serve.app import SETTINGS, make_datasette
from etl.serve.counts import VIEW_COUNTS


def get(ds, path):
    return asyncio.run(ds.client.get(path))


@pytest.fixture(scope="module")
def ds(serve_db):
    return make_datasette(serve_db)


def test_the_release_is_the_one_the_internals_were_checked_against():
    import datasette

    assert datasette.__version__.startswith("0.65."), (
        f"Datasette {datasette.__version__}: check every item of etl/serve/internals.py, then widen the pin"
    )


def test_item_1_the_default_error_handler_prints_with_the_rich_of_its_module(ds, capfd):
    import datasette.handle_exception as default

    source = inspect.getsource(default)
    assert "rich = None" in source and "if rich is not None:" in source, "item 1: Datasette no longer reads `rich`"
    assert default.rich is None  # (set when the plugin was loaded)
    response = get(ds, "/papers/nosuch")
    assert response.status_code == 404 and "Table not found" in response.text
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize(
    "path",
    [
        "/papers/papers?_where=$null",  # (a parameter with no value: SQLite's ProgrammingError)
        "/papers/papers.json?_where=$null",
        "/papers/authors?_where=1%3D1%3B+select+1",  # (two statements: a ProgrammingError too)
        "/papers/keyword_counts?_where=$null",  # (a view)
        "/papers/papers?_where=year%20%3D",  # (an OperationalError, which Datasette made a 400 already)
    ],
)
def test_item_1_a_pages_sql_error_is_a_400_with_one_line_in_the_log(ds, capfd, path):
    capfd.readouterr()
    response = get(ds, path)
    err = capfd.readouterr().err
    assert response.status_code == 400, response.text[:300]
    assert "Traceback" not in err and "ERROR: conn" not in err, err[:500]
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"paperdb: 400 for {path.split('?')[0]}: "), lines


def test_item_2_datasettes_error_classes_carry_status_message_and_title():
    from datasette import Forbidden, NotFound

    assert issubclass(NotFound, internals.Base400) and NotFound("x").status == 404
    assert issubclass(Forbidden, internals.Base400) and Forbidden("x").status == 403
    error = internals.DatasetteError("<b>x</b>", title="T", status=500, message_is_html=True)
    assert (error.message, error.title, error.status, error.message_is_html) == ("<b>x</b>", "T", 500, True)


def test_item_2_datasettes_own_errors_are_4xx_pages(ds):
    response = get(ds, "/papers/papers?_sort=abstract&_sort_desc=title")  # a DatasetteError
    assert response.status_code == 400 and "Cannot use _sort and _sort_desc at the same time" in response.text


def test_item_3_render_cell_gets_expanded_foreign_keys_as_value_and_label(ds, serve_db):
    import sqlite3

    con = sqlite3.connect(serve_db)
    try:
        pid, title = con.execute(
            "SELECT p.id, p.title FROM papers p JOIN paper_authors a ON a.paper_id = p.id WHERE p.title IS NOT NULL"
        ).fetchone()
    finally:
        con.close()
    html = get(ds, f"/papers/paper_authors?paper_id={pid}").text
    # (only the expanded foreign key gives the cell its paper's title)
    assert f'<a href="/-/paper/{pid}">{title} <em>{pid}</em></a>' in html, "item 3: no expanded foreign key"


def test_item_4_a_facet_class_reads_its_configuration_and_database(ds):
    from datasette.facets import Facet

    assert callable(Facet.get_configs) and "database" in inspect.signature(Facet.__init__).parameters
    data = get(ds, "/papers/papers.json?_size=0&_facet_distinct_array=keywords").json()
    from_request, from_metadata = data["facet_results"]["keywords"], data["facet_results"]["topics"]
    assert from_request["type"] == from_metadata["type"] == "distinct_array", "item 4"
    assert from_request["hideable"] and not from_metadata["hideable"] and from_request["results"]
    assert "_keyword=" in from_request["results"][0]["toggle_url"]  # (the indexed filter: etl/serve/filters.py)


def test_item_5_the_constructors_settings_are_datasettes_settings(ds):
    assert {name: ds.setting(name) for name in SETTINGS} == SETTINGS, "item 5"


def test_item_6_a_connection_hook_may_replace_the_row_factory(ds):
    from etl.serve.limits import _BudgetedRows

    factory = asyncio.run(ds.get_database("papers").execute_fn(lambda conn: conn.row_factory))
    assert isinstance(factory, _BudgetedRows), "item 6: Datasette set its row factory after the hook"
    rows = asyncio.run(ds.get_database("papers").execute("SELECT id FROM papers LIMIT 1"))
    assert rows.first()["id"]


def test_item_7_column_descriptions_are_a_list_of_that_class_which_paperdbs_css_hides(ds):
    from pathlib import Path

    from etl.serve.plugin import __file__ as plugin

    html = get(ds, "/papers/papers_with_code?_size=1").text
    lists = re.findall(r'<dl class="([^"]+)">', html)
    assert lists == [internals.COLUMN_DESCRIPTIONS] * 2, "item 7: Datasette's list plus paperdb's folded one"
    assert html.index("<dl") < html.index('<details class="column-descriptions-box">')  # Datasette's is the first
    css = (Path(plugin).parent / "static" / "paperdb.css").read_text(encoding="utf-8")
    assert f"body.db-papers dl.{internals.COLUMN_DESCRIPTIONS} {{ display: none; }}" in css


def test_item_9_table_permission_checks_copy_the_metadata_as_itself_and_merge_it_last(ds):
    import copy
    import json

    from datasette.app import Datasette

    assert "copy.deepcopy(source)" in inspect.getsource(Datasette._table_permission_allows), (
        "item 9: Datasette no longer deep-copies the metadata on each table permission check"
    )
    assert list(ds._metadata_sources("tables", "papers", None))[-1] is ds._metadata_local, (
        "item 9: paperdb's metadata is no longer the last source merged"
    )
    papers = ds._metadata_local["databases"]["papers"]["tables"]["papers"]
    assert (
        copy.deepcopy(ds._metadata_local) is ds._metadata_local
        and copy.deepcopy(papers["columns"]) is papers["columns"]
    )
    pages = ("/", "/papers", "/papers/papers?_size=1", "/papers/keywords?_size=1")
    for path in pages:  # (Datasette writes into the metadata: it names canned queries, copies the
        get(ds, path)  # database's license and source into a table's; the same on every request)
    before = json.dumps(ds._metadata_local)
    for path in pages:
        assert get(ds, path).status_code == 200
    assert json.dumps(ds._metadata_local) == before  # (nothing written into a shared copy adds up)


def test_the_templates_paperdb_extends_have_the_blocks_it_fills():
    from pathlib import Path

    import datasette

    templates = Path(datasette.__file__).parent / "templates"
    for name, blocks in {"row.html": {"title", "content"}, "_table.html": set()}.items():
        found = set(re.findall(r"{%-?\s*block\s+(\w+)", (templates / name).read_text(encoding="utf-8")))
        assert blocks <= found, f"{name}: paperdb's templates fill blocks {sorted(blocks - found)} it no longer has"


def test_item_8_datasette_opens_its_files_as_the_file_database_replaces(tmp_path, serve_db):
    import os
    import shutil

    from datasette.app import Datasette
    from datasette.database import Database

    source = inspect.getsource(Database.connect)
    assert 'f"file:{self.path}{qs}", uri=True, check_same_thread=False' in source, "item 8: connect() changed"
    assert '"?mode=ro"' in source and '"&nolock=1"' in source and '"?immutable=1"' in source, "item 8"
    assert "self._all_file_connections.append(conn)" in source, "item 8: connections no longer kept"
    assert "conn = self.connect()" in inspect.getsource(Database.execute_fn), "item 8: execute_fn changed"
    assert list(inspect.signature(Datasette._prepare_connection).parameters) == ["self", "conn", "database"]
    odd = str(tmp_path / "h#1?.db")
    shutil.copy(serve_db, odd)
    ds = make_datasette(odd)
    assert isinstance(ds.get_database("papers"), internals.FileDatabase)
    count = "/papers/papers.json?_size=0"
    assert get(ds, count).json()["filtered_table_rows_count"] == 24  # (23 ICML 2024, 1 ICLR 2023)
    os.remove(odd)
    from etl.store.engine import migrate_database

    migrate_database(odd)  # (empty)
    assert get(ds, count).json()["filtered_table_rows_count"] == 0, "item 8: the deleted file is still read"
    assert sorted(os.listdir(tmp_path)) in (["h#1?.db"], ["h#1?.db", "h#1?.db-shm", "h#1?.db-wal"])


def test_item_10_a_querys_data_is_rows_and_a_page_of_display_rows_that_size_cuts(ds):
    from datasette.views.database import QueryView

    assert QueryView.data.sized, "item 10: the plugin did not wrap QueryView.data"
    source = inspect.getsource(QueryView)  # (the class as Datasette wrote it)
    assert '"rows": results.rows if results else []' in source and '"display_rows": display_rows' in source, (
        "item 10: QueryView.data no longer returns its rows and display rows where the wrapper cuts them"
    )
    sql = "/papers.json?sql=select+value+from+json_each('[1,2,3]')&_shape=array"
    assert [r["value"] for r in get(ds, sql + "&_size=2").json()] == [1, 2], "item 10: _size not honoured"
    assert len(get(ds, sql).json()) == len(get(ds, sql + "&_size=max").json()) == 3
    page = get(ds, "/papers?sql=select+value+from+json_each('[1,2,3]')&_size=1").text
    assert page.count('<td class="col-value">') == 1 and "returning more than 1 row" in page, "item 10: the page"


def test_item_11_a_sorted_tables_first_page_is_ordered_by_the_column_alone_and_gets_the_key(ds, monkeypatch):
    from datasette.database import Database
    from datasette.views.table import TableView

    source = inspect.getsource(TableView)
    assert 'order_by = f"{order_by}, {order_by_pks}"' in source, "item 11: next pages no longer add the key"
    assert "limit {page_size}{offset}" in source, "item 11: the page's SQL no longer ends with its limit"
    executed = []
    unbroken = Database.execute

    async def execute(self, sql, *args, **kwargs):
        executed.append(sql)
        return await unbroken(self, sql, *args, **kwargs)

    monkeypatch.setattr(Database, "execute", execute)  # (what reaches Datasette's own execute)
    get(ds, "/papers/papers.json?_sort_desc=rating_avg&_size=5&_nofacet=1")
    get(ds, "/papers/keyword_counts.json?_sort=kind&_size=5&_next=5&_nofacet=1")
    pages = [sql for sql in executed if " limit " in sql and sql.startswith("select ")]
    assert any(sql.endswith("order by rating_avg desc, pk limit 6") for sql in pages), ("item 11", pages)
    assert any(
        sql.endswith("order by kind nulls last, keyword_id limit 6 offset 5") for sql in pages
    )  # (a view by its key, `View.key`; and an ascending sort puts rows without a value last: item 12)
    get(ds, "/papers.json?sql=select+pk+from+papers+order+by+venue+limit+3")  # (ad-hoc SQL runs as written)
    assert "select pk from papers order by venue limit 3" in executed


def test_item_13_a_views_page_counts_it_by_its_count_sql_and_asks_nothing_past_its_end(ds, monkeypatch):
    from datasette.database import Database
    from datasette.views.table import TableView

    source = inspect.getsource(TableView)
    assert 'count_sql = f"select count(*) {from_sql}"' in source, "item 13: the page's count is no longer that SQL"
    executed = []
    unbroken = Database.execute

    async def execute(self, sql, *args, **kwargs):
        executed.append(sql)
        return await unbroken(self, sql, *args, **kwargs)

    monkeypatch.setattr(Database, "execute", execute)  # (what reaches Datasette's own execute)
    get(ds, "/papers/keyword_trends.json?_size=5")
    counted = [sql for sql in executed if sql.startswith("SELECT (SELECT count(*) FROM keyword_trend_counts")]
    assert counted == [VIEW_COUNTS["keyword_trends"]], ("item 13", executed)  # (the view's count_sql)
    assert not any(sql.startswith("select count(*) from keyword_trends") for sql in executed), "item 13"
    get(ds, "/papers/keyword_trends.json?_size=5&_next=999999999")
    assert any(sql.endswith(" limit 0 offset 999999999") for sql in executed), ("item 13", executed)

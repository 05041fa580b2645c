"""PostgreSQL: `--db` takes a server's URL; the same Alembic revisions make the same schema there.
The tests start a throwaway server (tests/postgres.py: Debian's package, installed if missing)."""

from __future__ import annotations

import json
import signal
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from alembic import command
from click.testing import CliRunner

from etl.cli import cli
from etl.load import load
from etl.store.engine import alembic_config, current_revision, head_revision, make_engine, migrate, transaction
from etl.store.models import Base
from etl.store.postgres import shown
from tests.helpers import ABSTRACT_GNN, ABSTRACT_QUIP, Running, listing_text, run
from tests.postgres import throwaway_server
from tests.test_search_forms import FORMS
from tests.test_search_typed import TYPED

pytestmark = pytest.mark.xdist_group("postgres")  # (one worker, one throwaway server)


@pytest.fixture(scope="module")
def server() -> str:
    with throwaway_server() as url:
        yield url


@pytest.fixture
def pg(server: str, request) -> str:
    """The server's database, emptied: every table, view and the schema's version dropped. For a
    test marked `at_head` (one that does not test the revisions), the database as the revisions
    make it: a copy of a template they made once (0.06 s, where running them takes 0.3 s)."""
    if request.node.get_closest_marker("at_head"):
        request.getfixturevalue("at_head_template")
        with maintenance(server) as conn:
            conn.exec_driver_sql("DROP DATABASE paperdb WITH (FORCE)")
            conn.exec_driver_sql("CREATE DATABASE paperdb TEMPLATE paperdb_at_head")
        return server
    engine = make_engine(server)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("DROP SCHEMA public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
    finally:
        engine.dispose()
    return server


@pytest.fixture(scope="module")
def at_head_template(server: str) -> None:
    """The database `paperdb_at_head`, made by the revisions once per module."""
    with maintenance(server) as conn:
        conn.exec_driver_sql("CREATE DATABASE paperdb_at_head")  # (as `createdb paperdb` made that one)
    run(server.replace("/paperdb?", "/paperdb_at_head?"), migrate)


@contextmanager
def maintenance(server: str):
    """A connection to the server's `postgres` database, each statement committed on its own."""
    import sqlalchemy as sa

    engine = sa.create_engine(server.replace("/paperdb?", "/postgres?"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            yield conn
    finally:
        engine.dispose()


def one_line_error(args: list[str], *wanted: str, hidden: str | None = None, env=None) -> str:
    """The output of a command that must fail with one `Error:` line holding `wanted`, never `hidden`."""
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 1 and result.output.startswith("Error: "), result.output
    assert result.output.count("\n") == 1, result.output
    assert all(w in result.output for w in wanted), result.output
    assert hidden is None or hidden not in result.output, result.output
    return result.output


def scalars(url: str, *queries: str) -> list:
    """The one value each query gives, in one transaction."""
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            return [conn.exec_driver_sql(query).scalar() for query in queries]
    finally:
        engine.dispose()


def relations(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return {
                name
                for (name,) in conn.exec_driver_sql(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                )
            }
    finally:
        engine.dispose()


def test_the_revisions_make_every_model_table_and_alembic_check_is_clean(pg):
    run(pg, migrate)
    assert set(Base.metadata.tables) <= relations(pg)
    assert run(pg, current_revision) == head_revision()
    run(pg, lambda conn: command.check(alembic_config(conn)))


def test_full_text_search_is_a_tsvector_per_paper_with_a_gin_index_kept_by_a_trigger(pg, write):
    from etl.load import load
    from tests.helpers import listing_text

    run(pg, migrate)
    index_method = (
        "SELECT am.amname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
        " JOIN pg_am am ON am.oid = c.relam WHERE c.relname = 'ix_papers_search_vector'"
    )
    assert scalars(pg, index_method) == ["gin"]
    # (the stemmed vector is of the abstract as written, as papers_fts; the words' of its cleaned form)
    cleaned = "Sparse rep(cid:173)resentations of graphs make message passing cheap: 44.96\\% fewer FLOPs."
    small = str(write("one.txt", listing_text("We quantize lattice codebooks for large language models.", cleaned)))
    load(pg, exports(write))  # a large load: the index is rebuilt once at the end
    load(pg, [small])  # a small one: the trigger keeps it row by row
    stale = (
        "SELECT count(*) FROM papers p LEFT JOIN papers_search s ON s.pk = p.pk"
        " WHERE s.search_vector IS DISTINCT FROM papers_search_vector(p.title, p.keywords, p.abstract)"
        " OR s.words_vector IS DISTINCT FROM"
        " papers_words_vector(p.title, p.keywords, p.author_keywords, coalesce(p.abstract_clean, p.abstract))"
    )
    missing, papers, flags = scalars(pg, stale, "SELECT count(*) FROM papers", "SELECT count(*) FROM etl_flags")
    assert (missing, flags) == (0, 0) and papers == 8
    found = "SELECT count(*) FROM papers_search WHERE words_vector @@ to_tsquery('simple', 'representations')"
    assert scalars(pg, found) == [1]
    # revision 0024 down and up again rewrites the texts with the vectors following them
    run(pg, lambda conn: command.downgrade(alembic_config(conn), "0023"))
    run(pg, migrate)
    assert scalars(pg, stale, found) == [0, 1]


def test_downgrade_to_base_and_back(pg):
    run(pg, migrate)
    run(pg, lambda conn: command.downgrade(alembic_config(conn), "base"))
    assert relations(pg) == {"alembic_version"}
    run(pg, migrate)
    assert set(Base.metadata.tables) <= relations(pg)


def test_migrate_and_stats_take_a_url(pg):
    runner = CliRunner()
    result = runner.invoke(cli, ["stats", "--db", pg])
    assert result.exit_code == 1 and "not a paperdb database (no papers table)" in result.output
    result = runner.invoke(cli, ["migrate", "--db", pg])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("schema at head")
    result = runner.invoke(cli, ["stats", "--db", pg, "--json"])
    assert result.exit_code == 0 and '"papers": 0' in result.output


@pytest.mark.parametrize(
    "url, message",
    [
        ("mysql://me@host/papers", "paperdb writes to SQLite files and PostgreSQL servers"),
        ("postgresql+psycopg://me:s3cret@/nowhere?host=/nonexistent", "No such file or directory"),
    ],
)
def test_a_url_paperdb_cannot_use_is_one_line_without_the_password(url, message):
    one_line_error(["migrate", "--db", url], message, hidden="s3cret")


def test_postgres_scheme_is_psycopg_too():
    from etl.store.postgres import checked_url

    assert checked_url("postgres://me@db.example/papers") == "postgresql+psycopg://me@db.example/papers"
    assert checked_url("postgresql://me@db.example/papers") == "postgresql+psycopg://me@db.example/papers"


@pytest.mark.parametrize(
    "url, secret",
    [
        ("postgresql://me:pa/ss@127.0.0.1:1/papers", "pa/ss"),
        ("postgresql://me:top secret@127.0.0.1:1/papers", "top secret"),
    ],
)
def test_passwords_with_slashes_or_spaces_are_hidden_too(url, secret):
    one_line_error(["stats", "--db", url], hidden=secret)


def test_the_writers_sql_is_written_once_for_both(pg, tmp_path):
    """Named parameters, literal percent signs and `?` in strings mean the same on either database."""
    from etl.store.engine import make_engine, transaction
    from etl.store.writer import Writer

    for target in (pg, str(tmp_path / "x.db")):
        engine = make_engine(target)
        try:
            with transaction(engine) as conn:
                assert Writer(conn).scalar("SELECT 'a%b?' || :name -- it's 5%\n", {"name": "x"}) == "a%b?x"
        finally:
            engine.dispose()


def test_shown_urls_hide_the_password():
    assert shown("postgresql+psycopg://me:s3cret@db.example/papers") == "postgresql+psycopg://me:***@db.example/papers"
    assert shown("postgresql://me@db.example/papers") == "postgresql://me@db.example/papers"


# Columns that hold the time of a run: the same inputs give the same rows but these.
VOLATILE = {"added_at", "updated_at", "first_loaded_at", "last_loaded_at", "rescored_at", "computed_at"}


def dump(target: str) -> dict[str, list[tuple]]:
    """Every model table's rows in key order (runs aside), as Python values; `paper_sources.extra`
    as the JSON text a reader gets (SQLite keeps it packed, PostgreSQL as text)."""
    import sqlalchemy as sa

    from etl.store.record_extra import unpack_extra

    engine = sa.create_engine(target if "://" in target else f"sqlite:///{target}")
    try:
        with engine.connect() as conn:
            out = {}
            for name, table in Base.metadata.tables.items():
                if name == "etl_runs":
                    continue
                columns = [c for c in table.columns if c.name not in VOLATILE]
                rows = [tuple(r) for r in conn.execute(sa.select(*columns).order_by(*table.primary_key.columns))]
                if name == "paper_sources":
                    extra = [c.name for c in columns].index("extra")
                    rows = [(*r[:extra], unpack_extra(r[extra]), *r[extra + 1 :]) for r in rows]
                out[name] = rows
            return out
    finally:
        engine.dispose()


def exports(write) -> list[str]:
    """Every input format, around the bundled abstracts (titles, authors, affiliations, links)."""
    from tests.exports import bibtex, csv_text, events_json, paperlists_json, seed_abstracts

    abstracts = seed_abstracts(6)
    return [
        str(write("icml.json", events_json(abstracts[:3]))),
        str(write("pmlr.bib", bibtex(abstracts[2:4]))),
        str(write("papers.csv", csv_text(abstracts[4:5]))),
        str(write("iclr2024.json", paperlists_json(abstracts[3:6]))),
    ]


@pytest.mark.at_head
def test_the_same_inputs_give_the_same_tables_on_sqlite_and_postgresql(pg, db_file, write):
    from etl.load import load
    from etl.sources import bundled_listings_dir
    from tests.conftest import FIXTURES

    inputs = [str(bundled_listings_dir()), *exports(write), str(FIXTURES / "issues")]  # (with records skipped)
    on_sqlite, on_server = load(db_file, inputs), load(pg, inputs)
    assert (on_server.papers_added, on_server.keywords) == (on_sqlite.papers_added, on_sqlite.keywords)
    tables = dump(db_file)
    assert tables == dump(pg)
    for table in (
        "papers",
        "paper_keywords",
        "authors",
        "institutions",
        "paper_links",
        "repos",
        "paper_ids",
        "etl_run_issues",
    ):
        assert tables[table], table  # (every kind of row is there to compare)


@pytest.mark.at_head
def test_loads_between_rescores_reruns_and_a_rescore_agree_too(pg, db_file, write):
    from etl.load import load, rescore
    from etl.sources import bundled_listings_dir
    from tests.helpers import listing_text

    extra = str(
        write("extra.txt", listing_text("We study sparse autoencoders for interpretability of language models."))
    )
    for step in ([str(bundled_listings_dir())], [str(bundled_listings_dir())], [extra], exports(write), None):
        if step is None:
            rescore(db_file), rescore(pg)
        else:
            a, b = load(db_file, step), load(pg, step)
            assert (a.files_loaded, a.papers_added, a.keywords) == (b.files_loaded, b.papers_added, b.keywords)
        assert dump(db_file) == dump(pg)


@pytest.mark.at_head
def test_search_ranks_title_matches_first_on_postgresql(pg, write):
    import sqlalchemy as sa

    from etl.load import load
    from etl.store.pg_search import SEARCH, search_params

    load(pg, exports(write))
    engine = make_engine(pg)
    try:
        with engine.connect() as conn:
            found = conn.execute(sa.text(SEARCH), search_params("Listed Paper")).all()
            nothing = conn.execute(sa.text(SEARCH), search_params("zyzzyvas unheard")).all()
    finally:
        engine.dispose()
    assert found and all(row.title and "Listed Paper" in row.title for row in found[:3])
    assert [(row.tier, -row.relevance) for row in found] == sorted((row.tier, -row.relevance) for row in found)
    assert nothing == []


@pytest.mark.at_head
@pytest.mark.parametrize(
    "q, expected",
    [
        ("transformer", ["Long-Range Transformers for Genomic Sequences", "Sparse Attention at Scale"]),
        (
            "graph neural networks",
            ["Graph Neural Networks for Molecular Property Prediction", "Scaling Laws for Tabular Models"],
        ),
        (
            "GAN",
            [
                "Stabilising GAN Training with Spectral Penalties",
                "Faster Sampling for Image GANs",
                # (the two that define GANs in their abstract's first sentence: SQLite's ranking
                # puts them the other way round)
                "Mode Coverage of Adversarial Image Generators",
                "Waveform Synthesis with Multi-Scale Discriminators",
            ],
        ),
        ("rlhf", ["Reward Models from Human Preferences"]),
        ("rewar*", ["Reward Models from Human Preferences"]),
        ("deformable cloth origami", ["Cloth Folding with Deformable Object Models"]),
        ("zyzzyva", []),
    ],
)
def test_search_has_the_same_intent_on_postgresql(pg, write, q, expected):
    """Word forms, not stems; the phrase in the title first; the alias; the authors' keywords; all
    but one word when no paper has them all (tests/test_search.py's papers and cases)."""
    from tests.test_search import PAPERS, paperlists

    assert _searched_titles(pg, write("neurips2023.json", paperlists(PAPERS)), q) == expected


def _searched_titles(pg, path, q: str) -> list[str]:
    """The titles PostgreSQL's search gives for `q` once the file at `path` is loaded."""
    import sqlalchemy as sa

    from etl.store.pg_search import SEARCH, search_params

    load(pg, [str(path)])
    engine = make_engine(pg)
    try:
        with engine.connect() as conn:
            return [row.title for row in conn.execute(sa.text(SEARCH), search_params(q)).all()]
    finally:
        engine.dispose()


@pytest.mark.at_head
@pytest.mark.parametrize("case", range(len(TYPED)))
def test_the_phrase_as_typed_ranks_first_on_postgresql(pg, write, case):
    """The phrase as typed in a title, then in an abstract, then the words apart (the cases of
    tests/test_search_typed.py; ts_rank has no IDF, so no rarer form outweighs the typed one)."""
    from tests.test_search import paperlists
    from tests.test_search_typed import PAPERS, in_groups

    q, expected = TYPED[case]
    assert in_groups(_searched_titles(pg, write("aistats2024.json", paperlists(PAPERS)), q), expected) == expected


@pytest.mark.at_head
@pytest.mark.parametrize("case", range(len(FORMS)))
def test_another_derivation_is_no_match_while_a_paper_has_the_word_on_postgresql(pg, write, case):
    """Singular or plural forms, never another derivation, while a paper has the words; the stems
    when none has them (the real losses of tests/test_search_forms.py)."""
    from tests.test_search import paperlists
    from tests.test_search_forms import PAPERS

    q, found, absent = FORMS[case]
    shown = set(_searched_titles(pg, write("corl2024.json", paperlists(PAPERS)), q))
    assert (found - shown, absent & shown) == (set(), set())


@pytest.mark.at_head
@pytest.mark.parametrize("case", range(3))
def test_a_result_that_resembles_the_others_ranks_higher_on_postgresql(pg, write, case):
    """The same pseudo-relevance feedback as SQLite's search (tests/test_search.py's cases, by
    the places of the papers in the order PostgreSQL's ranking of their words gives)."""
    import sqlalchemy as sa

    from etl.load import load
    from etl.store.pg_search import SEARCH, search_params
    from tests.test_search import PAPERS, RESEMBLING, paperlists, similar_rows

    pairs, expected = RESEMBLING[case]
    load(pg, [str(write("neurips2023.json", paperlists(PAPERS)))])
    engine = make_engine(pg)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM similar_papers"))
            words = conn.execute(sa.text(SEARCH), search_params("images")).all()
            ids = [row.id for row in words]
            if pairs:
                insert = "INSERT INTO similar_papers VALUES (:paper_id, :rank, :similar_id, :score)"
                conn.execute(sa.text(insert), similar_rows(ids, pairs))
            found = conn.execute(sa.text(SEARCH), search_params("images")).all()
    finally:
        engine.dispose()
    assert len(ids) == 4 and [row.relevance for row in words] == sorted((row.relevance for row in words), reverse=True)
    assert [row.id for row in found] == [ids[i] for i in expected]


@pytest.mark.at_head
def test_two_concurrent_loads_both_succeed_and_the_second_says_it_waits(pg, write):
    from etl.sources import bundled_listings_dir

    engine = make_engine(pg)
    loads = []
    try:  # hold the load lock, as a long load would, until both loads wait for it
        with transaction(engine) as conn:
            for paths in ([str(bundled_listings_dir())], exports(write)):
                loads.append(Running("load", "--db", pg, *paths, env={"PAPERDB_LOCK_WAIT": "60"}))
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and conn.exec_driver_sql(WAITING).scalar() < 2:
                time.sleep(0.1)
            assert conn.exec_driver_sql(WAITING).scalar() == 2
        codes = [p.wait(120) for p in loads]
        outputs = [(p.stdout(), p.stderr()) for p in loads]
    finally:
        engine.dispose()
        for p in loads:
            p.close()
    assert codes == [0, 0], outputs
    assert all("another load is writing" in err and "waiting for it" in err for _, err in outputs)
    tables = dump(pg)
    assert len(tables["papers"]) == 57 and len(tables["sources"]) == 7


WAITING = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"


@pytest.mark.at_head
def test_a_load_that_waits_too_long_fails_in_one_line_and_writes_nothing(pg, write):
    engine = make_engine(pg)
    try:
        with transaction(engine):
            result = CliRunner().invoke(cli, ["load", "--db", pg, *exports(write)], env={"PAPERDB_LOCK_WAIT": "0.5"})
    finally:
        engine.dispose()
    assert result.exit_code == 1
    assert "another load is writing to the database (waited 0.5s)" in result.output
    assert dump(pg)["papers"] == []


SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "samples"


@pytest.mark.at_head
@pytest.mark.slow  # (the largest load of the suite, twice)
@pytest.mark.skipif(not SAMPLES.is_dir(), reason="../shared/samples is not beside the clone")
def test_the_measuring_samples_give_the_same_tables_on_both(pg, db_file):
    from etl.load import load

    # (the samples' files and folders paperdb reads; not the catalogue archive beside them)
    inputs = [str(SAMPLES.parent / "seeds"), *(str(p) for p in sorted(SAMPLES.iterdir()) if p.suffix in ("", ".json"))]
    a, b = load(db_file, inputs), load(pg, inputs)
    assert (a.papers_added, a.keywords) == (b.papers_added, b.keywords) and a.papers_added > 1000
    assert dump(db_file) == dump(pg)


@pytest.mark.parametrize(
    "create, why",
    [
        ("LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'", "sorts text by a language's rules"),
        ("ENCODING 'LATIN1' LOCALE 'C'", "is encoded in LATIN1"),
        ("ENCODING 'SQL_ASCII' LOCALE 'C'", "is encoded in SQL_ASCII"),
    ],
)
def test_a_database_not_in_utf8_code_point_order_is_refused_with_the_command_that_makes_one(server, create, why):
    with maintenance(server) as conn:
        conn.exec_driver_sql("DROP DATABASE IF EXISTS by_icu")
        conn.exec_driver_sql(f"CREATE DATABASE by_icu {create} TEMPLATE template0")
    one_line_error(
        ["migrate", "--db", server.replace("/paperdb?", "/by_icu?")],
        why,
        "CREATE DATABASE by_icu_utf8 ENCODING 'UTF8' LOCALE 'C.UTF-8' TEMPLATE template0",
    )


@pytest.mark.at_head
@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_export_writes_the_same_files_from_either_database(pg, db_file, write, tmp_path, fmt):
    from etl.load import load
    from etl.report.export import export
    from etl.sources import bundled_listings_dir

    inputs = [str(bundled_listings_dir()), *exports(write)]
    load(db_file, inputs), load(pg, inputs)
    counts = export(db_file, str(tmp_path / "lite"), fmt), export(pg, str(tmp_path / "server"), fmt)
    assert counts[0] == counts[1] and counts[0]["papers"] == 57
    for name in counts[0]:
        lite = (tmp_path / "lite" / f"{name}.{fmt}").read_bytes()
        assert lite == (tmp_path / "server" / f"{name}.{fmt}").read_bytes(), name


@pytest.mark.at_head
@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_an_export_loaded_into_a_server_exports_the_same_files(pg, write, tmp_path, fmt):
    # (issue 26: export -> load -> export; from SQLite to PostgreSQL here, tests/test_round_trip.py within SQLite)
    from etl.report.export import export
    from tests.exports import every_format

    lite = str(tmp_path / "lite.db")
    load(lite), load(lite, every_format(write))
    export(lite, str(tmp_path / "first"), fmt)
    load(pg, [str(tmp_path / "first" / f"papers.{fmt}")])
    export(pg, str(tmp_path / "second"), fmt)
    for path in sorted((tmp_path / "first").iterdir()):
        assert path.read_bytes() == (tmp_path / "second" / path.name).read_bytes(), path.name


@pytest.mark.at_head
def test_a_snapshot_is_the_sqlite_database_a_direct_load_makes(pg, db_file, write, tmp_path):
    import sqlite3

    from etl.load import load
    from etl.sources import bundled_listings_dir

    inputs = [str(bundled_listings_dir()), *exports(write)]
    load(db_file, inputs), load(pg, inputs)
    copy = str(tmp_path / "served" / "papers.db")
    result = CliRunner().invoke(cli, ["snapshot", "--from", pg, "--db", copy])
    assert result.exit_code == 0, result.output
    assert "57 papers" in result.output
    assert dump(copy) == dump(pg) == dump(db_file)
    schema = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
    with sqlite3.connect(copy) as a, sqlite3.connect(db_file) as b:
        assert a.execute(schema).fetchall() == b.execute(schema).fetchall()  # FTS, triggers, views
        search = "SELECT rowid FROM papers_fts WHERE papers_fts MATCH 'quantization' ORDER BY rowid"
        assert a.execute(search).fetchall() == b.execute(search).fetchall() != []
    again = CliRunner().invoke(cli, ["snapshot", "--from", pg, "--db", copy])
    assert again.exit_code == 1 and "exists; a snapshot writes a new database" in again.output


def test_a_snapshot_of_an_empty_server_database_is_a_one_line_error_and_leaves_no_file(pg, tmp_path):
    copy = tmp_path / "papers.db"
    one_line_error(["snapshot", "--from", pg, "--db", str(copy)], "not a paperdb database at the current schema")
    assert not copy.exists() and list(tmp_path.iterdir()) == []


def test_serve_says_how_to_serve_a_servers_database():
    one_line_error(
        ["serve", "--db", "postgresql://me:s3cret@db.example/papers"], "paperdb snapshot --from URL", hidden="s3cret"
    )


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://me:s3cret@[::1/papers",  # a malformed host: libpq quotes the URL
        "postgresql+psycopg://me@/papers?host=/nonexistent&password=s3cret",
        "postgresql+psycopg://me:s3cret@/papers?host=/nonexistent",
    ],
)
def test_a_password_is_never_shown_whatever_the_url(url):
    for args in (["stats", "--db", url], ["load", "--db", url], ["export", "--db", url, "--out", "/tmp/x"]):
        one_line_error(args, hidden="s3cret")


def test_a_snapshot_is_written_to_a_file_not_to_a_server(pg):
    result = CliRunner().invoke(cli, ["snapshot", "--from", pg, "--db", pg])
    assert result.exit_code == 1 and "--db takes the SQLite file to write the snapshot to" in result.output


@pytest.mark.parametrize("command", [["rescore"], ["export", "--out", "OUT"]])
def test_rescore_and_export_need_a_paperdb_database_on_a_server_too(pg, tmp_path, command):
    command = [str(tmp_path / "out") if part == "OUT" else part for part in command]
    result = CliRunner().invoke(cli, [*command, "--db", pg])
    assert result.exit_code == 1 and "not a paperdb database (no papers table)" in result.output
    assert relations(pg) == set()  # nothing made


@pytest.mark.at_head
def test_a_lock_wait_of_zero_does_not_wait(pg, write):
    engine = make_engine(pg)
    try:
        with transaction(engine):
            result = CliRunner().invoke(cli, ["load", "--db", pg, *exports(write)], env={"PAPERDB_LOCK_WAIT": "0"})
    finally:
        engine.dispose()
    assert result.exit_code == 1 and "another load is writing to the database (waited 0s)" in result.output
    assert "waiting for it" not in result.output  # (it never started waiting: 0 is no limit to PostgreSQL)


@pytest.mark.at_head
def test_a_nul_in_any_text_field_is_removed_alike_on_both(pg, db_file, write):
    from tests.exports import seed_abstracts

    path = str(
        write(
            "nul.jsonl",
            json.dumps(
                {"abstract": seed_abstracts(1)[0], "title": "Nu\u0000lls in titles", "venue": "ICML", "year": 2024}
            )
            + "\n",
        )
    )
    outputs = [CliRunner().invoke(cli, ["load", "--db", target, path]) for target in (db_file, pg)]
    assert [r.exit_code for r in outputs] == [0, 0]
    assert all("1 records repaired" in r.output for r in outputs), outputs
    assert dump(db_file) == dump(pg) and dump(pg)["papers"][0][4] == "Nulls in titles"  # (title: the fifth column)


@pytest.mark.at_head
@pytest.mark.parametrize("stage", ["migrated", "files", "keywords", "full-text index"])
def test_a_signal_during_a_load_into_a_server_is_one_line_and_writes_nothing(pg, write, stage):
    import signal

    from etl.sources import bundled_listings_dir
    from tests.pausing import PausedLoad

    before = dump(pg)
    load = PausedLoad(["--db", pg, str(bundled_listings_dir()), *exports(write)], [stage])
    load.reached(stage)
    code, err = load.kill(signal.SIGINT)
    assert code == 1 and err.count("\n") == 1, err
    assert err.startswith("Error: stopped by SIGINT; nothing of this load was written"), err
    assert dump(pg) == before


A_PAPER = "We study sparse autoencoders for interpretability of large language models in depth."
B_PAPER = "We propose a graph neural network for molecular property prediction with message passing."
C_PAPER = "Diffusion models generate images by reversing a noising process; we speed up sampling."
D_PAPER = "Reinforcement learning agents explore with curiosity bonuses in sparse reward environments."


@pytest.mark.at_head
def test_rows_added_after_removals_are_numbered_as_on_sqlite(pg, db_file, write):
    """SQLite numbers a new row after the largest number there; a PostgreSQL sequence never
    goes back after a delete: loads number as SQLite does."""
    from etl.load import load
    from tests.helpers import listing_text

    for texts in ([A_PAPER, B_PAPER, C_PAPER], [A_PAPER, B_PAPER], [A_PAPER, B_PAPER, D_PAPER]):
        path = str(write("papers.txt", listing_text(*texts)))
        load(db_file, [path]), load(pg, [path])
        assert dump(db_file) == dump(pg)


@pytest.mark.at_head
def test_rows_added_after_a_failed_load_are_numbered_as_on_sqlite(pg, db_file, write):
    from etl.load import load
    from tests.helpers import listing_text

    first = str(write("a.txt", listing_text(A_PAPER)))
    second = str(write("b.txt", listing_text(B_PAPER, header="NeurIPS 2023 Papers")))

    def fail(_stage):
        raise RuntimeError("stopped")

    for target in (db_file, pg):
        load(target, [first])
        with pytest.raises(RuntimeError):
            load(target, [second], stage=fail)  # (sequences do not roll back)
        load(target, [second])
    assert dump(db_file) == dump(pg)


@pytest.mark.at_head
def test_readers_are_not_locked_out_while_a_load_rescores(pg, write):
    """A rescore on PostgreSQL keeps paper_keywords' indexes (DROP INDEX would lock readers out
    until commit)."""
    from etl.load import load, rescore
    from etl.store.postgres import connect_read_only

    load(pg, exports(write))
    reader = connect_read_only(pg)
    reader.execute("SET lock_timeout = '2s'")
    counts = []

    def read_while_loading(name):
        if name == "full-text index":  # (after the keywords, inside the load's transaction)
            counts.append(reader.execute("SELECT count(*) FROM paper_keywords").fetchone()[0])
            reader.rollback()

    try:
        rescore(pg, stage=read_while_loading)
    finally:
        reader.close()
    assert counts and counts[0] > 0


@pytest.mark.at_head
@pytest.mark.parametrize("command", [["stats"], ["load"], ["export", "--out", "OUT"]])
def test_a_lock_another_session_holds_is_waited_for_as_long_as_the_lock_wait(pg, write, tmp_path, command):
    # (a statement waited for a lock with no limit: a client's open transaction hung every command)
    load(pg, [str(write("a.txt", listing_text(ABSTRACT_QUIP)))])
    command = [str(tmp_path / "out") if part == "OUT" else part for part in command]
    if command == ["load"]:
        command.append(str(write("b.txt", listing_text(ABSTRACT_GNN))))
    engine = make_engine(pg)
    try:
        with engine.begin() as conn:  # (not a load: a session that locked the papers table)
            conn.exec_driver_sql("LOCK TABLE papers IN ACCESS EXCLUSIVE MODE")
            result = CliRunner().invoke(cli, [*command, "--db", pg], env={"PAPERDB_LOCK_WAIT": "0.5"})
    finally:
        engine.dispose()
    assert result.exit_code == 1 and result.output == (
        f"Error: {shown(pg)}: another session holds a lock this command needs (waited 0.5s); try again when it finishes\n"
    )


@pytest.mark.at_head
def test_a_signal_ends_the_wait_for_another_load_at_once(pg, write):
    engine = make_engine(pg)
    try:
        with transaction(engine):  # the load lock, held as a long load holds it
            listing = str(write("a.txt", listing_text(ABSTRACT_QUIP)))
            with Running("load", "--db", pg, listing, env={"PAPERDB_LOCK_WAIT": "120"}) as process:
                said = process.first_line(stream="stderr")
                assert "waiting for it (up to 120s)" in said
                process.send_signal(signal.SIGINT)
                code = process.wait(30)  # (the wait would take 120 s)
                err = process.stderr().removeprefix(said)
    finally:
        engine.dispose()
    assert code == 1 and err == "Error: stopped by SIGINT; nothing of this load was written\n"


def test_revision_0028_gives_a_server_the_people_a_cold_load_gives(pg, tmp_path, monkeypatch):
    """Each author once, the accents in place and the affiliations of lists written twice read
    from their files, on PostgreSQL too (tests/test_migrations.py has the steps)."""
    from alembic.script import ScriptDirectory

    from etl.text.authors import name_key
    from tests.people import AUTHOR_TWICE, catalogue_files, people, rules_before_0028

    files = catalogue_files(tmp_path)
    # (Taiwan's institutions as before revision 0038, and the merge key as before revision 0056, on
    # both sides: tests/test_migrations.py says why)
    monkeypatch.setattr("etl.extract.affiliations.institution_country", lambda name, country: country)
    monkeypatch.setattr("etl.text.authors.without_particles", lambda name: name)
    name_key.cache_clear()
    try:
        cold = str(tmp_path / "cold.db")
        load(cold, files)
        with rules_before_0028(monkeypatch):
            load(pg, files)
        assert scalars(pg, AUTHOR_TWICE) == [4]
        parent = ScriptDirectory.from_config(alembic_config()).get_revision("0028").down_revision
        run(pg, lambda conn: command.downgrade(alembic_config(conn), parent))
        run(pg, migrate)
        assert scalars(pg, AUTHOR_TWICE) == [0]
        assert people(pg) == people(cold)
        # (icra2015.json read again for 0038, nips2016.json for 0056, iros2013.json for 0057)
        assert load(pg, files).files_unchanged == 1
        assert people(pg) == people(cold)
    finally:
        name_key.cache_clear()  # (no key of the patched rule outlives the test)

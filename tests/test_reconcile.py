"""After any sequence of loads the database is what a cold load of the current files gives: a
paper's text, venue and year come from the records its sources hold now."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from etl.errors import InputError
from etl.extract.record_paper import identity_id
from etl.load import load
from etl.text.identity import paper_id
from tests.exports import paperlists_json, seed_abstracts
from tests.helpers import ABSTRACT_GNN, ABSTRACT_QUIP, listing_text, rows

PAPER = "SELECT venue, year, abstract, text_source_id IS NOT NULL FROM papers WHERE id = ?"
OTHER_QUIP = ABSTRACT_QUIP.replace("Post-training", "Post-Training")  # (the same paper: one id)
RECORDS = "SELECT has_abstract, abstract IS NULL, venue, year FROM paper_sources WHERE paper_id = ? ORDER BY source_id"


def test_a_paper_that_leaves_a_listing_takes_the_venue_and_text_of_its_other_source(db_file, write):
    listing = write("a.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    # the same paper in an ICLR 2023 export, written with other capitals (the listing's text wins)
    export = write("iclr2023.json", paperlists_json([OTHER_QUIP]))
    load(db_file, [str(listing), str(export)])
    pid = paper_id(ABSTRACT_QUIP)
    assert rows(db_file, PAPER, [pid]) == [("ICML", 2024, ABSTRACT_QUIP, 1)]
    assert rows(db_file, RECORDS, [pid]) == [(1, 1, "ICML", 2024), (1, 0, "ICLR", 2023)]
    write("a.txt", listing_text(ABSTRACT_GNN))
    load(db_file, [str(listing)])
    assert rows(db_file, PAPER, [pid]) == [("ICLR", 2023, OTHER_QUIP, 1)]
    assert rows(db_file, RECORDS, [pid]) == [(1, 1, "ICLR", 2023)]
    cold = str(write("cold/papers.db", b""))
    load(cold, [str(listing), str(export)])
    assert rows(cold, PAPER, [pid]) == rows(db_file, PAPER, [pid])


def test_the_text_a_paper_keeps_does_not_depend_on_the_order_of_loads(tmp_path, write):
    listing = write("a.txt", listing_text(ABSTRACT_QUIP))
    export = write("iclr2023.json", paperlists_json([OTHER_QUIP]))
    one, two = str(tmp_path / "one.db"), str(tmp_path / "two.db")
    load(one, [str(listing)])
    load(one, [str(export)])
    load(two, [str(export)])
    load(two, [str(listing)])
    pid = paper_id(ABSTRACT_QUIP)
    assert rows(one, PAPER, [pid]) == rows(two, PAPER, [pid]) == [("ICML", 2024, ABSTRACT_QUIP, 1)]


TITLE_ONLY = "title,venue,year,doi\nListed Paper 0,ICLR,2024,\nA Paper Nobody Abstracted,ICLR,2024,10.1/x\n"
PAPERS = "SELECT id, abstract IS NULL, title FROM papers ORDER BY title"


def test_a_paper_without_an_abstract_joins_the_paper_that_has_its_abstract_in_any_order(tmp_path, write):
    from tests.exports import seed_abstracts

    export = write("iclr2024.json", paperlists_json(seed_abstracts(1)))  # `Listed Paper 0`, with its abstract
    titles = write("titles.csv", TITLE_ONLY)
    one, two = str(tmp_path / "one.db"), str(tmp_path / "two.db")
    first = load(one, [str(titles)])
    assert (first.papers_added, first.without_abstract) == (2, 2)
    second = load(one, [str(export)])
    assert (second.papers_added, second.papers_merged) == (1, 1)
    load(two, [str(export)])
    assert load(two, [str(titles)]).papers_merged == 1
    abstract = seed_abstracts(1)[0]
    expected = [
        (identity_id("doi:10.1/x"), 1, "A Paper Nobody Abstracted"),
        (paper_id(abstract), 0, "Listed Paper 0"),
    ]
    assert rows(one, PAPERS) == rows(two, PAPERS) == expected
    joined = identity_id("title:iclr:2024:listed paper 0")
    for db in (one, two):  # the id it had alone stays resolvable
        assert rows(db, "SELECT former_id, paper_id, revision FROM paper_former_ids") == [
            (joined, paper_id(abstract), "merged")
        ]
        assert rows(db, "SELECT count(*) FROM paper_sources WHERE paper_id = ?", [paper_id(abstract)]) == [(2,)]


def test_a_paper_whose_abstract_leaves_goes_back_to_its_other_records(tmp_path, write):
    from tests.exports import seed_abstracts

    export = write("iclr2024.json", paperlists_json(seed_abstracts(1)))
    titles = write("titles.csv", TITLE_ONLY)
    db = str(tmp_path / "p.db")
    load(db, [str(export), str(titles)])
    write("iclr2024.json", paperlists_json(seed_abstracts(2)[1:]).replace("Listed Paper 0", "Another Paper"))
    load(db, [str(export)])
    title_key = identity_id("title:iclr:2024:listed paper 0")
    assert (title_key, 1, "Listed Paper 0") in rows(db, PAPERS)
    cold = str(tmp_path / "cold.db")
    load(cold, [str(export), str(titles)])
    assert rows(cold, PAPERS) == rows(db, PAPERS)


def test_placeholder_abstracts_make_no_paper_of_their_own(tmp_path, write):
    """Three records whose abstract is `TBD` (a poster, a reject, an oral) are three papers,
    each told by its OpenReview id, with its own decision."""
    import json

    records = [
        {"id": f"tbd{i}forum", "title": f"Work {i}", "status": status, "abstract": "TBD", "author": "A B"}
        for i, status in enumerate(["Poster", "Reject", "Oral"])
    ]
    for record in records:
        record["site"] = f"https://openreview.net/forum?id={record['id']}"
    db = str(tmp_path / "p.db")
    summary = load(db, [str(write("iclr2024.json", json.dumps(records)))])
    assert (summary.papers_added, summary.without_abstract) == (3, 3)
    assert rows(db, "SELECT title, decision, presentation FROM papers ORDER BY title") == [
        ("Work 0", "accepted", "poster"),
        ("Work 1", "rejected", None),
        ("Work 2", "accepted", "oral"),
    ]
    assert rows(db, "SELECT count(DISTINCT paper_id) FROM paper_ids WHERE scheme = 'openreview'") == [(3,)]


# -- removing sources, emptied files, options ------------------------------------------------------

# What a database holds, without what numbers rows or dates them: for comparing with a cold load.
# (Keywords are compared after a rescore of both: between rescores they may lag the corpus.)
SNAPSHOT = {
    "papers": """SELECT id, venue, year, title, abstract, abstract_sha256, code_status, decision, presentation,
        authors, author_keywords, keywords, topics FROM papers ORDER BY id""",
    "sources": """SELECT resolved_path, sha256, format, venue, year, papers, options FROM sources
        WHERE papers > 0 ORDER BY resolved_path""",
    "records": """SELECT s.resolved_path, ps.position, ps.paper_id, ps.title, ps.abstract, ps.venue, ps.year
        FROM paper_sources ps JOIN sources s ON s.id = ps.source_id ORDER BY 1, 2""",
    "links": "SELECT paper_id, url, kind, is_official FROM paper_links ORDER BY 1, 2, 3",
    "repos": "SELECT url, papers FROM repos ORDER BY url",
    "keywords": """SELECT pk.paper_id, k.normalised, pk.kind, round(pk.score, 6), pk.rank
        FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id ORDER BY 1, 2, 3""",
    "authors": "SELECT pa.paper_id, pa.position, pa.name, a.papers FROM paper_authors pa JOIN authors a ON a.id = pa.author_id ORDER BY 1, 2",
    "ids": "SELECT paper_id, scheme, value FROM paper_ids ORDER BY 1, 2, 3",
    "institutions": "SELECT normalised, name, papers FROM institutions ORDER BY 1",
}


def snapshot(db: str) -> dict[str, list[tuple]]:
    from etl.load import rescore

    rescore(db)
    return {name: rows(db, sql) for name, sql in SNAPSHOT.items()}


def cold_load(db: str, loads: list[tuple[list[str], dict]]) -> str:
    """A new database from `loads`: (files, load options) each."""
    for files, options in loads:
        load(db, files, **options)
    return db


def test_removing_a_source_leaves_what_loading_the_others_gives(tmp_path, write):
    listing = write("d/a.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    export = write("d/iclr2023.json", paperlists_json([OTHER_QUIP]))
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "d")])
    from etl.load import remove

    summary = remove(db, [str(listing)])
    assert (summary.sources_removed, summary.papers_removed, summary.papers_updated) == (1, 1, 1)
    assert "1 source removed" in summary.line()
    assert rows(db, "SELECT sources_removed FROM etl_runs ORDER BY id DESC LIMIT 1") == [(1,)]
    assert rows(db, PAPER, [paper_id(ABSTRACT_QUIP)]) == [("ICLR", 2023, OTHER_QUIP, 1)]
    assert snapshot(db) == snapshot(cold_load(str(tmp_path / "cold.db"), [([str(export)], {})]))


def test_removing_a_directory_removes_every_source_below_it_even_when_gone(tmp_path, write):
    from etl.load import remove

    write("d/sub/a.txt", listing_text(ABSTRACT_QUIP))
    write("d/b.txt", listing_text(ABSTRACT_GNN))
    keep = write("e/c.txt", listing_text(ABSTRACT_GNN, header="ICLR 2023 Papers"))
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "d"), str(keep)])
    (tmp_path / "d" / "sub" / "a.txt").unlink()
    (tmp_path / "d" / "sub").rmdir()
    assert remove(db, [str(tmp_path / "d")]).sources_removed == 2
    assert rows(db, "SELECT venue, year FROM papers") == [("ICLR", 2023)]
    assert snapshot(db) == snapshot(cold_load(str(tmp_path / "cold.db"), [([str(keep)], {})]))


def test_removing_a_path_no_source_came_from_is_one_line_and_removes_nothing(tmp_path, write):
    from click.testing import CliRunner

    from etl.cli import cli

    listing = write("a.txt", listing_text(ABSTRACT_QUIP))
    db = str(tmp_path / "p.db")
    load(db, [str(listing)])
    result = CliRunner().invoke(cli, ["remove", str(listing), str(tmp_path / "other.txt"), "--db", db])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"Error: {tmp_path / 'other.txt'}: no source was loaded from this path"
    ]
    assert rows(db, "SELECT count(*) FROM papers") == [(1,)]
    assert rows(db, "SELECT count(*) FROM etl_runs") == [(1,)]


def test_prune_removes_the_sources_of_files_gone_from_a_directory_given(tmp_path, write):
    write("d/a.txt", listing_text(ABSTRACT_QUIP))
    gone = write("d/b.txt", listing_text(ABSTRACT_GNN))
    other = write("e/c.txt", listing_text(ABSTRACT_GNN, header="ICLR 2023 Papers"))
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "d"), str(other)])
    gone.unlink()
    kept = load(db, [str(tmp_path / "d")])  # (without --prune a source whose file is gone stays)
    assert (kept.files_unchanged, kept.sources_removed) == (1, 0)
    assert rows(db, "SELECT count(*) FROM sources") == [(3,)]
    pruned = load(db, [str(tmp_path / "d")], prune=True)
    assert (pruned.sources_removed, pruned.papers_removed, pruned.papers_updated) == (1, 0, 1)
    assert rows(db, "SELECT venue FROM papers ORDER BY venue") == [("ICLR",), ("ICML",)]  # (c.txt is not below d/)
    again = load(db, [str(tmp_path / "d")], prune=True)
    assert (again.files_unchanged, again.sources_removed) == (1, 0)


def test_options_that_change_what_a_file_means_make_it_changed(tmp_path, write):
    plain = write("plain.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN, header=""))
    db = str(tmp_path / "p.db")
    load(db, [str(plain)], venue="NeurlPS", year=2023)
    fixed = load(db, [str(plain)], venue="NeurIPS", year=2024)
    assert (fixed.files_loaded, fixed.files_unchanged, fixed.papers_updated) == (1, 0, 2)
    assert rows(db, "SELECT DISTINCT venue, year FROM papers") == [("NeurIPS", 2024)]
    assert rows(db, "SELECT options FROM sources") == [('{"venue": "NeurIPS", "year": 2024}',)]
    same = load(db, [str(plain)], venue="NeurIPS", year=2024)  # (the quick path: nothing changed)
    assert (same.files_loaded, same.files_unchanged) == (0, 1)


def test_an_option_dropped_gives_the_file_its_own_header_back(tmp_path, write):
    listing = write("a.txt", listing_text(ABSTRACT_QUIP))
    db = str(tmp_path / "p.db")
    load(db, [str(listing)], venue="COLT")
    assert rows(db, "SELECT venue, year FROM papers") == [("COLT", 2024)]
    assert load(db, [str(listing)]).papers_updated == 1
    assert rows(db, "SELECT venue, year FROM papers") == [("ICML", 2024)]
    assert rows(db, "SELECT options FROM sources") == [(None,)]


@pytest.mark.parametrize("emptied", [b"", b"  \n\n", b"ICML 2024 Papers\n\n"])
def test_an_emptied_file_removes_its_papers(tmp_path, write, emptied):
    listing = write("a.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    other = write("b.txt", listing_text(ABSTRACT_GNN, header="ICLR 2023 Papers"))
    db = str(tmp_path / "p.db")
    load(db, [str(listing), str(other)])
    write("a.txt", emptied)
    summary = load(db, [str(listing), str(other)])
    assert (summary.files_loaded, summary.papers_removed, summary.papers_updated) == (1, 1, 1)
    assert rows(db, "SELECT venue, year FROM papers") == [("ICLR", 2023)]
    assert rows(db, "SELECT format, venue, year, papers FROM sources WHERE path LIKE '%a.txt'") == [
        ("listing", "ICML", 2024, 0)
    ]


def test_a_new_empty_file_is_passed_over(tmp_path, write):
    write("d/a.txt", listing_text(ABSTRACT_QUIP))
    write("d/empty.txt", b"")
    db = str(tmp_path / "p.db")
    summary = load(db, [str(tmp_path / "d")])
    assert (summary.files_loaded, summary.skipped) == (1, [(str(tmp_path / "d" / "empty.txt"), "empty file")])
    assert "1 skipped" in summary.line()


PEOPLE = """SELECT 'author', normalised, name, NULL, papers FROM authors
    UNION ALL SELECT 'institution', normalised, name, country, papers FROM institutions ORDER BY 1, 2"""


def _export_with_people(abstracts: list[str], numbers: list[int], own: str = "Number") -> str:
    """A paperlists export whose paper `n` (of `numbers`) has Ada Lovelace of Cambridge and an
    author and institute of its own (`Author Number n`, `Institute Number n`) as its authors."""
    records = json.loads(paperlists_json(abstracts))
    for record, n in zip(records, numbers, strict=True):
        record.update(
            author=f"Ada Lovelace;Author {own}{n}",
            aff=f"University of Cambridge;Institute {own} {n}",
            aff_unique_norm=f"University of Cambridge;Institute {own} {n}",
            aff_unique_index="0;1",
            aff_country_unique=f"United Kingdom;Country {n}",
            aff_country_unique_index="0;1",
        )
    return json.dumps(records)


@pytest.mark.parametrize("kept", [[0, 1, 2], [0, 2], [1], []])
@pytest.mark.parametrize("how", ["edit", "rename", "remove", "merge", "merge later"])
def test_authors_and_institutions_are_counted_as_a_cold_load_counts_them(tmp_path, write, kept, how):
    """The authors and institutions of the papers a load removes, re-authors or merges are counted
    out (and dropped when no paper names them any more), as a cold load of the files counts them."""
    from etl.load import remove

    abstracts = seed_abstracts(4)[1:4]
    titles = "title,venue,year,authors\n" + "".join(f"Listed Paper {i},ICLR,2023,Title Author{i}\n" for i in kept)
    if how == "merge later":  # (title-only papers first, with authors of their own; their abstracts come next)
        load(str(tmp_path / "p.db"), [str(write("d/titles.csv", titles))])
    export = write("d/iclr2023.json", _export_with_people(abstracts, [0, 1, 2]))
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "d")])
    final = [str(tmp_path / "d")]
    if how in ("edit", "rename"):  # (the papers not kept leave the export; those kept change authors)
        written = _export_with_people([abstracts[i] for i in kept], kept, "Renamed" if how == "rename" else "Number")
        write("d/iclr2023.json", written)
        load(db, [str(tmp_path / "d")])
    elif how == "remove":  # (the export goes; the papers kept stay in another)
        kept_export = write("e/iclr2024.json", _export_with_people([abstracts[i] for i in kept], kept))
        load(db, [str(kept_export)])
        remove(db, [str(export)])
        final = [str(kept_export)]
    elif how == "merge":  # (title-only records of the papers kept join the papers with their abstracts)
        write("d/titles.csv", titles)
        load(db, [str(tmp_path / "d")])
    cold = cold_load(str(tmp_path / "cold.db"), [(final, {})])
    assert rows(db, PEOPLE) == rows(cold, PEOPLE)


# -- the property: any sequence of loads, edits, removals and option changes --------------------

POOL = [ABSTRACT_QUIP, ABSTRACT_GNN, OTHER_QUIP, *seed_abstracts(6)[1:4]]
HEADERS = ["ICML 2024 Papers", "ICLR 2023 Papers"]
_subset = st.lists(st.sampled_from(range(len(POOL))), max_size=4, unique=True)
_content = st.one_of(
    st.tuples(st.just("listing"), st.sampled_from(HEADERS), _subset),
    st.tuples(st.just("paperlists"), st.none(), _subset),
    st.just(("empty", None, [])),
)
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("write"), st.sampled_from(["a", "b", "c"]), _content),  # then load the directory
        st.tuples(st.just("delete"), st.sampled_from(["a", "b", "c"]), st.booleans()),  # then remove, or prune
        st.tuples(st.just("options"), st.sampled_from(["a", "b", "c"]), st.sampled_from([None, "COLT", "NeurIPS"])),
    ),
    min_size=1,
    max_size=5,
)
NAMES = {"listing": "{}.txt", "paperlists": "iclr2023_{}.json", "empty": "{}.txt"}  # (venue, year: the name)


def _text(kind: str, header: str | None, picked: list[int]) -> str:
    abstracts = [POOL[i] for i in picked]
    if kind == "listing":
        return listing_text(*abstracts, header=header)
    return paperlists_json(abstracts) if kind == "paperlists" else ""


# (no shrinking: each example is several loads; a failure prints its steps as drawn)
@settings(
    max_examples=int(os.environ.get("RECONCILE_EXAMPLES", "8")),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(STEPS)
@example([("write", "b", ("paperlists", None, [])), ("delete", "b", True)])  # (never a source)
@example([("write", "b", ("paperlists", None, [0])), ("write", "b", ("paperlists", None, [])), ("delete", "b", True)])
def test_any_sequence_of_loads_edits_removals_and_options_ends_as_a_cold_load(tmp_path_factory, steps):
    """Each step changes the files and loads (or removes) as a user would; at the end the database
    equals a cold load of the files that are there, each with the options it was last loaded with."""
    from etl.load import remove

    root = tmp_path_factory.mktemp("reconcile")
    folder = root / "d"
    folder.mkdir()
    db = str(root / "p.db")
    files: dict[str, Path] = {}  # name -> its file now
    options: dict[str, dict] = {}  # name -> the options it was last loaded with
    sourced: set[Path] = set()  # files loaded as a source (an emptied one stays one until it goes)
    for action, name, arg in steps:
        if action == "write":
            kind, header, picked = arg
            if name in files and files[name].name != NAMES[kind].format(name):
                sourced.discard(files[name])
                files.pop(name).unlink()  # (another format: another file; the load prunes the old one)
            files[name] = folder / NAMES[kind].format(name)
            text = _text(kind, header, picked)
            files[name].write_text(text, encoding="utf-8")
            if text.strip() not in ("", "[]"):  # (a new empty file is passed over: no source)
                sourced.add(files[name])
            load(db, [str(folder)], prune=True)
            options = {known: {} for known in files}
        elif action == "delete" and name in files:
            gone = files.pop(name)
            gone.unlink()
            sourced_before = gone in sourced
            sourced.discard(gone)
            options.pop(name, None)
            if arg and not sourced_before:  # (a file only ever empty was never a source)
                with pytest.raises(InputError, match="no source was loaded from this path"):
                    remove(db, [str(gone)])
            elif arg:
                remove(db, [str(gone)])
            else:
                load(db, [str(folder)], prune=True)
                options = {known: {} for known in files}
        elif action == "options" and name in files and files[name].suffix == ".txt":
            given = {"venue": arg, "year": 2022} if arg else {}
            load(db, [str(files[name])], **given)
            options[name] = given
    if not files:
        return
    groups: dict[str, list[str]] = {}
    for name, path in sorted(files.items()):
        groups.setdefault(json.dumps(options.get(name, {}), sort_keys=True), []).append(str(path))
    cold = cold_load(str(root / "cold.db"), [(paths, json.loads(given)) for given, paths in groups.items()])
    assert snapshot(db) == snapshot(cold)


# One paper's text in two files: with TeX quotes and dashes (cleaning changes it), and as the
# cleaned text itself (another text as written, the same paper: quotes and dashes are no words).
TEX = (
    "We study ``robust'' reinforcement learning with sparse rewards --- a new approach to exploration that"
    " scales to large state spaces and improves sample efficiency on standard benchmarks."
)
PLAIN = (
    "We study \u201crobust\u201d reinforcement learning with sparse rewards \u2014 a new approach to exploration that"
    " scales to large state spaces and improves sample efficiency on standard benchmarks."
)


def test_abstract_clean_follows_the_chosen_text_and_both_indexes_stay_whole(db_file, write):
    from etl.load import remove
    from etl.text.cleaning import clean_abstract

    assert paper_id(TEX) == paper_id(PLAIN) and clean_abstract(TEX) == PLAIN
    tex = str(write("z_tex.txt", listing_text(TEX, ABSTRACT_GNN)))
    plain = str(write("a_plain.txt", listing_text(PLAIN, ABSTRACT_QUIP)))

    def check(written: str, cleaned: str | None) -> None:
        assert rows(db_file, "SELECT abstract, abstract_clean FROM papers WHERE id = ?", [paper_id(TEX)]) == [
            (written, cleaned)
        ]
        assert rows(db_file, "SELECT count(*) FROM papers WHERE abstract_clean = abstract") == [(0,)]
        for index in ("papers_fts", "papers_fts_words"):  # (fails when the index is not its content's)
            rows(db_file, f"INSERT INTO {index} ({index}, rank) VALUES ('integrity-check', 1)")
        found = "SELECT count(*) FROM papers_fts_words WHERE papers_fts_words MATCH 'abstract_clean: exploration'"
        assert rows(db_file, found) == [(1,)]

    load(db_file, [tex])
    check(TEX, PLAIN)
    load(db_file, [tex, plain])  # (the record of the first file in order gives the text)
    check(PLAIN, None)
    remove(db_file, [plain])
    check(TEX, PLAIN)
    load(db_file, [plain])
    remove(db_file, [tex])
    check(PLAIN, None)


# -- records joined by title or id, after the paper they joined changes (issue 41) ----------------

# Four records of the catalogue's iclr2017.json (papercopilot paperlists), as they are there.
ICLR2017 = json.loads((Path(__file__).parent / "fixtures" / "iclr2017.json").read_text(encoding="utf-8"))
PROTO = ICLR2017[0]["title"]  # `Prototypical Networks for Few-shot Learning`
FORMER = "SELECT former_id, paper_id, revision FROM paper_former_ids ORDER BY 1"
JOINED = "SELECT count(*) FROM papers p JOIN paper_ids i ON i.paper_id = p.id WHERE i.value = '10.1/proto'"


def _iclr2017(title: str = PROTO, drop_abstract: bool = False) -> str:
    records = json.loads(json.dumps(ICLR2017))
    records[0]["title"] = title
    if drop_abstract:
        records[0]["abstract"] = ""
    return json.dumps(records, indent=1)


@pytest.mark.parametrize(
    "title, options, papers, joined",
    [
        (PROTO.replace("Learning", "Classification"), {}, 5, 0),  # retitled: the CSV's title is its own again
        (PROTO, {"year": 2024}, 5, 0),  # another year: ICLR 2017's title names no ICLR 2024 paper
        (PROTO.upper(), {}, 4, 1),  # the same normalised title: still one paper
        (PROTO, {"format": "paperlists"}, 4, 1),  # read again, as it was: still one paper
    ],
)
def test_a_title_only_record_stays_joined_only_while_it_matches(tmp_path, write, title, options, papers, joined):
    """A title-only CSV record (with a DOI) joins the paperlists paper of its venue, year and
    title; after that paper's file changes, it is joined exactly when a cold load joins it."""
    export = write("d/iclr2017.json", _iclr2017())
    extra = write("d/extra.csv", f"title,venue,year,doi\n{PROTO},ICLR,2017,10.1/proto\n")
    db = str(tmp_path / "p.db")
    assert load(db, [str(tmp_path / "d")]).papers_merged == 1
    write("d/iclr2017.json", _iclr2017(title))
    summary = load(db, [str(export)], **options)
    assert summary.papers_merged == 0  # (joined again where it still matches: no new merge)
    cold = cold_load(str(tmp_path / "cold.db"), [([str(extra)], {}), ([str(export)], options)])
    assert rows(db, "SELECT count(*) FROM papers") == rows(cold, "SELECT count(*) FROM papers") == [(papers,)]
    assert rows(db, JOINED) == rows(cold, JOINED) == [(1,)]  # (the DOI's paper: one, whichever it is)
    assert rows(db, "SELECT count(*) FROM papers WHERE abstract IS NULL") == [(1 - joined,)]
    assert rows(db, FORMER) == rows(cold, FORMER)
    assert snapshot(db) == snapshot(cold)


@pytest.mark.parametrize(
    "csv",
    [
        f"title,venue,year,doi\n{PROTO} Revisited,ICLR,2017,10.1/proto\n",  # retitled: no match
        f"title,venue,year,doi\n{PROTO},ICLR,2018,10.1/proto\n",  # another year: no match
        f"title,venue,year,doi\n{PROTO},ICLR,2017,10.1/other\n",  # another DOI: joined again, another id
        "",  # emptied: its record gone
        None,  # removed, with --prune
    ],
)
def test_a_title_only_record_that_changes_takes_its_former_id_along(tmp_path, write, csv):
    """A title-only CSV record (with a DOI) joins the paperlists paper of its venue, year and
    title, its id kept as a former id of that paper; when the CSV's record changes or goes, the
    paper keeps the former ids a cold load of the files as they are gives it (review41's case)."""
    export = write("d/iclr2017.json", _iclr2017())
    extra = write("d/extra.csv", f"title,venue,year,doi\n{PROTO},ICLR,2017,10.1/proto\n")
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "d")])
    assert [revision for _, _, revision in rows(db, FORMER)] == ["merged"]
    if csv is None:
        extra.unlink()
    else:
        write("d/extra.csv", csv)
    load(db, [str(tmp_path / "d")], prune=True)
    kept = [str(export), *([str(extra)] if csv else [])]
    cold = cold_load(str(tmp_path / "cold.db"), [(kept, {})])
    assert rows(db, FORMER) == rows(cold, FORMER)
    assert snapshot(db) == snapshot(cold)


@pytest.mark.parametrize("how", ["remove", "prune", "abstract dropped", "emptied"])
def test_a_paper_that_lost_the_abstract_it_gained_keeps_no_former_id(tmp_path, write, how):
    """A paperlists record without an abstract joins the paper a CSV gives its abstract; when the
    CSV goes (or no longer gives the abstract), the paper is the paperlists record's alone again,
    with no former id naming itself or the paper that went (a cold load has none)."""
    from etl.load import remove

    export = write("d/iclr2017.json", _iclr2017(drop_abstract=True))
    written = f'"{PROTO}","{ICLR2017[0]["abstract"]}",ICLR,2017'
    extra = write("d/extra.csv", f"title,abstract,venue,year\n{written}\n")
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "d")])
    assert [revision for _, _, revision in rows(db, FORMER)] == ["merged"]
    if how == "remove":
        remove(db, [str(extra)])
    elif how == "prune":
        extra.unlink()
        load(db, [str(tmp_path / "d")], prune=True)
    else:
        write("d/extra.csv", f'title,abstract,venue,year\n"{PROTO}",,ICLR,2017\n' if how != "emptied" else "")
        load(db, [str(tmp_path / "d")])
    assert rows(db, FORMER) == []
    kept = [str(export), *([str(extra)] if how == "abstract dropped" else [])]  # (a title-only record now)
    cold = cold_load(str(tmp_path / "cold.db"), [(kept, {})])
    assert rows(db, "SELECT id, title, abstract IS NULL FROM papers ORDER BY id") == rows(
        cold, "SELECT id, title, abstract IS NULL FROM papers ORDER BY id"
    )

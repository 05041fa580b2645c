"""Reading lists (BibTeX, RIS, CSL-JSON) of real records: the catalogue excerpts of
tests/fixtures/catalogue/ (ICLR 2017 with OpenReview's own BibTeX, ICML 2017 with PMLR's, AAAI 2022
with DOIs, CVPR 2018 with arXiv ids) and tests/fixtures/reviews/, read back as reference managers
read them: bibtexparser, rispy, the CSL schema; a .bib loaded and exported again is the same."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import bibtexparser
import jsonschema
import pytest
import rispy
from bibtexparser import middlewares

from etl.cli import cli
from etl.load import load
from etl.serve.app import make_datasette
from etl.text.bibtex_entries import latex, parse_entry, prose_field, write_entry
from etl.text.citations import Citation, bibtex, citation_key, csl_json, last_first, name_parts, ris
from tests.helpers import rows

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMA = json.loads((FIXTURES / "csl" / "csl-data.json").read_text(encoding="utf-8"))
FORMATS = {"bibtex": "bib", "ris": "ris", "csljson": "csljson"}


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    db_file = str(tmp_path_factory.mktemp("lists") / "papers.db")
    load(db_file, [str(FIXTURES / "catalogue"), str(FIXTURES / "reviews")])
    return db_file


def papers(db_file: str) -> dict[str, dict]:
    con = sqlite3.connect(db_file)
    con.row_factory = sqlite3.Row
    found = {r["id"]: dict(r) for r in con.execute("SELECT id, title, authors, venue, year FROM papers")}
    for pid, scheme, value in con.execute("SELECT paper_id, scheme, value FROM paper_ids"):
        found[pid].setdefault(scheme, value)
    con.close()
    return found


def exported(runner, db_file: str, fmt: str, out: Path, *options: str) -> str:
    result = runner.invoke(cli, ["export", "--db", db_file, "--format", fmt, "--out", str(out), *options])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def read_bib(text: str) -> list:
    library = bibtexparser.parse_string(
        text,
        append_middleware=[
            middlewares.LatexDecodingMiddleware(),
            middlewares.SeparateCoAuthors(),
            middlewares.SplitNameParts(),
        ],
    )
    assert not library.failed_blocks, [b.raw[:200] for b in library.failed_blocks]
    return library.entries


def whole(name) -> str:
    return " ".join(name.first + name.von + name.last + name.jr)


def family(name: str) -> str:
    return name_parts(name)[0].split()[-1].casefold() if name.split() else ""


def test_every_bib_entry_parses_and_gives_back_title_authors_year_and_ids(runner, db, tmp_path):
    entries = read_bib(exported(runner, db, "bibtex", tmp_path / "all.bib"))
    known = papers(db)
    assert len(entries) == len(known) and len({e.key for e in entries}) == len(entries)
    by_title = {(p["title"], f"{p['venue']} {p['year']}"): p for p in known.values()}
    for entry in entries:
        fields = {name: f.value for name, f in entry.fields_dict.items()}
        paper = by_title[fields["title"].replace("{", "").replace("}", ""), fields["eventtitle"]]
        # (an entry the source wrote names its authors its way: `van Hasselt, Hado`, where its own
        # record says `Hado Hasselt`; each is the same family name in the same place)
        names = json.loads(paper["authors"])
        if entry.key.endswith(f"_{paper['id'][:4]}"):  # (written from the columns)
            assert [whole(a) for a in fields.get("author", [])] == names, entry.key
        assert [family(whole(a)) for a in fields.get("author", [])] == [family(n) for n in names], entry.key
        assert int(fields["year"]) == paper["year"] and fields["paperdb_id"] == paper["id"]  # (the join key)
        for scheme, field in (("doi", "doi"), ("arxiv", "eprint"), ("openreview", "openreview")):
            assert fields.get(field) == paper.get(scheme), (entry.key, scheme)


def test_every_ris_record_reads_back(runner, db, tmp_path):
    records = rispy.loads(exported(runner, db, "ris", tmp_path / "all.ris"))
    known = {(p["title"], p["venue"]): p for p in papers(db).values()}
    assert len(records) == len(known)
    for record in records:
        paper = known[record["title"], record["secondary_title"]]
        names = [" ".join(reversed(a.split(", ", 1))) for a in record.get("authors", [])]
        assert names == json.loads(paper["authors"]) and int(record["year"]) == paper["year"]
        assert record["accession_number"] == paper["id"]  # (the join key: `AN`)
        assert record["secondary_title"] == paper["venue"] and record.get("doi") == paper.get("doi")
        notes = record.get("notes", [])
        assert (f"arXiv: {paper.get('arxiv')}" in notes) == bool(paper.get("arxiv"))
        assert (f"OpenReview: {paper.get('openreview')}" in notes) == bool(paper.get("openreview"))


def test_csl_json_is_valid_against_the_csl_schema(runner, db, tmp_path):
    items = json.loads(exported(runner, db, "csljson", tmp_path / "all.csljson"))
    jsonschema.Draft7Validator(SCHEMA).validate(items)
    known = {(p["title"], p["venue"]): p for p in papers(db).values()}
    for item in items:
        paper = known[item["title"], item["container-title"]]
        names = [" ".join(filter(None, (a.get("given"), a.get("family"), a.get("suffix")))) for a in item["author"]]
        assert names == json.loads(paper["authors"]) and item["issued"]["date-parts"] == [[paper["year"]]]
        assert item["custom"]["paperdb_id"] == paper["id"]
        assert item["custom"].get("openreview") == paper.get("openreview")


def test_a_loaded_bib_exports_again_as_the_same_entries(runner, db, tmp_path):
    """ICLR 2017 (OpenReview's own entries, OpenReview ids added), ICML 2017 (PMLR's), AAAI 2022
    and CVPR 2018 (written from the columns), loaded as PMLR BibTeX into a new database."""
    first = exported(runner, db, "bibtex", tmp_path / "first.bib")
    copy = str(tmp_path / "copy.db")
    load(copy, [str(tmp_path / "first.bib")])
    again = exported(runner, copy, "bibtex", tmp_path / "again.bib")
    assert sorted(first.split("\n\n")) == sorted(again.split("\n\n"))
    venues = "SELECT venue, year, count(*) FROM papers GROUP BY venue, year ORDER BY 1, 2"
    assert rows(copy, venues) == rows(db, venues)


def test_a_venue_and_year_narrow_the_list_and_stdout_takes_it(runner, db, tmp_path):
    text = exported(runner, db, "bibtex", tmp_path / "iclr.bib", "--venue", "ICLR", "--year", "2017")
    assert len(read_bib(text)) == rows(db, "SELECT count(*) FROM papers WHERE venue = 'ICLR' AND year = 2017")[0][0]
    out = runner.invoke(cli, ["export", "--db", db, "--format", "ris", "--out", "-", "--venue", "ALT"])
    assert out.exit_code == 0 and len(rispy.loads(out.output)) == 2


@pytest.mark.parametrize(
    "options, message",
    [
        (["--out", "{dir}"], "a directory; give the file to write the reading list into"),
        (["--out", "{dir}/exists.bib"], "exists; use --overwrite to replace it"),
    ],
)
def test_a_reading_list_that_cannot_be_written_is_one_line(runner, db, tmp_path, options, message):
    (tmp_path / "exists.bib").write_text("kept")
    args = [o.format(dir=tmp_path) for o in options]
    result = runner.invoke(cli, ["export", "--db", db, "--format", "bibtex", *args])
    assert result.exit_code == 1 and message in result.output and result.output.count("\n") == 1
    assert (tmp_path / "exists.bib").read_text() == "kept"


def get(ds, path: str):
    return asyncio.run(ds.client.get(path))


@pytest.mark.parametrize("fmt", FORMATS.values())
def test_a_page_offers_its_rows_as_reading_lists(db, fmt):
    ds = make_datasette(db)
    page = get(ds, "/papers/papers?venue=ICLR&year=2017&_sort=title").text
    assert f'href="/papers/papers.{fmt}?venue=ICLR&amp;year=2017&amp;_sort=title"' in page
    listed = get(ds, "/papers/papers.json?venue=ICLR&year=2017&_sort=title&_size=3&_shape=array").json()
    text = get(ds, f"/papers/papers.{fmt}?venue=ICLR&year=2017&_sort=title&_size=3").text
    titles = {
        "bib": lambda: [e.fields_dict["title"].value.replace("{", "").replace("}", "") for e in read_bib(text)],
        "ris": lambda: [r["title"] for r in rispy.loads(text)],
        "csljson": lambda: [i["title"] for i in json.loads(text)],
    }[fmt]()
    assert titles == [p["title"] for p in listed]  # (the page's rows, in its order)


@pytest.mark.parametrize(
    "path, offered",
    [
        ("/papers/acceptance_boundary?venue=ICLR&year=2017", True),  # a canned query (its `id` column)
        ("/papers/reviewer_disagreement", True),  # a view (`paper_id`)
        ("/papers/reviews", True),
        ("/papers/keywords", False),  # keywords, not papers
        ("/papers/sources", False),
    ],
)
def test_pages_of_papers_offer_reading_lists_and_others_do_not(db, path, offered):
    page = get(make_datasette(db), path).text
    assert (".bib" in page and ".csljson" in page) == offered, path


@pytest.mark.parametrize(
    "name, parts, written",
    [
        ("Jake Snell", ("Snell", "Jake", ""), "Snell, Jake"),
        ("Vincent van Gogh", ("van Gogh", "Vincent", ""), "van Gogh, Vincent"),
        ("Joao F. Henriques", ("Henriques", "Joao F.", ""), "Henriques, Joao F."),
        ("Martin Luther King Jr.", ("King", "Martin Luther", "Jr."), "King, Jr., Martin Luther"),
        ("Rémi Munos", ("Munos", "Rémi", ""), "Munos, Rémi"),  # (Unicode kept)
        ("Aristotle", ("Aristotle", "", ""), "Aristotle"),
        ("Google, Inc.", ("Inc.", "Google,", ""), "{Google, Inc.}"),  # (an organisation: one name)
        ("Jin Da Tan", ("Tan", "Jin Da", ""), "Tan, Jin Da"),
        # capitalised particles start the family name too (names from the catalogue), but not a given
        # name before an East Asian family name
        ("Luc Van Gool", ("Van Gool", "Luc", ""), "Van Gool, Luc"),
        ("Valentin De Bortoli", ("De Bortoli", "Valentin", ""), "De Bortoli, Valentin"),
        ("Iker De la Iglesia", ("De la Iglesia", "Iker", ""), "De la Iglesia, Iker"),
        ("H.F. Machiel Van der Loos", ("Van der Loos", "H.F. Machiel", ""), "Van der Loos, H.F. Machiel"),
        ("Nicolas Le Roux", ("Le Roux", "Nicolas", ""), "Le Roux, Nicolas"),
        ("Minh Van Nguyen", ("Nguyen", "Minh Van", ""), "Nguyen, Minh Van"),
        ("Phi Le Nguyen", ("Nguyen", "Phi Le", ""), "Nguyen, Phi Le"),
        ("Richard Yi Da Xu", ("Xu", "Richard Yi Da", ""), "Xu, Richard Yi Da"),
        ("Van Jacobson", ("Jacobson", "Van", ""), "Jacobson, Van"),  # (a given name first)
    ],
)
def test_authors_are_written_last_name_first(name, parts, written):
    assert name_parts(name) == parts and last_first(name) == written


@pytest.mark.parametrize(
    "text, expected",
    [
        ("100% of 3 & 4", r"100\% of 3 \& 4"),
        ("the $x_i$ of #1", r"the $x_i$ of \#1"),  # (a formula kept as TeX)
        ("a_b ~c^d", r"a\_b \~{}c\^{}d"),
        ("costs $5 and a {brace", r"costs \$5 and a \{brace"),
        ("Zürich and 東京", "Zürich and 東京"),
        ("in $\\frac{a}{b$ end", r"in \$\textbackslash{}frac\{a\}\{b\$ end"),  # (unbalanced: prose)
        ("\\emph", r"\textbackslash{}emph"),
        # inside a formula TeX reads `%` as a comment, `#` as a parameter (ICML 2015's BatchNorm: "$10%$")
        ("by about $10%$ of $\\#$ and $#1$", r"by about $10\%$ of $\#$ and $\#1$"),
        ("$a & b$ and $\\begin{cases} a & b \\end{cases}$", r"$a \& b$ and $\begin{cases} a & b \end{cases}$"),
    ],
)
def test_latex_specials_are_escaped_and_formulas_and_unicode_kept(text, expected):
    assert latex(text) == expected
    assert not bibtexparser.parse_string("@misc{k, title = {" + latex(text) + "}}").failed_blocks


@pytest.mark.parametrize(
    "name, value, written",
    [
        # the catalogue's sources' own entries (PMLR, IJCAI, RSS): bare specials and HTML entities
        (
            "title",
            "{Part & Clamp: Efficient Structured Output Learning}",
            r"{Part \& Clamp: Efficient Structured Output Learning}",
        ),
        ("title", "{Multi-Round Q&A}", r"{Multi-Round Q\&A}"),
        ("title", "{{Stochastic {&} adversarial}}", r"{{Stochastic {\&} adversarial}}"),
        ("author", "{P. Robuffo Giordano and Heinrich B&uumllthoff}", "{P. Robuffo Giordano and Heinrich Bülthoff}"),
        ("title", "{Robots, Gender &amp; Sensemaking}", r"{Robots, Gender \& Sensemaking}"),
        ("abstract", "{about 10% of #1, R&notation}", r"{about 10\% of \#1, R\&notation}"),  # (`&not` no entity here)
        ("title", r"{Already \& escaped \%}", r"{Already \& escaped \%}"),
        ("url", "{https://x.org/?a=1&b=2#top}", "{https://x.org/?a=1&b=2#top}"),  # (verbatim fields as given)
        ("pages", "{1--9}", "{1--9}"),
    ],
)
def test_a_sources_own_entry_has_its_prose_made_safe_for_latex(name, value, written):
    assert prose_field(name, value) == written
    entry = "@misc{k, " + name + " = " + prose_field(name, value) + "}"
    assert not bibtexparser.parse_string(entry).failed_blocks


def test_words_that_keep_their_case_are_braced():
    assert (
        latex("GANs for LiDAR and ResNet-50, a Study", protect_case=True)
        == "{GANs} for {LiDAR} and {ResNet-50,} a Study"
    )


# ACL 2021's first record's BibTeX (the ACL Anthology's: quotes, a month macro, values over lines)
ACL = (
    '@inproceedings{zhang-van-genabith-2021-bidirectional,\n    title = "A Bidirectional Transformer Based Alignment'
    ' Model for Unsupervised Word Alignment",\n    author = "Zhang, Jingyi  and\n      van Genabith, Josef",\n'
    '    month = aug,\n    year = "2021",\n    doi = "10.18653/v1/2021.acl-long.24",\n    pages = "283--292"\n}'
)


@pytest.mark.parametrize(
    "text, key, fields",
    [
        (json.loads((FIXTURES / "catalogue" / "iclr2017.json").read_text())[0]["bibtex"], "silver2017the", 4),
        (json.loads((FIXTURES / "catalogue" / "icml2017.json").read_text())[0]["bibtex"], "pmlr-v70-silver17a", 13),
        (json.loads((FIXTURES / "reviews" / "alt2025.json").read_text())[0]["bibtex"], "dughmi2025is", 5),
        (ACL, "zhang-van-genabith-2021-bidirectional", 6),
    ],
)
def test_a_sources_own_bibtex_is_read_as_written(text, key, fields):
    """OpenReview's (a newline after the brace), PMLR's (tabs), the ACL Anthology's (quotes, `aug`)."""
    entry = parse_entry(text)
    assert entry is not None and entry.has("title") and (key is None or entry.key == key)
    assert len(entry.fields) == fields
    assert not bibtexparser.parse_string(write_entry(entry)).failed_blocks


@pytest.mark.parametrize(
    "text",
    [
        "@misc{k, title = {unclosed}",  # (no end)
        "@misc{k, title = {a}} @misc{j, title = {b}}",  # (two entries)
        "no entry at all",
        "@misc{k, title = {a}b}}",  # (braces that do not balance)
    ],
)
def test_bibtex_that_is_not_one_readable_entry_is_not_used(text):
    assert parse_entry(text) is None
    c = Citation("0123456789abcdef", "ICLR", 2017, "A Title", ("Ada Lovelace",), own_bibtex=text)
    assert "".join(bibtex([c])).startswith("@inproceedings{lovelace2017title_0123,")


# CoRL 2025's record of "SPIN" (its `bibtex` as OpenReview writes it: the title's TeX escaped as text)
SPIN_BIBTEX = (
    "@inproceedings{\njung2025textttspin,\ntitle={\\${\\textbackslash}texttt\\{{SPIN}\\}\\$: distilling "
    "\\${\\textbackslash}texttt\\{Skill-{RRT}\\}\\$ for long-horizon prehensile and non-prehensile manipulation},"
    "\nauthor={Haewon Jung and Donguk Lee and Haecheol Park and Kim Jun Hyeop and Beomjoon Kim},\nbooktitle={9th Annual "
    "Conference on Robot Learning},\nyear={2025},\nurl={https://openreview.net/forum?id=udH3b2Lsx5}\n}"
)


@pytest.mark.parametrize(
    "own, title, written",
    [
        (  # (the title written from the columns: its formulas as TeX, the rest of the entry the source's)
            SPIN_BIBTEX,
            "SPIN: distilling Skill-RRT for long-horizon prehensile and non-prehensile manipulation",
            "{{SPIN:} distilling {Skill-RRT} for long-horizon prehensile and non-prehensile manipulation}",
        ),
        (  # (a dollar sign of prose, escaped as the source writes it, stays)
            "@misc{k, title = {The Easyhand: A robot hand that costs \\$150 US in parts}}",
            "The Easyhand: A robot hand that costs $150 US in parts",
            "{The Easyhand: A robot hand that costs \\$150 US in parts}",
        ),
    ],
)
def test_a_sources_title_with_its_tex_escaped_as_text_is_written_from_the_columns(own, title, written):
    """reader5 item 10: CoRL 2025's `title = {\\${\\textbackslash}texttt\\{{SPIN}\\}\\$: ...}` printed the
    literal `$\\texttt{SPIN}$` (12 entries of the catalogue: `\\$L\\_1\\$ Ball`, `Best-of-\\$N\\$`)."""
    c = Citation("0123456789abcdef", "CoRL", 2025, title, ("Haewon Jung",), own_bibtex=own)
    text = "".join(bibtex([c]))
    assert f"title = {written}," in text or f"title = {written}\n" in text
    assert "url = {https://openreview.net/forum?id=udH3b2Lsx5}" in text or "forum" not in own
    (entry,) = bibtexparser.parse_string(text).entries
    assert "textbackslash" not in entry.fields_dict["title"].value


def test_addresses_and_ids_are_written_as_they_are():
    """WACV 2022's CVF address has underscores; LaTeX escapes would break it."""
    url = "https://openaccess.thecvf.com/content/WACV2022/html/Pestana_Transferable_3D_WACV_2022_paper.html"
    c = Citation("0123456789abcdef", "WACV", 2022, "Transferable", ("Camilo Pestana",), url=url, doi="10.1/a_b{c}")
    (entry,) = bibtexparser.parse_string("".join(bibtex([c]))).entries
    assert entry.fields_dict["url"].value == url and entry.fields_dict["doi"].value == "10.1/a_b%7Bc%7D"


def test_a_key_is_stable_and_a_repeated_one_gets_its_papers_id():
    a = Citation("aaaa000000000001", "ICLR", 2017, "On Learning", ("Yu Wang",))
    b = Citation("aaaa000000000002", "ICLR", 2017, "On Learning", ("Yu Wang",))
    assert citation_key(a) == citation_key(b) == "wang2017learning_aaaa"
    keys = [text.split("{", 1)[1].split(",", 1)[0] for text in bibtex([a, b])]
    assert keys == ["wang2017learning_aaaa", "wang2017learning_aaaa_aaaa000000000002"]


# The sources' own keys repeat across venues (reader2 item 14: AI4X's and AISTATS's 2025 entries).
AI4X = (
    "@inproceedings{\nli2025a,\ntitle={A Survey on Private Transformer Inference with Homomorphic Encryption},\n"
    "author={YANG LI and Jun Zhao},\nbooktitle={AI4X 2025 International Conference},\nyear={2025},\n"
    "url={https://openreview.net/forum?id=0lGG01GKse}\n}"
)
AISTATS = (
    "@inproceedings{\nli2025a,\ntitle={A Likelihood Based Approach for Watermark Detection},\n"
    "author={Xingchi Li and Guanxun Li and Xianyang Zhang},\nbooktitle={The 28th International Conference on"
    " Artificial Intelligence and Statistics},\nyear={2025},\nurl={https://openreview.net/forum?id=S2QoDt4bw4}\n}"
)
PMLR = json.loads((FIXTURES / "catalogue" / "icml2017.json").read_text())[0]["bibtex"]


@pytest.mark.parametrize(
    "citation, key",
    [
        (
            Citation(
                "5d1a000000000001",
                "AI4X",
                2025,
                "A Survey on Private Transformer Inference with Homomorphic Encryption",
                ("Yang Li", "Jun Zhao"),
                own_bibtex=AI4X,
            ),
            "li2025survey_5d1a",
        ),
        (
            Citation(
                "0b3c000000000002",
                "AISTATS",
                2025,
                "A Likelihood Based Approach for Watermark Detection",
                ("Xingchi Li", "Guanxun Li", "Xianyang Zhang"),
                own_bibtex=AISTATS,
            ),
            "li2025likelihood_0b3c",
        ),
        (
            Citation(
                "77aa000000000003",
                "ICML",
                2017,
                "The Predictron: End-To-End Learning and Planning",
                ("David Silver",),
                own_bibtex=PMLR,
            ),
            "pmlr-v70-silver17a",  # (PMLR's own: one work's wherever it is listed)
        ),
        (  # (an entry of another paper, as ICLR 2017's file gives some: not this paper's key)
            Citation("77aa000000000004", "ICLR", 2017, "Another Title", ("David Silver",), own_bibtex=PMLR),
            "silver2017another_77aa",
        ),
    ],
)
def test_a_papers_key_is_the_same_in_every_format_and_any_list(citation, key):
    other = Citation("ffff000000000009", "ICLR", 2017, "Unrelated", ("Ada Lovelace",))
    for papers in ([citation], [other, citation]):
        (entry,) = [
            e
            for e in bibtexparser.parse_string("".join(bibtex(papers))).entries
            if e.key != "lovelace2017unrelated_ffff"
        ]
        (record,) = [r for r in rispy.loads("".join(ris(papers))) if r["id"] != "lovelace2017unrelated_ffff"]
        (item,) = [i for i in json.loads("".join(csl_json(papers))) if i["id"] != "lovelace2017unrelated_ffff"]
        assert entry.key == record["id"] == item["id"] == key


# AISTATS 2007's record of "Learning Nearest-Neighbor Quantizers ..." (its `bibtex` as PMLR writes it,
# shortened): the abstract is "Solving Markov Random Fields with Spectral Relaxation"'s, which the
# loader rejected, so the paper has none.
LAZEBNIK_BIBTEX = (
    "@InProceedings{pmlr-v2-lazebnik07a,\n  title = \t {Learning Nearest-Neighbor Quantizers from Labeled Data by"
    " Information Loss Minimization},\n  author = \t {Lazebnik, Svetlana and Raginsky, Maxim},\n  year = \t {2007},\n"
    "  url = \t {https://proceedings.mlr.press/v2/lazebnik07a.html},\n  abstract = \t {Markov Random Fields (MRFs) are"
    " used in a large array of computer vision and maching learning applications.}\n}"
)


@pytest.mark.parametrize(
    "abstract, written",
    [
        (None, None),  # (the source's abstract was rejected: the entry has none)
        ("We learn quantizers.", "Markov Random Fields (MRFs) are used"),  # (else the source's, as written)
    ],
)
def test_a_passed_through_entry_has_no_abstract_the_paper_has_not(abstract, written):
    """reader5 item 13: two .bib entries gave another paper's abstract the database had rejected."""
    title = "Learning Nearest-Neighbor Quantizers from Labeled Data by Information Loss Minimization"
    authors = ("Svetlana Lazebnik",)
    c = Citation("65e5aa5d3d6609fc", "AISTATS", 2007, title, authors, abstract=abstract, own_bibtex=LAZEBNIK_BIBTEX)
    (entry,) = bibtexparser.parse_string("".join(bibtex([c]))).entries
    assert entry.key == "pmlr-v2-lazebnik07a"
    if written is None:
        assert "abstract" not in entry.fields_dict
    else:
        assert entry.fields_dict["abstract"].value.startswith(written)


def _pmlr(key: str, title: str, author: str) -> str:
    return (
        f"@InProceedings{{{key},\n  title = \t {{{title}}},\n  author =       {{{author}}},\n  year = \t {{2018}}\n}}"
    )


# The families a source's own entry gives (PMLR's, in the paperlists catalogue's `bibtex`), as
# every format writes them: the split BibTeX reads from the .bib (reader6, 89 of 30,861 names).
OWN_SPLITS = [
    (  # COLT 2018 (`Shayan Oveis Gharan` would split as `Gharan`)
        "pmlr-v75-beame18a",
        "Time-Space Tradeoffs for Learning Finite Functions from Random Evaluations, with Applications to Polynomials",
        ("Paul Beame", "Shayan Oveis Gharan", "Xin Yang"),
        "Beame, Paul and Oveis Gharan, Shayan and Yang, Xin",
        ["Beame", "Oveis Gharan", "Yang"],
    ),
    (  # AISTATS 2021
        "pmlr-v130-concha-duarte21a",
        "Offline detection of change-points in the mean for stationary graph signals.",
        ("Alejandro de la Concha Duarte", "Nicolas Vayatis", "Argyris Kalogeratos"),
        "de la Concha Duarte, Alejandro and Vayatis, Nicolas and Kalogeratos, Argyris",
        ["de la Concha Duarte", "Vayatis", "Kalogeratos"],
    ),
    (  # UAI 2019: a nickname goes with the given names; `De, Soham` is a family name of its own
        "pmlr-v115-dvijotham20a",
        "Efficient Neural Network Verification with Exactness Characterization",
        ("Krishnamurthy (Dj) Dvijotham", "Robert Stanforth", "Soham De"),
        "Dvijotham, Krishnamurthy (Dj) and Stanforth, Robert and De, Soham",
        ["Dvijotham", "Stanforth", "De"],
    ),
    (  # a name the entry writes `First Last`, or with other words than the paper's: as `name_parts` splits it
        "pmlr-v80-yoon18a",
        "GAIN: Missing Data Imputation using Generative Adversarial Nets",
        ("Jinsung Yoon", "Mihaela Schaar", "Luc Van Gool"),
        "Yoon, Jinsung and van der Schaar, Mihaela and Luc Van Gool",
        ["Yoon", "Schaar", "Van Gool"],
    ),
]


@pytest.mark.parametrize("key, title, authors, written, families", OWN_SPLITS)
def test_every_format_splits_a_name_as_the_sources_own_entry_does(key, title, authors, written, families):
    c = Citation("0f3a000000000001", "COLT", 2018, title, authors, own_bibtex=_pmlr(key, title, written))
    (record,) = rispy.loads("".join(ris([c])))
    (item,) = json.loads("".join(csl_json([c])))
    assert [a.split(", ")[0] for a in record["authors"]] == families
    assert [a["family"] for a in item["author"]] == families
    # each name whole again, in the paper's own spelling
    assert [" ".join(reversed(a.split(", ", 1))) for a in record["authors"]] == list(authors)
    assert [f"{a['given']} {a['family']}" for a in item["author"]] == list(authors)
    if "Van Gool" not in written:  # (BibTeX itself reads `Luc Van Gool` as `Gool`)
        (entry,) = read_bib("".join(bibtex([c])))
        assert [" ".join(n.von + n.last) for n in entry.fields_dict["author"].value] == families


@pytest.mark.parametrize(
    "own, fields",
    [
        (None, ["title", "author", "booktitle", "eventtitle", "year", "paperdb_id"]),  # (from the columns)
        (  # PMLR's own entry (COLT 2018): the id added at its end
            _pmlr("pmlr-v75-beame18a", "Time-Space Tradeoffs", "Beame, Paul"),
            ["title", "author", "year", "eventtitle", "paperdb_id"],
        ),
        (  # an entry of a list exported from another database: this one's id, in its place
            _pmlr("pmlr-v75-beame18a", "Time-Space Tradeoffs", "Beame, Paul").replace(
                "year = \t {2018}", "paperdb_id = {0000000000000000},\n  year = \t {2018}"
            ),
            ["title", "author", "paperdb_id", "year", "eventtitle"],
        ),
    ],
)
def test_every_format_gives_the_papers_id_to_join_on(own, fields):
    """reader6: only CSL-JSON gave `papers.id`; RIS and BibTeX gave a key of four of its digits."""
    c = Citation("0f3a9c0112345678", "COLT", 2018, "Time-Space Tradeoffs", ("Paul Beame",), own_bibtex=own)
    (entry,) = bibtexparser.parse_string("".join(bibtex([c]))).entries
    (record,) = rispy.loads("".join(ris([c])))
    (item,) = json.loads("".join(csl_json([c])))
    assert [f.key for f in entry.fields] == fields
    assert entry.fields_dict["paperdb_id"].value == record["accession_number"] == item["custom"]["paperdb_id"]
    assert record["accession_number"] == c.paper_id

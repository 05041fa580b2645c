"""Math renders as math: formulas found in abstracts and titles (delimited or bare), mended, drawn as
MathML from an allow-list or as exact Unicode, never half-converted and never markup of their own.
The cases are excerpts of the catalogue's records (tests/fixtures/math/ holds a few whole ones)."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from etl.serve.mathml import ATTRIBUTES, ELEMENTS, MATH_COMMANDS, to_mathml
from etl.serve.render import preview, render_abstract, render_title
from etl.text.cleaning import clean_title
from etl.text.formulas import Formula, bare_formulas, split_formulas, unicode_text
from etl.text.macros import repair_tex

RECORDS = sorted((Path(__file__).parent / "fixtures" / "math").glob("*.json"))
MATH = re.compile(r"<math\b.*?</math>", re.DOTALL)
TEX_LEFT = re.compile(r"\\[A-Za-z]+|_\\|\^")


def shown(page_html: str) -> str:
    """What a reader sees of some HTML outside rendered math (as scripts/math_left.py counts it)."""
    return html.unescape(re.sub(r"<[^<>]+>", "", MATH.sub(" ", page_html)))


@pytest.mark.parametrize(
    "text, pieces",
    [
        ("with $\\ell_1$ regularizers", ["with ", Formula("\\ell_1"), " regularizers"]),
        ("a $$\\sum_i x_i$$ b", ["a ", Formula("\\sum_i x_i", display=True), " b"]),
        ("bound \\(O(\\sqrt{T})\\) holds", ["bound ", Formula("O(\\sqrt{T})"), " holds"]),
        ("\\[x^2\\]", [Formula("x^2", display=True)]),
        # prices: a closing dollar is never followed by a digit, and a price has no closer
        ("It costs $50 and serves as a robot for $40.", ["It costs $50 and serves as a robot for $40."]),
        ("cheap GPU cards (~2000$) and devices (~20$) and", ["cheap GPU cards (~2000$) and devices (~20$) and"]),
        ("an escaped \\$5 and $x$", ["an escaped \\$5 and ", Formula("x")]),
        ("a $360^{", ["a $360^{"]),  # (a source that cut its formula short: prose, for bare_formulas)
        # four words in a row are prose: a source's `\t` lost in `$\textit{...}$`
        ("x $\textit{We define this situation as Shallow}$ y", ["x $\textit{We define this situation as Shallow}$ y"]),
        ("20$\\times$ faster", ["20", Formula("\\times"), " faster"]),
        ("state (p$<$0.05) and [$-$1, 1]", ["state (p", Formula("<"), "0.05) and [", Formula("-"), "1, 1]"]),
        # a `$` after a space and before a command or letter opens a formula: the one before it lost
        # its closer (ACML 2023 /-/paper/3016d20b727c348d; NeurIPS `\mathcal{O}_{k,\epsilon}$ is ... $k$`)
        (
            "up to $\\sim \\textbf{10.9%} accuracy improvement, $\\sim$\\textbf{1.91x} latency",
            ["up to $\\sim \\textbf{10.9%} accuracy improvement, ", Formula("\\sim"), "\\textbf{1.91x} latency"],
        ),
        (
            "factor \\mathcal{O}_{k}$ is exponential in $k$, but",
            ["factor \\mathcal{O}_{k}$ is exponential in ", Formula("k"), ", but"],
        ),
        ("$x$ and $y$", [Formula("x"), " and ", Formula("y")]),
    ],
)
def test_delimited_formulas_are_found_and_prices_are_not(text, pieces):
    assert split_formulas(text) == pieces


@pytest.mark.parametrize(
    "prose, pieces",
    [
        ("from all k \\choose 2 pairs", ["from all ", Formula("k \\choose 2", bare=True), " pairs"]),
        ("is of \\tilde O(\\sqrtN’T), where", ["is of ", Formula("\\tilde O(\\sqrtN’T)", bare=True), ",", " where"]),
        ("commodity 360^ \\circ  cameras", ["commodity ", Formula("360^ \\circ", bare=True), "  cameras"]),
        ("called P^3-Net to", ["called ", Formula("P^3", bare=True), "-Net", " to"]),
        ("in \\mathbbR^n.", ["in ", Formula("\\mathbbR^n", bare=True), "."]),
        ("the C^2C^2-continuity", ["the ", Formula("C^2", bare=True), "-continuity"]),  # (written twice by a web page)
        ("where \\varphi is a formula", ["where ", Formula("\\varphi", bare=True), " is a formula"]),
        # prose: names with underscores, prose commands (the cleaning reads them), addresses and URLs
        ("snake_case_name and Local_INN", ["snake_case_name and Local_INN"]),
        ("we \\emph{x^2} it", ["we \\emph{x^2} it"]),
        ("mail a^b@example.org or https://x.org/a^b", ["mail a^b@example.org or https://x.org/a^b"]),
        ("Schr\\^odinger and Bj\\o rn", ["Schr\\^odinger and Bj\\o rn"]),
    ],
)
def test_bare_formulas_are_found_in_prose(prose, pieces):
    assert bare_formulas(prose, MATH_COMMANDS) == pieces


@pytest.mark.parametrize(
    "tex, text",
    [("O(n^2)", "O(n²)"), ("x_{12}", "x₁₂"), ("P^3", "P³"), ("2^p", None), ("\\alpha^2", None), ("360^{\\circ}", None)],
)
def test_bare_formulas_are_unicode_only_where_exact(tex, text):
    assert unicode_text(tex) == text


@pytest.mark.parametrize(
    "tex, repaired",
    [
        ("\\eps", "\\epsilon"),
        ("\\mathbbR^n", "\\mathbb{R}^n"),
        ("\\sqrtT", "\\sqrt{T}"),
        ("\\cO(1)", "\\mathcal{O}(1)"),
        ("F_\\\\beta", "F_\\beta"),  # (acml2015: `$F_\\beta$-measure`, shown as `F_\β` before)
        ("50%", "50\\%"),
        ("\\begin{pmatrix}a&b\\end{pmatrix}", "\\begin{pmatrix}a&b\\end{pmatrix}"),
        ("\\fedsync", "\\operatorname{fedsync}"),
        ("360^{", "360^{}"),
        ("O\\left(\\alpha", "O\\left(\\alpha\\right."),
        ("16\times", "16\\times"),  # (a tab where JSON read `\t`: mended where it makes a known command)
        ("16\timesimes", "16\timesimes"),
    ],
)
def test_tex_is_mended_for_the_converter(tex, repaired):
    from etl.serve.mathml import KNOWN

    assert repair_tex(tex, KNOWN) == repaired


class _Structure(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside = 0
        self.tags: set[str] = set()
        self.attributes: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.inside += tag == "math"
        if self.inside:
            self.tags.add(tag)
            self.attributes.update(name for name, _ in attrs)

    def handle_endtag(self, tag):
        self.inside -= tag == "math"


@pytest.mark.parametrize(
    "abstract",
    [
        "a $\\text{<script>alert(1)</script>}$ b",
        "a $<script>alert(1)</script>$ b",
        "a $x<y$ and $\\text{<img src=x onerror=alert(1)>}$",
        "a $\\href{javascript:alert(1)}{x}$ $\\style{color:red}{y}$ $\\class{evil}{z}$ $\\color{red}{w}$",
        "a $\\text{a & b}$ and $\\mathrm{\\&lt;script\\&gt;}$",
        "the $\\def\\a{\\b\\b}\\def\\b{\\c\\c}\\a$ bomb",
    ],
)
def test_math_in_an_untrusted_abstract_stays_text(abstract):
    out = render_abstract(abstract)
    assert "<script" not in out and "<img" not in out and "javascript:" not in out
    found = _Structure()
    found.feed(out)
    assert found.tags <= ELEMENTS and found.attributes <= ATTRIBUTES


@pytest.mark.parametrize(
    "abstract",
    [
        "$" + "{" * 50_000 + "$",
        "$" + "{" * 1_500 + "$",
        "$" + "\\sqrt" * 3_000 + "$",
        "$" + "x^" * 900 + "$",
        "$\\frac{a}{b$ and $$ $$ and \\( \\) and \\[",
    ],
)
def test_pathological_formulas_end_as_text_or_math_never_an_error(abstract):
    out = render_abstract(abstract)
    assert "<script" not in out and out.count("<math") == out.count("</math>")


def test_a_formula_the_converter_cannot_read_is_shown_as_written():
    assert to_mathml("{" * 50) is None
    out = render_abstract("$" + "{" * 50 + "x$")
    assert '<code class="tex"' in out and "{" * 50 + "x" in out


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.stem)
def test_real_records_show_no_tex_outside_math(path):
    (record,) = json.loads(path.read_text())
    title = clean_title(record["title"])
    page = render_title(title, record["title"]) + render_abstract(record.get("abstract") or "")
    assert TEX_LEFT.findall(shown(page)) == []
    if any(mark in record["title"] + (record.get("abstract") or "") for mark in ("^", "\\")):
        assert "<math" in page or "²" in page


@pytest.mark.parametrize(
    "title, title_raw, html_title",
    [
        ("A* Search", "A* Search", "A* Search"),
        ("Ada^2NPT: x", "Ada$^2$NPT: x", "Ada<math"),
        ("360^∘ Videos", None, '<math display="inline"><mrow><msup><mn>360</mn><mi>∘</mi></msup></mrow></math> Videos'),
        ("<b>x</b> & y", None, "&lt;b&gt;x&lt;/b&gt; &amp; y"),
    ],
)
def test_titles_render_from_the_title_as_written(title, title_raw, html_title):
    assert render_title(title, title_raw).startswith(html_title)


def test_a_preview_never_cuts_a_formula():
    text = "We bound it by $O(\\sqrt{T \\log T})$ and more words follow here."
    out = preview(text, 20)
    assert out.count("<math") == out.count("</math>") == 1 and out.endswith("…")


@pytest.mark.parametrize(
    "snippet, marks, formulas",
    [
        ("a \x02b\x03 <i>c</i>", 1, 0),
        ("…with \x02regret\x03 $O(\\sqrt{T})$ in", 1, 1),
        ("…a bound of \\tilde O(\\sqrt{\x02T\x03}) for", 0, 1),  # (a match inside a formula is not marked)
        ("…of commodity 360^ \\circ cameras \x02have\x03…", 1, 1),
        ("\\mathcal{O}(n^2) regret$ over \x02T\x03", 1, 1),  # (a snippet that cut a formula's opening dollar)
    ],
)
def test_search_snippets_draw_their_formulas(snippet, marks, formulas):
    from etl.serve.render import render_snippet

    out = render_snippet(snippet)
    assert out.count("<mark>") == out.count("</mark>") == marks and out.count("<math") == formulas
    assert TEX_LEFT.findall(shown(out)) == []


def test_title_cells_draw_the_title_as_written(serve_db):
    """A title cell in any table draws the formulas of the title as written (`title_raw`)."""
    import sqlite3

    from etl.serve.cells import render

    con = sqlite3.connect(serve_db)
    con.row_factory = sqlite3.Row
    row = con.execute("SELECT id, title, title_raw FROM papers WHERE title_raw LIKE '%$%' LIMIT 1").fetchone()
    con.close()
    for table in ("papers", "similar_papers"):
        cell = str(render(row, row["title"], "title", table, None))
        assert "<math" in cell and TEX_LEFT.findall(shown(cell)) == []
    assert "<math" in str(render(row, row["title_raw"], "title_raw", "papers", None))

"""Readable, safe abstracts and the search helpers of the Datasette plugin."""

from __future__ import annotations

import pytest

from etl.serve.paper import heading
from etl.serve.render import render_abstract, render_snippet
from etl.store.functions import fts_query
from etl.text.latex import latex_to_text


@pytest.mark.parametrize(
    "text, html",
    [
        ("plain text", "plain text"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ('x" onmouseover="alert(1)', "x&quot; onmouseover=&quot;alert(1)"),
        ("a *new* method", "a <em>new</em> method"),
        ("a **strong** claim", "a <strong>strong</strong> claim"),
        ("**T**ime **S**eries", "<strong>T</strong>ime <strong>S</strong>eries"),
        ("snake_case_name and mkd_ocl stay", "snake_case_name and mkd_ocl stay"),
        ("2 * 3 * 4", "2 * 3 * 4"),
        (
            "see https://github.com/a/b_c.",
            'see <a href="https://github.com/a/b_c" rel="nofollow">https://github.com/a/b_c</a>.',
        ),
        (
            "at [GitHub](https://github.com/MAGICS-LAB/UHop).",
            'at <a href="https://github.com/MAGICS-LAB/UHop" rel="nofollow">GitHub</a>.',
        ),
        ("[x](javascript:alert(1))", "[x](javascript:alert(1))"),
        (
            "cost $\\mathcal{O}(n^2)$",
            'cost <math display="inline"><mrow><mi>𝒪</mi><mo stretchy="false">(</mo><msup><mi>n</mi><mn>2</mn></msup>'
            '<mo stretchy="false">)</mo></mrow></math>',
        ),
    ],
)
def test_render_abstract(text, html):
    assert render_abstract(text) == html


@pytest.mark.parametrize(
    "math, text",
    [
        ("\\alpha \\le 0.5", "α ≤ 0.5"),
        ("AUC_{PR}", "AUC<sub>PR</sub>"),
        ("x_1 + x_2", "x₁ + x₂"),
        ("\\ell_2", "ℓ₂"),
        ("2^{10}", "2¹⁰"),
        ("\\mathbb{R}^d", "R<sup>d</sup>"),
    ],
)
def test_latex_to_html(math, text):
    assert latex_to_text(math, markup=True) == text


@pytest.mark.parametrize(
    "math, text",
    [
        ("AUC_{PR}", "AUCPR"),
        ("\\mathbb{R}^d", "R^d"),
        ("O(n \\log n)", "O(n log n)"),
        ("\\bf{\\Phi}_\\textrm{Flow}", "ΦFlow"),
    ],
)
def test_latex_to_plain_text(math, text):
    assert latex_to_text(math) == text


def test_snippet_highlights_only_matches():
    assert render_snippet("a \x02b\x03 <i>c</i>") == "a <mark>b</mark> &lt;i&gt;c&lt;/i&gt;"


@pytest.mark.parametrize(
    "q, query",
    [
        ("lattice codebooks", '"lattice" "codebooks"'),
        ("QuIP#", '"QuIP#"'),
        ('say "hi', '"say" """hi"'),
        ("quantiz*", '"quantiz"*'),
        ("a* co* con*", '"a" "co" "con"*'),  # (a prefix of fewer than MIN_PREFIX letters: the word)
        ("AND OR NOT", '"AND" "OR" "NOT"'),
        ("", '""'),
        (None, '""'),
    ],
)
def test_fts_query_quotes_every_word(q, query):
    assert fts_query(q) == query


@pytest.mark.parametrize(
    "title, abstract, shown",
    [
        ("A* Search and Bound-Sensitive Heuristics", "Any abstract.", "A* Search and Bound-Sensitive Heuristics"),
        (
            None,
            "This paper explores a novel multi-modal *alternating* learning paradigm. More follows.",
            "This paper explores a novel multi-modal alternating learning paradigm.",
        ),
        (
            None,
            "We define **window search** with $O(n^2)$ cost. Then more.",
            "We define window search with O(n²) cost.",
        ),
        (None, "word " * 40, ("word " * 22).strip() + "…"),
    ],
)
def test_a_papers_heading_is_its_title_or_its_first_sentence_as_plain_text(title, abstract, shown):
    assert heading(title, abstract) == shown

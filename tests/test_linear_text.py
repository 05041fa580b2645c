"""Every text rule is linear in the text: hostile 100,000-character inputs that made regular
expressions backtrack for seconds or minutes (`a.a.a.…` took 47 s in one) finish. No timing is
asserted: a test that finishes is the check; each of these took from seconds to hours before."""

from __future__ import annotations

import pytest

from etl.extract.derive import derive
from etl.extract.links import extract_links, source_link_text
from etl.extract.statuses import decision_of
from etl.serve.mathml import MATH_COMMANDS
from etl.serve.render import preview, render_abstract, render_title
from etl.sources.affiliations import affiliations, authors_and_affiliations
from etl.sources.ids import arxiv_id, openreview_id
from etl.sources.listing import parse_header
from etl.sources.paperlists import _BIBTEX_YEAR, split_keywords
from etl.store.functions import FUNCTIONS
from etl.text.authors import clean_name, first_copy, institution_name, name_key, people, split_authors
from etl.text.cleaning import clean_abstract, clean_text, clean_title, institution_key
from etl.text.diacritics import compose_diacritics
from etl.text.formulas import bare_formulas, split_formulas
from etl.text.headings import headings_dropped, trailing_keywords
from etl.text.identity import normalise_abstract
from etl.text.latex import latex_to_text
from etl.text.placeholders import is_missing_abstract
from etl.text.snippets import snippet_of

N = 100_000
HOSTILE = {
    "a.a.a": "a." * (N // 2),
    "http a.a.a": "http " + "a." * (N // 2),  # the URL expression: a host read again from every letter
    "www a-a": "www." + "a-" * (N // 2),
    "parentheses": "(" * N,
    "(a": "(a" * (N // 2),
    "spaces": "a" + " " * N + "!",
    "backslashes": "\\" * N,
    "accent and spaces": "\\'" + " " * N + "!",  # two runs of optional spaces in a row
    "year and spaces": "year=" + " " * N + "x",
    "and and spaces": "a " + " " * N + "andx",
    "braces": "{" * N,
    "nested braces": "{" * (N // 2) + "a" + "}" * (N // 2),
    "dollars": "$a" * (N // 2),
    "strong": "**a " * (N // 4),  # the renderer's bold: each `**` read to the end
    "emphasis": "*a " * (N // 3),
    "brackets": "[x](" * (N // 4),
    "openreview": ("openreview.net/forum?" + "&" * 5) * (N // 26),
    "links in one sentence": " ".join(f"code at https://github.com/a/r{i}" for i in range(N // 32)),
    "links in sentences": " ".join(f"Code at https://github.com/a/r{i}. Then" for i in range(N // 40)),
    "code and colons": "code" + ": " * (N // 2) + "x",
    "cid": "(cid:" * (N // 5),
    "soft hyphens": "a(cid:173) " * (N // 11),
    "quotes": "``" * (N // 2),
    "emph": "\\emph{" * (N // 6),
    "mojibake": "Ã" * N,
    "zero width": "a\u200b" * (N // 2),
    "commas": "a, " * (N // 3),
    "semicolons and marks": "x*;" * (N // 3),
    "marks": "Smith" + "[1]" * (N // 3),
    # formulas (etl/text/formulas.py): tokens joined into one, dollars and delimiters never closed
    "commands": "\\alpha " * (N // 7),
    "choose": "k \\choose " * (N // 10),
    "scripts": "x^" * (N // 2),
    "open scripts": "x^{" * (N // 3),
    "prices": "$5 " * (N // 3),
    "fractions in dollars": "$\\frac" * (N // 6),
    "parentheses opened": "\\(" * (N // 2),
    "lefts": "$\\left(" * (N // 7),
    "accents": "a¨" * (N // 2),
    "spaced accents": "t ´e" * (N // 4),
    "accents between spaces": " ¸ " * (N // 3),
    "names written again": ";".join(["Ada Lovelace"] * (N // 13 - 1) + ["Alan Turing"]),
}
TEXT_RULES = [
    normalise_abstract,
    clean_abstract,
    headings_dropped,
    trailing_keywords,
    clean_text,
    clean_title,
    institution_key,
    latex_to_text,
    is_missing_abstract,
    split_authors,
    clean_name,
    name_key,
    compose_diacritics,
    institution_name,
    lambda text: people(split_authors(text)),
    lambda text: first_copy(split_authors(text)),
    split_keywords,
    openreview_id,
    arxiv_id,
    parse_header,
    decision_of,
    source_link_text,
    extract_links,
    derive,
    render_abstract,
    preview,
    render_title,
    split_formulas,
    lambda text: bare_formulas(text, MATH_COMMANDS),
    _BIBTEX_YEAR.search,
    lambda text: authors_and_affiliations({"author": text, "aff": text}),
    lambda text: affiliations({"aff": text, "aff_unique_norm": text, "aff_unique_index": text}, text.count(";") + 1),
    # the SQL functions of Datasette's connections (ad-hoc SQL may call them on any stored text)
    *FUNCTIONS.values(),
    lambda text: snippet_of("\x02" + text.replace(" ", "\x03 \x02") + "\x03", text),  # (every word a match)
]


@pytest.mark.parametrize("rule", TEXT_RULES, ids=lambda rule: getattr(rule, "__qualname__", repr(rule)))
def test_text_rules_finish_on_hostile_input(rule):
    for text in HOSTILE.values():
        rule(text)

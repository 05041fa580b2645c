"""Paper identity: the same abstract under different markup and spacing is one paper."""

from __future__ import annotations

import pytest

from etl.text.identity import abstract_sha256, normalise_abstract, paper_id

BASE = "We introduce QuIP#, a weight-only PTQ method using lattice codebooks."


@pytest.mark.parametrize(
    "variant",
    [
        BASE,
        "  We introduce QuIP#,  a weight-only PTQ\nmethod using lattice codebooks.  ",
        "We introduce *QuIP#*, a weight-only PTQ method using _lattice codebooks_.",
        "We introduce <em>QuIP#</em>, a weight-only PTQ method using lattice codebooks.",
        "We introduce QuIP#, a weight-only PTQ <em>method</em> using lattice code<i>books</i>.",
        "we introduce quip#, a weight-only ptq method using lattice codebooks.",
        "We introduce QuIP#, a weight\u2011only PTQ method using lattice codebooks.",  # non-breaking hyphen
        "We introduce \uff31uIP#, a weight-only PTQ method using lattice codebooks.",  # full-width Q (NFKC)
        "We introduce QuIP#, a weight-only PTQ method using lattice codebooks",
        "We introduce \\textbf{QuIP#}, a weight-only PTQ method using lattice codebooks.",
        "We introduce QuIP&#35;, a weight-only PTQ method using lattice codebooks.",
    ],
)
def test_variants_share_one_id(variant):
    assert paper_id(variant) == paper_id(BASE)


@pytest.mark.parametrize(
    "other",
    [
        "We introduce QuIP#, a weight-only PTQ method using lattice codes.",
        "We introduce QuIP, a weight-only PTQ method using lattice codebooks and more.",
    ],
)
def test_different_words_differ(other):
    assert paper_id(other) != paper_id(BASE)


def test_normal_form_and_id_shape():
    assert normalise_abstract("A *Bold* <b>claim</b>: 3.5% $\\alpha$-\\textit{div}!") == "a bold claim 3 5 α div"
    # the same id in every build, on every machine (computed afresh, not from the cache)
    assert paper_id.__wrapped__(BASE) == "d38fcdefa33f5756"


def test_abstract_sha256_is_of_the_text_as_stored():
    assert abstract_sha256("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_latex_greek_matches_unicode_greek():
    assert paper_id("An $\\alpha$-divergence with $\\varepsilon$ noise.") == paper_id("An α-divergence with ε noise.")


@pytest.mark.parametrize(
    "spelling",
    ["a ≤ b", "a<=b", "a &le; b", "$a \\leq b$", "$a \\le b$", "a  ≤  b"],
)
def test_an_operator_is_one_sign_however_written(spelling):
    assert normalise_abstract(f"We show that {spelling} holds.") == "we show that a ≤ b holds"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("We show that a < b for every model.", "We show that a > b for every model."),
        ("The loss is bounded when x = y.", "The loss is bounded when x != y."),
        ("Regret grows as T ≪ N.", "Regret grows as T ≫ N."),
    ],
)
def test_operators_that_carry_meaning_make_different_papers(one, other):
    assert paper_id(one) != paper_id(other)


@pytest.mark.parametrize(
    ("written", "normal"),
    [
        # excerpts of catalogue abstracts (AAAI 2022, AISTATS 2013): an ASCII `>=` that becomes `≥`,
        # `_` between words of a text outside ASCII, an operator only outside ASCII
        ("at most k (for some k >= 2) contiguous vertices", "at most k for some k ≥ 2 contiguous vertices"),
        (
            "named attributes (e.g.: number_of_atoms, stock_price, etc) with ε ≤ 1",
            "named attributes e g number of atoms stock price etc with ε ≤ 1",
        ),
        ("the time series can increase (with possibly d≫T)", "the time series can increase with possibly d ≫ t"),
        ("no operator at all: élan_vital", "no operator at all élan vital"),
    ],
)
def test_operators_and_underscores_in_ascii_and_other_texts(written, normal):
    assert normalise_abstract(written) == normal


def test_operators_are_words_of_their_own():
    assert normalise_abstract("N=100 and k<5") == normalise_abstract("N = 100 and k < 5") == "n = 100 and k < 5"
    assert normalise_abstract("a <b>bold</b> claim") == "a bold claim"  # a tag is no operator


@pytest.mark.parametrize(
    "invisible",
    [
        "\u200b",  # zero-width space
        "\u00ad",  # soft hyphen
        "\u200d",  # zero-width joiner
        "\u200c",  # zero-width non-joiner
        "\u2060",  # word joiner
        "\ufeff",  # byte-order mark
        "\u200e",  # left-to-right mark
        "\u202a",  # left-to-right embedding
        "&shy;",  # an HTML entity for one
        "&#8203;",
    ],
)
def test_invisible_characters_inside_a_word_make_no_second_paper(invisible):
    text = BASE.replace("lattice", f"lat{invisible}tice").replace("method", f"{invisible}method{invisible}")
    assert normalise_abstract(text) == normalise_abstract(BASE)
    assert paper_id(text) == paper_id(BASE)


def test_format_characters_are_every_invisible_format_character_python_knows():
    """The list is fixed (so ids never depend on the Python version); it holds every character
    of Unicode category Cf this Python knows."""
    import sys
    import unicodedata

    from etl.text.debris import FORMAT

    known = {chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf"}
    assert all(FORMAT.fullmatch(c) for c in known)
    assert not FORMAT.search("a-b\u00a0c\u2011d")  # hyphens and non-breaking spaces are no format characters


def test_titles_key_the_same_way():
    from etl.text.cleaning import clean_title

    assert normalise_abstract(clean_title("Deep\u200b Lear\u00adning *Is* All")) == "deep learning is all"

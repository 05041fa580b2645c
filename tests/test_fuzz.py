"""Property-based tests: the readers and the link extractor never crash, and keep their invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from etl.errors import InputError
from etl.sources import READERS, read_input
from etl.text.identity import has_words
from etl.text.placeholders import is_usable_abstract

FAST = settings(
    max_examples=int(__import__("os").environ.get("PAPERDB_FUZZ_EXAMPLES", 300)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def check_invariants(parsed) -> None:
    assert [e.position for e in parsed.entries] == list(range(1, len(parsed.entries) + 1))
    lines = [e.line for e in parsed.entries]
    assert lines == sorted(lines) and all(line >= 1 for line in lines)
    for entry in parsed.entries:  # an abstract, or else a title, to tell the paper by
        assert (entry.abstract and entry.abstract == entry.abstract.strip()) or entry.title
        assert "\n" not in entry.abstract and "\r" not in entry.abstract


@FAST
@given(st.binary(max_size=2000))
def test_any_bytes_give_records_or_a_clear_error(data):
    try:
        parsed = read_input("fuzz.txt", data)
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt")
        assert "\n" not in str(exc)
    else:
        check_invariants(parsed)


_line = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), min_size=1, max_size=60
)


@FAST
@given(st.lists(st.lists(_line, min_size=1, max_size=4), min_size=1, max_size=8), st.sampled_from(["\n", "\r\n"]))
def test_listings_round_trip(paragraphs, newline):
    paragraphs = [[line for line in p if line.strip()] for p in paragraphs]
    paragraphs = [p for p in paragraphs if p]
    text = "ICML 2024 Papers" + newline * 2 + (newline * 2).join(newline.join(p) for p in paragraphs)
    try:
        parsed = read_input("fuzz.txt", text.encode("utf-8"))
    except InputError as exc:
        wordless = any(not has_words(" ".join(p)) for p in paragraphs)
        assert (
            not paragraphs
            or "longer than" in str(exc)
            or "NUL" in str(exc)
            or "UTF-16" in str(exc)
            or ("no letters or digits" in str(exc) and wordless)
        )
        return
    check_invariants(parsed)
    expected = [" ".join(line.strip() for line in p) for p in paragraphs]
    expected = [e for e in expected if is_usable_abstract(e)]  # (`-`, `N/A`, `$x$`: counted, passed over)
    # str.split() knows more line breaks than a listing does; compare where they agree
    if all(len(line.splitlines()) == 1 for p in paragraphs for line in p):
        assert [e.abstract for e in parsed.entries] == expected


@FAST
@given(st.sampled_from(sorted(READERS)), st.text(max_size=1500))
def test_every_reader_gives_records_or_a_clear_error(fmt, text):
    try:
        parsed = read_input("fuzz.in", text.encode("utf-8", "surrogatepass"), format=fmt)
    except InputError as exc:
        assert str(exc).startswith("fuzz.in") and "\n" not in str(exc)
    else:
        check_invariants(parsed)


@FAST
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(["Poster", "Workshop", "Oral", 3, None]),
                "name": st.text(max_size=30),
                "virtualsite_url": st.one_of(st.just("https://ICML.cc//virtual/2024/poster/1"), st.text(max_size=20)),
                "abstract": st.one_of(st.text(max_size=80), st.none()),
            }
        ),
        max_size=6,
    )
)
def test_events_exports_of_any_shape(items):
    import json

    try:
        parsed = read_input("e.json", json.dumps(items).encode(), format="icml-events")
    except InputError as exc:
        assert str(exc).startswith("e.json")
    else:
        assert all(e.abstract or e.title for e in parsed.entries)


@FAST
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=300))
def test_ascii_fast_path_of_the_abstract_normalisation_matches_the_general_rule(text):
    from etl.text.identity import normalise_abstract

    general = normalise_abstract(text + "é").removesuffix("é").strip()  # not ASCII: the regular expression
    assert normalise_abstract(text) == general


_prose = st.lists(
    st.sampled_from(
        [
            "We",
            " ",
            "  ",
            "\n",
            ".",
            "!",
            "?",
            "A",
            "x",
            "(",
            "[",
            "'",
            '"',
            "9",
            "https",
            "http :",
            "://",
            "www.",
            "github.com/",
            "a.github.io",
            "HTTP",
            "é",
            "\t",
            "-",
            "*",
        ]
    ),
    max_size=50,
).map("".join)


@FAST
@given(_prose)
def test_keyword_text_passes_match_their_plain_regular_expressions(text):
    import re

    from etl.extract.keywords.prose import _URL, sentences

    assert sentences(text) == re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])", text)
    plain_url = re.compile(r"\S*(?:https?\s?:|www\.|github\.com/|\.github\.io)\S*", re.IGNORECASE)
    assert _URL.sub(" , ", text) == plain_url.sub(" , ", text)


# Pieces of abstracts where the keyword rules look: definitions, names, naming verbs, claims,
# hyphens, numbers, markup and odd characters.
_abstract = st.lists(
    st.sampled_from(
        [
            "We propose",
            "we introduce",
            "called",
            "denoted as",
            "which we refer to as",
            "our",
            "that",
            " ",
            " ",
            " ",
            ". ",
            ", ",
            "(",
            ")",
            "( ",
            "-",
            "--",
            "DoRA",
            "Low-Rank",
            "Weight-Decomposed",
            "Adaptation",
            "GaLore",
            "LLMs",
            "large language models",
            "GNNs",
            "3D",
            "7B",
            "x",
            "A",
            "a",
            "outperforms",
            "significantly",
            "V2",
            "#",
            "∂",
            "$x$",
            "**",
            "é",
            "_",
            "'",
            "’",
            "\n",
        ]
    ),
    max_size=60,
).map("".join)


@FAST
@given(st.lists(_abstract, min_size=1, max_size=4))
def test_keywords_of_any_text_are_well_formed_and_do_not_depend_on_order(texts):
    from etl.extract.corpus import rank_all
    from etl.extract.keywords import KEEP
    from etl.extract.keywords.topics import taxonomy_path
    from etl.load.taxonomy import load_taxonomy

    taxonomy = load_taxonomy(taxonomy_path())
    papers = [(f"p{i}", text, None) for i, text in enumerate(texts)]
    ranked = rank_all(papers, taxonomy)
    assert rank_all(papers[::-1], taxonomy) == ranked
    for keywords in ranked.values():
        keys = [k.normalised for k in keywords]
        assert len(keys) == len(set(keys))  # each keyword once per paper
        assert [k.score for k in keywords] == sorted((k.score for k in keywords), reverse=True)
        for kind, most in KEEP.items():
            assert sum(k.kind == kind for k in keywords) <= most + (kind == "acronym") * KEEP["phrase"]
        for k in keywords:
            assert k.kind in KEEP and k.label.strip() and k.normalised == k.normalised.strip() and k.score > 0


_code_talk = st.lists(
    st.sampled_from(
        [
            "Code",
            "code",
            "codes",
            "will",
            "be",
            "made",
            "available",
            "released",
            "upon",
            "acceptance",
            "paper",
            "soon",
            "coming",
            "to",
            "we",
            "We",
            "i",
            "github",
            "GitHub",
            "repository",
            "is",
            "are",
            "implementation",
            "open-source",
            "open source",
            "source",
            "at",
            "on",
            "the",
            "data",
            "model",
            "i.e.",
            ".",
            ". ",
            ", ",
            " ",
            " ",
            " ",
            "\n",
        ]
    ),
    max_size=40,
).map(" ".join)


@FAST
@given(_code_talk)
def test_code_status_searches_only_where_it_can_match(text):
    from etl.extract.code_status import _MENTION_MARKERS, _MENTIONED, _PROMISE_MARKERS, _PROMISED, _said

    assert _said(_PROMISED, text, _PROMISE_MARKERS) == bool(_PROMISED.search(text))
    assert _said(_MENTIONED, text, _MENTION_MARKERS) == bool(_MENTIONED.search(text))

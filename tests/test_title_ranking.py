"""A paper's title in keyword ranking: the longest phrases made of title words weigh more, and a
load that brings only titles rescores."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, rank_keywords
from etl.extract.keywords.pieces import in_longer_term
from etl.extract.keywords.rank import score_phrases
from etl.extract.keywords.titles import title_terms, title_words
from etl.extract.keywords.topics import taxonomy_path
from etl.extract.keywords.vocabulary import EMPTY, Keyphraseness
from etl.load import load
from etl.load.taxonomy import load_taxonomy
from tests.exports import events_json, seed_abstracts
from tests.helpers import listing_text, rows

TAXONOMY = load_taxonomy(taxonomy_path())
NEUTRAL = Keyphraseness(vocabulary=EMPTY)

# Modelled on a retrieval paper: the abstract says "perspective(s)" more often than
# "perspective awareness", which is what the title (and the authors) call the subject.
RETRIEVERS = (
    "Retrievers are judged by relevance alone. We ask whether they notice the perspective of a"
    " query: a query may seek arguments for or against a claim, and perspectives differ across"
    " users. We build a benchmark of perspectives over six retrieval tasks and find that current"
    " retrievers ignore perspectives. Perspective awareness can be improved by a simple projection"
    " of query embeddings, and better perspective awareness helps downstream essay writing."
)
# Modelled on a document-editing agent paper.
EDITING = (
    "Documents such as posters and slides are edited by hand. We present an agent that grounds"
    " user requests in documents and edits them by generating programs. Document editing is"
    " split into grounding, planning and execution, and each step checks the documents it changes."
)


def ranked_keys(text: str, title: str | None) -> list[str]:
    """The keys of the text's keywords, best first, ranked by the rules alone (no vocabulary)."""
    return [k.normalised for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1, title, keyphraseness=NEUTRAL)]


@pytest.mark.parametrize(
    "text, title, phrase, above",
    [
        (RETRIEVERS, "Evaluating Retrievers on Perspective Awareness", "perspective awareness", "perspective"),
        (EDITING, "Language-Instructed Agents for Document Editing", "document editing", "document"),
    ],
)
def test_the_longest_title_phrase_ranks_above_its_words(text, title, phrase, above):
    without = ranked_keys(text, None)
    assert phrase not in without or without.index(above) < without.index(phrase)  # the abstract alone prefers the word
    with_title = ranked_keys(text, title)  # (the word may be merged into the phrase, as its variant)
    assert phrase in with_title and (above not in with_title or with_title.index(phrase) < with_title.index(above))


def test_only_the_longest_title_phrases_weigh_more():
    terms = extract_terms(EDITING, TAXONOMY)
    alone = {k.normalised: k.score for k in score_phrases(terms, {}, 1, None, NEUTRAL)}
    titled = {k.normalised: k.score for k in score_phrases(terms, {}, 1, "Agents for Document Editing", NEUTRAL)}
    top_alone, top_titled = max(alone.values()), max(titled.values())
    assert titled["document editing"] / top_titled > alone["document editing"] / top_alone
    # `document` is a title word too, but inside the longer title phrase: no extra weight
    assert titled["document"] / top_titled <= alone["document"] / top_alone


# Modelled on an image-captioning paper (IROS/CVPR-style): the abstract writes `image captioning`
# only before `models`, where it has lost its head; the title names it (issue #36, 2026-12-06).
CAPTIONING = (
    "Image captioning models describe an image in a sentence. We record where people look while they describe"
    " an image and feed these gazing patterns to the captioning model. Image captioning models that attend to the"
    " patterns write better captions on two benchmarks."
)


def test_a_term_the_title_names_stays_where_the_abstract_writes_it_inside_longer_runs():
    assert "image captioning" not in ranked_keys(CAPTIONING, None)
    assert "image captioning" not in ranked_keys(CAPTIONING, "Captioning With Image Captioning Models")
    title = "Improve Image Captioning by Estimating the Gazing Patterns From the Caption"
    assert ranked_keys(CAPTIONING, title)[0] == "image captioning"


@pytest.mark.parametrize(
    "title, named, not_named",
    [
        ("Can Shadows Reveal Biometric Information?", {"biometric information"}, set()),
        ("A Novel Graph Contrastive Loss for Recommendation", {"graph contrastive loss"}, {"novel graph contrastive"}),
        ("Improve Image Captioning by Estimating the Gazing Patterns", {"image captioning"}, set()),
        # (a run of four words or more names no term whole; nor one after an adverb)
        (
            "Cues for Weakly Supervised Image Segmentation",
            set(),
            {"image segmentation", "supervised image segmentation"},
        ),
        ("Bandits Dueling on Partially Ordered Sets", set(), {"ordered set"}),
        ("A Very High Speed Parallel Robot", set(), {"speed parallel robot", "parallel robot"}),
    ],
)
def test_the_terms_a_title_names_are_its_short_runs(title, named, not_named):
    terms = title_terms(title)
    assert named <= terms and not (not_named & terms)


@pytest.mark.parametrize(
    "title, expected",
    [
        ("Multi-Agent Systems", {"multi", "agent", "multiagent", "system", "systems"}),
        ("Analyses of Matrices: A $\\mathcal{O}(n)$ Method?", {"analysis", "analyses", "matrix", "matrices", "method"}),
        ("Diffusion-Based Trajectory Stitching", {"diffusion", "based", "trajectory", "stitching"}),
    ],
)
def test_title_words_are_the_forms_phrase_keys_use(title, expected):
    assert expected <= title_words(title)


def test_a_load_that_brings_only_titles_rescores_as_one_run_would(tmp_path, write):
    """The listing's text wins over the export's, so no paper changes; the titles do."""
    abstracts = [RETRIEVERS, EDITING, *seed_abstracts(2)]
    titles = ["Evaluating Retrievers on Perspective Awareness", "Agents for Document Editing", "Paper 2", "Paper 3"]
    listing = write("a.txt", listing_text(*abstracts))
    events = write("events.json", events_json(abstracts, titles))
    query = "SELECT paper_id, keyword, kind, score, rank FROM paper_keywords ORDER BY 1, 2"
    two_runs, one_run = str(tmp_path / "two.db"), str(tmp_path / "one.db")
    load(two_runs, [str(listing)])
    before = rows(two_runs, query)
    summary = load(two_runs, [str(events)])
    assert summary.papers_added == summary.papers_updated == 0 and summary.keywords is not None
    assert rows(two_runs, query) != before
    load(one_run, [str(listing), str(events)])
    assert rows(two_runs, query) == rows(one_run, query)


def test_a_title_phrase_the_title_writes_inside_a_longer_term_stays_a_piece():
    # (`regret algorithm` is a piece of `no regret algorithm`, `pieces`: the title's run after `No` is no term)
    title = "Computational Equivalence of Fixed Points and No Regret Algorithms"
    assert {"computational equivalence", "regret algorithm"} <= title_terms(title)
    assert in_longer_term("regret algorithm", title)
    assert not in_longer_term("computational equivalence", title)

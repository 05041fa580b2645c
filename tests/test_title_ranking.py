"""A paper's title in keyword ranking: the longest phrases made of title words weigh more, and a
load that brings only titles rescores."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, normalise_keyword, rank_keywords
from etl.extract.keywords.phrases import WHOLE
from etl.extract.keywords.pieces import in_longer_term
from etl.extract.keywords.rank import score_phrases
from etl.extract.keywords.titles import title_heads, title_terms, title_words, writes_of_phrase
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
        # (nor one a slash joins to the modifier of a head after it: ICRA 2015, CVPR 2015, ICRA 2008)
        (
            "Integrated force/tactile sensing: The enabling technology for slipping detection and avoidance",
            {"tactile sensing"},
            {"integrated force"},
        ),
        ("Interleaved Text/Image Deep Mining on a Very Large-Scale Radiology Database", set(), {"interleaved text"}),
        ("Hybrid force/velocity control of industrial manipulators", {"velocity control"}, {"hybrid force"}),
        ("Joint Learning of Encoder/Decoder", {"joint learning"}, set()),
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


# A word the title writes only after `non` is no title word alone: a phrase opening with it says the
# opposite (the blind sample-2612's `intrusive gaze tracking` of "Non-Intrusive Gaze Tracking"); the
# joined form is (the key phrases have: `nonconvex relaxation`). Titles of the catalogue (kwneg26).
@pytest.mark.parametrize(
    "title, words, not_words",
    [
        (
            "Non-Intrusive Gaze Tracking Using Artificial Neural Networks",
            {"nonintrusive", "gaze"},
            {"intrusive", "non"},
        ),
        ("Non-convex Robust PCA", {"nonconvex", "robust"}, {"convex"}),
        ("A Non-Parametric EM-Style Algorithm for Imputing Missing Values", {"nonparametric"}, {"parametric"}),
        ("Unsupervised Pre-Training of Image Features on Non-Curated Data", {"noncurated", "data"}, {"curated"}),
        ("Learning with non convex losses", {"nonconvex", "loss"}, {"convex"}),
        # kept: the word the title also writes plain, and the terms `non` makes (as phrase keys have them)
        ("Convex and Non-Convex Optimization", {"convex", "nonconvex", "optimization"}, set()),
        ("Non-Maximum Suppression for Object Detection", {"nonmaximum", "suppression"}, {"maximum"}),
        ("Non-rigid Registration of Point Clouds", {"nonrigid", "registration"}, {"rigid"}),
        ("Stability of Nonlinear Systems", {"nonlinear", "system"}, {"linear"}),
        ("Canon Cameras and None of the Rest", {"canon", "none"}, set()),
    ],
)
def test_a_word_after_non_is_no_title_word_alone(title, words, not_words):
    found = title_words(title)
    assert words <= found and not (not_words & found)
    assert {normalise_keyword(w) for w in ("non-maximum", "non-rigid", "nonlinear")} == {
        "nonmaximum",
        "nonrigid",
        "nonlinear",
    }


# The real record of "Non-Intrusive Gaze Tracking Using Artificial Neural Networks" (NIPS 1993):
# its abstract writes `intrusive gaze tracking` once, of the systems it is not.
GAZE = (
    "We have developed an artificial neural network based gaze tracking system which can be customized to"
    " individual users. Unlike other gaze trackers, which normally require the user to wear cumbersome headgear,"
    " or to use a chin rest to ensure head immobility, our system is entirely non-intrusive. Currently, the best"
    " intrusive gaze tracking systems are accurate to approximately 0.75 degrees. In our experiments, we have"
    " been able to achieve an accuracy of 1.5 degrees, while allowing head mobility. In this paper we present an"
    " empirical analysis of the performance of a large number of artificial neural network architectures for"
    " this task."
)


def test_a_phrase_opening_with_the_word_a_title_negates_takes_no_title_weight():
    keys = ranked_keys(GAZE, "Non-Intrusive Gaze Tracking Using Artificial Neural Networks")[:5]
    assert "intrusive gaze tracking" not in keys and "gaze tracking" in keys


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


@pytest.mark.parametrize(
    "title, heads",
    [
        # (an adjective opens the run; the noun after it starts the head the title names)
        ("Handwritten Word Spotting with Corrected Attributes", {"word spotting": "handwritten word"}),
        ("Causal Policy Gradient for Whole-Body Mobile Manipulation", {"policy gradient": "causal policy"}),
        (
            "A nonlinear series elastic actuator for highly dynamic motions",
            {"series elastic actuator": "nonlinear series"},
        ),
        ("Coded Sparse Matrix Multiplication", {"sparse matrix multiplication": "coded sparse matrix"}),
        ("A conditional random field model for place", {"random field model": "conditional random field"}),
        # (a noun opens the run, or an adverb cuts it, or it is too long or too short: no head)
        ("Local Message Passing on Frustrated Systems", {"message passing": "local message"}),
        ("Task space motion planning using reactive control", {}),
        ("Cues for Weakly Supervised Image Segmentation", {}),
        ("Generative Adversarial Networks", {}),
        ("Deep Neural Networks for Multiple Speaker Detection and Localization", {}),
        ("Textured Neural Avatars", {}),
    ],
)
def test_the_heads_of_a_titles_runs_after_an_adjective(title, heads):
    assert title_heads(title) == heads


# Modelled on a handwriting paper (ICCV-style): the abstract writes `word spotting` only after
# another word, cut from longer runs; the title's run is an adjective before it (issue #36).
SPOTTING = (
    "Keyword search in handwritten archives needs no transcription. Query-by-example word spotting"
    " ranks word images by their similarity to a query image, and query-by-string word spotting"
    " ranks them by a string. We correct the attributes both embed words with, which improves"
    " segmentation-free word spotting on four benchmarks."
)


@pytest.mark.parametrize(
    "df, shown",
    [
        ({"word spotting": 40, "handwritten word": 3}, True),
        # (more papers write the opening than the head: `latent space | shared autoencoder`)
        ({"word spotting": 40, "handwritten word": 400}, False),
    ],
)
def test_the_head_of_a_titles_run_after_an_adjective_is_a_term_where_the_opening_is_none(df, shown):
    title = "Handwritten Word Spotting with Corrected Attributes"
    terms = extract_terms(SPOTTING, TAXONOMY)
    assert terms.phrases["word spotting"][3] != WHOLE  # (cut in every run the abstract writes)
    keys = [k.normalised for k in score_phrases(terms, df, 1000, title, NEUTRAL)]
    assert ("word spotting" in keys) is shown
    assert "word spotting" not in [k.normalised for k in score_phrases(terms, df, 1000, None, NEUTRAL)]


# Titles of the catalogue and the `A of B` phrases their abstracts write once (issue #36, kwfirst23).
@pytest.mark.parametrize(
    "title, key, written",
    [
        # (the title writes it: `A` before its `of`, `B` in the object's run, or the compound `B A`)
        ("Tactile Sensing of Edge Direction of an Object with a Soft Fingertip Contact", "direction of edge", True),
        ("Towards Abstractive Grounded Summarization of Podcast Transcripts", "summarization of podcast", True),
        ("Smooth stabilisation of nonholonomic robots subject to disturbances", "stabilization of robot", True),
        ("Elevation control of a soft jumping robot", "control of jumping", True),
        ("Recognition of situation classes at road intersections", "recognition of situation", True),
        (
            "Non-Destructive Robotic Assessment of Mango Ripeness via Multi-Point Soft Haptics",
            "ripeness of mango",
            True,
        ),
        # (the title's words in other places: `B` the object of another `of`, `A` not before the `of`)
        (
            "Measuring Interpretability of Neural Policies of Robots with Disentangled Representation",
            "interpretability of robot",
            False,
        ),
        (
            "Design of Novel Knee Joint Mechanism of Lower-Limb Exoskeleton to Realize Spatial Motion of Human Knee",
            "joint of exoskeleton",
            False,
        ),
        (
            "Development of a Cyclogyro-based Flying Robot with Variable Attack Angle Mechanisms",
            "attack of angle",
            False,
        ),
        (
            "Reciprocal screw-based force-closure of an n-DOF open chain: Minimum number of cables required to"
            " fully constrain it",
            "minimum of cable",
            False,
        ),
    ],
)
def test_an_of_phrase_the_title_writes(title, key, written):
    assert writes_of_phrase(title, key) is written


# The abstracts of two catalogue cards (IROS): each writes its `A of B` phrase once, and no other
# paper has it; the first is cut from `interpretability of robot learning`, the second the
# title's `Edge Direction`.
INTERPRETABILITY = (
    "The advancement of robots, particularly those functioning in complex human-centric environments, relies on"
    " control solutions that are driven by machine learning. Understanding how learning-based controllers make"
    " decisions is crucial since robots are mostly safety-critical systems. This urges a formal and quantitative"
    " understanding of the explanatory factors in the interpretability of robot learning. In this paper, we aim to"
    " study interpretability of compact neural policies through the lens of disentangled representation."
)
EDGE = (
    "We propose a new method of tactile sensing for a fingertip of robotic hand. Using a simple fingertip with soft"
    " surface cover and a six-axis force/torque sensor, developed is a new function of measuring direction of edge"
    " when the fingertip contacts with an edge of the object."
)


@pytest.mark.parametrize(
    "text, title, key, kept",
    [
        (
            INTERPRETABILITY,
            "Measuring Interpretability of Neural Policies of Robots with Disentangled Representation",
            "interpretability of robot",
            False,
        ),
        (
            EDGE,
            "Tactile Sensing of Edge Direction of an Object with a Soft Fingertip Contact",
            "direction of edge",
            True,
        ),
    ],
)
def test_an_of_phrase_written_once_stands_by_the_title_only_where_the_title_writes_it(text, title, key, kept):
    terms = extract_terms(text, TAXONOMY)
    assert terms.phrases[key][0] == 1
    keys = [k.normalised for k in score_phrases(terms, {}, 20_000, title, NEUTRAL)]
    assert (key in keys) is kept
    assert key not in [k.normalised for k in score_phrases(terms, {}, 20_000, None, NEUTRAL)]  # (no title: a one-off)

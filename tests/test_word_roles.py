"""The context rules of `phrase_candidates`, folded into each word's `WordRoles` (`kind`,
`verb_when`, `moves`, `pops`, `cuts`, `heads`), say what the rules say when spelled out per token,
for every word of a few catalogue abstracts and of the rules' own word classes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from etl.extract.keywords.phrases import _WORD_OR_BREAK, WHOLE, phrase_candidates
from etl.extract.keywords.prose import clean
from etl.extract.keywords.roles import (
    AFTER_AUXILIARY,
    AFTER_SUBJECT,
    AFTER_TERMS,
    AFTER_TO,
    AUXILIARIES,
    BEFORE_VERB,
    BEFORE_VERBS,
    CUTTING_STOPS,
    DETERMINERS,
    MODALS,
    OBJECT_PRONOUNS,
    OBJECT_STARTS,
    SUBJECTS,
    WORD_CACHE,
    is_participle,
    word_roles,
)
from etl.extract.keywords.wordlists import (
    LIKELY_VERBS,
    NOT_ALONE,
    NOUN_EXCEPTIONS,
    PARTICIPLES,
    STOP_WORDS,
    TERM_STOPS,
    VERB_FORMS,
    VERB_S_FORMS,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import build_term_stops  # noqa: E402

ABSTRACTS = json.loads((Path(__file__).parent / "fixtures" / "word_roles" / "abstracts.json").read_text("utf-8"))
CLASSES = SUBJECTS | MODALS | BEFORE_VERB | BEFORE_VERBS | AUXILIARIES | OBJECT_STARTS | DETERMINERS | {"et", "of"}
# (the verb lists sampled in a fixed order; with capitals, `verb_form` differs)
LISTED = [w for words in (LIKELY_VERBS, VERB_S_FORMS, PARTICIPLES, VERB_FORMS) for w in sorted(words)[::40]]
WORDS = {
    "abstracts": sorted({w for paper in ABSTRACTS for w in _WORD_OR_BREAK.findall(clean(paper["abstract"]))}),
    "word classes": sorted(CLASSES | {"design", "pose", "study", "Design", "Pose"}),
    "verb lists": LISTED + [w.capitalize() for w in LISTED[::3]],
}
# Words before a content word, of every kind (plural, may end a phrase, generic): real run words.
BEFORE = ["matrices", "domains", "filtering", "team", "tasks", "models", "localization", "multi-agent", "novel"]


def _is_verb(word: str, state: int, before: str | None) -> bool:
    """The verb rule of `phrase_candidates` as it was written per token (`state` as bits)."""
    r, low = word_roles(word), word.lower()
    known = low in NOUN_EXCEPTIONS or low.rpartition("-")[2] in NOUN_EXCEPTIONS or word[1:] != word[1:].lower()
    known = known or r.inner.rpartition(" ")[2] in NOUN_EXCEPTIONS
    verb = low in LIKELY_VERBS and not known
    participle = low in PARTICIPLES and not known
    verb_form = low in VERB_FORMS and word[1:] == word[1:].lower()
    p = word_roles(before) if before is not None else None
    return bool(
        state & AFTER_SUBJECT
        or (state & AFTER_TO and (verb or r.verb_s))
        or (state & AFTER_AUXILIARY and low.endswith("ed"))
        or (verb and p and (p.plural or (low[-1] == "s" and (p.ends or p.generic))))
        or (p and p.plural and (is_participle(r) or verb_form or r.verb_s))
        or (participle and p and p.ends)
        # (`we design`, `to study`, `LLMs pose`: a stop word of the authors' terms is a verb there)
        or (low in TERM_STOPS and bool(state & (AFTER_SUBJECT | AFTER_TO) or (p and p.plural)))
    )


# Words capitalised at their first letter only, which the memo takes from their lower case, and
# words it does not: capitals past the first letter, whole words in capitals, a short form's plural.
CAPITALISED = [
    *("Learning", "Our", "Recent", "Robots", "Multi-agent", "State-of-the-art", "Designs", "Pose", "Towards"),
    *("Et", "Gröbner", "G’s", "A1", "A", "LMs", "EBs", "Lms", "ROBOT", "GAMES", "mAP", "GRaSP", "DoRA", "Q-learning"),
]


@pytest.mark.parametrize("words", [*WORDS, "capitalised"])
def test_the_memo_gives_each_word_the_roles_worked_out_for_it(words):
    """The memo (`RolesMemo`) gives every word the roles `word_roles` works out for the word itself,
    also where it takes them from the word's lower case (`Learning`: `learning`'s), which it may do
    only while no rule reads a word's first capital."""
    for word in WORDS.get(words, CAPITALISED) + [w.capitalize() for w in WORDS.get(words, CAPITALISED)]:
        WORD_CACHE.clear()
        remembered = WORD_CACHE[word]
        WORD_CACHE.clear()
        assert remembered == word_roles(word), word


@pytest.mark.parametrize("words", WORDS)
def test_verb_when_says_the_verb_rule(words):
    for word in WORDS[words]:
        r = word_roles(word)
        for state in range(8):
            for before in [None, *BEFORE]:
                folded = (r.verb_when >> state) & 1 or (
                    before is not None and (r.verb_when >> (8 + word_roles(before).kind)) & 1
                )
                assert bool(folded) == _is_verb(word, state, before), (word, state, before)


@pytest.mark.parametrize("words", WORDS)
def test_the_other_folded_parts(words):
    for word in WORDS[words]:
        r, low = word_roles(word), word.lower()
        for state in range(8):
            verb_next, after_to, after_aux = state & AFTER_SUBJECT, state & AFTER_TO, state & AFTER_AUXILIARY
            moved = (
                (low in SUBJECTS or low in MODALS or (verb_next and (low in BEFORE_VERB or low.endswith("ly"))))
                * AFTER_SUBJECT
                | (low in BEFORE_VERBS or (after_to and low.endswith("ly"))) * AFTER_TO
                | (low in AUXILIARIES or (after_aux and low.endswith("ly"))) * AFTER_AUXILIARY
            )
            assert r.moves[state] == moved, (word, state)
        assert r.pops == (
            low == "et" or low in OBJECT_STARTS or low in DETERMINERS or low in OBJECT_PRONOUNS or r.fragment
        )
        assert r.cuts == ((low.endswith("ly") and len(low) > 4 and low not in STOP_WORDS) or low in CUTTING_STOPS)
        assert r.heads == (not r.ends or low in AFTER_TERMS)
        assert r.kind == r.plural + 2 * r.ends + 4 * (low in NOT_ALONE)


@pytest.mark.parametrize(
    ("paper", "phrase", "found"),
    [
        # `that can only transfer linearly correlated knowledge`: a modal and an adverb, then the verb
        ("000063d31a43a39b", "transfer", False),
        ("000063d31a43a39b", "correlated knowledge", True),
        ("000063d31a43a39b", "hyperstructure transfer", True),
        # `it more effectively avoids unnecessary distance calculations`: a subject, adverbs, its verb
        ("0020c1fe1a61e307", "avoid", False),
        ("0020c1fe1a61e307", "unnecessary distance calculation", True),
        # `a multi robot team`: a prefix written apart joins the next word
        ("26a3f63f6c9e0864", "multirobot team", True),
        ("26a3f63f6c9e0864", "relative localization", True),
        # `initiated by Klobas et al.`: a name before `et al.` is no phrase
        ("0e9e9b9c4b04b928", "klobas", False),
        ("0e9e9b9c4b04b928", "temporal path", True),
    ],
)
def test_phrases_of_real_abstracts(paper, phrase, found):
    (abstract,) = [p["abstract"] for p in ABSTRACTS if p["id"] == paper]
    _, phrases = phrase_candidates(clean(abstract))
    assert (phrase in phrases) == found


def test_the_stop_words_of_authors_terms_are_verbs_abstracts_use_and_nouns_of_terms():
    assert {"design", "pose", "study"} <= TERM_STOPS
    assert not TERM_STOPS & {"based", "show", "present", "making", "use"}
    # (the shipped list is what its script gives from the shipped vocabulary and word lists)
    assert build_term_stops.text() == (ROOT / "etl" / "data" / "term_stops.txt").read_text(encoding="utf-8")
    chosen = {"mechanism design": 1, "reward design": 1, "protein design": 1, "design": 5, "based model": 9}
    assert build_term_stops.term_stops(chosen, {"design", "based"}, {"design", "based"}, set()) == ["design"]


@pytest.mark.parametrize(
    ("text", "phrases", "not_phrases"),
    [
        # (modelled on `Mechanism Design with Predictions`, NeurIPS 2022, and a 6D pose paper, ICRA)
        (
            "We design a truthful mechanism. Mechanism design with predictions guarantees welfare.",
            {"mechanism design", "truthful mechanism"},
            {"design", "design truthful mechanism"},
        ),
        (
            "Camera pose estimation from a single image is hard: object poses vary. Deep networks pose"
            " new challenges, and we study how to pose the problem.",
            {"camera pose", "camera pose estimation", "pose estimation"},
            {"pose", "network pose", "pose new challenge", "study"},
        ),
        ("A user study with twelve participants shows that they prefer it.", {"user study"}, {"study"}),
    ],
)
def test_a_stop_word_of_authors_terms_is_a_noun_where_no_verb_stands(text, phrases, not_phrases):
    _, found = phrase_candidates(text)
    assert phrases <= set(found) and not (not_phrases & set(found)), found


@pytest.mark.parametrize(
    ("text", "phrases", "not_phrases"),
    [
        # (ACL 2022 and IJCAI abstracts: `named` before `entity` is the term's own first word, issue #36)
        (
            "Named entity recognition (NER) is a fundamental task in the natural language processing (NLP) area.",
            {"named entity recognition", "fundamental task"},
            {"entity recognition"},
        ),
        (
            "We study cross-lingual UMLS named entity linking, where mentions are mapped to UMLS concepts.",
            {"umls concept"},
            {"entity linking", "crosslingual uml"},  # (`cross-lingual UMLS` lost its head: no candidate whole)
        ),
        # (elsewhere `named` is still the stop word of `a method named X`, and `named entity-aware` the modifier's)
        (
            "We propose a method named EntityNet, with named entity-aware structures.",
            {"entitynet", "entity aware structure"},
            {"method named", "named entity"},
        ),
    ],
)
def test_named_before_entity_is_the_terms_first_word(text, phrases, not_phrases):
    _, found = phrase_candidates(text)
    whole = {key for key, entry in found.items() if entry[3] == WHOLE}
    assert phrases <= set(found) and not (not_phrases & whole), found

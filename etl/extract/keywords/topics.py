"""Research topics from the editable taxonomy in `etl/data/topics.json`, weighed with evidence
learned from papers whose authors or venues labelled them (`etl/data/topic_evidence.txt`); pure.

Topics are matched against what keyword extraction already found in an abstract (its words and
candidate phrases), so they cost a few dictionary look-ups per abstract, not another text scan.
Two kinds of evidence:

- terms (`term_topics`): the taxonomy's hand-written terms, a specific one or several suggestive
  ones (the rule below);
- needs (`Taxonomy.needs`): a topic that is a method family (graph neural networks, transformers,
  diffusion models) lists its method's own wording, and one whose word has other senses (safety
  and alignment, uncertainty and calibration, agents and tool use, adversarial attacks) the
  wording of its own sense; it is given by no route to an abstract that writes none of it: `graph`
  and `node`, `link prediction` or a Kalman filter's `state space model` are evidence of a graph or
  sequence problem, not of the method, a camera's `calibration` or a GAN's `adversarial` loss no
  calibrated uncertainty or attack;
- learned (`Evidence`): for each topic the evidence file knows (by name), a weight per word,
  phrase of several words and term-matched topic (`@name`) that its labelled papers use more
  than others, summed over what the abstract has and compared with the topic's threshold.
  `scripts/build_topic_weights.py` rebuilds the file from the paperlists catalogue
  (docs/keywords.md says from which labels).

A topic the evidence file knows is given by its learned evidence (the term rule is one of its
features); any other topic of the taxonomy (an edited or replaced one) by its terms alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import NamedTuple

from ...errors import PaperdbError
from .memo import Memo
from .taxonomy_file import MAX_TAXONOMY_BYTES as MAX_TAXONOMY_BYTES  # (where they were)
from .taxonomy_file import taxonomy_path as taxonomy_path
from .topic_evidence import EVIDENCE_FILE as EVIDENCE_FILE  # (where they were)
from .topic_evidence import parse_evidence as parse_evidence
from .topic_evidence import read_evidence as read_evidence

STRONG, WEAK = 2, 1  # weight of an occurrence of a specific and of a merely suggestive term
NEEDS = 0  # (the weight a term of `needs` is indexed with: it adds nothing, only says it is written)
# (the weight a phrase of `passing` is indexed with: a one-word specific term of the topic written
# within it, `unsupervised` in `unsupervised domain adaptation`, counts as a suggestive one)
PASSING = -1
# A paper gets a topic when its term occurrences weigh at least THRESHOLD and one of them is a
# specific term, or when suggestive terms alone weigh WEAK_ALONE (`convex` and `gradient` once
# each are not yet optimisation) and at least WEAK_TERMS of them are different terms: one shared
# word, however often written, is no evidence (`text` in a motion-generation abstract is not
# natural language processing). Against IJCAI's subject areas the second condition moved macro
# precision 0.365 -> 0.379 and recall 0.518 -> 0.510 (scripts/topic_agreement.py).
THRESHOLD = 2
WEAK_ALONE = 2 * THRESHOLD
WEAK_TERMS = 2
# With learned evidence (`Evidence`), a topic the term rule gives is kept when its learned
# evidence agrees, or when its specific terms are used SPECIFIC_USES times, a specific term of
# several words (`diffusion model`, `graph neural network`) counting that many at each use, a
# single word (`fair`, `kernel`, `alignment`, which have other senses) once: a named method or
# field is what authors choose as a keyword (with single words needing two uses too, CoRL 2023's
# keyword F1@5 fell 0.216 -> 0.213: `diffusion models` left 2 of the 4 papers whose authors chose
# it). A topic only learned evidence gives (none of its terms written) weighs LEARNED_ONLY plus a
# thousandth of its margin: below the topics the paper names, and `rank` scores it as the paper's
# subject, not as one of its phrases.
SPECIFIC_USES = 2
LEARNED_ONLY = 1
# A paper has at most MOST_TOPICS topics (as keywords, `rank` keeps as many): with learned
# evidence, those of the largest margins over their thresholds (against IJCAI's subject areas,
# macro recall 0.526 -> 0.540 and precision 0.414 -> 0.422 over keeping those of the largest term
# weights; keyword F1@5 COLM 2024 0.215 -> 0.216, CoRL 2023 0.216 -> 0.215).
# A paper to which the learned evidence gives no topic keeps those of the term rule (a paper
# with some evidence of a subject is browsable by it: recall 0.540 -> 0.544, precision 0.422 ->
# 0.414; one of the 57 bundled ICML papers, theorems on AUC, had none).
MOST_TOPICS = 3
WORD_MEMO = 50_000  # words whose topic hits are remembered at a time
NOTHING: Mapping[str, int] = {}  # (no words written in passing)
PREFIX_INDEX = 3  # prefix terms are indexed by their first letters; a prefix term has at least these


@dataclass(frozen=True)
class Taxonomy:
    names: tuple[str, ...]
    words: dict[str, list[tuple[int, int]]]  # exact word -> [(topic index, weight)]
    prefixes: dict[str, list[tuple[str, int, int]]]  # first letters -> [(prefix, topic, weight)]
    phrases: dict[str, list[tuple[int, int]]]  # normalised phrase -> [(topic index, weight)]
    # word -> its (topic, weight) hits, exact and prefix terms together: filled as words are met
    word_hits: Memo[tuple[tuple[int, int], ...]] = field(
        default_factory=lambda: Memo(WORD_MEMO), compare=False, repr=False
    )
    evidence: Evidence | None = field(default=None, compare=False, repr=False)
    # topics with a `needs` list: given only where the abstract writes one of its terms
    needs: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Evidence:
    """Learned topic evidence, for the topics of a taxonomy it knows by name: `features` maps a
    word, a phrase key or `@` and a topic name to its (topic index, weight) pairs; a topic is the
    paper's when the weights of what the abstract has sum to its threshold or more."""

    thresholds: dict[int, float]  # taxonomy topic index -> threshold
    features: dict[str, tuple[tuple[int, float], ...]]


def build_taxonomy(
    topics: list[dict],
    normalise: Callable[[str], str],
    is_phrase: Callable[[str], bool],
    source: str,
    evidence: tuple[dict[str, float], dict[str, dict[str, float]]] = ({}, {}),
) -> Taxonomy:
    """Index the topics' terms. `normalise` is the keyword normalisation; `is_phrase` says whether a
    phrase can be found by keyword extraction at all (a term that cannot is an error); `evidence`
    is learned evidence as `read_evidence` gives it (none: topics by their terms alone)."""
    words: dict[str, list[tuple[int, int]]] = {}
    prefixes: dict[str, list[tuple[str, int, int]]] = {}
    phrases: dict[str, list[tuple[int, int]]] = {}
    for i, topic in enumerate(topics):
        for key, weight in (("terms", STRONG), ("weak", WEAK), ("needs", NEEDS), ("passing", PASSING)):
            for term in topic.get(key, ()):
                term = term.strip().lower()
                if weight == PASSING and " " not in term:
                    raise PaperdbError(
                        f"{source}: topic {topic['name']!r}: `passing` {term!r} is one word; it must be a"
                        " phrase that holds one of the topic's terms (`unsupervised domain adaptation`)"
                    )
                if " " in term:
                    if not is_phrase(term):
                        raise PaperdbError(
                            f"{source}: topic {topic['name']!r}: term {term!r} can never match (it holds"
                            " a stop word or ends with a describing word); use a one-word term or a"
                            " longer phrase"
                        )
                    phrases.setdefault(normalise(term), []).append((i, weight))
                elif term.endswith("*"):
                    prefix = term[:-1]
                    if len(prefix) < PREFIX_INDEX:
                        raise PaperdbError(f"{source}: topic {topic['name']!r}: prefix {term!r} is too short")
                    prefixes.setdefault(prefix[:PREFIX_INDEX], []).append((prefix, i, weight))
                else:
                    words.setdefault(term, []).append((i, weight))
    names = tuple(t["name"] for t in topics)
    needs = frozenset(i for i, topic in enumerate(topics) if topic.get("needs"))
    return Taxonomy(names, words, prefixes, phrases, evidence=evidence_for(names, *evidence), needs=needs)


def evidence_for(
    names: tuple[str, ...], thresholds: dict[str, float], weights: dict[str, dict[str, float]]
) -> Evidence | None:
    """The evidence of the topics in `names` that have a threshold (None if none has)."""
    index = {name: i for i, name in enumerate(names) if name in thresholds}
    if not index:
        return None
    features: dict[str, list[tuple[int, float]]] = {}
    for name, i in index.items():
        for feature, weight in weights.get(name, {}).items():
            features.setdefault(feature, []).append((i, weight))
    return Evidence(
        {i: thresholds[name] for name, i in index.items()}, {f: tuple(hits) for f, hits in features.items()}
    )


def _word_hits(taxonomy: Taxonomy, word: str) -> tuple[tuple[int, int], ...]:
    """(topic, weight) of every term that matches `word`, exact terms first; remembered."""
    hits = _matching(taxonomy, word)
    if "-" in word and taxonomy.needs:  # a method named within a compound: `blip-diffusion`, `bert-based`
        hits += {
            (topic, NEEDS) for part in word.split("-") for topic, weight in _matching(taxonomy, part) if not weight
        }
    return taxonomy.word_hits.remember(word, tuple(hits))


def _matching(taxonomy: Taxonomy, word: str) -> list[tuple[int, int]]:
    """(topic, weight) of the exact and prefix terms that match `word`."""
    hits = list(taxonomy.words.get(word, ()))
    hits += [(t, w) for prefix, t, w in taxonomy.prefixes.get(word[:PREFIX_INDEX], ()) if word.startswith(prefix)]
    return hits


class TermEvidence(NamedTuple):
    """What an abstract's terms say of each topic (by index): the topics the term rule gives
    (mentions in passing counted as suggestive) with their weights, the weight of every topic's
    term occurrences (likewise), the uses of its specific terms (wherever written), and the topics
    a term of whose `needs` is written."""

    by_terms: dict[int, int]
    weights: dict[int, int]
    specific: dict[int, int]
    worded: set[int]


def term_evidence(
    words: Mapping[str, int], phrases: Mapping[str, object], taxonomy: Taxonomy, passing: Mapping[str, int] = NOTHING
) -> TermEvidence:
    """The terms' evidence of an abstract (the arguments as `match_topics` takes them)."""
    weights, specific, terms, worded = _term_evidence(words, phrases, taxonomy)
    if passing:
        weighed, counted = _in_passing(passing, words, phrases, taxonomy, weights, specific)
        return TermEvidence(_term_rule(weighed, counted, terms), weighed, specific, worded)
    return TermEvidence(_term_rule(weights, specific, terms), weights, specific, worded)


def match_topics(
    words: Mapping[str, int], phrases: Mapping[str, object], taxonomy: Taxonomy, passing: Mapping[str, int] = NOTHING
) -> dict[str, float]:
    """Topic name -> weight, for the abstract's topics. `words` maps each lower-case word of the
    abstract to its count; `phrases` maps normalised candidate phrases to `[count, ...]` (from
    keyword extraction); `passing` the words and phrases of them written only in passing, in a list
    of application areas (`etl/extract/keywords/passing.py`), to how often: a specific term there
    counts as a suggestive one. A topic weighs its terms' weight (at least THRESHOLD), or, given by
    learned evidence alone, less (LEARNED_ONLY plus a thousandth of the margin over its threshold);
    with learned evidence, MOST_TOPICS at most, and those of the term rule where it gives none. A
    topic with `needs` none of which the abstract writes is given by no route."""
    return topics_of(words, phrases, taxonomy, term_evidence(words, phrases, taxonomy, passing))


def topics_of(
    words: Mapping[str, int], phrases: Mapping[str, object], taxonomy: Taxonomy, terms_say: TermEvidence
) -> dict[str, float]:
    """`match_topics`, given the abstract's `term_evidence`."""
    by_terms, _, specific, worded = terms_say
    by_terms = dict(by_terms)
    barred = taxonomy.needs - worded
    evidence = taxonomy.evidence
    if evidence is None:
        return {taxonomy.names[i]: w for i, w in by_terms.items() if i not in barred}
    sums = dict.fromkeys(evidence.thresholds, 0.0)
    features = evidence.features
    # (the evidence was learned with `@` features that count mentions in passing as written, so
    # that they move no learned weight or threshold: a topic they alone gave has no `@` feature here)
    keys = chain(words, [k for k in phrases if " " in k], ["@" + taxonomy.names[i] for i in by_terms])
    for hits in filter(None, map(features.get, keys)):  # (the features looked up in C, in the same order)
        for topic, weight in hits:
            sums[topic] += weight
    for topic in barred:  # (the term rule's `@` features above are as the evidence was learned with)
        sums.pop(topic, None)
        by_terms.pop(topic, None)
    # the MOST_TOPICS best: topics without learned evidence first (an edited taxonomy's own, by
    # weight), then by the margin of their learned evidence over its threshold
    order: list[tuple[tuple[int, float], str, float]] = [
        ((0, -w), taxonomy.names[i], w) for i, w in by_terms.items() if i not in sums
    ]
    for topic, total in sums.items():
        margin = total - evidence.thresholds[topic]
        if topic in by_terms and (margin >= 0 or specific.get(topic, 0) >= SPECIFIC_USES):
            order.append(((1, -margin), taxonomy.names[topic], by_terms[topic]))
        elif margin >= 0:
            order.append(((1, -margin), taxonomy.names[topic], LEARNED_ONLY + round(min(margin, 999) / 1000, 3)))
    if not order:  # no topic has the evidence: those of the term rule, as without it
        order = [((0, -w), taxonomy.names[i], w) for i, w in by_terms.items()]
    return {name: weight for _, name, weight in sorted(order)[:MOST_TOPICS]}


def term_topics(
    words: Mapping[str, int], phrases: Mapping[str, object], taxonomy: Taxonomy, passing: Mapping[str, int] = NOTHING
) -> dict[int, int]:
    """Topic index -> weight, for topics whose terms occur enough (the arguments as
    `match_topics` takes them; without `passing`, as the learned evidence's `@` features)."""
    weights, specific, terms, _ = _term_evidence(words, phrases, taxonomy)
    if passing:
        weights, specific = _in_passing(passing, words, phrases, taxonomy, weights, specific)
    return _term_rule(weights, specific, terms)


def _term_rule(weights: dict[int, int], specific: dict[int, int], terms: dict[int, int]) -> dict[int, int]:
    return {
        i: w
        for i, w in weights.items()
        if w >= THRESHOLD and (i in specific or (w >= WEAK_ALONE and terms[i] >= WEAK_TERMS))
    }


def _term_evidence(
    words: Mapping[str, int], phrases: Mapping[str, object], taxonomy: Taxonomy
) -> tuple[dict[int, int], dict[int, int], dict[int, int], set[int]]:
    """By topic index: the weight of its terms' occurrences, the uses of its specific terms (those
    of several words counting SPECIFIC_USES each; topics with any) and the number of different
    terms seen; and the topics a term of whose `needs` is written. A one-word specific term
    within a phrase of its topic's `passing` weighs and counts as a suggestive term."""
    weights: dict[int, int] = {}
    terms: dict[int, int] = {}
    specific: dict[int, int] = {}
    worded: set[int] = set()
    known = taxonomy.word_hits
    for word, count in words.items():
        hits = known.get(word)
        if hits is None:
            hits = _word_hits(taxonomy, word)
        for topic, weight in hits:
            if weight == NEEDS:
                worded.add(topic)
                continue
            weights[topic] = weights.get(topic, 0) + weight * count
            terms[topic] = terms.get(topic, 0) + 1
            if weight == STRONG:
                specific[topic] = specific.get(topic, 0) + count
    table = taxonomy.phrases
    for key, entry in phrases.items():
        hits = table.get(key)
        if hits is not None:
            for topic, weight in hits:
                if weight == NEEDS:
                    worded.add(topic)
                    continue
                count = entry[0]  # type: ignore[index]
                if weight == PASSING:  # (after the words: the term's uses are all counted)
                    _as_suggestive(topic, count, 1, weights, specific)
                    continue
                weights[topic] = weights.get(topic, 0) + weight * count
                terms[topic] = terms.get(topic, 0) + 1
                if weight == STRONG:
                    specific[topic] = specific.get(topic, 0) + count * SPECIFIC_USES
    return weights, specific, terms, worded


def _in_passing(
    passing: Mapping[str, int],
    words: Mapping[str, int],
    phrases: Mapping[str, object],
    taxonomy: Taxonomy,
    weights: dict[int, int],
    specific: dict[int, int],
) -> tuple[dict[int, int], dict[int, int]]:
    """`weights` and `specific` (as `_term_evidence` gives them) with the specific terms written in
    passing, as `passing` counts them, counted as suggestive ones (new dicts)."""
    weights, specific = dict(weights), dict(specific)
    for key, count in passing.items():
        hits: Iterable[tuple[int, int]]
        if " " in key:
            entry = phrases.get(key)
            hits, uses = taxonomy.phrases.get(key, ()), SPECIFIC_USES
            written = entry[0] if entry else 0  # type: ignore[index]
        else:
            hits, uses, written = _word_hits(taxonomy, key), 1, words.get(key, 0)
        for topic, weight in hits:
            if weight == STRONG:
                _as_suggestive(topic, min(count, written), uses, weights, specific)
    return weights, specific


def _as_suggestive(topic: int, count: int, uses: int, weights: dict[int, int], specific: dict[int, int]) -> None:
    """Count `count` occurrences of a specific term of `topic` (each `uses` specific uses) as
    suggestive ones."""
    count = min(count, specific.get(topic, 0) // uses)
    if count > 0:
        weights[topic] -= (STRONG - WEAK) * count
        specific[topic] -= count * uses
        if not specific[topic]:
            del specific[topic]

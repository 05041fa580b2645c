"""A paper's keywords ranked against corpus statistics, best first, scores comparable across kinds.

A keyword's score is the evidence the abstract gives for it times its keyphraseness: how often
authors choose it as a keyword where it occurs, against all phrases (`Keyphraseness.factor`,
0.2-5; names the paper coins have none). The evidence, by kind:

- method: the name the paper introduces, 1-3.5 by how it is introduced (`names`); the paper's
  other names weigh OTHER_METHODS as much, and a name 1% of the papers use at most COMMON_METHOD;
- acronym: a term the abstract defines, ACRONYM_BASE plus ACRONYM_PER_USE per use (up to
  ACRONYM_USES uses): 1-1.3, above every phrase's evidence;
- phrase: TF-IDF against the corpus, with the factors below, scaled so that the paper's best
  phrase is PHRASE_TOP;
- topic: TOPIC_BASE plus TOPIC_PER_WEIGHT per unit of term weight (up to TOPIC_WEIGHTS): 0.2-0.36,
  below most phrases (a topic the paper abbreviates takes the acronym's score); a topic only
  learned evidence gives, LEARNED_TOPIC.

Variants of one concept are then merged into one keyword (`variants`).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Set

from .clauses import piece_of_clause, verb_with_object
from .keyword import Keyword
from .meanings import Meanings, as_written, takes_meaning, written_out
from .measures import is_measure
from .misspelt import spelt_right
from .modifiers import headless_modifier
from .normalise import MAX_LABEL_WORDS, cut_before_head, label_of, label_words, normalise_keyword
from .phrases import WHOLE
from .pieces import continued_by_keyword, cut_off, in_longer_term
from .praise import unpraised
from .restating import without_restatements
from .shapes import NO_CHIP, TITLE_HEAD, NotTerms, bare_modifier, filler, property_modifier, written_out_no_chip
from .sparse import with_title_terms
from .support import backed
from .termhood import AUTHORS_ALONE, TERMHOOD
from .terms import METHOD_PREFIX, Terms
from .titles import heads_run, title_heads, title_phrases, title_terms, title_words, with_title_name, writes_of_phrase
from .topics import MOST_TOPICS
from .topics import THRESHOLD as TERM_THRESHOLD
from .variants import group_variants
from .vocabulary import FACTOR_RANGE, Keyphraseness
from .wordlists import COMMON_WORDS

# (12 phrases: a card shows the next phrases with evidence where weaker ones go, `support`; with 8,
# COLM 2024's F1@5 fell from 0.282 to 0.280)
KEEP = {"method": 3, "acronym": 4, "phrase": 12, "topic": MOST_TOPICS}  # most keywords of a kind per paper
COMMON_METHOD = 0.5  # a name more than 1% of the papers (at least COMMON_PAPERS) use is not one paper's own
COMMON_PAPERS = 3
# Names after the paper's first are mostly baselines it compares with (`RLBench`, `PerAct`) and
# are almost never author keywords (1-7 % in a top five on the held-out venues, against 25-35 %
# for phrases): they weigh 0.3 times as much, which keeps them below the paper's own terms.
OTHER_METHODS = 0.3
# A term the authors define is one they hold key (on author keywords of other venues, defined
# terms were right about four times as often as phrases).
ACRONYM_BASE, ACRONYM_PER_USE, ACRONYM_USES = 0.9, 0.1, 4
PHRASE_TOP = 0.9
FIRST_WORDS, IN_FIRST_WORDS = 40, 1.5  # phrases in the first forty words (where abstracts state their subject)
IN_TITLE = 3.0  # weight factor of the longest phrases whose every word is in the paper's title
# A common English word (`text`, `search`, `people`) the abstract uses fewer than COMMON_USES
# times is too general to be a keyword alone: its weight is multiplied by COMMON_ALONE, and one no
# author chose as a keyword (`cell`, `machine`, `child`) is none.
COMMON_ALONE, COMMON_USES = 0.3, 3
# One word the abstract writes once (`modeling`, `geometry`, `amplitude`) says little of the paper:
# it is no keyword where authors choose it less often than the average candidate (keyphraseness
# below 1), and weighs ONCE_ALONE as much where they choose it more (`manipulation`, `robotics`:
# dropping those too cost CoRL 2023 0.006 of F1@5; 0.5 kept COLM's single words at 0.28 but cost
# CoRL 0.005, 0.75 costs it 0.002 and keeps COLM's at 0.297).
ONCE_ALONE = 0.75
# A phrase that opens with a describing word (`remarkable success`, `realistic images`, `generated
# samples`, `multiple challenges`: `roles.describes`), is headed by a light noun
# (`automated planning capabilities`, `AI-powered solution`, `data regime`) or is `A of B` (`speeds
# of motion`, `definition of character`) is seldom a term: it is no keyword when the abstract writes
# it fewer than COMMON_USES times, outside the title, and no author chose it (in the vocabulary or
# the corpus: `mixture of experts`, `natural language` stay; so do `massive activations` and `false
# refusals`, which their abstracts repeat or their titles name). A phrase cut from a longer term
# (`machine | learning models`: `phrases.LEFT_CUT`), or a piece of a longer term the abstract writes
# (`simultaneous localization` of `... and mapping`: `pieces`), is a keyword only where authors choose it.
# A phrase the abstract writes once, outside its title, that no author chose stands as a term only
# where at least TERM_PAPERS papers of the corpus have it as a candidate: written once by one paper,
# it is most often a description (`extraneous matter`, `in-field training time`) or a fragment
# (`combines contributions`, `patches correlation`): 59 of 189 such chips were junk on a judged
# sample of the catalogue, against 13 of 184 for phrases written twice or more. Only a corpus of
# TERM_CORPUS papers or more tells a term from one paper's words (a load of one venue does not).
TERM_PAPERS, TERM_CORPUS = 3, 10_000
# A card shows fewer chips rather than weak ones: a phrase scoring below LEAST_PHRASE (a tenth of
# the paper's best phrase's, less where authors pass it over) is no keyword (`evaluation metric`,
# `learning algorithm`, `planning` as fifth chips). A floor of 0.15 cut twice as many weak chips
# but cost COLM 2024 0.006 of F1@5 (phrases its authors chose, ranked sixth to tenth).
LEAST_PHRASE = 0.08
# A phrase with no evidence but its score (written once, outside the title, that the catalogue's
# titles seldom head and no author chose; or a lower-case word written fewer than COMMON_USES times
# that authors choose less than AUTHORS_ALONE times as often as the average) is no keyword below
# WEAK_PHRASE: junk grows with a chip's rank. On a fresh sample of 400 catalogue papers it took 2
# junk chips and 4 good ones, on the judged seeds 5050 and 3141 3 junk and 1 good; 0.2 took 22 junk
# and 46 good ones there and put COLM 2024's single words at 0.31 (cards keep acronyms and names).
WEAK_PHRASE = 0.1
TOPIC_BASE, TOPIC_PER_WEIGHT, TOPIC_WEIGHTS = 0.2, 0.02, 8
# A topic only learned evidence gives (weight below the term threshold: none of its terms
# written) is the paper's subject, seldom its authors' keyword: on COLM 2024, `natural language
# processing` was learned for 227 papers and chosen by the authors of one. It scores
# LEARNED_TOPIC, below the paper's phrases, without keyphraseness.
LEARNED_TOPIC = 0.1

_SMALL_WORDS = frozenset("a an and for in of on the to via with".split())  # lower case inside Title Case names
_LOG = [0.0] + [math.log(i) for i in range(1, 64)]


def rank_keywords(
    terms: Terms,
    df: Mapping[str, int],
    n_docs: int,
    title: str | None = None,
    meanings: Meanings | None = None,
    keyphraseness: Keyphraseness | None = None,
) -> list[Keyword]:
    """A paper's keywords, best first (see the module's description of the scores). `df` and
    `n_docs` are the corpus's document frequencies and size; given the paper's `title`, the longest
    phrases made only of its words weigh `IN_TITLE` times more; `meanings` are the acronyms the
    corpus defines; `keyphraseness` says how often authors choose each phrase (the shipped
    vocabulary alone if not given)."""
    kp = keyphraseness or Keyphraseness(df=df)
    out = _methods(terms, with_title_name(terms.methods, terms.defined, title), df, n_docs)
    taken = {k.normalised for k in out}
    acronyms, topic_aliases = _acronyms(terms, kp, taken)
    out += acronyms
    taken.update(k.normalised for k in acronyms)
    skip = taken | terms.topic_keys | {normalise_keyword(short) for _, short, _ in terms.acronyms.values()}
    not_terms = NotTerms(n_docs, kp)
    phrases = score_phrases(terms, df, n_docs, title, kp, skip, not_terms)
    out += phrases
    taken.update(k.normalised for k in phrases)
    out += _topics(terms, kp, taken, topic_aliases)
    ranked = sorted(out, key=lambda k: (-k.score, k.normalised))
    in_title, written = title_words(title) if title else frozenset(), dict[str, str]()
    if meanings:  # (a short form taken as a meaning the corpus defines is labelled as written: `as_written`)
        ranked, written = written_out(ranked, meanings, takes_meaning(terms, in_title, df, meanings), terms, in_title)
        # (a keyword written out from short forms keeps the verdict on its shape: `shapes.written_out_no_chip`)
        ranked = [k for k in ranked if not written_out_no_chip(k, terms.phrases, not_terms)]
    grouped = group_variants(without_restatements(ranked, kp.chosen_elsewhere), kp.factor)
    # (a keyword all of whose forms are no terms goes, and one whose own shape is never a keyword's even with
    # a term among its forms, `machine learning models`; so does a piece the titles continue: `multi-label`)
    kept = [
        k
        for k in grouped
        if k.kind != "phrase"
        or k.normalised not in not_terms
        or (NO_CHIP + k.normalised not in not_terms and any(normalise_keyword(a) not in not_terms for a in k.aliases))
    ]
    kept = [k for k in kept if not cut_off(k, kp)]  # (a piece without the rest of its term: `pieces.cut_off`)
    if terms.measures:  # (the measure of the results only: `measures.is_measure`)
        kept = [k for k in kept if not is_measure(k.normalised, terms.measures, in_title, kp)]
    kept = [k for k in kept if not headless_modifier(k, terms.phrases, kp)]  # (a bare modifier: `modifiers`)
    # (a phrase a keyword goes on from, `pieces`; after chip 1 a phrase needs evidence, `support`; misspellings, `misspelt`)
    known = n_docs >= TERM_CORPUS
    kept = spelt_right(backed(continued_by_keyword(kept, terms.phrases, title, kp, known), terms.phrases, in_title, kp))
    return as_written(with_title_terms(kept, title, terms.phrases, kp, n_docs), written, meanings)  # (`sparse`)


def _methods(terms: Terms, methods: dict[str, tuple[str, float]], df: Mapping[str, int], n_docs: int) -> list[Keyword]:
    """The paper's names and its title's (`methods`), best first: a name and its long form are one keyword (`_named`)."""
    common = max(COMMON_PAPERS, n_docs // 100)
    long_of = {long: key for key, long in terms.long_forms.items() if key in methods and long in methods}
    out = []
    for key, (label, strength) in methods.items():
        if key in long_of:
            continue
        if df.get(METHOD_PREFIX + label, 1) > common:
            strength = min(strength, COMMON_METHOD)
        long = terms.long_forms.get(key)
        if long in long_of:
            out.append(_named(key, label, methods[long][0], strength))
        else:
            out.append(Keyword(key, label, "method", strength))
    out = sorted(out, key=lambda k: (-k.score, k.normalised))[: KEEP["method"]]
    return [k._replace(score=round(k.score * (1 if i == 0 else OTHER_METHODS), 4)) for i, k in enumerate(out)]


def _named(key: str, short: str, long: str, strength: float) -> Keyword:
    """A name with its long form: shown as the long form when that is the name written out (Title
    Case words whose initials the short form is, not cut before its head: `Contextualized Policy
    Recovery (CPR)`, `Pricing with Perturbation (PwP)`), else as the coined short form (`Weight-Decomposed Low-Rank
    Adaptation (DoRA)`, `Self-Play fIne-tuNing (SPIN)`)."""
    words = long.split()
    initials = "".join(w[0] for w in words).casefold()
    capitalised = all(w[:1].isupper() or w.lower() in _SMALL_WORDS for w in words)
    # (a long form that is one coined word is the name written out: `Prompting4Debugging (P4D)`)
    if capitalised and (initials == "".join(c for c in short if c.isalpha()).casefold() or _one_coinage(words)):
        if len(words) > MAX_LABEL_WORDS or cut_before_head(long):  # (`Edge Constraint Adaptive (ECA)`: ECA)
            return Keyword(normalise_keyword(long), short, "method", strength, (long,))
        return Keyword(normalise_keyword(long), long, "method", strength, (short,))
    return Keyword(key, short, "method", strength, (long,))


def _one_coinage(words: list[str]) -> bool:
    """Whether a long form is one word with inner capitals or digits (`Prompting4Debugging`)."""
    return len(words) == 1 and not words[0][1:].islower() and "-" not in words[0]


def _acronyms(terms: Terms, kp: Keyphraseness, taken: set[str]) -> tuple[list[Keyword], dict]:
    """The defined terms, and the aliases and scores of those that are topics (`large language
    models (LLMs)` is the topic, with its alias)."""
    out = []
    topic_aliases: dict[str, tuple[tuple[str, ...], float]] = {}
    topic_keys = terms.topic_keys
    for key, (long, short, uses) in terms.acronyms.items():
        if key in taken:
            continue
        evidence = ACRONYM_BASE + ACRONYM_PER_USE * min(uses, ACRONYM_USES)
        score = round(evidence * max(kp.factor(key), kp.factor(normalise_keyword(short))), 4)
        if key in topic_keys:
            topic_aliases[key] = ((short,), score)
        else:
            words = long.split()
            # (no noun phrase: `state-of-the-art (SOTA)`, `low resolution (LR)`)
            if bare_modifier(words) or property_modifier(words):
                continue
            named, head = key, terms.heads.get(key)
            if head is not None:  # (the modifier with its noun: `out-of-distribution (OOD) data`)
                words, short = [*words, head], f"{short} {head}"
                named = normalise_keyword(" ".join(words))
                if named in taken:
                    continue
            if label_words(" ".join(words)) > MAX_LABEL_WORDS:  # (shown by its short form: `DBSCAN`)
                out.append(Keyword(named, short, "acronym", score, (label_of(words),)))
            else:
                out.append(Keyword(named, label_of(words), "acronym", score, (short,)))
    return sorted(out, key=lambda k: (-k.score, k.normalised))[: KEEP["acronym"]], topic_aliases


def score_phrases(
    terms: Terms,
    df: Mapping[str, int],
    n_docs: int,
    title: str | None,
    kp: Keyphraseness,
    skip: Set[str] = frozenset(),
    not_terms: NotTerms | None = None,
) -> list[Keyword]:
    """The paper's best `KEEP` phrases (not those in `skip`), best first, before variants merge;
    each phrase weighed is noted in `not_terms`, which tells those that are no terms by `termhood`
    (`termhood.not_a_term`)."""
    log_n = math.log(n_docs + 1)
    rare = log_n - math.log(2) + 1  # the weight of a phrase no other paper uses
    get, log, chosen = df.get, math.log, kp.chosen_elsewhere
    phrases = terms.phrases
    titled = title_phrases(phrases, title) if title else ()
    named: frozenset[str] | None = None  # (the title's terms, read for its first cut phrase only)
    heads: dict[str, str] = {}  # (the heads of its runs after an adjective: `titles.title_heads`)
    terms_known = n_docs >= TERM_CORPUS
    weights = []
    for key, (count, first, written, whole) in phrases.items():
        if key in skip:
            continue
        if whole != WHOLE and not chosen(key):
            # (cut from its run, `phrases`, or a piece of a longer term the abstract writes, `pieces`;
            # a term the title names stays, unless the title too writes it inside a longer term)
            if key not in titled:
                continue
            if named is None:
                named, heads = title_terms(title or ""), title_heads(title or "")
            if key not in named and not heads_run(key, heads, get, chosen):
                continue
            if in_longer_term(key, title or ""):
                continue
        shared = get(key)
        if (
            count == 1
            and terms_known
            and (shared is None or shared < TERM_PAPERS)
            and (key not in titled or (" of " in written and not writes_of_phrase(title or "", key)))
            and not chosen(key)
        ):
            continue  # (written once, by this paper alone: no term yet; nor an `A of B` the title does not write, `writes_of_phrase`)
        weight = (1 + _LOG[count] if count < 64 else 1 + log(count)) * (
            rare if shared is None else log_n - log(shared + 1) + 1
        )
        if first < FIRST_WORDS:
            weight *= IN_FIRST_WORDS
        if key in titled:
            weight *= IN_TITLE
        if " " not in key:
            if count == 1 and key not in titled and written[1:].islower():
                if kp.factor(key) < 1:
                    continue
                weight *= ONCE_ALONE
            if count < COMMON_USES and key in COMMON_WORDS and written[1:].islower():
                if not chosen(key):
                    continue  # (`cell`, `machine`, `child`: no author's keyword)
                weight *= COMMON_ALONE
        elif count < COMMON_USES and key not in titled and (" of " in key or filler(key, written)) and not chosen(key):
            continue
        if not_terms is not None:  # (ranked even if no term: it may name a variant of one, `critical thinking tools`)
            not_terms.note(key, written, count, key in titled, shared)
        weights.append((weight, key, written))
    if not weights:
        return []
    # Keyphraseness in the order of the weights, until no phrase left can reach the best KEEP
    # (a factor is at most FACTOR_RANGE's top): the same phrases, far fewer look-ups.
    weights.sort(key=lambda w: -w[0])
    top, most = weights[0][0], FACTOR_RANGE[1]
    best: list[float] = []  # the KEEP best scores so far (a heap: the least first)
    candidates = []
    for weight, key, written in weights:
        if len(best) == KEEP["phrase"] and weight * most < best[0]:
            break
        score = weight * kp.factor(key)
        candidates.append((-score, key, written))  # then the key: ties break the same way on every run
        if len(best) < KEEP["phrase"]:
            heapq.heappush(best, score)
        elif score > best[0]:
            heapq.heapreplace(best, score)
    scored = heapq.nsmallest(KEEP["phrase"], candidates)  # the same as sorted(...)[:KEEP], with fewer comparisons
    kept = [
        (Keyword(key, label_of(written.split(" ")), "phrase", score), written)
        for weight, key, written in scored
        if (score := round(-PHRASE_TOP * weight / top, 4)) >= LEAST_PHRASE
        and (score >= WEAK_PHRASE or key in titled or not _weak(key, written, phrases[key][0], kp))
        and not verb_with_object(key, written, chosen, title)  # (a gerund with its object: `clauses`)
        and not piece_of_clause(key, phrases, chosen, title)
    ]
    return unpraised(kept, phrases, titled, kp, get, not_terms)


def _weak(key: str, written: str, count: int, kp: Keyphraseness) -> bool:
    """Whether a phrase outside the title has no evidence but its score (see WEAK_PHRASE)."""
    if not written[1:].islower():  # (a name or an acronym: `CIFAR-10`, `EM`)
        return False
    if " " not in key and count < COMMON_USES and kp.factor(key) < AUTHORS_ALONE:
        return True
    rate = TERMHOOD.rate(key)
    return count == 1 and (rate is None or rate < TITLE_HEAD) and not kp.chosen_elsewhere(key)


def _topics(terms: Terms, kp: Keyphraseness, taken: set[str], topic_aliases: dict) -> list[Keyword]:
    out = []
    for name, weight in sorted(terms.topics.items(), key=lambda kv: (-kv[1], kv[0]))[: KEEP["topic"]]:
        key = normalise_keyword(name)
        if key not in taken:
            aliases, score = topic_aliases.get(key, ((), 0.0))
            if weight < TERM_THRESHOLD:
                own = LEARNED_TOPIC
            else:
                own = round((TOPIC_BASE + TOPIC_PER_WEIGHT * min(weight, TOPIC_WEIGHTS)) * kp.factor(key), 4)
            out.append(Keyword(key, name, "topic", max(score, own), aliases))
    return out

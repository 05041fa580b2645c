"""What one abstract says before corpus statistics: `extract_terms` gathers its phrases, topics,
acronym definitions and method names."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..code_status import is_official
from ..links import extract_links
from .acronyms import acronyms, is_expansion
from .citations import drop_cited_venues
from .claims import claimed_words
from .clauses import mark_after_prepositions
from .epithets import mark_epithets
from .measures import measure_keys
from .modifiers import acronym_head, mark_modifiers
from .names import add_method_names
from .normalise import normalise_keyword
from .passing import passing_mentions
from .phrases import phrase_candidates
from .pieces import mark_before_compounds, mark_pieces, mark_slashed
from .prose import clean, sentences
from .repositories import add_repository_names
from .title_topics import with_title
from .topics import Taxonomy, term_evidence, topics_of

METHOD_PREFIX = "method:"  # method names are counted apart from phrases (`NExT` is not `next`)


@dataclass(slots=True)
class Terms:
    """What one abstract says, before corpus statistics: the input to `rank_keywords`."""

    methods: dict[str, tuple[str, float]] = field(default_factory=dict)  # norm -> (label, strength)
    acronyms: dict[str, tuple[str, str, int]] = field(default_factory=dict)  # norm long -> (long, short, uses)
    phrases: dict[str, list] = field(default_factory=dict)
    topics: dict[str, float] = field(default_factory=dict)  # name -> weight (`match_topics`)
    long_forms: dict[str, str] = field(default_factory=dict)  # a method's key -> its long form's (`cpr` -> ...)
    # the short forms it defines, spelled out or not: normalised short -> long (`meg` -> `magnetoencephalography`)
    defined: dict[str, str] = field(default_factory=dict)
    # what the abstract's terms say of the topics the title may name (`with_title`): its term
    # weights by topic index and the topics whose `needs` it writes; None for a paper whose text
    # is its title
    topic_terms: tuple[dict[int, int], list[int]] | None = None
    # an acronym whose long form is a modifier: its key -> the noun written after its definition
    # (`out-of-distribution (OOD) data`: `modifiers.acronym_head`)
    heads: dict[str, str] = field(default_factory=dict)
    # the keys of the candidates it writes only as the measure of its results (`measures.measure_keys`)
    measures: frozenset[str] = frozenset()

    @property
    def topic_keys(self) -> set[str]:
        return {normalise_keyword(name) for name in self.topics}

    def document_keys(self) -> set[str]:
        """The keys counted once per document for corpus frequencies."""
        return set(self.phrases) | {METHOD_PREFIX + label for label, _ in self.methods.values()}


def extract_terms(abstract: str, taxonomy: Taxonomy) -> Terms:
    """Everything `rank_keywords` needs from one abstract."""
    text = clean(abstract)
    words, phrases = phrase_candidates(text)
    terms = Terms(phrases=phrases)
    shorts = _add_definitions(text, terms)
    terms.defined = {normalise_keyword(short): normalise_keyword(long) for short, long in shorts.items()}
    words, counted = _with_claims(words, text), _with_short_form_uses(phrases, terms.acronyms)
    said = term_evidence(words, counted, taxonomy, passing_mentions(text))
    terms.topics = topics_of(words, counted, taxonomy, said)
    terms.topic_terms = (said.weights, sorted(said.worded))
    mark_before_compounds(phrases)
    mark_pieces(text, phrases)
    mark_epithets(text, phrases)
    mark_slashed(text, phrases)
    mark_modifiers(text, phrases)
    mark_after_prepositions(text, phrases)
    add_method_names(text, terms.methods, terms.acronyms, shorts, terms.long_forms)
    if "github" in abstract:  # (`clean` took the URLs out of `text`)
        add_repository_names(text, own_repositories(abstract), terms.methods)
    drop_cited_venues(text, terms.methods, phrases, terms.defined)  # (`ICML 2014`: another work's, `citations`)
    terms.measures = measure_keys(text, phrases, terms.acronyms, terms.methods)
    return terms


def titled_topics(terms: Terms, title: str | None, taxonomy: Taxonomy) -> dict[str, float]:
    """The paper's topics with those its `title` names (`with_title`), first; a paper whose text
    is its title, or that has none, keeps its own."""
    if terms.topic_terms is None or not title:
        return terms.topics
    return with_title(terms.topics, terms.topic_terms, phrase_candidates(clean(title)), taxonomy)


def topic_inputs(abstract: str) -> tuple[dict[str, int], dict[str, list], dict[str, int]]:
    """The words, phrases and mentions in passing `extract_terms` matches topics on (for the script
    that learns topic evidence from labelled papers: it must see what a load sees)."""
    text = clean(abstract)
    words, phrases = phrase_candidates(text)
    terms = Terms(phrases=phrases)
    _add_definitions(text, terms)
    return _with_claims(words, text), _with_short_form_uses(phrases, terms.acronyms), passing_mentions(text)


def _with_claims(words: dict[str, int], text: str) -> dict[str, int]:
    """Words as topic matching counts them: with the `+word`s of what the text claims to contribute
    (`we release a new dataset`: `+dataset`, which `datasets and benchmarks` needs)."""
    claimed = claimed_words(text)
    return {**words, **claimed} if claimed else words


def _with_short_form_uses(phrases: dict[str, list], acronyms: dict[str, tuple[str, str, int]]) -> dict[str, list]:
    """Phrases as topic matching counts them: a defined long form is used as often as it and its
    short form are written (`diffusion probabilistic models (DPMs)` ... `DPMs`)."""
    if not acronyms:
        return phrases
    counted = dict(phrases)
    for key, (_, _, uses) in acronyms.items():
        entry = counted.get(key)
        if entry is None or entry[0] < uses:
            counted[key] = [uses]
    return counted


def own_repositories(abstract: str) -> list[str]:
    """Names of the GitHub repositories the abstract offers as its own code."""
    return [
        link.repo
        for link in extract_links(abstract)
        # (GitHub's only, as before other code hosts' links were repositories too: whether the name
        # of a Hugging Face model or a GitLab project is a method name has not been measured)
        if link.kind == "repo"
        and link.repo
        and link.url.startswith("https://github.com/")
        and is_official(abstract, link)
    ]


def _add_definitions(text: str, terms: Terms) -> dict[str, str]:
    """Add the acronyms `text` defines to `terms`; returns short form -> long form."""
    shorts: dict[str, str] = {}
    for sentence in sentences(text):
        if "(" not in sentence:  # most sentences define nothing
            continue
        for short, long in acronyms(sentence):
            shorts.setdefault(short, long)
            key = normalise_keyword(long)
            if key not in terms.acronyms and is_expansion(short, long):
                terms.acronyms[key] = (long, short, text.count(short))
                head = acronym_head(sentence, short, long)
                if head is not None:
                    terms.heads[key] = head
    return shorts

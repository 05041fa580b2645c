"""Short forms the corpus defines (`large language models (LLMs)`), applied to papers that use
them: a phrase that is a defined short form becomes its long form's keyword where the meaning is
the field's (many papers define it, the one way) or the paper writes that long form too, and the
paper does not define the short form otherwise itself; elsewhere it stays as the paper writes it
(issue #36, the tenth round). Such a keyword is labelled as the paper writes the short form
(`as_written`: the store's vote then gives `BERT`, not its definers' long form), and a short form the
corpus defines another way too is shown no meaning whose words the paper never writes
(`another_meaning`: `SHAP` on an XAI paper; docs/keywords.md, branch kwacro29)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from . import wordlists
from .keyword import Keyword
from .normalise import MAX_LABEL_WORDS, label_words, normalise_keyword

if TYPE_CHECKING:  # (a small load imports this module, and not what extraction needs)
    from .terms import Terms

# Acronyms the corpus defines: normalised short form -> {normalised long form: (label, papers
# defining it so)}.
Meanings = dict[str, dict[str, tuple[str, int]]]
# Whether a paper takes a meaning: (short form, long form's key, papers defining it so) -> bool.
Takes = Callable[[str, str, int], bool]
# The long forms the corpus defines a short form with that spell no meaning (`shap` -> {`shapley
# additive explanation`: 1}): normalised short form -> long form's key -> papers (`other_definitions`).
Others = Mapping[str, Mapping[str, int]]

LONG_FORM_WORDS = 0.5  # the share of a corpus meaning's words a paper writes to be shown it
# The papers that define a short form's one meaning for it to be the field's, shown on papers that
# only use the short form (`DPO`: 11 papers of the catalogue, 2 of COLM 2024's 299; `BERT`, 5;
# `LSTM`, 109). Of the catalogue's 6,527 short forms with one meaning, 5,433 are defined by one
# paper, 557 by two, 184 by three; the corpus defines the short form another way as often or more
# (`electrocardiogram (ECG)`, whose long form does not spell it) for 11 % of those defined once,
# 4 % of those defined twice, 2 % from three papers on: one paper's meaning is thin, two agreeing
# are the corpus's (docs/keywords.md, the tenth round).
FIELD_WIDE = 2
# ... and at least this share of the papers writing the short form (a phrase of its own) define it
# so: `RGB` (1,022 papers write it, 2 define `red green blue`), `NODE`, `MeSH`, `RAPID` are words
# of their own. Of the 929 one-meaning short forms two papers or more define, only these four fall
# under 0.005; the next is `BERT` (5 of 422, 0.012).
DEFINED_SHARE = 0.01


def merge_acronym_uses(
    ranked: list[Keyword], meanings: Meanings, takes: Takes, defined: Mapping[str, str] | None = None
) -> list[Keyword]:
    """A phrase that is an acronym the corpus defines (`LLMs`, defined elsewhere as `large
    language models (LLMs)`) becomes that keyword, when the acronym has one meaning
    and the paper `takes` it (see `takes_meaning`) or has the long form among its keywords. Another
    paper's meaning is no label of a chip: `TEE` on a paper about transesophageal echocardiography
    is not `temporal expression extraction`, `UPS` on a Gough-Stewart platform not `uncalibrated
    photometric stereo` (the acronym is shown as the paper writes it). A plural written as one
    (`SPAs`) is its singular's (`SPA`, not `SPAS`); a short form the paper defines itself (`defined`,
    `soft pneumatic actuator (SPA)`) is that keyword where the paper has it (it goes)."""
    present = {k.normalised for k in ranked}
    merged = []
    for k in ranked:
        # (written as an acronym is, with capitals: `coil`, `grasp`, `nodes` are words, not `COIL`,
        # `GRASP` or `NODE`, whose meanings other papers define)
        short = _short_key(k.label, k.normalised, meanings)
        written_short = k.kind == "phrase" and k.label != k.label.lower()
        own = own_meaning(short, defined or {}) if written_short else None
        if own is not None and own != k.normalised and own in present:
            continue
        one = one_meaning(meanings.get(short)) if written_short else None
        if one is not None and (one[0] in present or takes(short, one[0], one[1][1])):
            key, (label, _) = one
            if key in present:
                continue
            if label_words(label) > MAX_LABEL_WORDS:  # (shown by the short form the paper writes)
                k = Keyword(key, k.label, "acronym", k.score, (label,))
            else:
                k = Keyword(key, label, "acronym", k.score, (k.label,))
            present.add(key)
        elif one is not None:  # (an acronym as this paper writes it: `TEE`, `UPS`)
            k = Keyword(k.normalised, k.label, "acronym", k.score, k.aliases)
        elif k.kind == "phrase" and " " in k.label and k.label != k.label.lower():
            expanded = _expanded(k.label, meanings, takes)  # `multi-agent RL` is `multi-agent reinforcement learning`
            if expanded is not None:
                key = normalise_keyword(expanded)
                if key in present:
                    continue
                k = Keyword(key, expanded, "phrase", k.score, (k.label,))
                present.add(key)
        merged.append(k)
    return merged


def one_meaning(targets: Mapping[str, tuple[str, int]] | None) -> tuple[str, tuple[str, int]] | None:
    """A short form's one meaning (long form's key, (label, papers defining it so)), or None where
    the corpus defines it several ways or not at all. (Taking a meaning ten times as many papers
    define as all the others, `GNN`, `NLP`, `LLM`, was tried and not kept: docs/keywords.md, kwalias2.)"""
    return next(iter(targets.items())) if targets and len(targets) == 1 else None


def _short_key(label: str, key: str, meanings: Meanings) -> str:
    """The short form a phrase is, as `meanings` has it: a plural written as one (`SPAs`, `WSIs`: a
    lower-case `s` after capitals) is its singular's where the corpus defines that (`SPA` is a soft
    pneumatic actuator, several other things, and none of them the `SPAS` of single port access
    surgery)."""
    if len(label) > 2 and label[-1] == "s" and label[:-1] != label[:-1].lower() and " " not in label:
        singular = normalise_keyword(label[:-1])
        if singular != key and singular in meanings:
            return singular
    return key


def own_meaning(short: str, defined: Mapping[str, str]) -> str | None:
    """The long form's key the paper defines a short form as (its plural or singular too: `SPAs`
    for `soft pneumatic actuator (SPA)`), or None."""
    for form in (short, short + "s", short[:-1] if len(short) > 2 and short.endswith("s") else ""):
        if form in defined:
            return defined[form]
    return None


def _expanded(label: str, meanings: Meanings, takes: Takes) -> str | None:
    """`label` with each short form the corpus defines once, and whose meaning the paper `takes`,
    written out; None if it has none."""
    words, changed = label.split(), False
    for i, word in enumerate(words):
        if len(word) > 1 and word.isupper():
            short = normalise_keyword(word)
            one = one_meaning(meanings.get(short))
            if one is not None:
                key, (long, papers) = one
                if takes(short, key, papers):
                    words[i] = long
                    changed = True
    return " ".join(words) if changed and label_words(" ".join(words)) <= MAX_LABEL_WORDS else None


def writes_long_form(terms: Terms, in_title: frozenset[str]) -> Callable[..., bool]:
    """Whether the paper (its abstract's phrases and definitions, its title's words `in_title`)
    writes a long form, given normalised: whole, or `LONG_FORM_WORDS` of its words (`direct
    preference optimization` on a paper writing `preference` and `optimization`; not `total
    variation` on one about TV shows); with `any_word`, whole or one of its content words."""
    written: set[str] = set()

    def writes(key: str, any_word: bool = False) -> bool:
        words = key.split(" ")
        if key in terms.phrases or key in terms.acronyms or in_title.issuperset(words):
            return True
        if not written:
            written.update(in_title, (w for phrase in terms.phrases for w in phrase.split(" ")))
        if any_word:
            return any(w in written for w in _content_words(key))
        return sum(w in written for w in words) >= LONG_FORM_WORDS * len(words)

    return writes


def takes_meaning(terms: Terms, in_title: frozenset[str], df: Mapping[str, int], meanings: object = None) -> Takes:
    """Whether the paper takes the corpus's meaning of a short form it uses without defining it:
    never where it defines the short form otherwise itself, with none of the meaning's words
    (`magnetoencephalography (MEG)`, not `matrix exponentiated gradient`; `electrocardiogram (ECG)`:
    its long form does not spell it), always where it defines it with some of the meaning's words,
    else where the meaning is the field's (`FIELD_WIDE` papers or more define it, and
    `DEFINED_SHARE` of the papers `df` says write the short form) or the paper writes its long form
    (`writes_long_form`: `temporal expression extraction`, defined by one paper, only where
    written); never where the corpus defines the short form otherwise too (`meanings.others`,
    `another_meaning`) and the paper writes none of the meaning's content words (`SHAP` on an XAI
    paper is not the `southampton hand assessment procedure` robotics papers define)."""
    writes = writes_long_form(terms, in_title)
    own, others = terms.defined, getattr(meanings, "others", None)  # (`counts.Labelled`'s: `Others`)

    def takes(short: str, key: str, papers: int) -> bool:
        mine = own_meaning(short, own)  # (its singular's or its plural's: `soft pneumatic actuators (SPAs)`)
        if mine is not None:
            # (its own definition, spelled or not, may say more: `cross-domain named entity
            # recognition (NER)` is still `named entity recognition`; one with none of its words is
            # another meaning)
            return not set(mine.split(" ")).isdisjoint(key.split(" "))
        if others and short in others and another_meaning(key, papers, others[short]) and not writes(key, True):
            return False
        field_wide = papers >= FIELD_WIDE and papers >= DEFINED_SHARE * df.get(short, 1)
        return field_wide or writes(key)

    return takes


def _content_words(key: str) -> set[str]:
    words = wordlists.FUNCTION_WORDS  # (read when called: a small load imports this module, `compact_words`)
    return {w for w in key.split(" ") if w not in words} or set(key.split(" "))


def another_meaning(key: str, papers: int, others: Mapping[str, int]) -> bool:
    """Whether the corpus defines a short form another way, with a long form that spells no meaning
    (`others`: long form's key -> papers), as often as half the `papers` defining the meaning's
    `key`, counting the long forms that may be terms (`acronyms.noun_phrase`) and share no content
    word with it: `shapley additive explanation` (1 paper) against `southampton hand assessment
    procedure` (2); not `deep residual network` against `residual network` (a loose definition of
    it), nor `photodynamic eye` (1) against `partial differential equation` (34)."""
    from .acronyms import noun_phrase  # (when called, as `wordlists` above)

    words = _content_words(key)
    other = sum(n for long, n in others.items() if noun_phrase(long) and words.isdisjoint(_content_words(long)))
    return 2 * other >= papers


def other_definitions(terms: Terms) -> Iterator[tuple[str, str]]:
    """(short form, long form's key) of each definition of a paper whose long form is no acronym
    keyword's (`SHapley Additive exPlanations (SHAP)`: its words do not spell SHAP)."""
    return ((short, long) for short, long in terms.defined.items() if long not in terms.acronyms)


def written_out(
    ranked: list[Keyword], meanings: Meanings, takes: Takes, terms: Terms, in_title: frozenset[str] = frozenset()
) -> tuple[list, dict[str, str]]:
    """`merge_acronym_uses`, and the keywords it wrote out from a short form the paper writes and
    whose long form it never writes (keys new to its keywords, not among its `terms.phrases`, not
    all of their words in its title's, `in_title`) -> that form as written (`as_written`)."""
    before = {k.normalised for k in ranked}
    labels = {k.label for k in ranked}
    merged = merge_acronym_uses(ranked, meanings, takes, terms.defined)
    written = {
        k.normalised: next(f for f in (k.label, *k.aliases) if f in labels)
        for k in merged
        if k.normalised not in before
        and k.normalised not in terms.phrases
        and not in_title.issuperset(k.normalised.split(" "))
        and labels.intersection((k.label, *k.aliases))
    }
    return merged, written


def as_written(ranked: list[Keyword], written: Mapping[str, str], meanings: Meanings | None) -> list[Keyword]:
    """A paper's ranked keywords with each acronym `merge_acronym_uses` wrote out from a short form
    the paper uses and does not define (`written`: key -> the form written, `BERT`) labelled as the
    paper writes it, a one-word plural as its singular where the corpus defines that (`ResNets` ->
    `ResNet`): the store's vote (`load.keywords`) then counts the papers that write only the short
    form, and a keyword's label is the form most of its papers write (`BERT`; `residual network`
    where most write it). A phrase with a short form in it stays written out (`LM predictions` is
    `language model predictions`: the search and the authors' keywords read its words). Keys, aliases
    and order unchanged."""
    if not written or not meanings:
        return ranked
    out = []
    for k in ranked:
        form = written.get(k.normalised) if k.kind == "acronym" else None
        if form is not None and form != k.label and " " not in form:  # (the short form alone)
            plural = form[-1] == "s" and form[:-1] != form[:-1].lower()
            k = k._replace(label=form[:-1] if plural and normalise_keyword(form[:-1]) in meanings else form)
        out.append(k)
    return out

"""Method names: the coined names an abstract introduces, repeats, or makes claims for."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Mapping
from itertools import accumulate, pairwise

from .coined import VERSION, looks_coined, maybe_coined, name_at, well_known
from .false_names import organisations, piece_of_more
from .normalise import normalise_keyword
from .wordlists import NOT_NOUNS, STOP_WORDS

_INTRO = re.compile(
    r"\b(?:propos(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|present(?:s|ed|ing)?|develop(?:s|ed|ing)?|describ(?:e|es|ed|ing)"
    r"|design(?:s|ed|ing)?|devis(?:e|es|ed|ing)|offer(?:s|ed|ing)?|provid(?:e|es|ed|ing)"
    r"|build(?:s|ing)?|built|creat(?:e|es|ed|ing)|construct(?:s|ed|ing)?|formulat(?:e|es|ed|ing)"
    r"|put\s+forward|releas(?:e|es|ed|ing)|call(?:s|ed)?|name[sd]?|term(?:s|ed)?|dub(?:s|bed)?|refer(?:s|red)?\s+to\s+as"
    r"|coin(?:s|ed)?|namely|denoted|abbreviated|deriv(?:e|es|ed)|our)\b",
    re.IGNORECASE,
)
_NAMING = re.compile(
    r"^(?:called|dubbed|named|termed|coined|namely|denoted|abbreviated|refer(?:s|red)?\s+to\s+as)$", re.IGNORECASE
)
_OUR = re.compile(r"^our$", re.IGNORECASE)
_PREPOSITIONS = frozenset(
    "on of from with using by for to in into over against than via upon and or as like e.g. e.g., i.e.".split()
)
_ARTICLES = frozenset("the a an".split())
# Words that open a clause: a name after one is not the object of the verb before it.
_CLAUSE = frozenset("that whether how why if which where when while whereas".split())
_ADJECTIVAL = re.compile(
    r"\b(?:the|a|an|our|their|previously|recently|originally|newly|widely|been|was|were|is|are|be)\s+$",
    re.IGNORECASE,
)
WINDOW = 24  # words after an introducing verb in which the name must appear
WINDOW_CHARS = 8 * WINDOW  # the text searched for that verb before a name (about WINDOW words)
OWN_OBJECT_WORDS = 8  # words from the paper's own verb to a short form that names its object
# The strength of a name, by how the abstract introduces it (its score in the method band,
# `rank`): a naming word right before it is the surest sign, `our X` the weakest introduction;
# after a verb such as `propose` the strength falls with the words between verb and name.
NAMED, NAMED_WITHIN = 3.0, 4  # `called X`, `dubbed X`, with fewer than NAMED_WITHIN words between
OURS, OURS_WITHIN = 2.0, 2  # `our X`
INTRODUCED, PER_WORD_BETWEEN = 2.5, 0.02  # `we propose X, a ...`
ADJECTIVAL_CHARS = 16  # text before the verb searched for `the proposed`, `was introduced`
PER_USE, USES = 0.05, 6  # each use of an introduced name adds this much, up to USES uses
LONG_FORM_BELOW = 0.1  # a named method's long form ranks just below its short form
REPEATED, PER_REPEAT, REPEATS_MIN = 1.0, 0.1, 2  # a coined name used REPEATS_MIN times or more, never introduced
REPEATED_CHARS = 4  # a repeated name has at least this many characters (shorter: an acronym)
PLAIN_NAME, APPOSITIVE = 2.5, 2.4  # Title Case names after the paper's verb, names set off after `the method,`
CLAIMED = 1.2  # the subject of a claim (`X outperforms ...`), never introduced: the weakest sign
# The paper as the subject of the verb right after: `we (further) propose`, `this paper presents`.
_OWN_SUBJECT = re.compile(r"(?:\b[Ww]e|\b[Tt]his (?:paper|work|study|article))\s+(?:\w+ly\s+)?$")


_NEXT_WORD = re.compile(r"[\s*_`'’\"]*(\S*)")
_LOWER_HYPHENATED = re.compile(r"[a-z]+(?:-[a-z]+)+")
# Nouns that may follow a name as it is introduced: `the SymGNN framework`.
NAME_NOUNS = frozenset(
    "framework method model algorithm approach architecture network benchmark dataset system"
    " protocol library toolkit pipeline agent family paradigm technique strategy scheme"
    " estimator optimizer procedure module layer loss attack defense suite".split()
)
# Words after which a name is being introduced rather than used: `X, a ...`, `X which ...`.
NAME_FOLLOWERS = frozenset("which that to for as is with where whose and that,".split())


def _opens_clause(between: list[str]) -> bool:
    """Whether the words between a verb and a name open a clause (`evidence that X`, `based on X`;
    not `a novel evolution-strategies based method (EvIL)`)."""
    if not _CLAUSE.isdisjoint(between):
        return True
    return any(w == "based" and nxt in ("on", "upon") for w, nxt in pairwise(between))


def _reads_as_name(text: str, end: int) -> bool:
    """Whether the token ending at `end` stands as a name (`BiLLM, a ...`, `(CPR)`) rather than as
    a modifier (`the PSC phenomenon`, `BN layers`)."""
    v = VERSION.match(text, end)
    if v:
        end = v.end()
    after = _NEXT_WORD.match(text, end)
    following = after.group(1) if after else ""
    if not following or following[0] in ",.;:()[]!?":
        return True
    raw = following.rstrip(",.;:)")
    word = raw.lower()
    if word in NAME_NOUNS or word in NAME_FOLLOWERS:
        return True
    if after and _LOWER_HYPHENATED.fullmatch(raw) and text[end : after.start(1)].isspace():
        # a hyphenated noun in lower case right after it is what it modifies (`comparable to
        # state-of-the-art RGB co-segmentation techniques`), unless a name's noun follows that
        # (`the CORNET 2.0 co-simulation framework`); a name's own parts stay (`SceneNet RGB-D`)
        noun = _NEXT_WORD.match(text, after.end())
        return noun is not None and noun.group(1).rstrip(",.;:)").lower() in NAME_NOUNS
    return not word.isalpha()


def _stands(text: str, end: int) -> bool:
    """Whether the token ending at `end` stands as a name: punctuation, a name's noun or a word
    that is no noun follows it (its verb: `Q-Align achieves`), not a noun it modifies."""
    after = _NEXT_WORD.match(text, end)
    following = after.group(1) if after else ""
    if not following or following[0] in ",.;:()[]!?":
        return True
    word = following.rstrip(",.;:)").lower()
    return word in NAME_NOUNS or word in NAME_FOLLOWERS or word in NOT_NOUNS


def introduced_names(
    text: str, coined: list[re.Match], spelled_from: Mapping[int, int] | None = None
) -> list[tuple[str, float, bool]]:
    """Names the text introduces (`we propose X`, `a method called X`, `(dubbed X)`): coined
    tokens with an introducing word shortly before them in the same sentence and no other coined
    token in between. `coined` are the text's coined tokens in order; `spelled_from` maps the start
    of a short form to the start of the long form it abbreviates, which then stands for the name
    (`we propose Gradient Low-Rank Projection (GaLore)`). Each name comes with its strength and
    whether the paper itself is the subject of the introducing verb (`we propose`, `this paper
    presents`) with the name's description right after it."""
    found = []
    floor = 0
    for m in coined:
        start = spelled_from.get(m.start(), m.start()) if spelled_from else m.start()
        window = text[max(floor, start - WINDOW_CHARS) : start]
        floor = m.end()
        cut = max(window.rfind(". "), window.rfind("? "), window.rfind("! "))
        if cut >= 0:
            window = window[cut + 2 :]
        as_name = _reads_as_name(text, m.end())
        best, own = 0.0, False
        for intro in _INTRO.finditer(window):
            between = window[intro.end() :].split()
            naming = _NAMING.match(intro.group())
            if naming and between[:1] == ["as"]:  # `denoted as X`, `termed as X`
                del between[0]
            if naming:  # `called X`, `dubbed X`
                strength = NAMED if len(between) < NAMED_WITHIN else 0.0
            elif _OUR.match(intro.group()):  # `our X`
                strength = OURS if len(between) < OURS_WITHIN else 0.0
            elif (
                as_name
                and len(between) < WINDOW
                and not _opens_clause(between)
                and not (
                    between and between[0].lower() in _PREPOSITIONS  # `building on X`, `provided by X`
                )
            ):  # `we propose X, a ...`
                strength = INTRODUCED - PER_WORD_BETWEEN * len(between)  # (not `provides evidence that X ...`)
            else:
                continue
            if _ADJECTIVAL.search(
                window, max(0, intro.start() - ADJECTIVAL_CHARS), intro.start()
            ):  # `the proposed method`, `was introduced`
                continue
            tail = [w.lower().strip("(\"'“,") for w in between[-2:] if w.lower() not in _ARTICLES]
            # `based on X`, `like the X`; but `a framework for Similarity-driven ... (SiBBlInGS)` and
            # `Dropping In Convolutions for Long Context Compression (LoCoCo)` name it
            if (
                tail
                and tail[-1] in _PREPOSITIONS
                and not (len(tail) > 1 and start != m.start() and (tail[-2] in NAME_NOUNS or between[-2][:1].isupper()))
            ):
                continue
            best = max(best, strength)
            if not naming and len(between) <= OWN_OBJECT_WORDS and _OWN_SUBJECT.search(window, 0, intro.start()):
                own = True
        if best:
            found.append((name_at(text, m), best, own))
    return found


# A capitalised word right after `we propose` (or `this paper presents`) and before a comma, a
# colon or a parenthesis: the name of what the paper introduces, even without inner capitals.
# (`[a-z]{2}[a-z0-9]*+` is `[a-z]{2,}[a-z0-9]*` without the choice of where one ends: possessive,
# deterministic quantifiers keep every expression here linear in the text)
_TITLE_WORD = r"[A-Z][a-z]{2}[a-z0-9]*+(?:[A-Z][a-z0-9]*+)*+(?:-[A-Za-z0-9]++)*+"  # (`SparQ Attention`)
# ... also of up to four Title Case words: `we propose Gradient Echo Regularization, a ...`.
# (These open with a class of first letters and test the word's start behind it, not with `\b`: the
# regex engine skips to those letters in C, not trying the expression at every character.)
_PLAIN_NAME = re.compile(
    r"[WwTt](?<!\w[WwTt])(?:(?<=[Ww])e|(?<=[Tt])his (?:paper|work)) (?:propos|introduc|present|releas|develop|design|build)\w* "
    rf"({_TITLE_WORD}(?: {_TITLE_WORD}){{0,3}})(?=(?:\s(?=[\w.]*\d)[\w.]++)?\s*[,:(])"  # (a size may follow: `Mixtral 8x7B,`)
)
# A name set off after the paper's own method, often in a closing sentence: `The resulting
# method, FooNet, is ...`, `our framework, Gradient Echo, ...`.
_APPOSITIVE = re.compile(
    r"[TtOo](?<!\w[TtOo])(?:(?<=[Tt])he|(?<=[Oo])ur) (?:resulting |proposed |new |final |overall )?"
    r"(?:method|model|framework|approach|algorithm|system|architecture|pipeline|agent|benchmark|dataset|library|toolkit|tool)"
    r",\s+([A-Z][\w#+∂-]*[\w#+](?: [A-Z][\w-]*[a-z0-9]){0,3}),"
)
_INNER_CAPITAL = re.compile(r".[A-Z#∂]")
# A singular verb of comparison after a name: the sentence claims a result for it.
_CLAIM = re.compile(
    r",?\s+(?:(?:consistently|significantly|substantially|also|further|even|clearly|notably|greatly|largely)\s+)?"
    r"(?:outperforms|surpasses|beats|exceeds|achieves|attains|matches|sets)\b"
)
_PROPOSED = re.compile(r"\b(?:[Tt]he|[Oo]ur) (proposed|novel|new) $")
PROPOSED_CHARS = 20  # text before a name searched for `the proposed`
# `the proposed X` claims X as the paper's own, above a name given to a part or variant (`termed Y`),
# where X stands as a name (`The proposed Q-Align achieves ...`); before a noun it is a modifier
# and weighs OURS (`our proposed LT self-supervision task`, `the proposed AND-OR structure model`),
# as does `the new X` (`the HML framework using the new Concept Reconstruction (CR) ... constraints`).
PROPOSED = NAMED + 0.1
_TITLE_HYPHEN = re.compile(r"^[A-Z][a-z]{2,}(?:-[A-Z][a-z]{2,})+$")


def _uses_defined_acronym(m: re.Match, defined_at: Mapping[str, int]) -> bool:
    """Whether `m` is a later use of an acronym the text defined earlier (`... (ZKP) ... ZKPs`)."""
    token = m.group()
    for short in (token, token[:-1] if token.endswith("s") else None):
        if short is not None and short in defined_at and m.start() > defined_at[short]:
            return True
    return False


def _named_long_forms(
    text: str, shorts: Mapping[str, str], defined_at: Mapping[str, int], concepts: set[str]
) -> dict[int, int]:
    """Start of each coined short form's definition -> start of its capitalised long form. In `we
    propose Weight-Decomposed Low-Rank Adaptation (DoRA)` the hyphenated words spell the name in
    parentheses: they are not names themselves, and the verb introduces the long form's name."""
    spans = {}
    for short, long in shorts.items():
        paren = defined_at[short] - 1  # -1 if written `( DoRA)`: no span then
        if paren < 0 or short in concepts or not looks_coined(short):
            continue
        start = text.rfind(long.split()[0], max(0, paren - len(long) - 8), paren)
        if start >= 0:
            spans[paren + 1] = start
    return spans


def _inside_any(spans: Mapping[int, int]) -> Callable[[re.Match], bool]:
    """Whether a match lies in one of the long forms `spans` maps to (they end at the short form):
    a search among the spans sorted by start, with the furthest end reached so far (so many
    definitions cost no more than sorting them)."""
    starts = sorted((start, end) for end, start in spans.items())
    firsts = [start for start, _ in starts]
    furthest = list(accumulate((end for _, end in starts), max))

    def inside(m: re.Match) -> bool:
        i = bisect_right(firsts, m.start()) - 1
        return i >= 0 and m.end() < furthest[i]

    return inside


def add_method_names(
    text: str,
    methods: dict[str, tuple[str, float]],
    acronyms: dict[str, tuple],
    shorts: dict[str, str],
    long_forms: dict[str, str],
) -> None:
    """Add to `methods` the coined names `text` introduces, repeats, or makes claims for; a named
    method's long form leaves `acronyms` (and `long_forms` maps the name's key to the long form's).
    `shorts` maps the text's short forms to their long forms."""
    defined_at = {short: text.find("(" + short) + 1 for short in shorts}
    # `average treatment effects (ATEs)` defines a concept, not a method: its long form has no
    # capitalised word. Such short forms are acronyms unless a naming word introduces them.
    concepts = {short for short, long in shorts.items() if long == long.lower()}
    named = _named_long_forms(text, shorts, defined_at, concepts)
    inside = _inside_any(named)
    organised = organisations(text, shorts)  # (and `piece_of_more`: `Long-Range` of `Long-Range Graph U-Nets`, `SO(3)`)
    for short in organised.intersection(shorts):  # an organisation's name is no keyword either
        acronyms.pop(normalise_keyword(shorts[short]), None)
    coined = [
        m
        for m in maybe_coined(text)
        if looks_coined(m.group())
        and not _uses_defined_acronym(m, defined_at)
        and not (named and inside(m))
        and m.group() not in organised
        and not piece_of_more(text, m)
    ]
    counts: dict[str, int] = {}
    for m in coined:
        counts[m.group()] = counts.get(m.group(), 0) + 1
    for name, strength, own in introduced_names(text, coined, named):
        # a concept's short form is a method only as the object of the paper's own verb:
        # `we propose a multi-scale fusion network (MFN)`, not `we study average treatment effects (ATEs)`
        if strength < NAMED and not own and (name in concepts or name.removesuffix("s") in concepts):
            continue
        key = normalise_keyword(name)
        if key not in methods or methods[key][1] < strength:
            methods[key] = (name, strength + PER_USE * min(counts.get(name, 1), USES))
        if name in shorts:  # a named method's long form: `Contextualized Policy Recovery (CPR)`
            long = shorts[name]
            lkey = normalise_keyword(long)
            methods.setdefault(lkey, (long, strength - LONG_FORM_BELOW))
            acronyms.pop(lkey, None)
            long_forms[key] = lkey
    for token, count in counts.items():  # names used again and again
        key = normalise_keyword(token)
        # (a short form is an acronym, unless a coinage that spells a name: `Long Context Compression (LoCoCo)`)
        defined = token in shorts or token.rstrip("s") in shorts
        if count < REPEATS_MIN or key in methods or (defined and (token.isupper() or token in concepts)):
            continue
        # a short all-caps token is an acronym; `Precision-Recall` is a name, not a coinage; a
        # versioned product name (`Claude-3`) is what evaluations compare
        if (
            len(token) >= REPEATED_CHARS
            and not token.isupper()
            and not _TITLE_HYPHEN.match(token)
            and _INNER_CAPITAL.search(token)
        ):
            methods[key] = (token, REPEATED + PER_REPEAT * min(count, USES))
    for pattern, strength in ((_PLAIN_NAME, PLAIN_NAME), (_APPOSITIVE, APPOSITIVE)):  # names without inner capitals
        for m in pattern.finditer(text):
            name = m.group(1)
            key = normalise_keyword(name)
            if key not in methods and not well_known(name) and name.split()[0].lower() not in STOP_WORDS:
                methods[key] = (name, strength)
    for m in coined:  # `the proposed Q-Align achieves ...`: the paper's own
        start = named.get(m.start(), m.start())  # (`the proposed Decoupling-Partition-Navigation (DPN)`)
        found = _PROPOSED.search(text, max(0, start - PROPOSED_CHARS), start)
        if found:
            key = normalise_keyword(name_at(text, m))
            strength = PROPOSED if found.group(1) == "proposed" and _stands(text, m.end()) else OURS
            if key not in methods or methods[key][1] < strength:
                methods[key] = (name_at(text, m), strength)
    for m in coined:  # `In particular, SAMformer surpasses current methods`: a claim about the paper's own
        name = name_at(text, m)
        if not _CLAIM.match(text, m.start() + len(name)):
            continue
        if name.isupper() or name in shorts or _TITLE_HYPHEN.match(name) or not _INNER_CAPITAL.search(name):
            continue  # (acronyms, and versioned product names that evaluations compare: `Claude-3 outperforms`)
        key = normalise_keyword(name)
        if key not in methods:
            methods[key] = (name, CLAIMED)

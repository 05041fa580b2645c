"""Heuristic keywords: coined method names, acronyms, key phrases and topics; pure functions.

Two stages. `extract_terms` reads one abstract on its own; `rank_keywords` scores those terms
against document frequencies counted over the whole corpus (`Terms.document_keys`, see
`corpus.py`).
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Mapping
from functools import lru_cache
from dataclasses import dataclass, field
from typing import NamedTuple

from .topics import Taxonomy, match_topics
from .wordlists import DESCRIPTIVE_SUFFIXES, NOT_ALONE, NOT_LAST, NOT_METHODS, STOP_WORDS

MAX_PHRASE_WORDS = 3
_LOG = [0.0] + [math.log(i) for i in range(1, 64)]
METHOD_PREFIX = "method:"  # method names are counted apart from phrases (`NExT` is not `next`)
KEEP = {"method": 3, "acronym": 4, "phrase": 8, "topic": 3}  # most keywords of a kind per paper

# --- cleaning -------------------------------------------------------------------------------

_MARKDOWN_LINK = re.compile(r"\[([^\[\]]*)\]\([^()\s]*\)")
# a URL and the rest of its run of non-space characters; a match always starts a run, and saying
# so spares the expression a quadratic search inside every word
_URL = re.compile(r"(?<!\S)\S*(?:https?\s?:|www\.|github\.com/|\.github\.io)\S*", re.IGNORECASE)
_MATH = re.compile(r"\$[^$]{0,200}\$")
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,100}>")
_SENTENCE_BREAK = re.compile(r"[.!?](\s+)(?=[A-Z0-9\"'(\[])")  # the white space after a sentence
# Boundaries of candidate phrases within a sentence.
# A word, or a character that ends a phrase: punctuation, a full stop, a dash between spaces.
# (A word does not start after a digit: `3D generative models` and `7B parameters` are not about `D` or `B`.)
_WORD_OR_BREAK = re.compile(r"(?<!\d)(?:[A-Za-z∂][\w∂#+'’-]*[\w#+]|[A-Za-z∂])|[,;:()\[\]{}\"“”‘’'?!]|\.(?!\w)|(?<=\s)[-–—](?=\s)")
_BREAKS = STOP_WORDS | set(",;:()[]{}\"“”‘’'?!.-–—")


def clean(text: str) -> str:
    """The abstract's prose: markdown, HTML, URLs and inline math removed (math becomes a comma,
    so a phrase never runs across a formula). Each pass runs only when its marker is present."""
    if "](" in text:
        text = _MARKDOWN_LINK.sub(r"\1", text)
    if "://" in text or "www." in text or "github" in text or "http" in text:
        text = _URL.sub(" , ", text)
    if "$" in text:
        text = _MATH.sub(" , ", text)
    if "<" in text:
        text = _TAG.sub(" ", text)
    if "*" in text or "`" in text:  # markdown emphasis
        text = text.replace("*", "").replace("`", "")
    return text


def sentences(text: str) -> list[str]:
    parts, last = [], 0
    for m in _SENTENCE_BREAK.finditer(text):
        parts.append(text[last : m.start(1)])
        last = m.end(1)
    parts.append(text[last:])
    return parts


# --- normalisation --------------------------------------------------------------------------


def singular(word: str) -> str:
    """A simple English singular for the last word of a phrase (`networks` -> `network`)."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is", "ics", "as")):
        return word[:-1]
    return word


@lru_cache(maxsize=1 << 16)
def normalise_keyword(text: str) -> str:
    """The form keywords are merged under: case folded, hyphens and spaces alike, last word
    singular. `Graph Neural Networks` and `graph-neural network` are one keyword."""
    words = text.casefold().replace("-", " ").replace("’", "'").split()
    if words:
        words[-1] = singular(words[-1])
    return " ".join(words)


# --- coined names -----------------------------------------------------------------------------

_VERSION = re.compile(r"\s(?:[Vv]\d+(?:\.\d+)?|\d+(?:\.\d+)?|\+\+|XL|Plus|Pro|Lite|Mini|Zero)(?![\w-])")
_INTRO = re.compile(
    r"\b(?:propos(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|present(?:s|ed|ing)?|develop(?:s|ed|ing)?|describ(?:e|es|ed|ing)"
    r"|design(?:s|ed|ing)?|devis(?:e|es|ed|ing)|offer(?:s|ed|ing)?|provid(?:e|es|ed|ing)"
    r"|build(?:s|ing)?|built|creat(?:e|es|ed|ing)|construct(?:s|ed|ing)?|formulat(?:e|es|ed|ing)"
    r"|put\s+forward|releas(?:e|es|ed|ing)|call(?:s|ed)?|name[sd]?|term(?:s|ed)?|dub(?:s|bed)?|refer(?:s|red)?\s+to\s+as"
    r"|coin(?:s|ed)?|namely|denoted|abbreviated|our)\b",
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
_CLAUSE = frozenset("that whether how why if which where when while whereas based".split())  # (`based on X`)
_ADJECTIVAL = re.compile(
    r"\b(?:the|a|an|our|their|previously|recently|originally|newly|widely|been|was|were|is|are|be)\s+$",
    re.IGNORECASE,
)
# Sizes and dimensions, not names: 3D, 7B, A100, 1.3B, 8x7B.
_DIMENSION = re.compile(r"^\d+[Dd]$|^[A-Z]?\d+[KMBkmb]?$|^(?:\d+[x×])?\d+(?:\.\d+)?[KMBTkmbt]$")
WINDOW = 24  # words after an introducing verb in which the name must appear


_DIGIT = re.compile(r"\d")
# Tokens that might be coined: an upper-case letter, digit, `#` or `∂` after the first character.
_MAYBE_COINED = re.compile(r"(?<![\w∂#-])[∂A-Za-z0-9][\w∂#+^'’.-]*?[A-Z\d#∂][\w∂#+^'’.-]*(?<![.'’-])")


_VERSION_SUFFIX = re.compile(r"[-_ ]?[vV]?\d+(?:\.\d+)*[a-zA-Z]?$|s$")


def _well_known(token: str) -> bool:
    """A model, dataset or common acronym of `NOT_METHODS`, also with a version or plural ending
    (`ResNet-56`, `BLIP-2`, `Qwen2`, `U-Nets`)."""
    name = token.casefold()
    return name in NOT_METHODS or _VERSION_SUFFIX.sub("", name) in NOT_METHODS


def looks_coined(token: str) -> bool:
    """Whether `token` looks like a name someone made up: QuIP#, ZkAudit, MH-pFLID, ∂-CROWN."""
    rest = token[1:]
    if rest.islower() and "#" not in rest and not _DIGIT.search(rest):  # the common case: an ordinary word
        return False
    if len(token) < 2 or _well_known(token) or _DIMENSION.match(token):
        return False
    if token.lower().endswith(DESCRIPTIVE_SUFFIXES):
        return False
    if rest != rest.lower() or "#" in token or "∂" in token:
        return True
    return token[0].isupper() and _DIGIT.search(rest) is not None


def _name_at(sentence: str, m: re.Match) -> str:
    """The coined token `m`, with a version suffix that follows it (`EfficientZero V2`)."""
    v = _VERSION.match(sentence, m.end())
    return m.group() + v.group() if v else m.group()


_NEXT_WORD = re.compile(r"[\s*_`'’\"]*(\S*)")
# Nouns that may follow a name as it is introduced: `the SymGNN framework`.
NAME_NOUNS = frozenset(
    "framework method model algorithm approach architecture network benchmark dataset system"
    " protocol library toolkit pipeline agent family paradigm technique strategy scheme"
    " estimator optimizer procedure module layer loss attack defense suite".split()
)
# Words after which a name is being introduced rather than used: `X, a ...`, `X which ...`.
NAME_FOLLOWERS = frozenset("which that to for as is with where whose and that,".split())


def _reads_as_name(text: str, end: int) -> bool:
    """Whether the token ending at `end` stands as a name (`BiLLM, a ...`, `(CPR)`) rather than as
    a modifier (`the PSC phenomenon`, `BN layers`)."""
    v = _VERSION.match(text, end)
    if v:
        end = v.end()
    following = _NEXT_WORD.match(text, end).group(1)
    if not following or following[0] in ",.;:()[]!?":
        return True
    word = following.rstrip(",.;:)").lower()
    return word in NAME_NOUNS or word in NAME_FOLLOWERS or not word.isalpha()


def introduced_names(
    text: str, coined: list[re.Match], spelled_from: Mapping[int, int] | None = None
) -> list[tuple[str, float]]:
    """Names the text introduces (`we propose X`, `a method called X`, `(dubbed X)`): coined
    tokens with an introducing word shortly before them in the same sentence and no other coined
    token in between. `coined` are the text's coined tokens in order; `spelled_from` maps the start
    of a short form to the start of the long form it abbreviates, which then stands for the name
    (`we propose Gradient Low-Rank Projection (GaLore)`)."""
    found = []
    floor = 0
    for m in coined:
        start = spelled_from.get(m.start(), m.start()) if spelled_from else m.start()
        window = text[max(floor, start - 8 * WINDOW) : start]
        floor = m.end()
        cut = max(window.rfind(". "), window.rfind("? "), window.rfind("! "))
        if cut >= 0:
            window = window[cut + 2 :]
        as_name = _reads_as_name(text, m.end())
        best = 0.0
        for intro in _INTRO.finditer(window):
            between = window[intro.end() :].split()
            naming = _NAMING.match(intro.group())
            if naming and between[:1] == ["as"]:  # `denoted as X`, `termed as X`
                del between[0]
            if naming:  # `called X`, `dubbed X`
                strength = 3.0 if len(between) < 4 else 0.0
            elif _OUR.match(intro.group()):  # `our X`
                strength = 2.0 if len(between) < 2 else 0.0
            elif as_name and len(between) < WINDOW and not _CLAUSE.intersection(between) and not (
                between and between[0].lower() in _PREPOSITIONS  # `building on X`, `provided by X`
            ):  # `we propose X, a ...`
                strength = 2.5 - 0.02 * len(between)  # (not `provides evidence that X ...`)
            else:
                continue
            if _ADJECTIVAL.search(window, max(0, intro.start() - 16), intro.start()):  # `the proposed method`, `was introduced`
                continue
            tail = [w.lower().strip("(\"'“,") for w in between[-2:] if w.lower() not in _ARTICLES]
            if tail and tail[-1] in _PREPOSITIONS:  # `based on X`, `like the X`
                continue
            best = max(best, strength)
        if best:
            found.append((_name_at(text, m), best))
    return found


# --- acronyms (Schwartz & Hearst, 2003) --------------------------------------------------------

_LONG_FORM_EDGES = " ,;:-\"'“”‘’(["  # stripped from a long form's ends
_PAREN = re.compile(r"\(\s*([^()\s]{2,12}?)s?\s*[;,)]")


def _long_form(short: str, before: str) -> str | None:
    """The words before a parenthesis that `short` abbreviates: the last words whose initials spell
    it, if there are such (`Test Time Adaptation (TTA)`; Schwartz & Hearst alone would take the
    shortest match, `Time Adaptation`); else words whose letters spell it, its first letter at a
    word start or, failing that, at the start of a hyphenated part: `Weight-Decomposed Low-Rank
    Adaptation (DoRA)` (the long form then starts with the whole hyphenated word)."""
    return _initials(short, before) or _spelled(short, before, "-") or _spelled(short, before, "")


def _initials(short: str, before: str) -> str | None:
    """The last words whose parts (split at hyphens) have `short`'s letters as initials, one part
    per letter: `gradient-guided nested sampling (GGNS)`."""
    letters = [c for c in short.lower() if c.isalnum()]
    if len(letters) < 2 or any(c.isdigit() for c in letters):
        return None
    words = before.split()[-len(letters) :]
    parts = [(i, part.lstrip("\"'“‘([")) for i, word in enumerate(words) for part in word.split("-") if part]
    if len(parts) < len(letters):
        return None
    parts = parts[-len(letters) :]
    if any(part[:1].lower() != c for (_, part), c in zip(parts, letters)):
        return None
    return " ".join(words[parts[0][0] :]).strip(_LONG_FORM_EDGES) or None


def _spelled(short: str, before: str, joiners: str) -> str | None:
    max_words = min(len(short) + 5, len(short) * 2)
    words = before.split()[-max_words:]
    text = " ".join(words)
    low, s = text.lower(), short.lower()
    si, li = len(s) - 1, len(low) - 1
    while si >= 0:
        c = s[si]
        if not c.isalnum():
            si -= 1
            continue
        while li >= 0 and (low[li] != c or (si == 0 and li > 0 and (low[li - 1].isalnum() or low[li - 1] in joiners))):
            li -= 1
        if li < 0:
            return None
        si -= 1
        li -= 1
    start = text.rfind(" ", 0, li + 1) + 1
    long = text[start:].strip(_LONG_FORM_EDGES)
    if len(long) <= len(short) or short.lower() in long.lower().split():
        return None
    return long


def acronyms(sentence: str) -> list[tuple[str, str]]:
    """`(short, long)` for each `long form (SF)` definition in the sentence."""
    out = []
    for m in _PAREN.finditer(sentence):
        short = m.group(1)
        if not (short[0].isalnum() and any(c.isupper() for c in short)) or short.isdigit():
            continue
        long = _long_form(short, sentence[: m.start()])
        if long and not _coined_inside(short, long):
            out.append((short, long))
    return out


def _coined_inside(short: str, long: str) -> bool:
    """Whether a mixed-case coinage has more capitals than `long` has words (and hyphenated
    parts): `a simple method (SimPO)` names a method, it does not abbreviate `simple method`."""
    if short.isupper() or short.islower():
        return False
    parts = sum(len([p for p in word.split("-") if p]) for word in long.split())
    return sum(c.isupper() for c in short) > parts


# --- phrases ----------------------------------------------------------------------------------


def label_of(words: list[str]) -> str:
    """Display form: lower case, except words written with inner capitals (`ImageNet`, `GNN`)."""
    if len(words) == 1:  # the common case, without a generator
        w = words[0]
        return w if w[1:] != w[1:].lower() else w.lower()
    return " ".join(w if w[1:] != w[1:].lower() else w.lower() for w in words)


def phrase_candidates(text: str) -> tuple[dict[str, int], dict[str, list]]:
    """(lower-case content word -> count, normalised phrase -> [count, index of first occurrence,
    the phrase as written]) for runs of content words: phrases of up to three words, in which generic
    words never stand alone and describing words never end a phrase."""
    found: dict[str, list] = {}
    counts: dict[str, int] = {}
    position = 0
    cache = _WORD_CACHE
    run: list[str] = []
    roles: list[tuple] = []
    for word in _WORD_OR_BREAK.findall(text):
        r = cache.get(word) or _word_roles(word)
        if r[7]:  # a stop word or a clause break ends the run
            if len(run) == 1:  # the common case, without a call
                only = roles[0]
                if only[5]:
                    entry = found.get(only[2])
                    if entry is None:
                        found[only[2]] = [1, position, run[0]]
                    else:
                        entry[0] += 1
                position += 2
                run, roles = [], []
            elif run:
                _add_ngrams(run, roles, position, found)
                position += len(run) + 1
                run, roles = [], []
        else:
            run.append(word)
            roles.append(r)
            counts[r[0]] = counts.get(r[0], 0) + 1
    if run:
        _add_ngrams(run, roles, position, found)
    return counts, found


def is_findable_phrase(phrase: str) -> bool:
    """Whether `phrase` can be one of `phrase_candidates`' phrases (for checking topic terms)."""
    words = phrase.split()
    if not 1 <= len(words) <= MAX_PHRASE_WORDS or any(w in STOP_WORDS for w in words):
        return False
    if len(words) == 1:
        return _word_roles(words[0])[5]
    return _word_roles(words[0])[4] and _word_roles(words[-1])[3]


_WORD_CACHE: dict[str, tuple] = {}
# Endings of words that describe (adjectives, participles, adverbs): they may start a phrase or sit
# inside one, but a phrase does not end with one, nor is one a keyword alone.
_MODIFIER_ENDINGS = ("ed", "ly", "al", "ar", "ive", "ous", "ic", "able", "ible", "ful", "less", "ing")
# Hyphenated compounds that describe (`large-scale`, `first-order`, `LLM-based`): like adjectives,
# they start phrases (`first-order methods`) but neither end one nor stand alone.
_COMPOUND_MODIFIERS = DESCRIPTIVE_SUFFIXES + (
    "-term", "-width", "-dimensional", "-grained", "-range", "-efficient", "-dependent", "-independent",
    "-invariant", "-equivariant",
)
_NOUN_EXCEPTIONS = frozenset(
    """
    speed seed need embed bed feed family anomaly supply assembly monopoly signal interval potential
    material trial tutorial proposal retrieval arrival removal journal animal manual total
    individual differential critic logic music topic metric heuristic clinic arithmetic statistic
    characteristic dynamic objective alternative derivative primitive incentive narrative
    collective perspective relative representative variable table cable scalar grammar pillar
    radar seminar calendar polar
    learning training reasoning sampling clustering modeling modelling processing computing
    encoding embedding planning forecasting filtering hashing pruning prompting decoding matching
    ranking labeling labelling mining programming scheduling routing thresholding tuning
    understanding unlearning boosting smoothing pooling masking coding rendering tracking mapping
    testing scaling editing captioning grounding inpainting denoising shaping fine-tuning
    pre-training pretraining finetuning meta-learning self-training red-teaming watermarking
    distilling partitioning bagging sketching streaming nowcasting imaging licensing reporting
    """.split()
)


def _word_roles(word: str) -> tuple:
    """(lower case, normalised inside a phrase, normalised at its end, may end a phrase, may
    start one, may stand alone, is generic, breaks phrases). Describing words (adjectives, participles) do not end a phrase;
    verbs in -ing and adverbs in -ly do not start one (`maintaining user privacy`); a word in -ing
    ends a phrase as a noun (`question answering`) but stands alone only if it is a known noun."""
    cached = _WORD_CACHE.get(word)
    if cached is None:
        low = word.lower()
        inner = low.replace("-", " ")
        head, _, tail = inner.rpartition(" ")
        last = (head + " " if head else "") + singular(tail)
        known = low in _NOUN_EXCEPTIONS or word[1:] != word[1:].lower()
        gerund = low.endswith("ing")
        ends = (
            low not in NOT_LAST
            and (known or gerund or not low.endswith(_MODIFIER_ENDINGS))
            and not low.endswith(_COMPOUND_MODIFIERS)
        )
        starts = known or not low.endswith(("ing", "ly"))
        alone = (
            ends
            and (known or (not gerund and not low.endswith(("ize", "izes"))))
            and low not in NOT_ALONE
            and (len(low) >= 4 or known)
        )
        cached = (low, inner, last, ends, starts, alone, low in NOT_ALONE, low in _BREAKS)
        _WORD_CACHE[word] = cached
        if len(_WORD_CACHE) > 50_000:  # bound the memory of a long run (about 350 bytes a word)
            _WORD_CACHE.clear()
    return cached


def _add_ngrams(run: list[str], roles: list[tuple], position: int, found: dict[str, list]) -> None:
    """Count the run's phrases of one to three words (see `_word_roles` for the rules)."""
    size = len(run)
    get = found.get
    for i in range(size):
        a = roles[i]
        if a[5]:
            key = a[2]
            entry = get(key)
            if entry is None:
                found[key] = [1, position + i, run[i]]
            else:
                entry[0] += 1
        if not a[4] or i + 1 == size:
            continue
        b = roles[i + 1]
        # a generic noun after a word is the head of the phrase: `large language | models`
        if b[3] and not (i + 2 < size and roles[i + 2][6]):
            key = a[1] + " " + b[2]
            entry = get(key)
            if entry is None:
                found[key] = [1, position + i, run[i] + " " + run[i + 1]]
            else:
                entry[0] += 1
        if i + 2 < size:
            c = roles[i + 2]
            if c[3] and not (i + 3 < size and roles[i + 3][6]):
                key = a[1] + " " + b[1] + " " + c[2]
                entry = get(key)
                if entry is None:
                    found[key] = [1, position + i, run[i] + " " + run[i + 1] + " " + run[i + 2]]
                else:
                    entry[0] += 1


# --- per-abstract terms and corpus ranking ---------------------------------------------------


class Keyword(NamedTuple):
    """A ranked keyword of one paper (a named tuple: cheap to send between processes)."""

    normalised: str
    label: str
    kind: str  # method, acronym, phrase or topic
    score: float
    aliases: tuple[str, ...] = ()


@dataclass(slots=True)
class Terms:
    """What one abstract says, before corpus statistics: the input to `rank_keywords`."""

    methods: dict[str, tuple[str, float]] = field(default_factory=dict)  # norm -> (label, strength)
    acronyms: dict[str, tuple[str, str, int]] = field(default_factory=dict)  # norm long -> (long, short, uses)
    phrases: dict[str, list] = field(default_factory=dict)
    topics: dict[str, int] = field(default_factory=dict)

    @property
    def topic_keys(self) -> set[str]:
        return {normalise_keyword(name) for name in self.topics}

    def document_keys(self) -> set[str]:
        """The keys counted once per document for corpus frequencies."""
        return set(self.phrases) | {METHOD_PREFIX + label for label, _ in self.methods.values()}


# A capitalised word right after `we propose` (or `this paper presents`) and before a comma, a
# colon or a parenthesis: the name of what the paper introduces, even without inner capitals.
_PLAIN_NAME = re.compile(
    r"\b(?:[Ww]e|[Tt]his (?:paper|work)) (?:propos|introduc|present|releas|develop|design|build)\w* "
    r"([A-Z][a-z]{2,}[a-z0-9]*(?:-[A-Za-z0-9]+)*)(?=(?:\s[\w.]*\d[\w.]*)?\s*[,:(])"  # (a size may follow: `Mixtral 8x7B,`)
)
_INNER_CAPITAL = re.compile(r".[A-Z#∂]")
# A singular verb of comparison after a name: the sentence claims a result for it.
_CLAIM = re.compile(
    r",?\s+(?:(?:consistently|significantly|substantially|also|further|even|clearly|notably|greatly|largely)\s+)?"
    r"(?:outperforms|surpasses|beats|exceeds|achieves|attains|matches|sets)\b"
)
_TITLE_HYPHEN = re.compile(r"^[A-Z][a-z]{2,}(?:-[A-Z][a-z]{2,})+$")


def _uses_defined_acronym(m: re.Match, defined_at: Mapping[str, int]) -> bool:
    """Whether `m` is a later use of an acronym the text defined earlier (`... (ZKP) ... ZKPs`)."""
    token = m.group()
    for short in (token, token[:-1] if token.endswith("s") else None):
        if short in defined_at and m.start() > defined_at[short]:
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


def _inside(m: re.Match, spans: Mapping[int, int]) -> bool:
    """Whether `m` lies in one of the long forms `spans` maps to (they end at the short form)."""
    return any(start <= m.start() and m.end() < end for end, start in spans.items())


def extract_terms(abstract: str, taxonomy: Taxonomy) -> Terms:
    """Everything `rank_keywords` needs from one abstract."""
    text = clean(abstract)
    words, phrases = phrase_candidates(text)
    terms = Terms(phrases=phrases, topics=match_topics(words, phrases, taxonomy))
    shorts = _add_definitions(text, terms)
    _add_method_names(text, terms, shorts)
    return terms


def _add_definitions(text: str, terms: Terms) -> dict[str, str]:
    """Add the acronyms `text` defines to `terms`; returns short form -> long form."""
    shorts: dict[str, str] = {}
    for sentence in sentences(text):
        if "(" not in sentence:  # most sentences define nothing
            continue
        for short, long in acronyms(sentence):
            key = normalise_keyword(long)
            if key not in terms.acronyms:
                terms.acronyms[key] = (long, short, text.count(short))
                shorts.setdefault(short, long)
    return shorts


def _add_method_names(text: str, terms: Terms, shorts: dict[str, str]) -> None:
    """Add to `terms` the coined names `text` introduces, repeats, or makes claims for."""
    defined_at = {short: text.find("(" + short) + 1 for short in shorts}
    # `average treatment effects (ATEs)` defines a concept, not a method: its long form has no
    # capitalised word. Such short forms are acronyms unless a naming word introduces them.
    concepts = {short for short, long in shorts.items() if long == long.lower()}
    named = _named_long_forms(text, shorts, defined_at, concepts)
    coined = [
        m
        for m in _MAYBE_COINED.finditer(text)
        if looks_coined(m.group()) and not _uses_defined_acronym(m, defined_at) and not (named and _inside(m, named))
    ]
    counts: dict[str, int] = {}
    for m in coined:
        counts[m.group()] = counts.get(m.group(), 0) + 1
    methods = terms.methods
    for name, strength in introduced_names(text, coined, named):
        if strength < 3.0 and (name in concepts or name.removesuffix("s") in concepts):
            continue
        key = normalise_keyword(name)
        if key not in methods or methods[key][1] < strength:
            methods[key] = (name, strength + 0.05 * min(counts.get(name, 1), 6))
        if name in shorts:  # a named method's long form: `Contextualized Policy Recovery (CPR)`
            long = shorts[name]
            lkey = normalise_keyword(long)
            methods.setdefault(lkey, (long, strength - 0.1))
            terms.acronyms.pop(lkey, None)
    for token, count in counts.items():  # names used again and again
        key = normalise_keyword(token)
        if count < 2 or key in methods or token in shorts or token.rstrip("s") in shorts:
            continue
        # a short all-caps token is an acronym; `Precision-Recall` is a name, not a coinage; a
        # versioned product name (`Claude-3`) is what evaluations compare
        if len(token) >= 4 and not token.isupper() and not _TITLE_HYPHEN.match(token) and _INNER_CAPITAL.search(token):
            methods[key] = (token, 1.0 + 0.1 * min(count, 6))
    for m in _PLAIN_NAME.finditer(text):  # `we introduce Proteus, a ...`: a name without inner capitals
        name = m.group(1)
        key = normalise_keyword(name)
        if key not in methods and not _well_known(name) and name.lower() not in STOP_WORDS:
            methods[key] = (name, 2.5)
    for m in coined:  # `In particular, SAMformer surpasses current methods`: a claim about the paper's own
        name = _name_at(text, m)
        if not _CLAIM.match(text, m.start() + len(name)):
            continue
        if name.isupper() or name in shorts or _TITLE_HYPHEN.match(name) or not _INNER_CAPITAL.search(name):
            continue  # (acronyms, and versioned product names that evaluations compare: `Claude-3 outperforms`)
        key = normalise_keyword(name)
        if key not in methods:
            methods[key] = (name, 1.2)


def rank_keywords(terms: Terms, df: Mapping[str, int], n_docs: int) -> list[Keyword]:
    """A paper's keywords, best first. Scores are comparable across kinds: a paper's own method
    names first (1-3.5; at most 0.5 for a name 1% of the papers use), then acronyms it defines
    (0.6-1), key phrases (up to 0.9) and topics (0.4-0.8)."""
    common = max(3, n_docs // 100)  # a name this many papers use is not one paper's own method
    out: list[Keyword] = []
    taken: set[str] = set()
    for key, (label, strength) in sorted(terms.methods.items(), key=lambda kv: -kv[1][1]):
        if df.get(METHOD_PREFIX + label, 1) > common:
            strength = min(strength, 0.5)
        aliases = tuple(s for l, s, _ in terms.acronyms.values() if normalise_keyword(l) == key)
        out.append(Keyword(key, label, "method", round(strength, 4), aliases))
    out = sorted(out, key=lambda k: -k.score)[: KEEP["method"]]
    taken.update(k.normalised for k in out)
    acr = []
    topic_keys = terms.topic_keys
    topic_aliases: dict[str, tuple[tuple[str, ...], float]] = {}
    for key, (long, short, uses) in terms.acronyms.items():
        if key in taken:
            continue
        score = round(0.6 + 0.1 * min(uses, 4), 4)
        if key in topic_keys:  # `large language models (LLMs)` is the topic, with its alias
            topic_aliases[key] = ((short,), score)
            continue
        acr.append(Keyword(key, label_of(long.split()), "acronym", score, (short,)))
    acr = sorted(acr, key=lambda k: (-k.score, k.normalised))[: KEEP["acronym"]]
    out += acr
    taken.update(k.normalised for k in acr)
    skip = taken | topic_keys | {normalise_keyword(short) for _, short, _ in terms.acronyms.values()}
    log_n = math.log(n_docs + 1)
    rare = log_n - math.log(2) + 1  # the weight of a phrase no other paper uses
    get, log = df.get, math.log
    candidates = []
    for key, (count, first, written) in terms.phrases.items():
        if key in skip:
            continue
        shared = get(key)
        weight = (1 + _LOG[count] if count < 64 else 1 + log(count)) * (
            rare if shared is None else log_n - log(shared + 1) + 1
        )
        if first < 40:
            weight *= 1.5
        candidates.append((-weight, key, written))  # then the key: ties break the same way on every run
    scored = heapq.nsmallest(KEEP["phrase"], candidates)  # the same as sorted(...)[:KEEP], with fewer comparisons
    top = -scored[0][0] if scored else 1.0
    for weight, key, written in scored:
        weight = -weight
        out.append(Keyword(key, label_of(written.split(" ")), "phrase", round(0.9 * weight / top, 4)))
        taken.add(key)
    topics = sorted(terms.topics.items(), key=lambda kv: (-kv[1], kv[0]))[: KEEP["topic"]]
    for name, weight in topics:
        key = normalise_keyword(name)
        if key not in taken:
            aliases, score = topic_aliases.get(key, ((), 0.0))
            score = max(score, round(0.35 + 0.03 * min(weight, 8), 4))
            out.append(Keyword(key, name, "topic", score, aliases))
    return sorted(out, key=lambda k: (-k.score, k.normalised))

"""Where an abstract or a title holds math, and that math as TeX a converter reads; pure.

Formulas come delimited (`$x$`, `$$x$$`, `\\(x\\)`, `\\[x\\]`) or bare in the prose (`O(n^2)`,
`\\mathbbR^n`, `C^2-continuity`); `split_formulas` finds the first kind, `bare_formulas` the second,
and `repair_tex` mends what the catalogue's sources do to TeX (braces lost, backslashes doubled,
authors' own macros). Every rule reads the text once, left to right, and looks a bounded distance
ahead, so each is linear in the text (docs/browsing.md#math).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from .latex import SUBSCRIPTS, SUPERSCRIPTS
from .macros import ARGUMENT_PREFIXES, AUTHOR_MACROS
from .markup import ACCENTS, CITES, DECLARATIONS, DROPPED, LETTERS, MACROS, STYLES

MAX_FORMULA = 2000  # characters between delimiters (the catalogue's longest is 1,208)
MAX_BARE = 300  # characters of a formula without delimiters, its tokens joined (`\\dot \\theta \\dot \\theta`)


@dataclass(frozen=True)
class Formula:
    """A formula: its TeX, whether it is displayed on a line of its own, and whether it came
    without delimiters (then shown as Unicode text where that is exact, `O(n²)`)."""

    tex: str
    display: bool = False
    bare: bool = False


# Four words in a row outside `\\text{}`: prose between two dollars (`costs $5 and its ... $`, a
# source's lost `\\t` in `$\\textit{We define this ...}$`), not a formula.
_PROSE = re.compile(r"(?:(?<![\\A-Za-z])[a-z]{2,} +){3}[a-z]{2,}(?![A-Za-z{])")
_TEXT_GROUP = re.compile(r"\\(?:text[a-z]*|mbox|mathrm|operatorname)\s*\{[^{}]*\}")
_CLOSERS = {"$$": "$$", "\\(": "\\)", "\\[": "\\]"}
_OPENER = re.compile(r"\\\$|\$\$|\$|\\\(|\\\[")


def _closers(text: str) -> tuple[list[int], list[int], list[int]]:
    """Where a `$` may close a formula: any not escaped (`p$<$0.05`) that does not open one, and
    those not followed by a digit, which alone close a formula that starts with one (`costs $5 and
    $10` holds none); and where a `$` opens one and closes none: after a space and before a
    letter or command (`, $\\sim$`), as TeX is written."""
    found: tuple[list[int], list[int], list[int]] = ([], [], [])
    i = text.find("$")
    while i != -1:
        if i == 0 or text[i - 1] != "\\":
            if 0 < i < len(text) - 1 and text[i - 1].isspace() and (text[i + 1].isalpha() or text[i + 1] == "\\"):
                found[2].append(i)
            else:
                found[0].append(i)
                if not (i + 1 < len(text) and text[i + 1].isdigit()):
                    found[1].append(i)
        i = text.find("$", i + 1)
    return found


def _dollar_closer(text: str, closers: list[int], start: int) -> int:
    """Where the `$` that closes the one before `start` is, or -1: the next of `closers` within
    reach, with no blank line before it."""
    k = bisect_left(closers, start)
    if k == len(closers) or closers[k] > start + MAX_FORMULA:
        return -1
    return -1 if "\n\n" in text[start : closers[k]] else closers[k]


def _opens_before(openers: list[int], start: int, end: int) -> bool:
    """Whether one of `openers` (sorted) lies between `start` and `end`."""
    k = bisect_left(openers, start)
    return k < len(openers) and openers[k] < end


def split_formulas(text: str) -> list[str | Formula]:
    """The text as pieces: prose (str) and delimited formulas, in order. An escaped `\\$` is a
    dollar; a `$` without its closer (a price: `$50`) stays prose, and so does an empty formula."""
    pieces: list[str | Formula] = []
    closers = _closers(text) if "$" in text else ([], [], [])
    pos = 0  # start of the prose not yet added
    for m in _OPENER.finditer(text):
        if m.start() < pos or m.group() == "\\$":
            continue
        opener = m.group()
        if opener == "$":
            priced = m.end() < len(text) and text[m.end()].isdigit()
            close = _dollar_closer(text, closers[priced], m.end())
            if close != -1 and _opens_before(closers[2], m.end(), close):  # (this `$` lost its closer)
                close = -1
            closer_len = 1
        else:
            close = text.find(_CLOSERS[opener], m.end(), m.end() + MAX_FORMULA + len(opener))
            closer_len = len(opener)
        tex = text[m.end() : close] if close != -1 else ""
        if not tex.strip() or (opener == "$" and (tex[0] in ").,;" or _PROSE.search(_TEXT_GROUP.sub("", tex)))):
            continue
        if m.start() > pos:
            pieces.append(text[pos : m.start()])
        pieces.append(Formula(tex.strip(), display=opener in ("$$", "\\[")))
        pos = close + closer_len
    if pos < len(text):
        pieces.append(text[pos:])
    return pieces


# Commands that write prose, which the cleaning reads (etl/text/markup.py): a token holding one is
# prose, whatever else it holds.
PROSE_COMMANDS = (
    (
        frozenset(STYLES | DECLARATIONS | set(DROPPED) | set(MACROS) | CITES | set(LETTERS))
        - {"mathrm", "mathbf", "mathit", "mathsf", "mathtt", "mathcal", "mathbb", "mathfrak", "mathscr"}
        - {"boldsymbol", "bm", "operatorname", "ensuremath", "ldots", "dots", "left", "right", "big", "Big"}
        - {"bigl", "bigr", "Bigl", "Bigr", "displaystyle", "textstyle", "\\", ",", ";", ":", "!", "%", "&", "#", "_"}
        - {"{", "}"}
    )
    | {"footnote", "href", "url", "hyperlink", "keywords", "textsuperscript", "textsubscript"}
    | set(ACCENTS)
)
_TOKEN = re.compile(r"[^\s\U000f0000-\U000fffff]+")
_COMMAND_NAME = re.compile(r"\\([A-Za-z]+)")
_ADDRESS = re.compile(r"[\w.+-]@[\w-]+\.[A-Za-z]{2,}")
_SCRIPTED = re.compile(r"(?<!\\)\^|_[{\\]")  # (`\^o` is an accent)
_TRAILING = ".,;:!?\"'”’"
_LEADING = "\"'“‘"
_WORD_SUFFIX = re.compile(r"-[A-Za-z]{3,}(?:-[A-Za-z]+)*$")


def _is_formula(token: str, commands: frozenset[str]) -> bool:
    """Whether a token of prose is math: a script (`^`, `_{`, `_\\`) or a math command, and no
    prose command, URL or address."""
    if "://" in token or token.startswith("www.") or _ADDRESS.search(token):
        return False
    names = _COMMAND_NAME.findall(token)
    if any(name in PROSE_COMMANDS or _prose_prefix(name) for name in names):
        return False
    return bool(_SCRIPTED.search(token)) or any(name in commands or _known_prefix(name, commands) for name in names)


def _known_prefix(name: str, commands: frozenset[str]) -> bool:
    """`\\mathbbR`, `\\sqrtT`, `\\eps`: a math command that lost its braces, or an author's macro."""
    return name in AUTHOR_MACROS or name.startswith(ARGUMENT_PREFIXES)


def _prose_prefix(name: str) -> bool:
    """`\\emphk`, `\\textitmean`: a prose command that lost its braces."""
    return name.startswith(("emph", "textit", "textbf", "texttt", "textsc", "textrm", "begin", "end", "cite"))


def _balanced_end(text: str, start: int, end: int) -> int:
    """Where a token that opens braces ends: past the spaces inside them, while they are open
    (bounded: the token as found when they never close)."""
    depth = 0
    limit = min(len(text), start + 300)
    i = start
    while i < limit:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth <= 0 and (c.isspace() or "\U000f0000" <= c <= "\U000fffff") and i >= end:
            return i
        i += 1
    return i if depth <= 0 else end


def _trim(token: str) -> tuple[str, str, str]:
    """(before, formula, after): quotes, sentence punctuation, unbalanced brackets and a trailing
    word (`C^2-continuity`) are prose."""
    head = len(token) - len(token.lstrip(_LEADING))
    before, core = token[:head], token[head:]
    after = ""
    while core:
        last = core[-1]
        if last in _TRAILING or (last in ")]" and core.count(last) > core.count("(["[")]".index(last)])):
            after = last + after
            core = core[:-1]
            continue
        break
    while core and core[0] in "([" and core.count(core[0]) > core.count(")]"["([".index(core[0])]):
        before += core[0]
        core = core[1:]
    suffix = _WORD_SUFFIX.search(core)
    if suffix and not _SCRIPTED.search(suffix.group()) and suffix.start() > 0:
        after = suffix.group() + after
        core = core[: suffix.start()]
    return before, core, after


def _undoubled(tex: str) -> str:
    """A formula a web page's text wrote twice, once for each of its renderings (`R^dR^d`,
    `L_{1}L_{1}`): once."""
    half = len(tex) // 2
    if len(tex) % 2 == 0 and half >= 3 and tex[:half] == tex[half:] and _SCRIPTED.search(tex[:half]):
        return tex[:half]
    return tex


_SHORT = re.compile(r"[A-Za-z0-9]|\d+(?:\.\d+)?|[=+\-<>≤≥×·∈/|]")  # a symbol between two parts of a formula
# A formula that ends asking for what follows: a script or a command with an argument (`\\tilde O`,
# `360^ \\circ x`, `\\log n`); not a symbol (`\\varphi is`, `\\epsilon a`).
_OPERATORS = (
    "frac|dfrac|binom|choose|over|atop|log|ln|exp|max|min|sup|inf|lim|sum|prod|int|det|Pr|left|right|big|Big|not"
)
_WANTS_MORE = re.compile(rf"(?:\\(?:{'|'.join(ARGUMENT_PREFIXES)}|{_OPERATORS})|[\^_])$")
_ARGUMENT = re.compile(r"[A-Za-z0-9]{1,2}(?![A-Za-z])")  # `\\mathcal X-armed`, `\\sqrt T).`: not `\\tilde regret`
_TAKES_BEFORE = re.compile(r"^(?:\\(?:choose|over|atop)\b|[\^_])")  # `k \\choose 2`


def _tokens(prose: str, commands: frozenset[str]) -> list[tuple[int, int, str]]:
    """(start, end, kind) of each token: `f` a formula, `s` a symbol that may join one, `p` prose."""
    found: list[tuple[int, int, str]] = []
    pos = 0
    for m in _TOKEN.finditer(prose):
        if m.start() < pos:
            continue
        token = m.group()
        end = _balanced_end(prose, m.start(), m.end()) if "{" in token else m.end()
        token = prose[m.start() : end]
        pos = end
        if ("^" in token or "_" in token or "\\" in token) and _is_formula(token, commands):
            kind = "f"
        else:
            kind = "s" if _SHORT.fullmatch(token) else "p"
        found.append((m.start(), end, kind))
    return found


def _runs(prose: str, tokens: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """(start, end) of each formula: formula tokens apart only by spaces, with the symbols between
    them or that one of them asks for (`\\tilde O`, `k \\choose 2`)."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        start, end, kind = tokens[i]
        if kind != "f":
            i += 1
            continue
        if (
            i
            and tokens[i - 1][2] == "s"
            and _TAKES_BEFORE.match(prose[start:end])
            and prose[tokens[i - 1][1] : start].isspace()
        ):
            start = tokens[i - 1][0]
            if runs and runs[-1][1] > start:
                start = runs.pop()[0]
        j = i + 1
        while j < len(tokens) and tokens[j][1] - start <= MAX_BARE and prose[end : tokens[j][0]].isspace():
            nxt = tokens[j]
            wants = _WANTS_MORE.search(prose, tokens[j - 1][0], end)
            joined = (
                nxt[2] == "f"
                or (wants and nxt[2] == "p" and _ARGUMENT.match(prose, nxt[0]))
                or (
                    nxt[2] == "s"
                    and (
                        wants
                        or (
                            j + 1 < len(tokens)
                            and tokens[j + 1][2] == "f"
                            and prose[nxt[1] : tokens[j + 1][0]].isspace()
                        )
                    )
                )
            )
            if not joined:
                break
            end = nxt[1]
            j += 1
        runs.append((start, end))
        i = j
    return runs


def bare_formulas(prose: str, commands: frozenset[str]) -> list[str | Formula]:
    """Prose as pieces: text (str) and the formulas written in it without delimiters: tokens (runs
    without spaces, or spaces inside braces) that `_is_formula`, joined by `_runs`; `commands` are
    the math commands the converter knows."""
    if "^" not in prose and "_" not in prose and "\\" not in prose:
        return [prose]
    pieces: list[str | Formula] = []
    pos = 0
    for start, end in _runs(prose, _tokens(prose, commands)):
        before, core, after = _trim(prose[start:end])
        core = core.replace("$", "")  # (a dollar whose formula was cut short: `a $360^{`)
        if not core or not (_SCRIPTED.search(core) or "\\" in core):
            continue
        pieces.append(prose[pos:start] + before)
        pieces.append(Formula(_undoubled(core), bare=True))
        pieces.append(after)
        pos = end
    pieces.append(prose[pos:])
    return [p for p in pieces if p != ""]


_SCRIPT = re.compile(r"([\^_])(?:\{([^{}\\]{1,20})\}|([A-Za-z0-9+\-=()]))")
_PLAIN = re.compile(r"[^\\{}^_$&%#~]*")


def unicode_text(tex: str) -> str | None:
    """A formula without commands whose every sub- and superscript Unicode has, as that text
    (`O(n^2)` -> `O(n²)`, `x_{i}` -> `xᵢ`); None when it has no exact form (`2^p`, `\\alpha^2`)."""
    out: list[str] = []
    pos = 0
    for m in _SCRIPT.finditer(tex):
        between = tex[pos : m.start()]
        if not _PLAIN.fullmatch(between):
            return None
        body = m.group(2) if m.group(2) is not None else m.group(3)
        table = SUPERSCRIPTS if m.group(1) == "^" else SUBSCRIPTS
        if not body or not all(c in table for c in body):
            return None
        out.append(between + "".join(table[c] for c in body))
        pos = m.end()
    rest = tex[pos:]
    if not _PLAIN.fullmatch(rest) or not out:
        return None
    return "".join(out) + rest

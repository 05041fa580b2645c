"""TeX math as sources mangle it, mended for a converter: authors' own macros (`\\eps`, `\\R`,
`\\cO`), braces lost (`\\mathbbR`, `\\sqrtT`), backslashes doubled (`\\\\theta`), TeX's special
characters meant as text (`%`); pure and linear."""

from __future__ import annotations

import re

# Macros of papers' preambles that abstracts keep (counted on the catalogue), as standard TeX.
AUTHOR_MACROS = {
    "eps": r"\epsilon",
    "R": r"\mathbb{R}",
    "RR": r"\mathbb{R}",
    "Real": r"\mathbb{R}",
    "real": r"\mathbb{R}",
    "reals": r"\mathbb{R}",
    "Reals": r"\mathbb{R}",
    "N": r"\mathbb{N}",
    "Z": r"\mathbb{Z}",
    "E": r"\mathbb{E}",
    "Tilde": r"\tilde",
    "wt": r"\widetilde",
    "wh": r"\widehat",
    "nicefrac": r"\frac",
    "tfrac": r"\frac",
    "mleft": r"\left",
    "mright": r"\right",
    "half": r"\frac{1}{2}",
    "textsc": r"\text",
    "textnormal": r"\text",
    "cal": r"\mathcal",
    "bb": r"\mathbb",
    "bf": r"\mathbf",
    "rm": r"\mathrm",
    "it": r"\mathit",
    "ensuremath": "",
    "Otilde": r"\tilde{O}",
    "otilde": r"\tilde{O}",
    "bigOtil": r"\tilde{O}",
    "bigo": r"O",
    "order": r"O",
    "OPT": r"\mathrm{OPT}",
}
# Operators authors define with \DeclareMathOperator, upright as \operatorname makes them.
OPERATORS = frozenset("poly polylog rank tr opt err arg sign sgn diag supp Var Cov KL softmax dist conv span".split())
# Commands whose argument is one group: when its braces are lost the rest of the name is it.
ARGUMENT_PREFIXES = tuple(
    sorted(
        "mathbb mathcal mathbf mathrm mathit mathsf mathtt mathfrak mathscr boldsymbol bm sqrt tilde widetilde"
        " hat widehat bar overline vec dot ddot text textsc textbf textit operatorname cal bb bf".split(),
        key=len,
        reverse=True,
    )
)
# One-letter macros of the kind `\cO` (\mathcal{O}), `\bx` (\mathbf{x}), `\bbR` (\mathbb{R}).
_LETTER_MACRO = re.compile(r"(c|b|v|bb|scr)([A-Za-z])")
_LETTER_STYLES = {"c": "mathcal", "b": "mathbf", "v": "mathbf", "bb": "mathbb", "scr": "mathscr"}
_NAME = re.compile(r"\\([A-Za-z]+)|(?<!\\)([%#])")
_LEFT, _RIGHT = re.compile(r"\\left(?![A-Za-z])"), re.compile(r"\\right(?![A-Za-z])")
_EATEN = re.compile(r"([\t\f\b\r])([A-Za-z]+)")
_ESCAPES = {"\t": "t", "\f": "f", "\b": "b", "\r": "r"}
_DOUBLED = re.compile(r"\\\\(?=[A-Za-z])")
# Definitions would let a formula grow without bound (`\def\a{\b\b}`...): never converted.
DEFINITIONS = re.compile(r"\\(?:def|newcommand|renewcommand|providecommand|DeclareMathOperator|let|newenvironment)\b")


def _unknown(name: str, known: frozenset[str]) -> str:
    """TeX for a command the converter does not know."""
    if name in AUTHOR_MACROS:
        return AUTHOR_MACROS[name]
    if name in OPERATORS:
        return rf"\operatorname{{{name}}}"
    for prefix in ARGUMENT_PREFIXES:
        rest = name[len(prefix) :]
        if name.startswith(prefix) and rest:
            return _command(prefix, known) + "{" + rest + "}"
    m = _LETTER_MACRO.fullmatch(name)
    if m:
        return rf"\{_LETTER_STYLES[m.group(1)]}{{{m.group(2)}}}"
    for end in range(len(name) - 1, 1, -1):  # `\logN`, `\epsilonx`: a known command and a letter or two
        if "\\" + name[:end] in known and len(name) - end <= 2:
            return "\\" + name[:end] + " " + name[end:]
    return rf"\operatorname{{{name}}}"  # (its name, upright: what a reader of the source would see)


def _command(name: str, known: frozenset[str]) -> str:
    return "\\" + name if "\\" + name in known else _unknown(name, known)


def _eaten(m: re.Match, known: frozenset[str]) -> str:
    command = "\\" + _ESCAPES[m.group(1)] + m.group(2)
    return command if command in known else m.group()


def repair_tex(tex: str, known: frozenset[str]) -> str:
    """The formula as a converter that knows the commands `known` (with their backslash) reads it:
    `\\mathbbR^n` -> `\\mathbb{R}^n`, `\\eps` -> `\\epsilon`, `\\\\theta` -> `\\theta`, `50%` ->
    `50\\%`, `\\foo` -> `\\operatorname{foo}` (the name, upright)."""
    if not tex.isprintable():  # (`\\t`, `\\f`, `\\b`, `\\r` read as a control character: `\\times` as a tab and `imes`)
        tex = _EATEN.sub(lambda m: _eaten(m, known), tex)

    def mend(m: re.Match) -> str:
        if m.group(1):
            name = m.group(1)
            return m.group() if "\\" + name in known else _unknown(name, known)
        return "\\" + m.group()

    return _balanced(_NAME.sub(mend, _DOUBLED.sub(r"\\", tex) if "\\\\" in tex else tex))


def _balanced(tex: str) -> str:
    """A formula cut short (`360^{`) closed; a brace that closes nothing dropped."""
    depth = 0
    out = []
    escaped = False
    for c in tex:
        if c == "}" and not escaped:
            if depth == 0:
                continue
            depth -= 1
        elif c == "{" and not escaped:
            depth += 1
        escaped = c == "\\" and not escaped
        out.append(c)
    text = "".join(out) + "}" * depth
    if "\\left" in text or "\\right" in text:  # (`O\\left(\\alpha` cut short)
        opened, closed = len(_LEFT.findall(text)), len(_RIGHT.findall(text))
        text = "\\left." * (closed - opened) + text + "\\right." * (opened - closed)
    return text + "{}" if text.endswith(("^", "_")) else text

"""A paper's title as a BibTeX value that LaTeX typesets as the pages show it; pure.

The stored title writes a formula without delimiters (`P^3-Net`, `On Estimating L_2^2 Divergence`,
`From r to Q^*`, `360^∘`): escaped as prose it printed the `^` (`P\\^{}3-Net`: 16 BibTeX titles of
the catalogue, the seventh and eighth readers), where the pages draw P³-Net. The formulas the pages draw
(`formulas.bare_formulas`: a `^`, or `_{`) are written as math, upright as the pages' Unicode is
(`$\\mathrm{P}^{3}$-Net`); any other `_` stays prose (`DuReader_robust`, `L_2`, as the pages show it).

A source's own entry whose title LaTeX cannot typeset in text mode (a bare `_` or `^`, or a math
command, outside `$...$`: NeurIPS's `TD(\\lambda )`, AISTATS's `{{On Estimating L_2^2 Divergence}}`,
IJCAI's `IMO^3:`, 14 entries of the catalogue, each an error in a reader's document) is given the
title from the columns instead, as one whose formulas the source escaped as text is (`citations`)."""

from __future__ import annotations

import re

from .bibtex_entries import latex
from .formulas import Formula, bare_formulas

# A script of a bare formula: `^` or `_`, then a group (`^{10}`) or one character (`^3`, `^*`).
_SCRIPT = re.compile(r"([\^_])(\{[^{}\\]{1,20}\}|[^\s{}\\^_])")
_UPRIGHT = re.compile(r"[A-Za-z0-9().]+")  # what a formula's text between scripts may be, set upright
_SCRIPT_TEXT = re.compile(r"[A-Za-z0-9*+\-=]{1,20}")
_SYMBOLS = {"∘": r"\circ", "∞": r"\infty", "′": r"\prime"}
# Math a title's own TeX holds outside `$...$` (and `\ensuremath{...}`), which text mode cannot set.
_MATH_ONLY = re.compile(
    r"(?<!\\)[_^]|\\(?:alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|iota|kappa|lambda|mu|nu|xi|pi"
    r"|rho|sigma|tau|upsilon|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Sigma|Phi|Psi|Omega|ell|infty"
    r"|mathrm|mathcal|mathbb|mathbf|sqrt|frac|leq|geq|times|cdot|circ)(?![A-Za-z])"
)
_MATH_SPANS = re.compile(r"(?<!\\)\$[^$]*(?<!\\)\$|\\ensuremath\s*\{[^{}]*\}|\\\(.*?\\\)")
# A script or a backslash the source escaped as text (`{HMD}{\textasciicircum}2`, `(RF)\^{}2`,
# `L\textbackslash \_2`): it prints the `^` or `\`, where the pages draw the formula.
_ESCAPED_AS_TEXT = re.compile(r"\\textasciicircum(?![A-Za-z])|\\\^\{\}|\\textbackslash(?![A-Za-z])")


def script_math(tex: str) -> str | None:
    """A bare formula of text and scripts as math set upright (`P^3` -> `\\mathrm{P}^{3}`, `L_2^2` ->
    `\\mathrm{L}_{2}^{2}`, `360^∘` -> `\\mathrm{360}^{\\circ}`); None for any other formula."""
    out, pos = [], 0
    for m in _SCRIPT.finditer(tex):
        text, script = tex[pos : m.start()], m[2].strip("{}")
        script = _SYMBOLS.get(script, script)
        if (text and not _UPRIGHT.fullmatch(text)) or not (
            script in _SYMBOLS.values() or _SCRIPT_TEXT.fullmatch(script)
        ):
            return None
        out.append((rf"\mathrm{{{text}}}" if text else "") + f"{m[1]}{{{script}}}")
        pos = m.end()
    rest = tex[pos:]
    if not out or (rest and not _UPRIGHT.fullmatch(rest)):
        return None
    return "".join(out) + (rf"\mathrm{{{rest}}}" if rest else "")


def title_latex(title: str) -> str:
    """`title` as a BibTeX title's content (`latex`, words in capitals braced), its bare formulas of
    text and scripts as math (`script_math`)."""
    pieces = bare_formulas(title, frozenset())
    if all(isinstance(piece, str) for piece in pieces):
        return latex(title, protect_case=True)
    written = []
    for piece in pieces:
        math = script_math(piece.tex) if isinstance(piece, Formula) else None
        written.append(f"${math}$" if math else piece.tex if isinstance(piece, Formula) else piece)
    return latex("".join(written), protect_case=True)


def unfit_title(title: str) -> bool:
    """Whether a source's own title (a BibTeX value's content) holds math outside math mode, or a
    script or backslash escaped as text (`_ESCAPED_AS_TEXT`)."""
    return bool(_MATH_ONLY.search(_MATH_SPANS.sub("", title)) or _ESCAPED_AS_TEXT.search(title))

"""Inline LaTeX as readable text: `\\mathcal{O}(n^2)` -> `O(n²)`, `\\ell_\\infty` -> `ℓ∞`; pure."""

from __future__ import annotations

import re

from ..rules_0014.identity import GREEK  # `\\alpha` -> `α`

# LaTeX commands shown as the symbol they stand for.
SYMBOLS = {
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "neq": "≠",
    "ne": "≠",
    "approx": "≈",
    "sim": "∼",
    "times": "×",
    "cdot": "·",
    "pm": "±",
    "infty": "∞",
    "in": "∈",
    "notin": "∉",
    "subset": "⊂",
    "subseteq": "⊆",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "mapsto": "↦",
    "partial": "∂",
    "nabla": "∇",
    "sum": "∑",
    "prod": "∏",
    "int": "∫",
    "sqrt": "√",
    "ell": "ℓ",
    "log": "log",
    "exp": "exp",
    "min": "min",
    "max": "max",
    "sup": "sup",
    "inf": "inf",
    "lim": "lim",
    "dots": "…",
    "ldots": "…",
    "cdots": "⋯",
    "forall": "∀",
    "exists": "∃",
    "emptyset": "∅",
    "propto": "∝",
    "mid": "|",
    "ll": "≪",
    "gg": "≫",
    "star": "⋆",
    "circ": "∘",
    "top": "⊤",
    "perp": "⊥",
    "#": "#",
    "%": "%",
    "&": "&",
    "_": "_",
    "$": "$",
    "{": "{",
    "}": "}",
    ",": " ",
    ";": " ",
    "!": "",
    "quad": " ",
    "qquad": "  ",
}
SYMBOLS.update(GREEK)
SUPERSCRIPTS = dict(zip("0123456789+-=()nik", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵏ", strict=True))
SUBSCRIPTS = dict(zip("0123456789+-=()aeiojklmnprstux", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢₒⱼₖₗₘₙₚᵣₛₜᵤₓ", strict=True))

# Commands that only style their argument: dropped, the argument kept.
_STYLE = re.compile(
    r"\\(?:textbf|textit|emph|textrm|textsf|texttt|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|mathbb"
    r"|bf|it|rm|sf|tt|boldsymbol|operatorname|text)\b\s*"
)
_COMMAND = re.compile(r"\\([A-Za-z]+|[#%&_${},;!])")
_SCRIPT = re.compile(r"([\^_])\s*(\{[^{}]{1,20}\}|[A-Za-z0-9+\-∞])")


def strip_commands(text: str) -> str:
    """Styling commands dropped (`\\textbf`), symbol commands replaced (`\\alpha` -> `α`),
    anything else that is a command dropped; braces and scripts left alone."""
    return _COMMAND.sub(lambda m: SYMBOLS.get(m.group(1), ""), _STYLE.sub("", text))


def latex_to_text(math: str, markup: bool = False) -> str:
    """The content of `$...$` as text. Sub- and superscripts become Unicode where it has every
    character (`n^2` -> `n²`); otherwise `<sub>`/`<sup>` when `markup` (for HTML), else the bare
    subscript or `^` and the superscript."""

    def script(m: re.Match) -> str:
        body = m.group(2).strip("{}").strip()
        table = SUPERSCRIPTS if m.group(1) == "^" else SUBSCRIPTS
        if all(c in table for c in body):
            return "".join(table[c] for c in body)
        if markup:
            tag = "sup" if m.group(1) == "^" else "sub"
            return f"<{tag}>{body}</{tag}>"
        return body if m.group(1) == "_" else "^" + body

    out = _SCRIPT.sub(script, strip_commands(math))
    return " ".join(out.replace("{", "").replace("}", "").split())

"""Formulas as MathML, which Chromium, Firefox and Safari draw without a script: TeX converted by
latex2mathml into an element tree, written out from an allow-list (elements, attributes) with every
text escaped, so that no formula can carry markup of its own (docs/browsing.md#math)."""

from __future__ import annotations

import html
import re
from functools import lru_cache

from latex2mathml import commands as _commands
from latex2mathml.converter import convert_to_element
from latex2mathml.symbols_parser import SYMBOLS

from ..text.formulas import Formula, unicode_text
from ..text.macros import DEFINITIONS, repair_tex


def _known_commands() -> frozenset[str]:
    names = set(SYMBOLS)
    for value in vars(_commands).values():
        items = value if isinstance(value, (tuple, list, set, frozenset, dict)) else (value,)
        names.update(item for item in items if isinstance(item, str) and item.startswith("\\"))
    return frozenset(names)


KNOWN = _known_commands()  # the commands latex2mathml converts, with their backslash
# Math commands that make a token of prose a formula (`\alpha`, `\frac`, `\mathbb`), without it.
MATH_COMMANDS = frozenset(name[1:] for name in KNOWN if name[1:].isalpha())
_STACKED = re.compile(r"([_^])(\{[^{}]*\}|\\[A-Za-z]+|[^\s{}\\])\s*(?=\1)")
MAX_DEPTH = 40  # nested groups a formula may open (the catalogue's deepest: 9)

# MathML Core's elements, and the attributes they keep: nothing that links, styles or scripts.
ELEMENTS = frozenset(
    "math mrow mi mn mo ms mtext mspace msub msup msubsup munder mover munderover mfrac msqrt mroot"
    " mstyle mpadded mphantom menclose mtable mtr mtd merror semantics annotation mmultiscripts mprescripts none".split()
)
ATTRIBUTES = frozenset(
    "display displaystyle scriptlevel mathvariant stretchy fence form separator lspace rspace largeop"
    " movablelimits accent accentunder linethickness width height depth columnalign rowalign notation".split()
)


def _text(text: str | None) -> str:
    """A text of the converter's tree, escaped: it holds characters as references (`&#x0211D;`) and
    copies `\\text{<b>}` through as it is."""
    return html.escape(html.unescape(text), quote=False) if text else ""


def _rebuilt(element, out: list[str]) -> None:
    """MathML from the converter's element tree: allowed elements and attributes only (an element
    not allowed keeps its text, not its tag), every text escaped."""
    tag = element.tag if element.tag in ELEMENTS else None
    if tag:
        kept = "".join(
            f' {name}="{html.escape(value, quote=True)}"'
            for name, value in element.attrib.items()
            if name in ATTRIBUTES and len(value) < 40
        )
        out.append(f"<{tag}{kept}>")
    out.append(_text(element.text))
    for child in element:
        _rebuilt(child, out)
        out.append(_text(child.tail))
    if tag:
        out.append(f"</{tag}>")


def _depth(tex: str) -> int:
    depth = deepest = 0
    for c in tex:
        if c == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif c == "}":
            depth -= 1
    return deepest


def to_mathml(tex: str, display: bool = False) -> str | None:
    """The MathML of a formula, or None when it cannot be read (too deep, a definition, TeX the
    converter rejects)."""
    if len(tex) > 2000 or _depth(tex) > MAX_DEPTH or DEFINITIONS.search(tex):
        return None
    repaired = repair_tex(tex, KNOWN)
    # (as written; a command whose arguments the source lost, `\\tilde ,`, or `\\choose 2` its
    # numerator; scripts stacked twice, `z_i_i`, which TeX rejects too)
    for attempt in (repaired, repaired + "{}", repaired + "{}{}", "{}" + repaired, _STACKED.sub(r"\1\2{}\1", repaired)):
        try:
            tree = convert_to_element(attempt, display="block" if display else "inline")
            break
        except Exception:  # (latex2mathml raises many kinds, RecursionError among them)
            continue
    else:
        return None
    out: list[str] = []
    _rebuilt(tree, out)
    return "".join(out)


@lru_cache(maxsize=1 << 12)  # (a page of cards shows the same formulas; titles repeat across pages)
def formula_html(formula: Formula) -> str:
    """HTML for a formula: exact Unicode text for a bare one that has it (`O(n²)`), else MathML;
    the TeX as written, marked as such, when it cannot be read."""
    if formula.bare:
        text = unicode_text(formula.tex)
        if text is not None:
            return html.escape(text, quote=False)
    mathml = to_mathml(formula.tex, formula.display)
    if mathml is not None:
        return mathml
    return f'<code class="tex" title="TeX this page could not draw">{html.escape(formula.tex, quote=False)}</code>'

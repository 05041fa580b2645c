"""Abstracts and titles as readable, safe HTML: markdown emphasis, math and links shown as such; pure.

Everything is escaped first and markup is added only around escaped text, so HTML or script in an
abstract is always shown as text, never run; formulas are MathML rebuilt from an allow-list
(`mathml.py`), put in place last.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from ..text.cleaning import clean_abstract, clean_title
from ..text.formulas import Formula, bare_formulas, split_formulas
from ..text.latex import latex_to_text
from .mathml import MATH_COMMANDS, formula_html

_MATH = re.compile(r"\$\$?([^$]{1,400}?)\$\$?")
_STRONG = re.compile(r"\*\*(?=\S)(.{1,500}?)(?<=\S)\*\*")  # (bounded: `**a **a …` stays linear)
_EM = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])|(?<![\w_])_(?=\S)([^_]+?)(?<=\S)_(?![\w_])")
_MD_LINK = re.compile(r"\[([^\[\]]{1,200})\]\((https?://[^()\s]{1,500})\)")
_URL = re.compile(
    r"(?<![\"'>=])\bhttps?://[^\s<>()\"'\U000f0000-\U000fffff]{1,500}[^\s<>()\"'.,;:!?*\U000f0000-\U000fffff]"
)
# A formula's place in the text while the prose around it is cleaned and marked up: one character
# of Unicode's private use plane 15, which no rule reads (the text's own are replaced first).
_SLOT = 0xF0000
_SLOTS = re.compile("[\U000f0000-\U000fffff]")
FORMULA_BUDGET = 20_000  # characters of TeX converted per text; past them formulas show as written
MATH_MARKS = ("$", "\\", "^", "_")  # what a text without math never holds


class _Parked:
    """A text's formulas, each parked in one character of the text."""

    def __init__(self) -> None:
        self.formulas: list[Formula] = []

    def park(self, formula: Formula) -> str:
        self.formulas.append(formula)
        return chr(_SLOT + len(self.formulas) - 1)

    def bare(self, prose: str) -> str:
        """Prose with its formulas written without delimiters parked."""
        return "".join(p if isinstance(p, str) else self.park(p) for p in bare_formulas(prose, MATH_COMMANDS))

    def text(self, text: str, clean: Callable[[str], str]) -> str:
        """`text` cleaned by `clean` with every formula parked: delimited ones, then bare ones in
        the prose as written (`\\mathbbR^n`) and in the prose as cleaned (`\\emph{x^2}` is `x^2`)."""
        text = _SLOTS.sub("\ufffd", text)
        pieces = split_formulas(text) if "$" in text or "\\" in text else [text]
        parked = "".join(self.bare(p) if isinstance(p, str) else self.park(p) for p in pieces)
        return self.bare(clean(parked))

    def restore(self, marked: str) -> str:
        """The marked-up text with each formula's HTML in its place (within the budget)."""
        spent = 0

        def shown(m: re.Match) -> str:
            nonlocal spent
            formula = self.formulas[ord(m.group()) - _SLOT]
            spent += len(formula.tex)
            if spent > FORMULA_BUDGET:
                return f'<code class="tex">{html.escape(formula.tex, quote=False)}</code>'
            return formula_html(formula)

        return _SLOTS.sub(shown, marked) if self.formulas else marked


def render_abstract(text: str) -> str:
    """HTML for an abstract (as written or already cleaned: `clean_abstract` first), escaped, then
    emphasis and links marked up, its formulas as MathML (or as Unicode text where that is exact)."""
    parked = _Parked()
    out = parked.text(text.replace("\x00", "\ufffd"), clean_abstract)  # (NUL marks parked links below)
    return parked.restore(_marked_up(html.escape(out, quote=True)))


def render_title(title: str, title_raw: str | None = None) -> str:
    """HTML for a title: as stored (`clean_title` of `title_raw`), escaped, its formulas as MathML;
    read again from the title as written where that holds math (`$360^{\\circ}$`, which the stored
    title can only approximate: `360^∘`)."""
    source = title_raw if title_raw and any(mark in title_raw for mark in MATH_MARKS) else None
    if source is None and not any(mark in title for mark in MATH_MARKS):
        return html.escape(title, quote=True)
    parked = _Parked()
    out = parked.text(source, clean_title) if source else parked.bare(title)
    return parked.restore(html.escape(out, quote=True))


def _marked_up(out: str) -> str:
    """Escaped text with its links and emphasis marked up."""
    links: list[str] = []

    def keep(link_html: str) -> str:  # park links so emphasis rules never touch a URL
        links.append(link_html)
        return f"\x00{len(links) - 1}\x00"

    out = _MD_LINK.sub(lambda m: keep(f'<a href="{m.group(2)}" rel="nofollow">{m.group(1)}</a>'), out)
    out = _URL.sub(lambda m: keep(f'<a href="{m.group(0)}" rel="nofollow">{m.group(0)}</a>'), out)
    out = _STRONG.sub(r"<strong>\1</strong>", out)
    out = _EM.sub(lambda m: f"<em>{m.group(1) or m.group(2)}</em>", out)
    return re.sub("\x00(\\d+)\x00", lambda m: links[int(m.group(1))], out)


SNIPPET_START, SNIPPET_END = "\x02", "\x03"  # what the search query's snippet() marks matches with


def render_snippet(text: str) -> str:
    """A search snippet with its matches highlighted, everything else escaped, its formulas drawn
    (a match inside one is not highlighted; one the snippet cuts is read as bare math)."""
    parked = _Parked()
    out = parked.text(text, str.strip)
    if parked.formulas:
        unmarked = str.maketrans("", "", SNIPPET_START + SNIPPET_END)
        parked.formulas = [Formula(f.tex.translate(unmarked), f.display, f.bare) for f in parked.formulas]
    out = html.escape(out, quote=True).replace(SNIPPET_START, "<mark>").replace(SNIPPET_END, "</mark>")
    if out.count("<mark>") != out.count("</mark>"):  # (a formula took one end of a match)
        out = out.replace("<mark>", "").replace("</mark>", "")
    return parked.restore(out)


def _unmarked(text: str) -> str:
    text = _STRONG.sub(r"\1", text)
    text = _EM.sub(lambda m: m.group(1) or m.group(2), text)
    return _MD_LINK.sub(r"\1", text)


def _cut(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars].rsplit(" ", 1)[0] + "…"


def preview(text: str, chars: int = 300) -> str:
    """The opening of an abstract as HTML for a folded card or a heading: emphasis markers and link
    targets gone, formulas drawn (`render_abstract`), cut at a word after `chars` characters (a
    formula counts as one, and is never cut)."""
    parked = _Parked()
    plain = _cut(_unmarked(parked.text(text, clean_abstract)), chars)
    return parked.restore(html.escape(plain, quote=True))


def preview_text(text: str, chars: int = 300) -> str:
    """`preview` as plain text, for a page's `<title>` or a tooltip: formulas as Unicode text as
    far as it goes (`$AUC_{PR}$` is AUCPR)."""
    return _cut(_unmarked(_MATH.sub(lambda m: latex_to_text(m.group(1)), text)), chars)

"""Abstracts as readable, safe HTML: markdown emphasis, LaTeX and links shown as such; pure.

Everything is escaped first and markup is added only around escaped text, so HTML or script in an
abstract is always shown as text, never run.
"""

from __future__ import annotations

import html
import re

from ..text.cleaning import clean_abstract
from ..text.latex import latex_to_text

_MATH = re.compile(r"\$\$?([^$]{1,400}?)\$\$?")
_STRONG = re.compile(r"\*\*(?=\S)(.{1,500}?)(?<=\S)\*\*")  # (bounded: `**a **a …` stays linear)
_EM = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])|(?<![\w_])_(?=\S)([^_]+?)(?<=\S)_(?![\w_])")
_MD_LINK = re.compile(r"\[([^\[\]]{1,200})\]\((https?://[^()\s]{1,500})\)")
_URL = re.compile(r"(?<![\"'>=])\bhttps?://[^\s<>()\"']{1,500}[^\s<>()\"'.,;:!?*]")


def render_abstract(text: str) -> str:
    """HTML for an abstract (as written or already cleaned: `clean_abstract` first), escaped, then
    emphasis, math and links marked up."""
    out = html.escape(clean_abstract(text).replace("\x00", "\ufffd"), quote=True)  # (NUL marks parked links below)
    out = _MATH.sub(lambda m: f'<span class="math">{latex_to_text(m.group(1), markup=True)}</span>', out)
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
    """A search snippet with its matches highlighted, everything else escaped."""
    out = html.escape(text, quote=True)
    return out.replace(SNIPPET_START, "<mark>").replace(SNIPPET_END, "</mark>")


def preview(text: str, chars: int = 300) -> str:
    """The opening of an abstract as plain text for a folded card: formulas as text (`$AUC_{PR}$`
    is AUC_PR's Unicode form), emphasis markers gone, cut at a word after `chars` characters."""
    plain = _MATH.sub(lambda m: latex_to_text(m.group(1)), text)
    plain = _STRONG.sub(r"\1", plain)
    plain = _EM.sub(lambda m: m.group(1) or m.group(2), plain)
    plain = _MD_LINK.sub(r"\1", plain)
    if len(plain) <= chars:
        return plain
    return plain[:chars].rsplit(" ", 1)[0] + "…"

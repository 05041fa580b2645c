"""Display and search text of titles, abstracts, names and keywords: LaTeX, BibTeX and HTML markup
removed, PDF debris repaired; pure. The text as written stays stored beside it."""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

from ..rules_0017.debris import repair
from .latex import latex_to_text
from .markup import has_markup, latex_text, strip_markdown

_MATH = re.compile(r"\$\$?([^$]{1,400}?)\$\$?")  # inline math, as the renderer finds it
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,100}>")


@lru_cache(maxsize=1 << 16)  # (names and institutions repeat across papers)
def clean_text(raw: str) -> str:
    """Plain text of a title, a name or a keyword: `QuIP$\\#$: Even {B}etter` -> `QuIP#: Even Better`;
    `{I}nfer{C}ept` -> `InferCept`; `$\\bf{\\Phi}_\\textrm{Flow}$` -> `ΦFlow`; `Schölkopf` from
    `Sch{\\"o}lkopf`; HTML tags dropped; PDF debris and mojibake repaired (see `debris.repair`);
    text-mode LaTeX as text (see `markup.latex_text`); every brace and run of spaces gone."""
    text = repair(html.unescape(_TAG.sub("", raw)))
    for _ in range(3):  # (as in clean_abstract)
        if not has_markup(text) or (read := repair(latex_text(text))) == text:
            break
        text = read
    if "$" in text:
        text = _MATH.sub(lambda m: latex_to_text(m.group(1)), text)
    text = text.replace("{", "").replace("}", "")
    return " ".join(text.split())


def clean_title(raw: str) -> str:
    """A title for display, search and keywords: `clean_text`, and Markdown emphasis and a
    trailing footnote mark dropped (`**Retracted** x` -> `Retracted x`; `A*` stays)."""
    return strip_markdown(clean_text(raw))


def clean_abstract(raw: str) -> str:
    """An abstract for display, search and keywords: PDF debris and mojibake repaired, invisible
    characters dropped (`debris.repair`), text-mode LaTeX as text (`\\emph{i.e.}` -> `i.e.`,
    ``` ``x'' ``` -> `“x”`, `\\url{u}` -> `u`), runs of spaces as one. Inline math (`$...$`) and
    URLs stay as written, for the renderer; so do HTML and Markdown. What the rules make is read
    again (`\\emph{``` makes ``` `` ```, `\\{x\\}` `{x}`), so that cleaning the output changes nothing."""
    text = repair(raw)
    for _ in range(3):  # (what a rule removes may join into markup or debris: `\\emph{``` is `“`)
        if not has_markup(text) or (read := repair(latex_text(text))) == text:
            break
        text = read
    text = text.strip()
    return " ".join(text.split()) if "  " in text or "\n" in text or "\t" in text else text


@lru_cache(maxsize=1 << 14)
def institution_key(name: str) -> str:
    """The merge key of an institution: accents and case folded, `&` as `and`, punctuation and a
    leading `the` dropped (`The University of Texas at Austin`, `University of Texas at Austin`)."""
    name = "".join(c for c in unicodedata.normalize("NFKD", clean_text(name)) if not unicodedata.combining(c))
    words = re.sub(r"[^\w\s]", " ", name.casefold().replace("&", " and ")).split()
    if words[:1] == ["the"]:
        words = words[1:]
    return " ".join(words)

"""Display and search text of titles, abstracts, names and keywords: LaTeX, BibTeX and HTML markup
removed, PDF debris repaired; pure. The text as written stays stored beside it."""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

from .debris import repair
from .headings import headings_dropped
from .ieee import ieee_text
from .latex import latex_to_text
from .line_breaks import joined_line_breaks
from .markup import has_markup, latex_text, strip_markdown
from .quotes import unpaired_quotes_dropped

_MATH = re.compile(r"\$\$?([^$]{1,400}?)\$\$?")  # inline math, as the renderer finds it
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,100}>")


def csv_unquoted(text: str) -> str:
    """A text a CSV writer quoted whole, as written: `"Trust, but Verify: ..."` -> `Trust, but
    Verify: ...`, `"... many ""in the wild"" sequences ..."` -> `... many "in the wild" sequences ...`
    (one source's titles with a comma, and its abstracts). A text is so quoted when it starts and
    ends with `"` and every quote inside comes doubled; else it is as written (`"Why Should I Trust
    You?": Explaining ...`, `"Best-first model merging" is ...`). Undone while that holds (a text
    quoted twice; quoted k times it holds 2^k quotes), so that the result is never so quoted."""
    while True:
        stripped = text.strip()
        if len(stripped) < 2 or stripped[0] != '"' or stripped[-1] != '"':
            break
        inner = stripped[1:-1]
        if not inner.strip() or '"' in inner.replace('""', ""):  # (a quote not doubled: the text's own)
            break
        text = inner.replace('""', '"')
    return text


@lru_cache(maxsize=1 << 16)  # (names and institutions repeat across papers)
def clean_text(raw: str) -> str:
    """Plain text of a title, a name or a keyword: `QuIP$\\#$: Even {B}etter` -> `QuIP#: Even Better`;
    `{I}nfer{C}ept` -> `InferCept`; `$\\bf{\\Phi}_\\textrm{Flow}$` -> `ΦFlow`; `Schölkopf` from
    `Sch{\\"o}lkopf`; HTML tags dropped; PDF debris and mojibake repaired (see `debris.repair`);
    text-mode LaTeX as text (see `markup.latex_text`); IEEE Xplore's symbols and scripts as text
    (`/spl sigma/SLAM` -> `σSLAM`, see `ieee.ieee_text`); every brace and run of spaces gone."""
    text = ieee_text(repair(html.unescape(_TAG.sub("", raw))))
    for _ in range(3):  # (as in clean_abstract)
        if not has_markup(text) or (read := repair(latex_text(text))) == text:
            break
        text = read
    if "$" in text:
        text = _MATH.sub(lambda m: latex_to_text(m.group(1)), text)
    text = text.replace("{", "").replace("}", "")
    return " ".join(text.split())


def clean_title(raw: str) -> str:
    """A title for display, search and keywords: the quotes of a CSV writer undone (`csv_unquoted`),
    `clean_text`, and Markdown emphasis and a trailing footnote mark dropped (`**Retracted** x` ->
    `Retracted x`; `A*` stays)."""
    return strip_markdown(clean_text(csv_unquoted(raw) if raw.lstrip()[:1] == '"' else raw))


def clean_abstract(raw: str) -> str:
    """An abstract for display, search and keywords: the quotes of a CSV writer undone
    (`csv_unquoted`), a quote mark the source left unpaired at its start or end dropped
    (`quotes.unpaired_quotes_dropped`: `... of our model."`), PDF debris and mojibake repaired, invisible
    characters dropped (`debris.repair`), IEEE Xplore's symbols and scripts as text (`5 /spl mu/m` ->
    `5 μm`, `O/sub 1/` -> `O₁`: `ieee.ieee_text`), text-mode LaTeX as text (`\\emph{i.e.}` -> `i.e.`,
    ``` ``x'' ``` -> `“x”`, `\\url{u}` -> `u`), runs of spaces as one, and a word PDF extraction broke
    at a line end written whole as the catalogue writes it (`Hier- archical` -> `Hierarchical`,
    `self- supervised` -> `self-supervised`: `line_breaks.joined_line_breaks`). Inline math (`$...$`) and
    URLs stay as written, for the renderer; so do HTML and Markdown. An `Abstract` heading at the
    start and a keyword list at the end are dropped (`Abstract: Human actions ... Keywords: x, y.`
    -> `Human actions ...`: `headings.headings_dropped`). What the rules make is read
    again (`\\emph{``` makes ``` `` ```, `\\{x\\}` `{x}`), so that cleaning the output changes nothing."""
    text = ieee_text(repair(raw))
    for _ in range(3):  # (what a rule removes may join into markup or debris: `\\emph{``` is `“`)
        read = csv_unquoted(text) if text.lstrip()[:1] == '"' else text  # (before markup: `\\""o` is `\\"o`)
        if has_markup(read):
            read = repair(latex_text(read))
        if '"' in read:  # (after markup: ``` ``x" ``` is `“x"`)
            read = unpaired_quotes_dropped(read)
        if read == text:
            break
        text = read
    text = text.strip()
    text = " ".join(text.split()) if "  " in text or "\n" in text or "\t" in text else text
    return headings_dropped(joined_line_breaks(text))


@lru_cache(maxsize=1 << 14)
def institution_key(name: str) -> str:
    """The merge key of an institution: accents and case folded, `&` as `and`, punctuation and a
    leading `the` dropped (`The University of Texas at Austin`, `University of Texas at Austin`)."""
    name = "".join(c for c in unicodedata.normalize("NFKD", clean_text(name)) if not unicodedata.combining(c))
    words = re.sub(r"[^\w\s]", " ", name.casefold().replace("&", " and ")).split()
    if words[:1] == ["the"]:
        words = words[1:]
    return " ".join(words)

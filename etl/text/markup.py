"""LaTeX outside math as plain text: text commands, accents, TeX quotes and dashes (`\\emph{i.e.}`,
`{\\em x}`, `Schr\\"odinger`, ``` ``x'' ```, `a---b`); Markdown emphasis markers in titles; pure.

Every rule reads the text once, left to right: no regular expression here can backtrack over more
than a bounded stretch, so each is linear in the text.
"""

from __future__ import annotations

import re
import unicodedata

from .latex import SYMBOLS
from .text_symbols import TEXT_SYMBOLS

# Accents: \'e, \'{e}, {\"o}, \c{c}, \v s -> é, é, ö, ç, š
ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "c": "\u0327",
    "v": "\u030c",
    "u": "\u0306",
    "H": "\u030b",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
}
_LETTER = r"[A-Za-z]|\\[ij](?![A-Za-z])"
_ACCENT = re.compile(
    rf"\\([\"'`^~=.])(?:\{{ ?({_LETTER}) ?\}}|({_LETTER}))|\\([cvuHkrdb])(?: ?\{{ ?({_LETTER}) ?\}}| ({_LETTER}))"
)
# Letters TeX writes as commands: \ss -> ß, \o -> ø, \L -> Ł
LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ"}
LETTERS |= {"aa": "å", "AA": "Å", "i": "ı", "j": "ȷ"}

# Commands whose braced argument is kept as plain text: styles, boxes and `\url`.
STYLES = frozenset(
    "emph textit textbf textsc texttt textrm textsf textsl textup textmd textnormal text underline uline"
    " mbox hbox fbox textsuperscript textsubscript url mathrm mathbf mathit mathsf mathtt mathcal mathbb"
    " mathfrak mathscr boldsymbol bm operatorname ensuremath".split()
)
# Declarations that style the rest of their group: `{\em x}` and `{\bf x}` are x.
DECLARATIONS = frozenset(
    "em it bf sc tt rm sf sl up md bfseries itshape scshape ttfamily rmfamily sffamily slshape upshape"
    " mdseries normalfont boldmath unboldmath small large Large LARGE tiny footnotesize scriptsize"
    " normalsize huge Huge centering noindent raggedright par newline linebreak smallskip medskip bigskip"
    " hfill vfill displaystyle textstyle left right big Big bigl bigr Bigl Bigr".split()
)
# Commands whose arguments are dropped with them (`\label{x}`, `\vspace{1em}`, `\begin{itemize}`);
# `\textcolor{red}{x}` keeps its second, as a style does.
DROPPED = {"label": 1, "vspace": 1, "hspace": 1, "color": 1, "begin": 1, "end": 1, "textcolor": 1, "colorbox": 1}
DROPPED |= {"bibliographystyle": 1, "setlength": 2, "includegraphics": 1}
# Macros of conference style files (cvpr.sty, ...) and other commands that stand for text.
MACROS = {"ie": "i.e.", "Ie": "I.e.", "eg": "e.g.", "Eg": "E.g.", "etal": "et al.", "etc": "etc.", "cf": "cf."}
MACROS |= {"Cf": "Cf.", "wrt": "w.r.t.", "iid": "i.i.d.", "vs": "vs.", "dof": "d.o.f.", "item": "•", "LaTeX": "LaTeX"}
MACROS |= {"TeX": "TeX", "textendash": "–", "textemdash": "—", "ldots": "…", "dots": "…", "textbullet": "•"}
MACROS |= {"S": "§", "P": "¶", "copyright": "©", "textregistered": "®", "texttrademark": "™", "textdegree": "°"}
MACROS |= {"textasciitilde": "~", "textbackslash": "\\", "textless": "<", "textgreater": ">", "textbar": "|"}
MACROS |= {"\\": " ", " ": " ", ",": " ", ";": " ", ":": " ", "!": "", "/": "", "-": "", "@": "", "\n": " "}
MACROS |= {"%": "%", "&": "&", "#": "#", "_": "_", "{": "{", "}": "}"}
CITES = frozenset(
    "cite citep citet citealp citealt citeauthor citeyear citenum nocite ref eqref autoref cref Cref".split()
)
_PREFIXES = sorted(STYLES | {"sqrt", "tilde", "widetilde", "hat", "widehat", "bar", "overline", "vec"}, key=len)[::-1]
# A style command that lost its backslash (`emph{per se}`, `textit{one-layer GCN}`).
_BARE_STYLE = re.compile(r"(?<![A-Za-z\\])(?:emph|textit|textbf|texttt|textsc)(?=\{)")
_MARKS = ("\\", "{", "}", "`", "~", "''", "--")  # (`in` finds each faster than one expression finds any)
_URL_COMMAND = re.compile(r"\\url ?\{([^{}\s]{1,2000})\}")
_HREF = re.compile(r"\\href ?\{([^{}\s]{1,2000})\} ?\{([^{}]{0,500})\}")
# Inline math as the renderer finds it (etl/serve/render.py) and URLs are kept as written: the
# renderer shows the math, and `--` in a path is no dash.
INLINE_MATH = r"\$\$?[^$]{1,400}?\$\$?"
_KEPT = INLINE_MATH + r"|https?://[^\s<>\"'{}\\]+"
_TOKEN = re.compile(_KEPT + r"|\\(?:[A-Za-z]+\*?|.)|[{}]|``|''|---?|~", re.DOTALL)
_SINGLE_QUOTED = re.compile(r"(?<!`)`([^`'‘’“”\n]{1,200})'(?![A-Za-z'])")
_WORD = re.compile(r"[\w\-.'’]+")  # the content of a group whose braces only protect it (`{FALCON}`)
# What the braces of a group write, by the kind of argument it is (None: a group of its own).
_GROUPS = {None: ("{", "}"), "keep": ("", ""), "drop": ("", ""), "note": (" (", ")"), "cite": ("[", "]")}


def _accent(m: re.Match) -> str:
    mark = m.group(1) or m.group(4)
    letter = m.group(2) or m.group(3) or m.group(5) or m.group(6)
    letter = {"\\i": "i", "\\j": "j"}.get(letter, letter)
    return unicodedata.normalize("NFC", letter + ACCENTS[mark])


def accents(text: str) -> str:
    """`Schr\\"odinger`, `Fr{\\'e}chet`, `\\c{c}`, `Bj\\o rn` -> `Schrödinger`, `Fr{é}chet`, `ç`, `Bjørn`."""
    if "\\" not in text:
        return text
    return _ACCENT.sub(_accent, text)


def _href(m: re.Match) -> str:
    url, label = m.group(1), m.group(2).strip()
    if url.startswith(("http://", "https://")):
        return f"[{label}]({url})" if label and label != url else url
    return label or url


def _quote(text: str, start: int) -> str:
    """`''` closes a quotation, unless it opens one (after a space, before a word)."""
    before = text[start - 1] if start else " "
    after = text[start + 2] if start + 2 < len(text) else " "
    return "“" if (before.isspace() or before in "([") and not after.isspace() else "”"


def _tie(text: str, start: int) -> str:
    """`~` ties words (`Fig.~3`); before a number at the start of a word it means `about` (`~8K`),
    and standing alone between spaces it is a sign of its own, no tie (CoRL 2025 "Humanoid Policy ~
    Human Policy", `80.2% ~ 85.6%`)."""
    before = text[start - 1] if start else " "
    after = text[start + 1] if start + 1 < len(text) else " "
    return "~" if (before.isspace() or before in "([") and (after.isdigit() or after.isspace()) else " "


def _command(name: str) -> tuple[str, tuple[str, ...]]:
    """What a command writes and the kinds of the braced arguments it takes: `keep` (the text),
    `drop`, `note` (in parentheses) or `cite` (in brackets)."""
    bare = name.rstrip("*")
    if bare in LETTERS:
        return LETTERS[bare], ()
    if bare in MACROS:
        return MACROS[bare], ()
    if bare in TEXT_SYMBOLS:
        return TEXT_SYMBOLS[bare], ()
    if bare in STYLES:
        return "", ("keep",)
    if bare in DECLARATIONS:
        return "", ()
    if bare in DROPPED:
        return "", ("drop",) * DROPPED[bare] + (("keep",) if bare in ("textcolor", "colorbox") else ())
    if bare in CITES:
        return "", ("cite",)
    if bare == "footnote":
        return "", ("note",)
    if bare in SYMBOLS:
        return SYMBOLS[bare], ()
    for prefix in _PREFIXES:  # braces lost: `\emphk`, `\mathcalO`, `\sqrtT`
        if bare.startswith(prefix):
            return SYMBOLS.get(prefix, "") + bare[len(prefix) :], ()
    return "", ()  # an unknown command: its name is no text


class _Writer:
    """The output of `latex_text` and the braced groups open in it."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.size = 0
        # per open group: (what its closing brace writes, index of its opening piece or -1, size after
        # it, whether its content is dropped, the arguments its command takes after it)
        self.groups: list[tuple[str, int, int, bool, tuple[str, ...]]] = []
        self.skipping = 0  # open groups whose content is dropped

    def write(self, text: str) -> None:
        if text and not self.skipping:
            self.out.append(text)
            self.size += len(text)

    def open(self, kind: str | None, rest: tuple[str, ...] = ()) -> None:
        """Open a group: the argument `kind` of a command (which takes `rest` after it), or None."""
        opening, closing = _GROUPS[kind]
        written = bool(opening) and not self.skipping
        self.write(opening)
        self.groups.append((closing, len(self.out) - 1 if written else -1, self.size, kind == "drop", rest))
        self.skipping += kind == "drop"

    def close(self) -> tuple[str, ...]:
        """Close the innermost group; the arguments its command still takes."""
        if not self.groups:
            self.write("}")
            return ()
        closing, piece, size, dropped, rest = self.groups.pop()
        self.skipping -= dropped
        if closing == "}" and piece >= 0 and self.size - size <= 60 and self._protects(piece):
            self.out[piece] = ""  # braces that only protect a word (`{FALCON}`, `Nystr{ö}m`) go
            closing = ""
        self.write(closing)
        return rest

    def _protects(self, piece: int) -> bool:
        """Whether the group opened at `piece` only protects a word: one word or one sign, not the
        argument of a command that lost its backslash (`sqrt{k}`: a lower-case letter glued to a
        word); or is empty."""
        if len(self.out) - piece > 8:  # (a word is a few pieces; this keeps the check short)
            return False
        content = "".join(self.out[piece + 1 :])
        if not content:
            return True  # (`{}` ends a command word: `\\L{}ojasiewicz`, `\\LaTeX{} is`)
        i = piece - 1
        while i >= 0 and not self.out[i]:
            i -= 1
        before = self.out[i][-1] if i >= 0 else " "
        glued = before.isascii() and before.isalpha()
        sign = len(content) == 1 and not content.isalnum() and not content.isspace()  # (`9.87{\\texttimes}`)
        return (sign or bool(_WORD.fullmatch(content))) and not (glued and content.isascii() and content.islower())

    def unstyle_group(self) -> None:
        """A declaration opens this group (`{\\em x}`): its braces go."""
        if self.groups and self.groups[-1][0] == "}" and self.groups[-1][1] == len(self.out) - 1 >= 0:
            _, piece, size, dropped, rest = self.groups.pop()
            self.out[piece] = ""
            self.groups.append(("", -1, size, dropped, rest))


def has_markup(text: str) -> bool:
    """Whether `latex_text` may change the text (most abstracts have no LaTeX at all)."""
    return any(mark in text for mark in _MARKS)


def latex_links(text: str) -> str:
    """`\\url{u}` -> `u`, `\\href{u}{text}` -> `[text](u)` (a Markdown link, for the renderer)."""
    if "\\url" not in text and "\\href" not in text:
        return text
    return _URL_COMMAND.sub(r"\1", _HREF.sub(_href, text))


def latex_text(text: str) -> str:
    """Text-mode LaTeX as plain text; inline math (`$...$`) and URLs stay as written.

    Styles keep their argument (`\\emph{i.e.}` -> `i.e.`, `{\\em x}` -> `x`), accents and letter
    commands become letters (`\\'e` -> `é`, `\\ss` -> `ß`), links a Markdown link (`latex_links`),
    citations their keys in brackets, footnotes their text in parentheses, symbols their sign
    (`\\times` -> `×`), known macros their text (`\\eg` -> `e.g.`), other commands nothing;
    ``` ``x'' ``` and `` `x' `` curly quotes, `---` and `--` dashes, `~` a space (`~8K` stays), and
    braces that only protect one word (`{FALCON}`) go; others (`{1, ..., n}`) stay.
    """
    if not has_markup(text):
        return text
    text = _SINGLE_QUOTED.sub(r"‘\1’", latex_links(accents(text)))
    if "emph{" in text or "text" in text:
        text = _BARE_STYLE.sub(lambda m: "\\" + m.group(), text)
    w = _Writer()
    pending: tuple[str, ...] = ()  # argument kinds the last command still takes
    # TeX skips the spaces after a command word: all of them after one that writes no sign or a
    # letter (2), the one that ends a text symbol's (1: `O\\textquotesingle Reilly`), none after a
    # math symbol, whose math lost its `$` (`for general \\ell and r`: `ℓ and r`) (0).
    eat_space = 0
    pos = 0
    for m in _TOKEN.finditer(text):
        between = _eaten(text[pos : m.start()], eat_space)
        if between.strip():
            pending = ()  # a command's arguments follow it directly
        w.write(between)
        pos, token, eat_space = m.end(), m.group(), 0
        if token == "{":
            w.open(pending[0] if pending else None, pending[1:])
            pending = ()
            continue
        pending = ()
        if token[0] in "$h":  # math or a URL
            w.write(token)
        elif token == "}":
            pending = w.close()  # (`\\textcolor{red}{x}`: the next argument follows)
        elif token.startswith("\\"):
            name = token[1:].rstrip("*")
            written, pending = _command(name)
            if name in DECLARATIONS:
                w.unstyle_group()
            w.write(written)
            eat_space = 0 if not name.isalpha() else 2 if not written or name in LETTERS else int(name in TEXT_SYMBOLS)
        elif token == "''":
            w.write(_quote(text, m.start()))
        elif token == "``":
            w.write("“")
        elif token == "~":
            w.write(_tie(text, m.start()))
        else:
            w.write({"---": "—", "--": "–"}.get(token, token))
    w.write(_eaten(text[pos:], eat_space))
    return "".join(w.out)


def _eaten(text: str, spaces: int) -> str:
    """`text` less the spaces TeX skips at its start: all (2), one (1) or none (0)."""
    return text.lstrip(" ") if spaces == 2 else text[1:] if spaces and text[:1] == " " else text


_MD_STRONG = re.compile(r"\*\*(?=\S)([^*]{1,300}?)(?<=\S)\*\*")
_MD_EM = re.compile(
    r"(?<![\w*])\*(?=\S)([^*]{1,300}?)(?<=\S)\*(?![\w*])|(?<![\w_])_(?=[^\s_])([^_]{1,300}?)(?<=\S)_(?![\w_])"
)
_FOOTNOTE_MARKS = "*†‡"


def strip_markdown(title: str) -> str:
    """A title without Markdown emphasis (`**Retracted** x` -> `Retracted x`, `_x_` -> `x`) or a
    footnote mark after its last word (`Gripper Fingers*`); `A*`, `RRT*`, `Local_INN`, `L_p` stay."""
    if not any(mark in title for mark in "*_†‡"):
        return title
    title = _MD_STRONG.sub(r"\1", title)
    title = _MD_EM.sub(lambda m: m.group(1) or m.group(2), title).rstrip()
    core = title.rstrip(_FOOTNOTE_MARKS)
    return core.rstrip() if core != title and core and (core[-1].islower() or core[-1] == ")") else title

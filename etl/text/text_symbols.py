"""LaTeX's text-mode symbol commands (the base's and textcomp's) as the character each writes:
`\\textquotesingle` -> `'`, `\\textquotedblleft` -> `“`, `\\textellipsis` -> `…`; pure data.

A converter from Unicode to BibTeX writes them, each followed by a space that ends the command
word (NeurIPS's entries: `O\\textquotesingle Reilly`, `gHMM\\textquotesingle s`, `Neurons\\textquotesingle
Properties` with two spaces): that space is no text (`markup.latex_text` drops one). Without this
table a name starting with a style command lost its braces (`\\textpoly`: `\\text{poly}`), and
`\\textquotesingle` was read as `\\text` and `quotesingle`. (`\\textdollar` is not here: a `$`
written in the text would open a formula for the renderer.)
"""

from __future__ import annotations

TEXT_SYMBOLS = {
    "textquotesingle": "'",
    "textquotedbl": '"',
    "textquoteleft": "‘",
    "textquoteright": "’",
    "textquotedblleft": "“",
    "textquotedblright": "”",
    "quotesinglbase": "‚",
    "quotedblbase": "„",
    "guillemotleft": "«",
    "guillemotright": "»",
    "guilsinglleft": "‹",
    "guilsinglright": "›",
    "textasciicircum": "^",
    "textasciigrave": "`",
    "textasciiacute": "´",
    "textasciidieresis": "¨",
    "textunderscore": "_",
    "textbraceleft": "{",
    "textbraceright": "}",
    "textellipsis": "…",
    "textsection": "§",
    "textparagraph": "¶",
    "textperiodcentered": "·",
    "textexclamdown": "¡",
    "textquestiondown": "¿",
    "textasteriskcentered": "∗",
    "textdagger": "†",
    "textdaggerdbl": "‡",
    "dag": "†",
    "ddag": "‡",
    "textpm": "±",
    "texttimes": "×",
    "textdiv": "÷",
    "textminus": "−",
    "textmu": "µ",
    "textonehalf": "½",
    "textonequarter": "¼",
    "textthreequarters": "¾",
    "textcent": "¢",
    "textsterling": "£",
    "pounds": "£",
    "texteuro": "€",
    "textyen": "¥",
    "textperthousand": "‰",
    "textcelsius": "℃",
    "textcopyright": "©",
    "textnumero": "№",
    "textordfeminine": "ª",
    "textordmasculine": "º",
    "textleftarrow": "←",
    "textrightarrow": "→",
    "textlangle": "⟨",
    "textrangle": "⟩",
    "textbardbl": "‖",
    "textvisiblespace": "␣",
}

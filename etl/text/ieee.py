"""IEEE Xplore's markup of symbols and scripts in titles and abstracts as the text it stands for:
`/spl sigma/SLAM` -> `σSLAM`, `O/sub 1/` -> `O₁`, `cm/sup 3/` -> `cm³`, `LENS/sup TM/` -> `LENS™`
(ICRA and IROS records of the 1990s and 2000s); pure, linear in the text.

`/spl NAME/` names a character by its ISO entity name (`times`, `plusmn`, `deg`, `mu`, `epsi`),
as HTML5's entities do; a name neither knows stays as written. `/sub X/` and `/sup X/` are a
subscript and a superscript: Unicode's where each character has one (`₁`, `²`, `⁺⁺`; a symbol in them read first: `H/sub /spl infin//` -> `H_∞`), else a
subscript is written `_X` (`X/sub P/` -> `X_P`: no Unicode subscript P) and a superscript as its
letters (`3/sup rd/` -> `3rd`, `G/sup en/oM` -> `GenoM`), `TM` and `(R)` as `™` and `®`.
"""

from __future__ import annotations

import re
from html.entities import html5

from .latex import SUBSCRIPTS, SUPERSCRIPTS

MARK = "/s"  # (every markup starts so: texts without it are returned at once)
_SYMBOL = re.compile(r"/spl ([^/\s][^/]{0,29}?)/")
_SCRIPT = re.compile(r"/(sub|sup) ([^/\s][^/]{0,29}?)/")  # (read after symbols: `H/sub /spl infin//` is `H_∞`)
_SIGNS = {"TM": "™", "(R)": "®", "(C)": "©"}


def _symbol(m: re.Match[str]) -> str:
    symbol = html5.get(m[1].strip() + ";")
    return symbol if symbol is not None and len(symbol) == 1 else m[0]


def _script(m: re.Match[str]) -> str:
    kind, text = m[1], m[2].strip()
    table = SUBSCRIPTS if kind == "sub" else SUPERSCRIPTS
    if all(c in table for c in text):
        return "".join(table[c] for c in text)
    if kind == "sub":
        return "_" + text
    return _SIGNS.get(text, text)


def ieee_text(text: str) -> str:
    """`text` with IEEE Xplore's `/spl .../`, `/sub .../` and `/sup .../` read (see the module)."""
    return _SCRIPT.sub(_script, _SYMBOL.sub(_symbol, text)) if MARK in text else text

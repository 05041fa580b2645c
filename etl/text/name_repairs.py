"""Author names that are no person's name as written, and the repairs that are certain; pure.

What the catalogue's records put where a name goes, and what becomes of it:

- an institution (`Agency for Science Technology and Research`, `NVIDIA Research`, `University of
  Bath`: KDD 2023's scraper read an affiliation with parentheses in it as the name): no person
  (`is_institution`; the splitter keeps it whole, so `... Science and Technology` gives no
  `Technology` either);
- a name suffix listed as a name of its own (`Guy L. Steele; Jr`): joined to the name before it
  (`is_name_suffix`, done by `authors.people`);
- a code point written out (`Linh KU+000E4stner` -> `Linh Kästner`), a digit one read for an `l`
  between letters (`Cé1ine` -> `Céline`), an e-mail address glued to a name (`Thomas
  Auzinger@ist.ac.at` -> `Thomas Auzinger`): repaired (`repair_name`); an address alone
  (`urtasun}@uber.com`) is no name;
- a glyph PDF extraction or a font put for a letter, where no name has it (`repair_glyphs`): a
  dotless `ı` under an accent (`Jaromı́r` -> `Jaromír`, LaTeX's `\\'{\\i}`), a slashed sign or a
  phi for `ø` (`Thorbj⊘rn`, `Thorbjϕrn` -> `Thorbjørn`), `𠅂` for `ł` (`Micha𠅂` -> `Michał`), a
  dot below `c` for its cedilla (`Uluc̣` -> `Uluç`), BibTeX's umlaut without its backslash
  (`Kainm"uller` -> `Kainmüller`), a quote before a word's last vowel for its grave accent
  (`Nicol‘o` -> `Nicolò`), a Unicode hyphen or an en dash inside a name for a hyphen (`Bo–Chen`);
  the rest composed (NFC). What is left as written, as no rule is safe: a comma below for `ö`
  (NeurIPS 2011: `Erik Sj̦lund`), `©` for `é` (`M. Lagac©`), `Iṣll` for `Işıl`.
"""

from __future__ import annotations

import re
import unicodedata

# Words only institutions' names have (capitalised, whole words): measured on the catalogue's
# 400,000 author names, none is a person's but `Company` and `Council` (surnames: `Olivier
# Company`), left out. A company's suffix (`Google, Inc.`) is no sign: a company may sign a paper.
_INSTITUTION = re.compile(
    r"\b(?:Universit(?:y|ät|at|é|e|à|a|eit|ade|ad|as|atea)|Institut(?:e|o)?|Istituto|Agency|Laborator(?:y|ies|io|ium)"
    r"|College|School|Academy|Research|Department|Cent(?:er|re)|Foundation|Labs?"
    r"|Hospital|Ministry|Faculty)(?!\w)"
)
# What follows a name as a name of its own (`Guy L. Steele; Jr`), case folded.
NAME_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv".split())
# `U+00E4`, `U+000E4`: a code point as text (upper-case hex digits, so the name's lower-case
# letters after it are not read as digits).
_CODE_POINT = re.compile(r"U\+0{0,2}([0-9A-F]{4})(?![0-9A-F])")
_ONE_FOR_L = re.compile(r"(?<=[^\W\d_])1(?=[^\W\d_])")
_EMAIL = re.compile(r"[\w.+{};,-]*@[\w-]+(?:\.[\w-]+)+")
_GLUED_EMAIL = re.compile(r"(?<=\w)@[\w-]+(?:\.[\w-]+)+$")
_LATIN = "A-Za-z\u00c0-\u024f"
# A glyph between Latin letters for the letter a font drew with it (from the catalogue's names).
# A glyph after a Latin letter for the letter a font drew with it (from the catalogue's names),
# and a dash between two letters for a hyphen.
_GLYPHS = {"\u03d5": "ø", "\u2298": "ø", "\U00020142": "ł"}
_GLYPH = re.compile(f"(?<=[{_LATIN}])([{''.join(_GLYPHS)}])|(?<=[{_LATIN}])[\u2010\u2011\u2013](?=[{_LATIN}])")
_DOTLESS_ACCENT = re.compile("\u0131(?=[\u0300-\u036f])")
_BARE_UMLAUT = re.compile(f'(?<=[{_LATIN}])"([aouAOU])')
_QUOTE_GRAVE = re.compile("(?<=[b-df-hj-np-tv-z])\u2018([aeiou])(?![^\\W\\d_])")


def is_institution(name: str) -> bool:
    """Whether a name is an institution's (`University of Bath`, `NVIDIA Research`, `Institute of
    Computing Xiaoming Sun`), not a person's."""
    return _INSTITUTION.search(name) is not None


def is_name_suffix(name: str) -> bool:
    """Whether a name is only a suffix (`Jr`, `Jr.`, `III`): part of the name before it."""
    return name.casefold() in NAME_SUFFIXES


def _code_point(m: re.Match) -> str:
    c = chr(int(m.group(1), 16))
    return c if c.isalpha() else m.group()


def repair_name(name: str) -> str:
    """A name with what is certainly not part of it repaired: a code point written out
    (`KU+000E4stner` -> `Kästner`), a `1` between letters of a word (`Cé1ine` -> `Céline`), an
    e-mail domain glued to the last word (`Thomas Auzinger@ist.ac.at` -> `Thomas Auzinger`); an
    e-mail address among the words dropped (`urtasun}@uber.com` -> ``: no name)."""
    if "U+" in name:
        name = _CODE_POINT.sub(_code_point, name)
    if "1" in name:
        name = _ONE_FOR_L.sub("l", name)
    if "@" in name:
        words = name.split()
        if len(words) > 1 and _GLUED_EMAIL.search(words[-1]) and "@" not in " ".join(words[:-1]):
            name = _GLUED_EMAIL.sub("", name)
        else:
            name = " ".join(_EMAIL.sub(" ", name).split())
    if '"' in name:
        name = _BARE_UMLAUT.sub(lambda m: unicodedata.normalize("NFC", m.group(1) + "\u0308"), name)
    return name if name.isascii() else repair_glyphs(name)


def repair_glyphs(name: str) -> str:
    """A name with each glyph that stands for a letter put back (see the module's docstring) and
    composed (NFC): `Jaromı́r Plhák` -> `Jaromír Plhák`, `Thorbj⊘rn` -> `Thorbjørn`, `Nicol‘o` ->
    `Nicolò`, `Uluc̣` -> `Uluç`."""
    name = _DOTLESS_ACCENT.sub("i", name).replace("c\u0323", "\u00e7")
    name = _GLYPH.sub(lambda m: _GLYPHS[m.group(1)] if m.group(1) else "-", name)
    name = _QUOTE_GRAVE.sub(lambda m: m.group(1) + "\u0300", name)
    return unicodedata.normalize("NFC", name)


_LETTER = re.compile(r"[^\W\d_]")


def split_institutions(text: str) -> tuple[str, ...]:
    """The institutions of one author's affiliation text as a record writes it: `+` joins two
    (`Princeton University+University of Utah`; `University of Cambridge+University of Cambridge`
    is one), and a part without a letter is a reference mark to a legend the record does not have
    (`1+2`, `†`): no institution."""
    parts = (" ".join(part.split()).strip(" ,;") for part in text.split("+"))
    return tuple(dict.fromkeys(part for part in parts if _LETTER.search(part)))

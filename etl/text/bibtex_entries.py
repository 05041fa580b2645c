"""BibTeX entries as text: one entry's type, key and fields read as written (a source's own BibTeX),
an entry written back, and text made safe for LaTeX (its specials escaped, its formulas and Unicode
kept); pure and linear in the entry's length."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from .formulas import Formula, split_formulas

_START = re.compile(r"\s*@\s*([A-Za-z]+)\s*([{(])\s*([^,\s{}()\"=#%]+)\s*,")
_NAME = re.compile(r"\s*([A-Za-z][\w\-:.+]*)\s*=\s*")
_CLOSER = {"{": "}", "(": ")"}
# LaTeX's special characters in prose, each as LaTeX writes it (one pass: `\` is not escaped twice).
_SPECIALS = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "^": r"\^{}",
    "~": r"\~{}",
}
_SPECIAL = re.compile("[" + re.escape("".join(_SPECIALS)) + "]")
# What TeX reads as a comment or a parameter inside a formula (`$10%$` comments out the rest of the
# line), and `&` outside an environment's alignment, unless escaped.
_MATH_SPECIAL = re.compile(r"(?<!\\)[%#]")
_MATH_AMPERSAND = re.compile(r"(?<!\\)&")
# A source's own entry: the fields that hold prose (not addresses or ids, which BibTeX reads
# verbatim), an HTML entity in them (`B&uumllthoff`, `Gender &amp; Sensemaking`), and LaTeX's
# specials a source left bare there (`Part & Clamp`, `Q&A`, `100%`).
_PROSE_FIELDS = frozenset(
    "title booktitle author editor abstract publisher journal series note address organization school institution".split()
)
_ENTITY = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)")
_BARE = re.compile(r"(?<!\\)[&%#]")
# A word BibTeX styles must not lower-case: a capital after its first letter (GANs, BERT, LiDAR, ResNet-50).
_CASED = re.compile(r"\S*[A-Za-z0-9][A-Z]\S*")


@dataclass(frozen=True, slots=True)
class BibEntry:
    """An entry: its type and key, and its fields as (name, value as written: `{...}`, `"..."`,
    a number or a macro such as `aug`), in order."""

    type: str
    key: str
    fields: tuple[tuple[str, str], ...]

    def has(self, name: str) -> bool:
        return any(field == name for field, _ in self.fields)


def _value_end(text: str, start: int, closer: str) -> int:
    """Where a field's value starting at `start` ends: the first comma or `closer` outside braces
    and quotes; -1 when braces or quotes never close. A brace or quote after a backslash is none,
    as bibtexparser reads them (`\\{k}` opens nothing)."""
    depth, quoted = 0, False
    for i in range(start, len(text)):
        c = text[i]
        if (c not in '{}",' and c != closer) or (i > 0 and text[i - 1] == "\\"):
            continue
        if c == "{" and not quoted:
            depth += 1
        elif c == "}" and not quoted:
            if depth == 0:
                return i if closer == "}" else -1
            depth -= 1
        elif c == '"' and depth == 0:
            quoted = not quoted
        elif c in (",", closer) and not quoted and depth == 0:
            return i
    return -1


def parse_entry(text: str) -> BibEntry | None:
    """The one entry `text` holds (`@inproceedings{key, title = {...}, ...}`), or None when it is
    not exactly one readable entry (then it is not used: the entry is written from the columns)."""
    m = _START.match(text)
    if not m:
        return None
    closer, pos, fields = _CLOSER[m[2]], m.end(), []
    while True:
        while pos < len(text) and (text[pos].isspace() or text[pos] == ","):
            pos += 1
        if pos < len(text) and text[pos] == closer:
            break
        name = _NAME.match(text, pos)
        if not name:
            return None
        end = _value_end(text, name.end(), closer)
        # (whitespace as one space, as BibTeX reads it: a line of a value that starts with `@` would start an entry)
        value = " ".join(text[name.end() : end].split()) if end != -1 else ""
        if not value or not _balanced(value):
            return None
        fields.append((name[1].lower(), value))
        pos = end
    if text[pos + 1 :].strip() or not fields:
        return None
    return BibEntry(m[1].lower(), m[3], tuple(fields))


def write_entry(entry: BibEntry) -> str:
    """The entry as BibTeX, a field a line."""
    lines = [f"@{entry.type}{{{entry.key},"]
    lines += [f"  {name} = {value}," for name, value in entry.fields]
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines) + "\n}\n"


def field_text(value: str) -> str:
    """A field's value without its outer braces or quotes (`{{GAN}s}` -> `{GAN}s`)."""
    if len(value) >= 2 and value[0] + value[-1] in ("{}", '""'):
        return value[1:-1]
    return value


def escaped(prose: str) -> str:
    """Prose with LaTeX's specials escaped (`100%` -> `100\\%`, `a_b` -> `a\\_b`); Unicode kept."""
    return _SPECIAL.sub(lambda m: _SPECIALS[m[0]], prose)


def prose_field(name: str, value: str) -> str:
    """A field of a source's own entry as written, but where it holds prose: HTML entities read
    (`B&uumllthoff` -> `Bülthoff`) and LaTeX's bare `&`, `%` and `#` escaped (`Q&A` -> `Q\\&A`)."""
    if name.lower() not in _PROSE_FIELDS or not any(c in value for c in "&%#"):
        return value
    return _BARE.sub(lambda m: "\\" + m[0], _ENTITY.sub(_entity_read, value))


def _entity_read(m: re.Match) -> str:
    """An HTML entity as its character; one without its `;` only where it is a letter with an accent
    (`&uuml` of `B&uumllthoff`; not `&not` of `R&notation`)."""
    written = m[0]
    read = html.unescape(written)
    if read == written or written.endswith(";"):
        return read
    return read if read[0].isalpha() and not read[0].isascii() else written


def _math_safe(tex: str) -> str:
    """A formula's TeX with `%` and `#` escaped, and `&` outside an environment (`\\begin{cases}`)."""
    tex = _MATH_SPECIAL.sub(lambda m: "\\" + m[0], tex)
    return tex if "\\begin" in tex else _MATH_AMPERSAND.sub(r"\\&", tex)


def _balanced(tex: str) -> bool:
    depth = 0
    for i, c in enumerate(tex):
        if c in "{}" and (i == 0 or tex[i - 1] != "\\"):
            depth += 1 if c == "{" else -1
            if depth < 0:
                return False
    return depth == 0


def latex(text: str, protect_case: bool = False) -> str:
    """`text` as a BibTeX value's content: prose escaped, each formula kept as TeX between dollars
    (one whose braces do not balance is escaped as prose), and with `protect_case` the words a
    style must not lower-case in braces (`{GAN}s`)."""
    out = []
    for piece in split_formulas(text):
        if isinstance(piece, Formula) and _balanced(piece.tex) and "$" not in piece.tex:
            tex = _math_safe(piece.tex)
            out.append(f"$${tex}$$" if piece.display else f"${tex}$")
            continue
        prose = piece if isinstance(piece, str) else f"${piece.tex}$"
        if protect_case:
            out.append(_CASED.sub(lambda m: "{" + escaped(m[0]) + "}", _escape_between(prose)))
        else:
            out.append(escaped(prose))
    return " ".join("".join(out).split()) if "\n" in text else "".join(out)


def _escape_between(prose: str) -> str:
    """Prose escaped but for the words `_CASED` will protect (escaped as they are braced)."""
    parts, pos = [], 0
    for m in _CASED.finditer(prose):
        parts += [escaped(prose[pos : m.start()]), m[0]]
        pos = m.end()
    return "".join(parts) + escaped(prose[pos:])

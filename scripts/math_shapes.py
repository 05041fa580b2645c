"""Count the shapes of math a database's abstracts and titles (as written) hold, as the renderer reads
them (etl/text/formulas.py, macros.py; etl/serve/mathml.py): formulas by delimiter, bare ones and how
they are shown, what was mended, dollars left as prose. The figures of docs/browsing.md#math.

    python scripts/math_shapes.py --db /work/dbs/base.db
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from collections import Counter

from etl.serve.mathml import KNOWN, MATH_COMMANDS, formula_html
from etl.text.formulas import Formula, bare_formulas, split_formulas, unicode_text
from etl.text.macros import AUTHOR_MACROS, OPERATORS, repair_tex

COMMAND = re.compile(r"\\([A-Za-z]+)")


def count(text: str, shapes: Counter, texts: Counter) -> None:
    """Add the shapes of one text to `shapes` (formulas) and `texts` (texts holding each)."""
    seen: set[str] = set()

    def add(shape: str, n: int = 1) -> None:
        if n:
            shapes[shape] += n
            seen.add(shape)

    for piece in split_formulas(text):
        if isinstance(piece, Formula):
            add("display ($$ or \\[)" if piece.display else "inline ($ or \\()")
            formulas = [piece]
        else:
            prose = bare_formulas(piece, MATH_COMMANDS)
            formulas = [p for p in prose if isinstance(p, Formula)]
            left = "".join(p for p in prose if isinstance(p, str))
            prices, escaped = len(re.findall(r"(?<!\\)\$(?=\d)|(?<=\d)\$", left)), left.count("\\$")
            add("dollar as a price ($5, 20$)", prices)
            add("dollar escaped (\\$)", escaped)
            add("dollar left unpaired (a formula cut short, prose between dollars)", left.count("$") - prices - escaped)
            for f in formulas:
                add("bare, exact Unicode (O(n²))" if unicode_text(f.tex) is not None else "bare, drawn as MathML")
        for f in formulas:
            names = COMMAND.findall(f.tex)
            unknown = [n for n in names if "\\" + n not in KNOWN]
            if any(n in AUTHOR_MACROS or n in OPERATORS for n in unknown):
                add("mended: an author's macro (\\eps, \\R)")
            elif unknown:
                add("mended: braces lost (\\mathbbR) or unknown (\\foo, upright)")
            if "\\\\" in f.tex and re.search(r"\\\\[A-Za-z]", f.tex):
                add("mended: backslash doubled (\\\\theta)")
            if not f.tex.isprintable():
                add("mended: \\t read as a tab")
            if repair_tex(f.tex, KNOWN) != f.tex:
                add("mended (any)")
            if "<code" in formula_html(f):
                add("unreadable: shown as TeX")
    for shape in seen:
        texts[shape] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True)
    args = parser.parse_args()
    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    for column in ("abstract", "title_raw"):
        shapes, texts = Counter(), Counter()
        n = 0
        for (text,) in db.execute(f"SELECT {column} FROM papers WHERE {column} IS NOT NULL"):
            n += 1
            if any(mark in text for mark in ("$", "\\", "^", "_")):
                count(text, shapes, texts)
        print(f"{column}: {n:,} texts")
        for shape, formulas in sorted(shapes.items(), key=lambda item: -item[1]):
            if formulas:
                print(f"  {shape}: {formulas:,} in {texts[shape]:,} texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())

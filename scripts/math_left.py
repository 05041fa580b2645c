"""Count the TeX a reader still sees: over a database's papers, the text a paper's page and its card
show (heading and abstract, rendered by the paperdb next to this Python), with rendered math
(`<math>` elements) taken out, that still holds a `\\command`, `_\\` or `^`.

    python scripts/math_left.py --db /work/dbs/base.db            # figures
    python scripts/math_left.py --db /work/dbs/base.db --show 40  # and 40 of what is left, in context

It renders with the `etl` Python imports (this checkout's, in its virtualenv); with an older one first
on PYTHONPATH (one without `heading_html`) it renders as that one did:
headings as plain text, formulas as `<span class="math">` text. Read-only.
"""

from __future__ import annotations

import argparse
import html
import re
import sqlite3
import sys
import time
from collections import Counter

from etl.serve import paper, render

MATH = re.compile(r"<math\b.*?</math>", re.DOTALL)
TAG = re.compile(r"<[^<>]+>")
LEFT = {"command": re.compile(r"\\[A-Za-z]+"), "_\\": re.compile(r"_\\"), "^": re.compile(r"\^")}


def shown(html_text: str) -> str:
    """What a reader sees of some HTML, rendered math left out."""
    return html.unescape(TAG.sub("", MATH.sub(" ", html_text)))


def surfaces(row: sqlite3.Row) -> dict[str, str]:
    """The HTML a paper's page and card show of its heading and abstract."""
    title, title_raw, abstract, clean = row["title"], row["title_raw"], row["abstract"], row["abstract_clean"]
    text = clean if clean is not None else abstract
    if hasattr(paper, "heading_html"):
        heading = paper.heading_html(title, title_raw, abstract)
        body = render.render_abstract(abstract) if abstract else ""
    else:  # (the renderer before MathML: a plain-text heading, the abstract from its cleaned text)
        heading = html.escape(paper.heading(title, text or ""))
        body = render.render_abstract(text) if text else ""
    return {"heading": heading, "abstract": body}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--show", type=int, default=0, help="print this many of the texts left, in context")
    args = parser.parse_args()
    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    started = time.perf_counter()
    papers = Counter()  # papers with something left, by surface and in all
    marks = Counter()  # occurrences, by surface and mark
    drawn = Counter()
    examples: list[str] = []
    total = 0
    for row in db.execute("SELECT id, title, title_raw, abstract, abstract_clean FROM papers"):
        total += 1
        left_in_paper = False
        for surface, page_html in surfaces(row).items():
            drawn["<math>"] += page_html.count("<math")
            drawn["tex"] += page_html.count('<code class="tex"')
            text = shown(page_html)
            found = {mark: rx.findall(text) for mark, rx in LEFT.items()}
            if any(found.values()):
                papers[surface] += 1
                left_in_paper = True
                for mark, hits in found.items():
                    marks[surface, mark] += len(hits)
                if len(examples) < args.show:
                    m = next(rx.search(text) for rx in LEFT.values() if rx.search(text))
                    examples.append(f"{row['id']} {surface}: …{text[max(0, m.start() - 60) : m.end() + 60]}…")
        papers["any"] += left_in_paper
    print(f"{total:,} papers rendered in {time.perf_counter() - started:.0f} s with {render.__file__}")
    print(f"papers whose displayed text holds a \\command, _\\ or ^: {papers['any']:,}")
    for surface in ("heading", "abstract"):
        counts = ", ".join(f"{mark} {marks[surface, mark]:,}" for mark in LEFT)
        print(f"  {surface}: {papers[surface]:,} papers ({counts})")
    print(f"formulas drawn as MathML: {drawn['<math>']:,}; shown as TeX (unreadable): {drawn['tex']:,}")
    for line in examples:
        print(" ", line.replace("\n", " "))
    return 0


if __name__ == "__main__":
    sys.exit(main())

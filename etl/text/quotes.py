"""Quote marks a source leaves unpaired at an abstract's start or end (ECCV 2020's abstracts end
with a `"` their export appended; some NeurIPS ones too), dropped; a quotation is never touched.
Pure, linear in the text."""

from __future__ import annotations

import re

# A quote mark: `“`, `”`, or a run of `"` (a CSV writer's doubled `""` left in: one mark); LaTeX's
# `\\"o` is an ö.
_MARKS = re.compile('(?<!\\\\)"+|[\u201c\u201d]')
# (the text read backwards: an opening mark closes and a closing one opens)
_MIRROR = str.maketrans("\u201c\u201d", "\u201d\u201c")


def _opens_last(text: str) -> bool:
    """Whether the text's last quote mark opens a quotation: no quotation is open before it. `“`
    opens, `”` closes an open one (an unpaired `”` is left alone), and `"` closes an open one or
    else opens."""
    depth = 0
    marks = _MARKS.findall(text)
    for mark in marks[:-1]:
        if mark == "\u201c" or (mark[0] == '"' and not depth):
            depth += 1
        elif depth:
            depth -= 1
    return not depth


def unpaired_quotes_dropped(text: str) -> str:
    """An abstract less a `"` at its end (or start) that closes (opens) no quotation: `... of our
    model."` -> `... of our model.`, `... the "Self-Expressiveness Property” and "Graph
    Connectivity” at the same time."` -> `... at the same time.`; `... displaying “phase
    transitions."` and `"Energy” models ... “full” fitting.` stay as written, as does a text that
    is only quote marks. Again while that changes something."""
    while True:
        stripped = text.strip()
        if not any(c.isalnum() for c in stripped):
            return text
        if stripped[-1] == '"' and _opens_last(stripped):  # (the whole run of `"`: one mark)
            text = stripped.rstrip('"').rstrip()
        elif stripped[0] == '"' and _opens_last(stripped[::-1].translate(_MIRROR)):
            text = stripped.lstrip('"').lstrip()
        else:
            return text

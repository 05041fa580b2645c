"""Whether an abstract offers its own code: official links and the paper's code status; pure."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .links import Link

# The sentence around a link offers it as the paper's own code, data or project.
_OFFICIAL = re.compile(
    r"""\b(?:
        our\s+(?:\w+\s+){0,3}(?:code|codes|codebase|implementation|repository|repo|project|library|package
            |toolkit|tool|benchmark|dataset|data|models?|software|framework|website|page)
      | (?:code|codes|source\s+code|implementation|implementations|repository|data|dataset|datasets
            |benchmark|models?|checkpoints|project\s+page|project\s+website|website|demo)s?
        \b[^.]{0,80}?\b(?:is|are|will\s+be|has\s+been|have\s+been)\s+(?:\w+\s+){0,2}
        (?:available|released|open[-\s]?sourced?|provided|hosted|accessible|public)
      | (?:we|i)\s+(?:also\s+|further\s+|publicly\s+|hereby\s+)?
        (?:release|open[-\s]?source|provide|share|publish|make)\b
      | (?:code|codes|implementation|project\s+page|website|repository|github)(?:\s*(?:at|:|here|via|on))+\s*$
      | (?:available|released|accessible|found|reproducible|obtained)\s+(?:\w+\s+){0,3}(?:at|on|in|from|via|here)\b
    )""",
    re.IGNORECASE | re.VERBOSE,
)
# The sentence cites someone else's work.
_THIRD_PARTY = re.compile(
    r"\b(?:based\s+on|buil[dt]s?\s+(?:up)?on|building\s+(?:up)?on|adapted\s+from|borrowed\s+from|following|provided\s+by"
    r"|developed\s+by|we\s+use[ds]?|using\s+the|existing|popular|off-the-shelf|et\s+al)\b",
    re.IGNORECASE,
)
_PROMISED = re.compile(
    r"""\b(?:(?:code|codes|implementation|source\s+code|models?|data|dataset)s?\b[^.]{0,60}?
            \bwill\s+be\s+(?:\w+\s+){0,2}(?:available|released|open[-\s]?sourced?|public|shared)
          | (?:we|i)\s+will\s+(?:\w+\s+){0,2}(?:release|open[-\s]?source|share|publish|make)
          | upon\s+(?:paper\s+)?(?:acceptance|publication)
          | (?:code|implementation)s?\b[^.]{0,40}?\b(?:coming\s+soon|to\s+be\s+released)
        )""",
    re.IGNORECASE | re.VERBOSE,
)
_MENTIONED = re.compile(
    r"\b(?:(?:available|released|hosted|found)\s+(?:\w+\s+){0,2}(?:on|at|in|via)\s+github"
    r"|github\s+(?:repository|repo|page)"
    r"|(?:code|codes|source\s+code|implementation)s?\b[^.]{0,60}?\b(?:is|are)\s+(?:\w+\s+){0,2}"
    r"(?:available|released|open[-\s]?sourced?|provided)"
    r"|(?:we|i)\s+(?:\w+\s+){0,2}(?:release|open[-\s]?source|provide|share)\s+(?:\w+\s+){0,2}(?:code|implementation))",
    re.IGNORECASE,
)
_PROMISE_MARKERS = ("will", "upon", "soon", "to be released")
_MENTION_MARKERS = ("github", "code", "implementation", "release", "open-source", "open source")
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z(\[]|\s*$)")


# How far from a link its sentence is read, either way: what says whose a link is stands near it,
# and a bound keeps an abstract of a thousand links in one sentence linear.
WINDOW = 400


def sentence_around(text: str, offset: int) -> tuple[str, str]:
    """The text of the sentence before the position `offset` and the rest of it after, each at
    most `WINDOW` characters."""
    start = max(0, offset - WINDOW)
    for m in _SENTENCE_END.finditer(text, start, offset):
        start = m.end()
    stop = _SENTENCE_END.search(text, offset, offset + WINDOW)
    end = stop.end() if stop else min(len(text), offset + WINDOW)
    return text[start:offset], text[offset:end]


def is_official(text: str, link: Link) -> bool | None:
    """True when the abstract offers `link` as its own code or data, False when it cites someone
    else's project, None when the wording does not say."""
    before, after = sentence_around(text, link.offset)
    sentence = before + after[len(link.raw) :]
    if _OFFICIAL.search(before):
        return True
    if _THIRD_PARTY.search(sentence):
        return False
    if _OFFICIAL.search(sentence):
        return True
    return None


# The sentence before a link of the paper's own that is not code says it holds code ("code and
# videos on our project page:", "our implementation is at bit.ly/…"): code mentioned, not linked.
_CODE_WORDS = re.compile(
    r"\b(?:code|codes|codebase|source|implementation|implementations|repository|repo|software|package|library"
    r"|toolkit)\b",
    re.IGNORECASE,
)


def code_status(text: str, links: Sequence[Link], official: Sequence[bool | None]) -> str:
    """`released` (an official link to code: `Link.is_code`), `promised` (code to come),
    `mentioned` (code said to be available, with no link to it), or `none`."""
    if any(flag and link.is_code for link, flag in zip(links, official, strict=True)):
        return "released"
    if _said(_PROMISED, text, _PROMISE_MARKERS):
        return "promised"
    if _said(_MENTIONED, text, _MENTION_MARKERS) or any(
        flag and _CODE_WORDS.search(sentence_around(text, link.offset)[0])
        for link, flag in zip(links, official, strict=True)
    ):
        return "mentioned"
    return "none"


def _said(pattern: re.Pattern, text: str, markers: Sequence[str]) -> bool:
    """Whether `pattern` matches in `text`. Its matches never span a full stop and always hold one
    of `markers`, so only the stretches between full stops that hold a marker are searched (most
    abstracts say nothing about code, and the patterns are slow on long text)."""
    low = text.lower()
    if not any(marker in low for marker in markers):
        return False
    # lower-casing never makes or removes a full stop, so the two splits correspond
    for stretch, low_stretch in zip(text.split("."), low.split("."), strict=True):
        if any(marker in low_stretch for marker in markers) and pattern.search(stretch):
            return True
    return False

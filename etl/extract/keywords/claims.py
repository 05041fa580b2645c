"""What an abstract says it contributes: the words after `we introduce`, `this paper presents`,
`our` (`we release a new large-scale dataset`, `our benchmark`), as `+word` pseudo-words topic
matching can name (`+dataset*` in `etl/data/topics.json`); pure.

A topic whose subject is a kind of contribution (datasets and benchmarks) cannot be read from its
words: `benchmark datasets` is in every abstract that evaluates on them, and a dataset paper may
write only `a hierarchical dataset`. Its terms are the contributions instead. Claims are read
within one sentence, over at most CLAIM_WINDOW words after the claiming verb, and stop at a word
that turns to what the work is applied to (`we propose a method ... on benchmark datasets`,
`a framework for dataset distillation`).
"""

from __future__ import annotations

import re

from .prose import matches_from

CLAIM_MARK = "+"  # a claimed word's prefix, which no word of an abstract has
CLAIM_WINDOW = 8  # words read after the verb (`we propose a Chinese Multi-modal Math Skill Evaluation Benchmark`)
OUR_WINDOW = 2  # words read after `our` (`our new dataset`, `our collected benchmark`)
# who claims: the authors or their paper, then adverbs and auxiliaries
_SUBJECT = r"(?:\bwe|\bthis (?:paper|work|study|article)|\bthe present (?:paper|work)|\bour (?:paper|work))"
_BETWEEN = r"(?:\s+(?:also|further|first|then|additionally|here|hereby|newly|thus|therefore|now|have|has|will|can))*"
# the verbs of a contribution, any form (`introduce`, `introduces`, `introducing`, `built`, `made`)
_VERB = (
    r"(?:introduc|present|releas|propos|construct|collect|build|built|creat|curat|contribut|develop|establish"
    r"|design|provid|publish|open-sourc|assembl|compil|gather|mak|made|offer|shar|annotat|crowdsourc)\w*"
)
_CLAIM = re.compile(rf"{_SUBJECT}{_BETWEEN}\s+{_VERB}((?:[\s,:\"'()]+[\w+#-]+){{1,{CLAIM_WINDOW}}})", re.IGNORECASE)
_OUR = re.compile(rf"\bour((?:\s+[\w+#-]+){{1,{OUR_WINDOW}}})", re.IGNORECASE)
_WORD = re.compile(r"[\w+#-]+")
# where each pattern's match can start (`matches_from`): its subjects' first words, `our`
_CLAIM_STARTS = ("we", "this", "the present", "our")
_OUR_STARTS = ("our",)
# words that turn from the contribution to what it is applied to, evaluated on or made of
STOP = frozenset(
    "on across over using with from by in via against than for of to that which where when while under into"
    " among between whose who is are was were be been".split()
)
ARTICLES = frozenset("a an the and or its their our".split())  # read past, never claimed


def claimed_words(text: str) -> dict[str, int]:
    """`+word` -> how often the text claims it as its contribution (lower case)."""
    claimed: dict[str, int] = {}
    for pattern, starts in ((_CLAIM, _CLAIM_STARTS), (_OUR, _OUR_STARTS)):
        for match in matches_from(pattern, text, starts):
            for word in _WORD.findall(match.group(1)):
                word = word.lower()
                if word in STOP:
                    break
                if word in ARTICLES:
                    continue
                key = CLAIM_MARK + word
                claimed[key] = claimed.get(key, 0) + 1
    return claimed

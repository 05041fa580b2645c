"""Whether an abstract offers its own code: official links and the paper's code status; pure."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .links import Link

# The sentence around a link offers it as the paper's own code, data or project.
_OFFICIAL = re.compile(
    r"""\b(?:
        our\s+(?:\w+\s+){0,3}(?:code|codes|codebase|implementation|repository|repo|project|library|package
            |toolkit|tool|benchmark|dataset|data|models?|software|framework|website|page)
      | (?:code|codes|source\s+code|implementation|implementations|repository|data|dataset|datasets
            |benchmark|models?|checkpoints|project\s+page|project\s+website|website|demo)s?
        \b[^.]{0,80}?\b(?:is|are|will\s+be|has\s+been|have\s+been)\s+(?:\w+\s+){0,2}
        (?:av(?:ai|a|ia)l[\w-]*|released|open[-\s]?sourced?|provided|hosted|accessible|public)
      | (?:we|i)\s+(?:also\s+|further\s+|publicly\s+|hereby\s+|openly\s+)?
        (?:release|open[-\s]?source|provide|share|publish|make|host)\b
      | (?:code|codes|implementation|project\s+page|website|repository|github)(?:\s*(?:at|:|here|via|on))+\s*$
      | (?:source\s+)?(?:code|codes|codebase|implementations?|project\s+page)(?:\s+(?:link|repository))?
        (?:,?\s+(?:and\s+)?[\w-]+){0,3}
        (?:\s+(?:is|are)(?:\s*(?:at|in|:))*|(?:\s*(?:at|:|-|—))+
          |\s+can\s+be\s+(?:accessed|downloaded|found)(?:\s*(?:at|from|in|under|here|:))*
          |\s+(?:can|could)\s+refer\s+to)\s*$
      | (?:repository|code\s+repository)\s*[-—:]\s*$
      | (?:available|released|accessible|found|reproducible|obtained|open[-\s]?sourced?)
        \s+(?:[\w.]+\s+){0,5}?(?:at|on|in|from|via|here|under)\b\s*:?\s*$
      | (?:available|released|accessible|found|reproducible|obtained)\s+(?:\w+\s+){0,3}(?:at|on|in|from|via|here)\b
    )""",
    re.IGNORECASE | re.VERBOSE,
)
# Weaker cues of the paper's own code, read only when the sentence cites no one else's work:
# "we have publicly released the dataset and code to generate the results at" (ICRA), "it is
# open-sourced with Apache 2.0 License and we invite community contributions at" (COLM), "a publicly
# available reference implementation of the proposed models in Tensorflow at" (ECCV), "our work is
# fully reproducible github.com/…" (ECCV).
_OFFERED = re.compile(
    r"""\b(?:
        (?:we|i)\s+(?:have|had)\s+(?:also\s+|further\s+|publicly\s+|openly\s+)?
        (?:released|open[-\s]?sourced|provided|shared|published|made|hosted)\b
      | (?:is|are|has\s+been|have\s+been)\s+(?:now\s+|fully\s+|publicly\s+)?open[-\s]?sourced\b
      | (?:publicly\s+available|open[-\s]?source[d]?|reference)\s+(?:\w+\s+){0,2}?
        (?:code|codes|codebase|implementations?)\b[^.]{0,80}?\b(?:at|on|in|from|via|under)\s*:?\s*$
      | (?:available|released|accessible|reproducible|open[-\s]?sourced?)\s*:?\s*$
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
    r"""\b(?:(?:code|codes|implementation|source\s+code|models?|data|dataset|framework|toolbox|system)s?\b[^.]{0,60}?
            \bwill\s+be\s+(?:\w+\s+){0,2}(?:available|released|open[-\s]?sourced?|public|shared|published)
          | (?:we|i)\s+will\s+(?:\w+\s+){0,2}(?:release|open[-\s]?source|share|publish)
          | will\s+make\s+[^.]{0,80}?\b(?:open[-\s]?sourced?|public|publicly|available|accessible)\b
          | upon\s+(?:paper\s+)?(?:acceptance|publication)
          | (?:code|implementation)s?\b[^.]{0,40}?\b(?:coming\s+soon|to\s+be\s+released)
        )""",
    re.IGNORECASE | re.VERBOSE,
)
# A promise of data alone is no code to come: the stretch that promises names data (ECCV 2018:
# "This dataset will be released upon acceptance"; WACV 2023: "The dataset will be made publicly
# available") and nothing that runs (CVPR 2019: "The KINS dataset and our proposed method will be
# made publicly available" promises code). 44 of the catalogue's 526 promised papers promised data only.
_PROMISED_DATA = re.compile(
    r"\b(?:data|dataset|datasets|benchmarks?|corpus|corpora|annotations|recordings|videos)\b", re.I
)
_PROMISED_CODE = re.compile(
    r"\b(?:code|codes|codebase|source|implementations?|software|toolkit|toolbox|library|package|framework|models?"
    r"|methods?|algorithms?|system|tools?|encoders?|networks?|checkpoints|weights|pipeline|scripts?|repository|repo|github)\b",
    re.I,
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


# A footnote's number or letters glued to the cue after it (IROS 2022: `toolbox111Code: https://…`,
# `[Code]aaCodebase: https://…`): a space put between them, so that the cue is a word.
_GLUED_CUE = re.compile(r"(?<=[0-9a-z])(?=Code)")
# LaTeX's command around a link a source left in the text (`Codes are at \\url{https://…}`), or
# a Markdown link's opening bracket (COLM 2024: `Code: [https://…](https://…)`).
_URL_COMMAND = re.compile(r"(?:\\?url\{|\[)\s*$")


def is_official(text: str, link: Link) -> bool | None:
    """True when the abstract offers `link` as its own code or data, False when it cites someone
    else's project, None when the wording does not say."""
    before, after = sentence_around(text, link.offset)
    if "Code" in before:
        before = _GLUED_CUE.sub(" ", before)
    if before.endswith(("{", "[")):
        before = _URL_COMMAND.sub("", before)
    sentence = before + after[len(link.raw) :]
    if _OFFICIAL.search(before) or (link.is_code and _labelled_last(text, link, before, after)):
        return True
    if _THIRD_PARTY.search(sentence):
        return False
    if _OFFICIAL.search(sentence) or _OFFERED.search(before):
        return True
    if (words := _MARKDOWN_WORDS.search(before)) and _CODE_WORDS.search(words[1]):
        return True
    if link.is_code and _stands_last(text, link, before, after):
        return True
    return None


# A Markdown link's words, before its target (AISTATS 2025: "make the [code available](https://…)").
_MARKDOWN_WORDS = re.compile(r"\[([^\[\]]{1,80})\]\(\s*<?$")
# A label of a few words and a colon that starts a sentence (ICRA 2020: "… on quantization. Resource
# link: https://github.com/oravus/CoarseHash."; IROS 2023: "Web: https://github.com/DLR-RM/…"; ICRA
# 2022: "… than existing state-of-the-art approaches. source: github.com/arc-l/TRLB").
_LABEL = re.compile(r"""(?:^|[.!?]['"`)\]]*\s)\s*([A-Za-z][\w-]*(?:\s+[\w-]+){0,2})\s*:\s*$""")


def _labelled_last(text: str, link: Link, before: str, after: str) -> bool:
    """Whether `link` is the abstract's last, alone after a label of its own that names neither data
    nor videos (CoRL 2025: "Videos of experiments: https://github.com/…" is no code) nor others' work."""
    label = _LABEL.search(before)
    if label is None or _DATA_WORDS.search(label[1]) or _THIRD_PARTY.search(label[1]):
        return False
    return link.offset + len(after) >= len(text) and bool(_ALONE_END.fullmatch(after[len(link.raw) :]))


# The sentence before an abstract's last link that stands alone says what it holds: a dataset's
# (IROS 2023: "The dataset is publicly available online. https://github.com/remaro-network/MIMIR-UW/").
_DATA_WORDS = re.compile(r"\b(?:data|dataset|datasets|benchmark|recordings|videos?)\b", re.IGNORECASE)
_ALONE_END = re.compile(r"""[\s.,;:!?'"`)\]}>]*""")
_ENDS = re.compile(r"""(?:^|[.!?]['"`)\]]*)\s*$""")


def _stands_last(text: str, link: Link, before: str, after: str) -> bool:
    """Whether `link` is the abstract's last sentence, alone (ECCV 2022: "… while requiring cheaper
    computational costs. https://github.com/caiyuanhao1998/MST"), after a sentence that neither
    cites someone else's work nor speaks of data: then it is the paper's own."""
    rest = after[len(link.raw) :]
    if link.offset + len(after) < len(text) or not _ALONE_END.fullmatch(rest) or not _ENDS.search(before):
        return False
    # (a full stop before a link's lower-case letter ends no sentence for `sentence_around`)
    previous = before if before.strip() else sentence_around(text, max(0, link.offset - len(before) - 1))[0]
    return not (_THIRD_PARTY.search(previous) or _DATA_WORDS.search(previous))


# The sentence before a link of the paper's own that is not code says it holds code ("code and
# videos on our project page:", "our implementation is at bit.ly/…"): code mentioned, not linked.
_CODE_WORDS = re.compile(
    r"\b(?:code|codes|codebase|source|implementation|implementations|repository|repo|software|package|library"
    r"|toolkit)\b",
    re.IGNORECASE,
)


# The sentence before a link says something is there already ("our models are available at").
_PRESENT = re.compile(r"\b(?:is|are|has\s+been|have\s+been)\b", re.IGNORECASE)


def is_promised(text: str, link: Link) -> bool:
    """Whether the sentence of `link` says what it links to is still to come: before it ("code
    will be available at", "we will release our code at"), or after it when what comes before does
    not say something is there already ("our code (…) will be released"; not "our models are
    available at … and the benchmark will be released")."""
    before, after = sentence_around(text, link.offset)
    if _said(_PROMISED, before, _PROMISE_MARKERS):
        return True
    return not _PRESENT.search(before) and _said(_PROMISED, before + after[len(link.raw) :], _PROMISE_MARKERS)


# What a sentence offers when it offers data (`offers_data_alone`), and what runs beside it: a
# benchmark, a project or baselines may hold code, and a simulator or a generator is code.
_OFFERED_DATA = re.compile(r"\b(?:data|dataset|datasets|corpus|corpora|annotations|recordings)\b", re.IGNORECASE)
_RUNS = re.compile(
    r"\b(?:benchmarks?|projects?|baselines?|simulators?|generators?|controllers?|approach|demos?|evaluation)\b",
    re.IGNORECASE,
)


def offers_data_alone(text: str, link: Link) -> bool:
    """Whether the sentence before `link` offers data and nothing that runs (ICRA 2021: "The dataset
    is available at https://github.com/huawei-noah/datasets/PePScenes"; COLING 2025: "The Counter
    dataset is available at https://gitlab.inria.fr/…"): a repository of data, which releases no code
    ("Our dataset and code are available at", "we release the driving dataset, the simulator, and the
    trained controller at" do)."""
    before = sentence_around(text, link.offset)[0]
    return bool(_OFFERED_DATA.search(before)) and not (_PROMISED_CODE.search(before) or _RUNS.search(before))


def offered_as_data(text: str, links: Sequence[Link], official: Sequence[bool | None]) -> frozenset[str]:
    """The keys of the official links `text` offers as data alone (`offers_data_alone`)."""
    return frozenset(
        link.key for link, flag in zip(links, official, strict=True) if flag and offers_data_alone(text, link)
    )


def code_status(text: str, links: Sequence[Link], official: Sequence[bool | None]) -> str:
    """`released` (an official link to code that releases it, `Link.releases`, in a sentence that
    does not promise it for later nor offers data alone), `promised` (code to come, linked or not),
    `mentioned` (code said to be available with no link to it, or only to a user's page on a code
    host), or `none`. A repository offered as data alone (`offers_data_alone`) says nothing of code."""
    own = [link for link, flag in zip(links, official, strict=True) if flag and not offers_data_alone(text, link)]
    if any(link.releases and not is_promised(text, link) for link in own):
        return "released"
    if _said(_PROMISED, text, _PROMISE_MARKERS, _promises_code):
        return "promised"
    if _said(_MENTIONED, text, _MENTION_MARKERS) or any(
        link.is_code or _CODE_WORDS.search(sentence_around(text, link.offset)[0]) for link in own
    ):
        return "mentioned"
    return "none"


# The code statuses from the most to the least a paper says of its code.
STATUS_ORDER = ("released", "promised", "mentioned", "none")


def paper_code_status(abstract_status: str, withheld: frozenset[str], given: Sequence[Link]) -> str:
    """A paper's code status from its abstract's (`abstract_status`, `code_status`) and the links its
    sources give as its own (`given`): a link that releases code makes it `released` unless the
    abstract promises that very link for later or offers it as data alone (`withheld`: the keys of
    those links, `Derived.withheld`; a source that copies such a link from the abstract releases no
    more than the abstract: NAACL 2022's `github` field gives the repository the abstract offers as
    "We release our dataset at"); a user's page on a code host makes it at least `mentioned`."""
    if any(link.releases and link.key not in withheld for link in given):
        return "released"
    if any(link.is_code and link.key not in withheld for link in given):
        return min(abstract_status, "mentioned", key=STATUS_ORDER.index)
    return abstract_status


def _promises_code(stretch: str) -> bool:
    """Whether a stretch that promises something promises code: not data alone (`_PROMISED_DATA`)."""
    return not _PROMISED_DATA.search(stretch) or bool(_PROMISED_CODE.search(stretch))


def _said(pattern: re.Pattern, text: str, markers: Sequence[str], holds: Callable[[str], bool] | None = None) -> bool:
    """Whether `pattern` matches in `text` (in a stretch that `holds`, if given). Its matches never
    span a full stop and always hold one of `markers`, so only the stretches between full stops that
    hold a marker are searched (most abstracts say nothing about code, and the patterns are slow on
    long text)."""
    low = text.lower()
    if not any(marker in low for marker in markers):
        return False
    # lower-casing never makes or removes a full stop, so the two splits correspond
    for stretch, low_stretch in zip(text.split("."), low.split("."), strict=True):
        if (
            any(marker in low_stretch for marker in markers)
            and pattern.search(stretch)
            and (holds is None or holds(stretch))
        ):
            return True
    return False

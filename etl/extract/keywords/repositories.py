"""The name of the repository an abstract offers as its own code: its method's name
(`github.com/someone/FooNet`), unless it is a description (`LLM-Robustness-to-Irrelevant-Information`)."""

from __future__ import annotations

import re

from .coined import looks_coined, well_known
from .names import REPEATED_CHARS
from .normalise import normalise_keyword

REPOSITORY = 2.2  # the name of the repository the abstract offers as its code
REPOSITORY_WRITTEN = 2.6  # ... that the abstract also writes with capitals: the paper's own name, above introduced ones
DESCRIPTION_PARTS = 2  # a repository name with more hyphenated parts than this is a description
# ... or with more words than this, hyphenated or written together in Camel Case:
# `DiffusionXray-FewShot-LandmarkDetection`, `AutomaticPullQuoteSelection` (not `InfiAgent-DABench`)
DESCRIPTION_WORDS = 3
_WORD_BREAK = re.compile(r"[-_]+|(?<=[a-z])(?=[A-Z][a-z])")  # (`pyLiDAR-SLAM`: three words)
MAX_REPOSITORY_NAME = 100  # GitHub's limit on a repository name's length
# What a repository name carries besides the method's name: `EMMP-public`, `FooNet-pytorch`.
_REPO_SUFFIX = re.compile(
    r"(?:[-_.](?:public|official|code|release|pytorch|torch|tf|jax|main|repo|git))+$", re.IGNORECASE
)


_REPO_VERSION = re.compile(r"[Vv](?=\d+$)")
GLUED_WORDS = 3  # a repository name the abstract never writes, this many plain words glued, is a title


def _plain(part: str) -> bool:
    """A word as prose writes it, in lower or Title case (`Image`, `tracking`), not a name (`PSENet`)."""
    return part.isalpha() and (part.islower() or (part[0].isupper() and part[1:].islower()))


def _prose_word(part: str, text: str) -> bool:
    """A plain word the abstract writes (`Image`, written `images`), not a name's part it never
    writes (`Net`, `Summ`, `master`)."""
    return _plain(part) and re.search(rf"(?<![\w-]){part}(?:s|es)?(?![\w-])", text, re.IGNORECASE) is not None


def _unglued(base: str, text: str) -> str | None:
    """The name in a repository name the abstract never writes: a name with words of the abstract
    glued on is the name (`PSENet-Image-Enhancement`, `CLNet-tracking`: `PSENet`, `CLNet`) if it
    has a coinage's mixed case; capitals glued to such words are no name (None): an acronym of a
    concept (`DL-Abstract-Argumentation`, `PLMs-Interpret-Simile`), or one the abstract defines,
    which is its keyword already (`DG-Colorization`, `MSA-Robustness`: domain generalization,
    multimodal sentiment analysis); GLUED_WORDS such words or more glued
    (`Distilling-Object-Detectors`) are a title, no name."""
    parts = base.split("-")
    if len(parts) < 2 or len(parts[0]) < 2 or not all(_prose_word(p, text) for p in parts[1:]):
        return base  # (`I-Prompt`, `LRF-Net`, `InfiAgent-DABench`: a name's parts)
    head = parts[0]
    if _prose_word(head, text):
        return None if len(parts) >= GLUED_WORDS else base
    if _plain(head):
        return base  # (a word the abstract never writes: `Pik-Fix`)
    bare = head.removesuffix("s")
    return head if bare != bare.upper() else None


def add_repository_names(text: str, repositories: list[str], methods: dict[str, tuple[str, float]]) -> None:
    """The name of the paper's own repository is its method's name (`github.com/someone/FooNet`)
    when it looks coined or the abstract writes it with capitals; as the abstract writes it."""
    for repo in repositories:
        if len(repo) > MAX_REPOSITORY_NAME:  # (no such repository: and the suffix search stays short)
            continue
        base = _REPO_SUFFIX.sub("", repo)
        # a description, not a name: `LLM-Robustness-to-Irrelevant-Information`
        if base.count("-") + base.count("_") > DESCRIPTION_PARTS or len(_WORD_BREAK.split(base)) > DESCRIPTION_WORDS:
            continue
        written = None
        for form in dict.fromkeys((base, _REPO_VERSION.sub("", base))):  # (`MindEyeV2` is written `MindEye2`)
            written = written or re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text, re.IGNORECASE)
        name = written.group() if written and written.group() != written.group().lower() else base
        if not written:  # (a name glued to its title's words: the name alone, or none)
            name = _unglued(name, text) or ""
            if not name:
                continue
        if not (looks_coined(name) or (written and name[0].isupper() and len(name) >= REPEATED_CHARS)):
            continue
        if "_" in name and not written:  # a folder's name, not the method's (`MDANet_ICRA2021`, `ECCV2022_WaveGAN`)
            continue
        key = normalise_keyword(name)
        if not well_known(name) and (key not in methods or (written and methods[key][1] < REPOSITORY_WRITTEN)):
            # the repository's name the abstract writes (`We evaluate TIC-TAC ...`) is the paper's own
            methods[key] = (name, REPOSITORY_WRITTEN if written and name != name.lower() else REPOSITORY)

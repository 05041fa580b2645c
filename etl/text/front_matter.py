"""Front matter: the entries of a proceedings that are no paper (`Preface`, `Index`, `Plenary
talks`, `IROS 2006 Workshops and Tutorials`, `Conference on Learning Theory 2019: Preface`); pure.

A title is front matter when its last part (after the last `:` or ` - `) is made only of the
words such entries are made of (`FRONT_WORDS`), with at least one that names one (`HEADS`:
`preface`, `index`, `plenary`, `keynote`, ...), and whatever comes before names the meeting: a
year, an acronym in capitals (`IROS`, `IEEE/RSJ`) or a word such as `conference`; or, the other
way round, when its first part is only such words and every part after it names the meeting
(`Preface: Conference on Learning Theory (COLT), 2017`, reader6). A bracketed
note (`[4 abstracts]`) is left out. A paper's title says what it does, so it has other words:
`Query by Committee`, `Learned Index Structures` and `Plenary Talks Considered Harmful` are
papers. Measured on the 90,999 titles of the paperlists catalogue: 55 records, all front matter,
and no paper (docs/inputs.md#front-matter; RSS 2007's `Workshop Summaries` and ICRA 2017's
`Workshop and Tutorials` since reader5, COLT 2017's `Preface: Conference on ...` since reader6).
A title that is a bracketed note alone is read by its inside: IROS 2012's `[Monday digests]` (a day's
schedule, "a listing of which papers were presented in each session"; 4 records, read27).

A session's listing of a paper (`listed_from_session`): ICCV 2015's poster sessions list the oral
papers shown there again, as records of their own, `[From Oral 1A] Aligning Books and Movies: ...`
with the authors and no abstract, link or citation; the paper's own record is the oral one (50 such
records, each beside its paper's; no other venue of the catalogue writes one, read27).
"""

from __future__ import annotations

import re

# Words that name an entry of a proceedings that is no paper.
HEADS = frozenset(
    """
    preface prefaces frontmatter foreword index plenary plenaries keynote keynotes workshops tutorials
    digest digests contents committee committees welcome summaries
    """.split()
)
# Words that only go with them (`front matter`, `keynote speakers`, `table of contents`).
FRONT_WORDS = HEADS | frozenset(
    """
    front matter and of the from to post pre conference talks talk speakers speaker speech speeches
    sessions session table author authors organizing program programme message chair chairs final workshop
    monday tuesday wednesday thursday friday saturday sunday
    """.split()
)
# What a meeting's name is made of, before the last part (`Asian Conference on Machine Learning`).
MEETING_WORDS = frozenset("conference proceedings symposium workshop meeting annual international".split())
# What every word of `HEADS` holds (a title with none of them is no front matter).
_HEAD_STEMS = tuple(
    "prefac frontmatter foreword index plenar keynote workshops tutorials digest contents committee welcome summaries".split()
)
_PARTS = re.compile(r":|\s[-–—]\s")
_NOTE = re.compile(r"\[[^\]]*\]|\([^)]*\)")
_WORD = re.compile(r"[^\W_]+")
_YEAR = re.compile(r"(?:19|20)\d\d")
# `[From Oral 1A] `, `[From Poster 2B] `, `[From Spotlight 3] `: the session a listed paper is from
_FROM_SESSION = re.compile(r"\[From (?:Oral|Poster|Spotlight)s? [^\]]{1,12}\]\s*(?=\w)")


def is_front_matter(title: str | None) -> bool:
    """Whether a title names an entry of a proceedings that is no paper (see the module)."""
    if not title or len(title) > 120:
        return False
    folded = title.casefold()
    if not any(stem in folded for stem in _HEAD_STEMS):  # (most titles: a substring search each, in C)
        return False
    noted = _NOTE.sub(" ", title)
    if not _WORD.search(noted):  # (a bracketed note alone: `[Monday digests]`, by its inside)
        noted = title.strip(" []()")
    *before, last = parts = _PARTS.split(noted)
    if _names_entry(last, labelled=True) and all(_names_meeting_part(part) for part in before):
        return True
    # the entry first, the meeting after it (`Preface: Conference on Learning Theory (COLT), 2017`)
    first, *after = parts
    return bool(after) and _names_entry(first, labelled=False) and all(_names_meeting_part(part) for part in after)


def _names_entry(part: str, labelled: bool) -> bool:
    """Whether a part names an entry: words of `FRONT_WORDS` with one of `HEADS`, and (`labelled`)
    words that may name the meeting (`IROS 2006 Workshops and Tutorials`)."""
    words = _WORD.findall(part)
    if not words or HEADS.isdisjoint(word.casefold() for word in words):
        return False
    label = [word for word in words if word.casefold() not in FRONT_WORDS]
    return all(_names_meeting(word) for word in label) if labelled else not label


def _names_meeting(word: str) -> bool:
    """Whether a word of the last part may name the meeting: a year, a number, an acronym."""
    return word.isdigit() or (word.isupper() and len(word) <= 8)


def _names_meeting_part(part: str) -> bool:
    """Whether a part before the last names the meeting: a year, an acronym or a meeting word."""
    words = _WORD.findall(part)
    return bool(words) and any(
        _YEAR.fullmatch(word) or (word.isupper() and len(word) >= 3) or word.casefold() in MEETING_WORDS
        for word in words
    )


def listed_from_session(title: str | None, abstract: str | None) -> bool:
    """Whether a record is a session's listing of a paper listed in another session (`[From Oral 1A]
    Aligning Books and Movies: ...`, no abstract): the paper's own record is that session's. With an
    abstract it is a paper as written (nothing of it is dropped)."""
    return abstract is None and title is not None and _FROM_SESSION.match(title) is not None

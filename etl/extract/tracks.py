"""One spelling per track of a venue; pure. A venue's files may spell one track several ways
(IJCAI 2020 `Survey track`, `Journal track` and `Demos` beside later years' `Survey Track`, `Journal
Track` and `Demo Track`), which a track facet shows as two tracks. Spellings are one track's when
they are the same words but for case and a last word `track` or a plural `s` (`track_key`); the
track takes the spelling most of the venue's records give (the first in sorted order on a tie)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable


def track_key(track: str) -> str:
    """What a track's spellings share: its words in lower case, without a last word `track` and
    without the plural `s` of its last word (`Demo Track`, `Demos` and `demo` are `demo`)."""
    words = track.casefold().split()
    if len(words) > 1 and words[-1] == "track":
        words.pop()
    if words and len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def respelled(counts: Iterable[tuple[str, str, int]]) -> dict[tuple[str, str], str]:
    """Of (venue, track as written, records) counts, the tracks to write otherwise: (venue, spelling)
    -> the spelling most of its venue's records give that track (`track_key`)."""
    spellings: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for venue, track, n in counts:
        given = spellings[venue, track_key(track)]
        given[track] = given.get(track, 0) + n
    out: dict[tuple[str, str], str] = {}
    for (venue, _), given in spellings.items():
        if len(given) > 1:
            kept = min(given, key=lambda spelling: (-given[spelling], spelling))
            out |= {(venue, spelling): kept for spelling in given if spelling != kept}
    return out

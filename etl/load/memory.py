"""Memory a load gives back to the system between its steps: the C heap's free pages, which the
allocator otherwise keeps for the process (glibc's `malloc_trim` and `mallopt`; elsewhere nothing is done)."""

from __future__ import annotations

import ctypes
import gc
from functools import cache

# glibc's `mallopt` parameters (malloc.h) and the values a load sets (`steady_heap`)
M_MMAP_THRESHOLD, M_ARENA_MAX = -3, -8
MMAP_THRESHOLD = 128 * 1024  # glibc's default, fixed: a block this large or larger has pages of its own
ARENA_MAX = 2  # the loading thread's and one for the keyword pool's threads (results unpickled there)


@cache
def _libc():
    # (the process's own symbols, the C library's among them: `ctypes.util.find_library` ran
    # `ldconfig` in a process of its own and imported `subprocess` for it)
    try:
        return ctypes.CDLL(None)
    except OSError:
        return None


@cache
def _trim():  # (the C library's `malloc_trim`, or None where there is none)
    return getattr(_libc(), "malloc_trim", None)


def trim_heap() -> None:
    """Return the free pages of the C heap to the system. A load's first steps leave tens of MB
    free in it (a catalogue's: 90 MB after its keywords), which the next steps' peak would
    otherwise carry, and a process forked then would share."""
    trim = _trim()
    if trim is not None:
        trim(0)


def release_heap() -> None:
    """Free what only the cyclic garbage collector would (a step's NumPy and SciPy objects), then
    return the C heap's free pages (`trim_heap`): at a step's end, so the next starts from less."""
    gc.collect()
    trim_heap()


@cache
def steady_heap() -> None:
    """Keep a long load's C heap from growing with the records it reads: large blocks (a chunk's
    keyword results, a batch's rows) get pages of their own, given back when freed. glibc raises
    this threshold each time such a block is freed (up to 32 MB), after which they come from the
    heap and it keeps up to twice that free; measured on the first 100,000 records of the
    `--memory-curve` file, the loading process held 18-20 MB free in its heap from 40,000 records
    on, 1-2 MB with the threshold fixed. At most `ARENA_MAX` arenas (not one per thread)."""
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is not None:
        mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        mallopt(M_ARENA_MAX, ARENA_MAX)


def text_memos() -> tuple:
    """The memos of the text rules that reading and the bibliography call for every record's names
    and titles (`clean_text`, `clean_name`, `name_key`, the institutions', `paper_id`: `lru_cache`s,
    0.23 million entries of two strings each on the catalogue, which the garbage collector does not
    track)."""
    from ..extract import affiliations
    from ..text import authors, cleaning, identity

    return (
        cleaning.clean_text,
        cleaning.institution_key,
        authors.clean_name,
        authors.name_key,
        authors.institution_name,
        affiliations.named,
        identity.paper_id,
    )


def forget_text_memos() -> None:
    """Empty the text rules' memos (`text_memos`) and trim the heap: once the papers are settled the
    load calls them no more (what they give is unchanged, only asked again). They sat under both of
    an edit's peaks (about 2.5 MB: the keyword ranking's fork and the similar step, issue 41) and
    under the catalogue's, the ranking workers' fork (issue 37: 403 -> 355 MB)."""
    from ..store.record_extra import release_packer

    for memo in text_memos():
        memo.cache_clear()
    release_packer()  # (the records are stored: the compressor of their other fields is not needed either)
    trim_heap()

"""The text rules' memos of a load's records, let go once the records are read.

The rules that read every record keep what they gave (`functools.lru_cache`: names, institutions
and titles repeat across papers); filled by a catalogue, they hold 0.2 million entries of two
strings each in the loading process. The steps after the records (keywords, similar papers,
trends) ask them little, and the keyword step forks its ranking workers from the loading process:
what it holds at that fork made the load's peak, so the memos are emptied before it (`forget_reading_memos`).
"""

from __future__ import annotations

from .authors import clean_name, institution_name, name_key
from .cleaning import clean_text, institution_key
from .identity import paper_id

READING_MEMOS = (clean_text, clean_name, name_key, institution_name, institution_key, paper_id)


def forget_reading_memos() -> None:
    """Empty the memos of the rules that read records (`READING_MEMOS`): what they give is unchanged,
    only asked again."""
    for memo in READING_MEMOS:
        memo.cache_clear()

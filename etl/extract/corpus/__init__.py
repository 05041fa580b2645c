"""Keywords for a whole corpus: counting and spilling (`counts`), the worker pool (`pool`), and
the ranking that drives them (`ranking`)."""

from .counts import Reference, StatisticsSink, Stored
from .pool import BACKLOG, CHUNK, worker_count
from .ranking import CorpusRanking, author_choices, paused_gc, rank_all

__all__ = [
    "BACKLOG",
    "CHUNK",
    "CorpusRanking",
    "Reference",
    "StatisticsSink",
    "Stored",
    "author_choices",
    "paused_gc",
    "rank_all",
    "worker_count",
]

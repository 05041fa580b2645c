"""Keywords for a whole corpus: counting and spilling (`counts`), the worker pool (`pool`), and
the ranking that drives them (`ranking`)."""

from .counts import Reference, StatisticsSink
from .pool import BACKLOG, CHUNK, worker_count
from .ranking import CorpusRanking, paused_gc, rank_all

__all__ = [
    "BACKLOG",
    "CHUNK",
    "CorpusRanking",
    "Reference",
    "StatisticsSink",
    "paused_gc",
    "rank_all",
    "worker_count",
]

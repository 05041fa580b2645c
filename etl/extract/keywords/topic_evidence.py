"""The learned topic evidence's file (`etl/data/topic_evidence.txt`, written by
`scripts/build_topic_weights.py`): read and parsed; pure but for the read."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...settings import package_folder

EVIDENCE_FILE = package_folder("etl") / "data" / "topic_evidence.txt"


@lru_cache(maxsize=1)
def read_evidence(path: Path = EVIDENCE_FILE) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """The evidence file: thresholds by topic name, and by topic name each feature's weight
    (nothing if the file is missing: topics then come from their terms alone). Lines are
    `threshold<TAB>topic<TAB>value` and `weight<TAB>topic<TAB>feature<TAB>value`; `#` starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, {}
    return parse_evidence(text)


def parse_evidence(text: str) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    thresholds: dict[str, float] = {}
    weights: dict[str, dict[str, float]] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        kind, topic, *rest = line.split("\t")
        if kind == "threshold":
            thresholds[topic] = float(rest[0])
        else:
            weights.setdefault(topic, {})[rest[0]] = float(rest[1])
    return thresholds, weights

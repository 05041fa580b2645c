"""The time limits of a connection to a PostgreSQL server, so no command hangs on a server that
does not answer: connecting, waiting for a lock, and a link that goes silent mid-statement."""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import parse_qs

from ..settings import lock_wait

MIN_CONNECT_S = 2  # libpq's and psycopg's least connect_timeout (a smaller one counts as 2)
# A peer that stops answering on TCP is given up after about a minute: probes after 30 s of
# silence, then every 10 s, 3 unanswered; and data it has not acknowledged for 60 s.
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10, "keepalives_count": 3}
TCP_USER_TIMEOUT_MS = 60_000
MAX_LOCK_TIMEOUT_MS = 2**31 - 1  # PostgreSQL's largest lock_timeout (24.8 days)


def connect_timeout_s() -> int:
    """Seconds a connection may take to be made and answered (per address a host name gives):
    $PAPERDB_LOCK_WAIT rounded up, at least `MIN_CONNECT_S`."""
    return max(MIN_CONNECT_S, math.ceil(lock_wait()))


def lock_timeout_ms() -> int:
    """How long a statement may wait for a lock another session holds: $PAPERDB_LOCK_WAIT (0
    would mean no limit to PostgreSQL, so at least 1 ms)."""
    return min(max(1, round(lock_wait() * 1000)), MAX_LOCK_TIMEOUT_MS)


def connection_limits(url: str) -> dict[str, Any]:
    """libpq connection parameters that bound every wait on the server (`url`'s own
    connect_timeout or options are kept: a lock_timeout is added to its options)."""
    given = _given(url)
    limits: dict[str, Any] = {**KEEPALIVES, "tcp_user_timeout": TCP_USER_TIMEOUT_MS}
    if "connect_timeout" not in given:
        limits["connect_timeout"] = connect_timeout_s()
    options = given.get("options", "")
    if "lock_timeout" not in options:
        limits["options"] = f"{options} -c lock_timeout={lock_timeout_ms()}".strip()
    return limits


def connect_timeout_of(url: str) -> str:
    """The connect timeout a connection to `url` has, as messages say it."""
    given = _given(url).get("connect_timeout")
    if given is None:
        return f"{connect_timeout_s()}s ($PAPERDB_LOCK_WAIT, at least {MIN_CONNECT_S})"
    return f"{given}s (its connect_timeout)"


def _given(url: str) -> dict[str, str]:
    """The parameters `url` gives in its query, by lower-case name."""
    return {key.lower(): values[-1] for key, values in parse_qs(url.partition("?")[2]).items()}

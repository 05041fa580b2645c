"""Settings read from the environment, and the schema revision the code expects; imports nothing
heavy, so the command line starts fast."""

from __future__ import annotations

import math
import os
import re
from importlib.util import find_spec
from pathlib import Path

from .errors import PaperdbError

DEFAULT_DB = "db/papers.db"
LOCK_WAIT_S = 30.0  # how long a second writer waits for the first before giving up
MAX_LOCK_WAIT_S = 604_800.0  # a week: a longer wait is a mistake (1e20 overflowed SQLite's wait in milliseconds)
_REVISION = re.compile(r"^(down_revision|revision)\s*=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)


def package_folder(package: str) -> Path:
    """The folder of one of paperdb's packages (`etl`, `etl.store`, `etl.migrations`, ...), where its
    data files are: the folder `importlib.resources.files` gives for an installed or editable
    package, found without it (it imports `zipfile`, `tempfile`, `shutil`, `random`, `bz2` and
    `lzma`: 2.8 MB a process, which an edit's keyword and similar steps carried, issue 41)."""
    spec = find_spec(package)
    folders = spec.submodule_search_locations if spec is not None else None
    if not folders:
        raise PaperdbError(f"{package}: not a package of paperdb's")
    return Path(next(iter(folders)))


def _number(name: str, default: float, what: str, most: float) -> float:
    """The environment variable `name` as a number of `what` from 0 to `most`, else `default`; a
    value that is no such number is a one-line error naming the variable and the range."""
    text = os.environ.get(name)
    if text is None or not text.strip():
        return default
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not math.isfinite(value) or not 0 <= value <= most:
        raise PaperdbError(f"${name}: {text[:40]!r} is not a number of {what} from 0 to {most:,.0f}")
    return value


def lock_wait() -> float:
    """Seconds to wait for another load's write lock: $PAPERDB_LOCK_WAIT, else 30."""
    return _number("PAPERDB_LOCK_WAIT", LOCK_WAIT_S, "seconds", MAX_LOCK_WAIT_S)


MAX_FILE_MB = 2048  # an input file larger than this is refused before it is read
LARGEST_FILE_MB = 1_048_576  # a terabyte: the largest limit one may set (1e13 overflowed the reader's sizes)


def max_file_bytes() -> int:
    """The largest input file a load reads: $PAPERDB_MAX_FILE_MB megabytes, else 2,048."""
    return int(_number("PAPERDB_MAX_FILE_MB", MAX_FILE_MB, "megabytes", LARGEST_FILE_MB) * 1024 * 1024)


def db_path(option: str | None) -> str:
    """The database file: `--db` wins, then `PAPERDB_DB`, then `db/papers.db`."""
    return option or os.environ.get("PAPERDB_DB") or DEFAULT_DB


def schema_head() -> str | None:
    """The newest migration's revision, read from the packaged migration files without Alembic
    (the revision no other names as its `down_revision`)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in (package_folder("etl.migrations") / "versions").iterdir():
        if script.name.endswith(".py"):
            for key, value in _REVISION.findall(script.read_text(encoding="utf-8")):
                (revisions if key == "revision" else parents).add(value)
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None

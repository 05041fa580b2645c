"""The topic taxonomy a load uses (`$PAPERDB_TOPICS`, else the one shipped), read through the one
file guard and parsed by `etl.extract.keywords.parse_taxonomy`."""

from __future__ import annotations

from functools import lru_cache

from ..errors import InputError, PaperdbError
from ..extract.keywords import MAX_TAXONOMY_BYTES, Taxonomy, parse_taxonomy
from ..sources.files import FileTooLarge, NotRegularFile, read_regular_file


@lru_cache(maxsize=4)
def load_taxonomy(path: str) -> Taxonomy:
    """The taxonomy in the JSON file `path`; anything else (not a regular file, too large, another
    shape) is a one-line error naming the file."""
    try:
        data = read_regular_file(path, MAX_TAXONOMY_BYTES, "$PAPERDB_TOPICS")
    except NotRegularFile:
        raise PaperdbError(f"{path}: not a topic taxonomy (not a regular file)") from None
    except FileTooLarge:
        raise PaperdbError(f"{path}: not a topic taxonomy (larger than {MAX_TAXONOMY_BYTES:,} bytes)") from None
    except InputError as exc:
        raise PaperdbError(f"{path}: not a topic taxonomy ({exc.problem})") from None
    return parse_taxonomy(data, path)

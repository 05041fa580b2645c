"""Walking a directory tree once: symbolic links are followed, but never into a directory
already walked (a link back up the tree would loop), and names starting with a dot are left out."""

from __future__ import annotations

import os
from collections.abc import Iterator


def walk_once(root: str) -> Iterator[tuple[str, list[str], list[str]]]:
    """`(directory, subdirectories, files)` for each directory under `root`, in sorted order,
    each directory once however many links lead to it; hidden names are left out."""
    seen: set[tuple[int, int]] = set()
    for here, dirs, names in os.walk(root, followlinks=True):
        st = os.stat(here)
        if (st.st_dev, st.st_ino) in seen:  # reached again through a link: walked already
            dirs[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        yield here, dirs, sorted(n for n in names if not n.startswith("."))

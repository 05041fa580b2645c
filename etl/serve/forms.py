"""The order a canned query's form asks for its parameters: what is wanted first, then which page."""

from __future__ import annotations

import re

_NOT_PARAMETERS = re.compile(r"--[^\n]*|'[^']*'|\"[^\"]*\"")  # (comments and quoted text, as Datasette skips them)
_PARAMETER = re.compile(r"(?<![\w:]):(\w+)")
LAST_PARAMETERS = ("page",)


def parameters(sql: str) -> list[str]:
    """A query's named parameters in the order its form asks for them: as they first appear in its
    SQL (Datasette's order), but the page last (a paged query reads it first, in its first line)."""
    found = list(dict.fromkeys(_PARAMETER.findall(_NOT_PARAMETERS.sub("", sql))))
    return [p for p in found if p not in LAST_PARAMETERS] + [p for p in found if p in LAST_PARAMETERS]

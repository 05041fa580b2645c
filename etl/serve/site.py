"""paperdb's site in Datasette: the name its database is served under, defined here only, and
whether a Datasette (or one of its databases) is paperdb's, so that the plugin, installed for
every Datasette of the environment, acts on paperdb's database alone."""

from __future__ import annotations

from typing import Any

DATABASE = "papers"  # the database's name in URLs and metadata, whatever the file is called
PLUGIN = "paperdb"  # the plugin's name: its configuration in the metadata, its static files' URLs


def plugin_metadata() -> dict:
    """The plugin's configuration in paperdb's metadata: its presence marks the Datasette as paperdb's."""
    return {PLUGIN: {"database": DATABASE}}


def is_ours(datasette: Any, database: str | None = None) -> bool:
    """Whether `datasette` is paperdb's (its metadata configures the plugin) and, when `database`
    is given, that is paperdb's database; any other Datasette of the environment is left as it is."""
    if datasette is None or not datasette.plugin_config(PLUGIN):
        return False
    return database is None or database == DATABASE

"""Browsing: Datasette with the project's metadata, plugin and rendering."""

"""Canned Datasette queries: one .sql file each, a leading comment giving title and description."""

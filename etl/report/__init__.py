"""Read-only reports on a database: counts, exports for joins, the generated schema reference."""

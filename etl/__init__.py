"""paperdb: machine-learning conference papers in SQLite, loaded by an ETL job and browsed in Datasette."""

__version__ = "0.1.0"

"""`python -m etl` runs the paperdb command line."""

from .cli import cli

cli(prog_name="paperdb")

"""`python -m etl` runs the paperdb command line."""

from .cli import main

main()

"""The `paperdb` command line: each command parses options, calls one function, prints a summary."""

from __future__ import annotations

import json
import signal
import sys

import click

from .. import __version__
from ..errors import one_line, shown_path
from ..sources.formats import NAMES as FORMAT_NAMES
from .options import db_option
from .output import quiet_stdout, say, shown, waiting
from .running import Stopped, checked_option, run, stop
from .serving import mcp, serve


def _not_blank(value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise click.BadParameter("must name a venue (e.g. ICML)")
    return value


def main() -> None:
    """The console script: `cli`, with a signal or output that cannot be written reported in
    one `Error:` line (exit status 1), never a traceback."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    try:
        code = cli.main(prog_name="paperdb", standalone_mode=False)
    except click.ClickException as exc:
        exc.message = one_line(exc.message)  # type: ignore[misc]  # (also click's own: a usage error quoting a value)
        exc.show()
        code = exc.exit_code
    except click.exceptions.Abort:  # (a prompt ended by end of input; paperdb has none)
        click.echo("Error: aborted", err=True)
        code = 1
    except Stopped as exc:
        _say_stopped(exc)
        code = 1
    except OSError as exc:  # stdout unwritable: a full disk
        quiet_stdout()
        click.echo(f"Error: <stdout>: {exc.strerror or exc}", err=True)
        code = 1
    sys.exit(code if isinstance(code, int) else 0)


def _say_stopped(exc: Stopped) -> None:
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    run = {"load": "load", "rescore": "rescore", "migrate": "migration"}.get(command)
    click.echo(f"Error: stopped by {exc}" + (f"; nothing of this {run} was written" if run else ""), err=True)


@click.group()
@click.version_option(__version__, prog_name="paperdb")
def cli():
    """paperdb: machine-learning conference papers in SQLite, browsed in Datasette."""


@cli.command()
@click.argument("paths", nargs=-1)
@db_option
@click.option(
    "--venue",
    callback=lambda ctx, param, value: _not_blank(value),
    help="Venue for files without a header line (overrides the header)",
)
@click.option("--year", type=click.IntRange(1900, 2100), help="Year for files without a header line")
@click.option(
    "--format",
    "input_format",
    type=click.Choice(FORMAT_NAMES),
    help="Read every file as this format [default: detected from content and name]",
)
@click.option("--keep-going", is_flag=True, help="Skip bad files (reported) and load the rest")
@click.option(
    "--rescore", is_flag=True, help="Rescore every paper's keywords, as `paperdb rescore` does, after loading"
)
@click.option(
    "--prune", is_flag=True, help="Remove the sources of files gone from the directories given (see `paperdb remove`)"
)
@click.option(
    "--report",
    metavar="FILE",
    help="Write a CSV of every record skipped, record with a status word paperdb does not know and file passed"
    " over (path, line, position, kind, detail, title, record_id); it appears only if the load succeeds",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary")
def load(paths, db_file, venue, year, input_format, keep_going, rescore, prune, report, quiet):
    """Load listings and bibliographic exports into the database, migrating it first.

    PATHS are files, directories (walked recursively) or globs; with none, the bundled ICML 2024
    listings are loaded. Formats: listings (.txt), the ICML virtual-site events export (.json),
    PMLR BibTeX (.bib), paperlists exports (.json), CSV (.csv) and JSON lines (.jsonl). The whole run is one transaction: on
    an error nothing is written.

    A file loaded before is read again when its bytes or the options that change what it means
    (--venue, --year, --format) are not the ones it was loaded with; its papers then hold what
    its current content says, as if every file had been loaded afresh. An emptied file removes
    its papers; with --prune, so does a file gone from a directory given.

    On a terminal a bar shows `k of N files`, records per second and the time left to read, then
    the step the load is in. Records skipped and records with a status word paperdb does not
    know are counted in the summary and listed, with file and line, in the table etl_run_issues
    (the first 1,000 of a kind per file) and, all of them, in the --report file.

    \b
    Example:
        paperdb load ../shared/seeds icml2024_events.json pmlr-v235.bib --db db/papers.db
    """
    from ..load import load as run_load
    from .progress import ProgressBar

    bar = ProgressBar(sys.stderr) if not quiet and sys.stderr.isatty() else None
    try:
        summary = run(
            run_load,
            db_file,
            paths,
            venue=venue,
            year=year,
            keep_going=keep_going,
            rescore=rescore,
            prune=prune,
            format=input_format,
            progress=bar,
            on_wait=None if quiet else waiting(db_file),
            report=report,
        )
    finally:
        if bar is not None:
            bar.close()
    if not quiet:
        for path, why in summary.skipped:
            click.echo(f"skipped {shown_path(path)}: {why}", err=True)
        for error in summary.failed:
            click.echo(f"failed {error}", err=True)
        say(summary.line())


@cli.command()
@db_option
@click.option("-q", "--quiet", is_flag=True, help="No summary")
def rescore(db_file, quiet):
    """Rescore every paper's keywords against the whole corpus, in one transaction.

    A load ranks the papers it adds against the statistics of the last rescore and rescores
    all papers only once enough has changed (docs/keywords.md); after `paperdb rescore` the
    database holds exactly the keywords a cold load of the same papers gives, whatever order
    or number of loads built it.

    \b
    Example:
        paperdb rescore --db db/papers.db
    """
    from ..load import rescore as run_rescore

    summary = run(run_rescore, db_file, on_wait=None if quiet else waiting(db_file))
    if not quiet:
        say(f"{shown(db_file)}: {summary.keywords} keywords of every paper rescored in {summary.duration_s:.2f}s")


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@db_option
@click.option("-q", "--quiet", is_flag=True, help="No summary")
def remove(paths, db_file, quiet):
    """Remove sources and what only they gave, in one transaction.

    PATHS are files loaded before (they need not exist any more) or directories (every source
    loaded from below them). A paper another source lists stays, with what that source gives;
    a path no source was loaded from is an error, and nothing is removed.

    \b
    Example:
        paperdb remove ../shared/seeds/icml2024_c.txt --db db/papers.db
    """
    from ..load import remove as run_remove

    summary = run(run_remove, db_file, list(paths), on_wait=None if quiet else waiting(db_file))
    if not quiet:
        say(summary.line())


@cli.command()
@db_option
def migrate(db_file):
    """Upgrade the database schema to the latest revision (creates the database if missing).

    \b
    Example:
        paperdb migrate --db db/papers.db
    """
    from ..store.engine import migrate_database

    run(migrate_database, db_file, on_wait=waiting(db_file))
    say(f"{shown(db_file)}: schema at head")


@cli.command()
@click.option("--from", "source_url", required=True, metavar="URL", help="The PostgreSQL database to copy")
@db_option
def snapshot(source_url, db_file):
    """Copy a PostgreSQL database into a new SQLite file that `paperdb serve` opens.

    Datasette serves SQLite: the copy has the same rows (ids, keys, keywords) and everything
    serving needs (the full-text index, views), made by the same migrations. It is written in
    one transaction and appears only once complete; an existing file is never replaced.

    \b
    Example:
        paperdb snapshot --from postgresql+psycopg://me@db.example/papers --db db/papers.db
        paperdb serve --db db/papers.db
    """
    import time

    from ..store.snapshot import snapshot as run_snapshot
    from ..store.target import file_only, server_only

    checked_option(server_only, source_url, "--from takes a PostgreSQL URL (postgresql+psycopg://user@host/db)")
    checked_option(file_only, db_file, "--db takes the SQLite file to write the snapshot to")
    started = time.perf_counter()
    counts = run(lambda target: run_snapshot(source_url, target), db_file, on_server_error=source_url)
    say(
        f"{shown(db_file)}: snapshot of {shown(source_url)}: {counts.get('papers', 0)} papers,"
        f" {sum(counts.values())} rows in {time.perf_counter() - started:.2f}s"
    )


@cli.command()
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print the counts as a JSON object")
def stats(db_file, as_json):
    """Print counts: papers, sources, links, repos, keywords, runs.

    \b
    Example:
        paperdb stats --json
    """
    from ..report.stats import read_stats

    counts = run(read_stats, db_file)
    if as_json:
        say(json.dumps(counts))
    else:
        width = max(map(len, counts))
        for name, value in counts.items():
            say(f"{name:<{width}}  {value}")


@cli.command()
@db_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "jsonl", "bibtex", "ris", "csljson"]),
    default="csv",
    show_default=True,
    help="Tables as csv or jsonl; a reading list as bibtex, ris or csljson (CSL-JSON)",
)
@click.option(
    "--out",
    required=True,
    metavar="DIR|FILE",
    help="Tables: a directory (made if missing); a reading list: a file, - for stdout",
)
@click.option("--overwrite", is_flag=True, help="Replace files an earlier export left")
@click.option(
    "--raw-cells",
    is_flag=True,
    help="CSV: write text starting with = + - @ as it is (by default it gets a leading ' so spreadsheets do not run it)",
)
@click.option(
    "--venue", callback=lambda ctx, param, value: _not_blank(value), help="A reading list of this venue's papers"
)
@click.option("--year", type=click.IntRange(1900, 2100), help="A reading list of this year's papers")
def export(db_file, fmt, out, overwrite, raw_cells, venue, year):
    """Write papers, links, repos, keywords, authors, ids, institutions and affiliations for joins with
    other data; or the papers (of a --venue, a --year) as a reading list for a reference manager.

    Every table carries the stable paper id. See docs/joins.md for joins with OpenReview, PMLR and
    Papers with Code, docs/reviews.md for reading lists (each entry the source's own BibTeX where
    one was given).

    \b
    Example:
        paperdb export --format jsonl --out exports/
        paperdb export --format bibtex --venue ICLR --year 2017 --out iclr2017.bib
    """
    if fmt in ("csv", "jsonl"):
        from ..report.export import export as run_export

        counts = run(run_export, db_file, out, fmt, overwrite=overwrite, escape_formulas=not raw_cells)
        say(f"{out}: " + ", ".join(f"{name}.{fmt} ({rows} rows)" for name, rows in counts.items()))
        return
    from ..report.reading_lists import export_reading_list

    papers = run(export_reading_list, db_file, fmt, out, venue, year, overwrite=overwrite)
    if out != "-":
        say(f"{out}: {papers} papers as {fmt}")


cli.add_command(serve)
cli.add_command(mcp)

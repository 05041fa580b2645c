"""The paperlists catalogue the measurement and build scripts read: its venue files, from the
archive `../shared/samples/paperlists-catalogue.tar.xz` or from the folder it extracts to."""

from __future__ import annotations

import argparse
import hashlib
import json
import tarfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT.parent / "shared" / "samples" / "paperlists-catalogue.tar.xz"


def catalogue_files(path: Path) -> Iterator[tuple[str, bytes]]:
    """(path inside the catalogue, content) of each venue file (`colm/colm2024.json`): from a
    folder in path order, from the archive as a stream in its own order."""
    if path.is_dir():
        for file in sorted(path.rglob("*.json")):
            yield file.relative_to(path).as_posix(), file.read_bytes()
        return
    with tarfile.open(path, "r|*") as archive:
        for member in archive:
            if member.isfile() and member.name.endswith(".json"):
                name = member.name.split("/", 1)[1] if "/" in member.name else member.name
                yield name, archive.extractfile(member).read()


def data_file_arguments(parser: argparse.ArgumentParser, output: Path) -> None:
    """The arguments every build script of a shipped data file takes: the catalogue, `--output`
    (the shipped file) and `--check`."""
    parser.add_argument("catalogue", nargs="?", default=str(CATALOGUE))
    parser.add_argument("--output", default=str(output))
    parser.add_argument("--check", action="store_true", help="compare with --output instead of writing it")


def check_data_file(output: Path, text: str, source: str) -> int:
    """Whether the shipped `output` is `text`, what `source` gives: says so, and the exit status."""
    same = output.exists() and output.read_text(encoding="utf-8") == text
    print(f"{output}: {'matches' if same else 'differs from'} what {source} gives")
    return 0 if same else 1


def record_texts(path: Path) -> Iterator[str]:
    """The title, the abstract and the author keywords (a list joined by ` ; `) of each record of
    the catalogue at `path`, each as a text."""
    for _name, content in catalogue_files(path):
        for record in json.loads(content):
            if not isinstance(record, dict):
                continue
            for field in ("title", "abstract", "keywords"):
                text = record.get(field)
                if isinstance(text, list):
                    text = " ; ".join(str(t) for t in text)
                if isinstance(text, str):
                    yield text


def write_data_file(args: argparse.Namespace, header: list[str], lines: Iterable[str], summary: str) -> int:
    """A shipped data file's text (its `#` header, then `lines`) written to `args.output`, or with
    `args.check` compared with it; the exit status (`summary` is printed after a write)."""
    return save_data_file(args, "\n".join([*header, *lines]) + "\n", summary, "the catalogue")


def save_data_file(args: argparse.Namespace, text: str, summary: str, source: str) -> int:
    """`text` written to `args.output`, or with `args.check` compared with it (what `source`
    gives); the exit status (`summary` is printed after a write)."""
    output = Path(args.output)
    if args.check:
        return check_data_file(output, text, source)
    output.write_text(text, encoding="utf-8")
    print(f"{output}: {summary}")
    return 0


def held_out_arguments(parser: argparse.ArgumentParser, output: Path, held_out: Iterable[str]) -> None:
    """`data_file_arguments` and `--hold-out`: the venue-years a file built from the authors'
    keywords leaves out (those keyword quality is measured on)."""
    data_file_arguments(parser, output)
    parser.add_argument("--hold-out", default=",".join(held_out), help="venue-years left out (comma-separated)")


def held_out_of(args: argparse.Namespace) -> set[str]:
    """The venue-years `--hold-out` names, in lower case."""
    return {v.strip().lower() for v in args.hold_out.split(",") if v.strip()}


def held_out_command(doc: str | None, output: Path, held_out: Iterable[str]) -> tuple[argparse.Namespace, set[str]]:
    """A catalogue builder's command line parsed (`held_out_arguments`; its description the first
    line of `doc`, the builder's docstring): its arguments and the venue-years held out."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    held_out_arguments(parser, output, held_out)
    args = parser.parse_args()
    return args, held_out_of(args)


def held_out_text(
    title: list[str], counted: str, held_out: set[str], read: list[tuple[str, str, str]], body: str, columns: str = ""
) -> str:
    """A data file built with venue-years held out: its `title` lines, what it counted, the
    venue-years held out, (SHA-256, use, path) of every file read, the body's SHA-256 and columns
    (if any), then `body`."""
    header = [
        *title,
        f"# {counted}",
        f"# held-out {' '.join(sorted(held_out))}",
        *(f"# input {digest} {use} {name}" for digest, use, name in read),
        f"# body {hashlib.sha256(body.encode('utf-8')).hexdigest()}",
        *([f"# {columns}"] if columns else []),
    ]
    return "\n".join(header) + "\n" + body

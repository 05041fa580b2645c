"""Small bibliographic exports written for the tests, in each supported format, around the
bundled ICML 2024 abstracts (so they merge with the listings)."""

from __future__ import annotations

import csv
import io
import json

from etl.sources import bundled_listings_dir, read_input
from tests.helpers import ABSTRACT_GNN, ABSTRACT_QUIP, listing_text


def seed_abstracts(n: int = 4) -> list[str]:
    path = sorted(bundled_listings_dir().glob("*.txt"))[0]
    return [e.abstract for e in read_input(str(path), path.read_bytes()).entries[:n]]


def events_json(abstracts: list[str], titles: list[str] | None = None) -> str:
    """The ICML virtual-site shape: upper-case host, double slash, posters plus a workshop."""
    items = [
        {
            "type": "Poster",
            "name": titles[i] if titles else f"Paper {i}: A $\\mathcal{{O}}(n)$ Method" if i == 0 else f"Paper {i}",
            "virtualsite_url": f"https://ICML.cc//virtual/2024/poster/{34000 + i}",
            "speakers/authors": "PAUL DUETTING, Federico Fusco" if i == 0 else f"Author {i}, Second Author",
            "abstract": abstract,
        }
        for i, abstract in enumerate(abstracts)
    ]
    items.insert(
        1,
        {
            "type": "Workshop",
            "name": "Workshop on Efficient Systems",
            "virtualsite_url": "https://ICML.cc//virtual/2024/workshop/29950",
            "speakers/authors": "Organiser One, Organiser Two",
            "abstract": "",
        },
    )
    return json.dumps(items, indent=1, ensure_ascii=False)


def bibtex(abstracts: list[str]) -> str:
    """PMLR style: brace-protected title, `Last, First` authors, HTML in the abstract."""
    entries = []
    for i, abstract in enumerate(abstracts):
        marked = abstract.replace("model", "<em>model</em>", 1)
        entries.append(
            f"@InProceedings{{pmlr-v235-paper24{chr(97 + i)},\n"
            f"  title = \t {{{{I}}nfer{{C}}ept {i}: Efficient Support}},\n"
            f'  author =       {{Duetting, Paul and Sch{{\\"o}}lkopf, Bernhard}},\n'
            f"  booktitle = \t {{Proceedings of the 41st International Conference on Machine Learning}},\n"
            f"  pages = \t {{1--10}},\n  year = \t {{2024}},\n  volume = \t {{235}},\n"
            f"  abstract = \t {{{marked}}},\n"
            f"  openreview = \t {{https://openreview.net/forum?id=abcDEF{i}xyz}}\n}}\n"
        )
    return "\n".join(entries)


def csv_text(abstracts: list[str], header=("title", "abstract", "authors", "venue", "year", "openreview")) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for i, abstract in enumerate(abstracts):
        row = {
            "title": f"CSV Paper {i}",
            "abstract": abstract,
            "authors": "Ada Lovelace; Alan Turing",
            "venue": "ICML",
            "year": "2024",
            "openreview": f"csv{i}id",
        }
        writer.writerow([row.get(h, "") for h in header])
    return out.getvalue()


# Each paper's reviewers' ratings (the first record's as before: its file's own mean differs, as
# paperlists' means do where a score is a placeholder).
RATINGS = ["6;8;8", "5;6;7;6", "3;5;0", "3;8;4"]


def paperlists_json(abstracts: list[str]) -> str:
    """The papercopilot paperlists shape (OpenReview venue): `;`-separated authors aligned with
    affiliations, a status, author keywords, a github field, review scores, a citation count, a
    primary area and (the first) a TL;DR."""
    statuses = ["Oral", "Poster", "Reject", "Withdraw"]
    areas = ["generative models", "optimization"]
    records = [
        {
            "id": f"forum{i}abc",
            "title": f"Listed Paper {i}",
            "author": "Ada Lovelace;Alan Turing",
            "aff": "University of Cambridge;",
            "aff_unique_norm": "University of Cambridge",
            "aff_unique_index": "0",
            "aff_country_unique": "United Kingdom",
            "aff_country_unique_index": "0",
            "status": statuses[i % len(statuses)],
            "track": "main",
            "site": f"https://openreview.net/forum?id=forum{i}abc",
            "keywords": "quantization;large language models",
            "github": f"https://github.com/lovelace/listed-{i}" if i == 0 else "",
            "rating": RATINGS[i % len(RATINGS)],
            "rating_avg": [7.33 - i, 0.94],
            "confidence_avg": [3.5, 0.5],
            "gs_citation": 10 * i - 1,
            "primary_area": areas[i % len(areas)],
            "tldr": "A summary of the paper in one sentence." if i == 0 else "",
            "abstract": abstract,
        }
        for i, abstract in enumerate(abstracts)
    ]
    return json.dumps(records, indent=1, ensure_ascii=False)


# A JSON lines export in the shape of a paperlists mirror: review scores, an id column, a code
# link, a paper told only by its title, an abstract with markup a load cleans.
JSONL_RECORDS = [
    {
        "title": "Sparse  Autoencoders <i>at</i> Scale",
        "abstract": "We train <b>sparse</b> autoencoders on 16M latents; code at https://github.com/acme/sae.",
        "authors": ["Grace Hopper", "Edsger W. Dijkstra"],
        "venue": "NeurIPS",
        "year": 2023,
        "status": "Spotlight",
        "keywords": "interpretability; sparse autoencoders",
        "rating_avg": 7.25,
        "confidence_avg": 3.5,
        "citations": 12,
        "primary_area": "interpretability",
        "tldr": "Big dictionaries.",
        "arxiv": "https://arxiv.org/abs/2406.04093v2",
    },
    {"title": "A Paper Known Only by Its Title", "authors": "Barbara Liskov", "venue": "NeurIPS", "year": 2023},
    {
        "title": "Rejected, With Reason",
        "abstract": "We show that -1 is not a prime, and that @mentions are no formula.",
        "authors": ["Ada Lovelace"],
        "venue": "NeurIPS",
        "year": 2023,
        "status": "Reject",
    },
]
# Abstracts a spreadsheet would run as formulas, or that look like one already escaped.
FORMULA_LIKE = ['=HYPERLINK("http://evil") we study spreadsheets.', "'=1+1 is how a cell is quoted in a spreadsheet."]


def every_format(write) -> list[str]:
    """Every format paperdb reads, overlapping where real sources do (an events file, PMLR BibTeX
    and a paperlists file of the same ICML abstracts: one paper each, merged)."""
    seeds = seed_abstracts(6)
    return [
        str(write("extra/icml2024.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN, *FORMULA_LIKE))),
        str(write("extra/events.json", events_json(seeds[:3]))),
        str(write("extra/pmlr.bib", bibtex(seeds[1:4]))),
        str(write("extra/icml2024.json", paperlists_json(seeds[2:6]))),
        str(write("extra/mine.csv", csv_text(seeds[4:6]))),
        str(write("extra/neurips.jsonl", "".join(json.dumps(r) + "\n" for r in JSONL_RECORDS))),
    ]

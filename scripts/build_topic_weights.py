"""Regenerate etl/data/topic_evidence.txt: per topic, the words and phrases its labelled papers use.

    .venv/bin/python scripts/build_topic_weights.py [CATALOGUE] [--output PATH]
    .venv/bin/python scripts/build_topic_weights.py --check    # exit 1 unless the shipped file is what the inputs give

CATALOGUE is the paperlists catalogue: `../shared/samples/paperlists-catalogue.tar.xz` (the
default) or the folder it extracts to. Which papers have which topic is read from labels their
authors or venues chose, mapped to paperdb's topics by meaning in scripts/topic_labels.json: the
venue (a computer-vision conference), AAAI 2022's primary areas, ICLR 2017's subject areas, CVPR
and ICCV oral sessions, and the taxonomy's specific terms in a paper's title. Never read: IJCAI
(every year: its subject areas are what scripts/topic_agreement.py measures topics against) and
COLM 2024 and CoRL 2023 (keyword quality is measured on them). At most PER_VENUE papers of each
venue are used (the same ones on every run: by a hash of file and title), so robotics' 35,000
papers do not drown the rest.

Each paper is seen as a load sees it (`topic_inputs`): the words of its abstract, its candidate
phrases of several words, and `@` and each topic the taxonomy's terms give it. For each topic with
at least MIN_PAPERS labelled papers, a feature's weight is its log-odds (naive Bayes, add-one)
between the topic's papers and the others; the TOP_FEATURES strongest with at least MIN_WEIGHT and
MIN_SUPPORT papers are kept, and the topic's threshold is the sum of weights that best separates
its papers from the others (F-beta, beta BETA: labels mark a paper's main topic, a subject area
is often a second one, so recall counts more), taken as the highest sum whose F-beta is within
FLAT of the best (where the curve is flat, the precise end: a threshold is then stable, not moved
by one feature more or less), papers whose venue gives them the topic counting VENUE_WEIGHT (a
fifth of the papers read are robotics venues', and `controller` alone was robotics on a general
venue: robotics 3.44 -> 5.74, learning theory 7.48 -> 11.41). Only weights and thresholds are shipped, with the
SHA-256 of every file read, so a test can tell the shipped data from what its inputs give.
The weights depend on the extraction rules and the taxonomy's terms: rebuild after changing them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_vocabulary import venue_year  # noqa: E402
from catalogue import catalogue_files, check_data_file, data_file_arguments  # noqa: E402

from etl.extract.keywords import taxonomy_path  # noqa: E402
from etl.extract.keywords.claims import CLAIM_MARK  # noqa: E402
from etl.extract.keywords.terms import topic_inputs  # noqa: E402
from etl.extract.keywords.topics import EVIDENCE_FILE, Taxonomy, _term_evidence, term_topics  # noqa: E402
from etl.load.taxonomy import load_taxonomy  # noqa: E402

LABELS = ROOT / "scripts" / "topic_labels.json"
NEVER_READ = ("ijcai",)  # venues whose every year is held out (the topic evaluation)
HELD_OUT = ("colm2024", "corl2023")  # venue-years keyword quality is measured on
PER_VENUE = 3000  # most papers used from one venue (robotics' two venues alone have 35,000)
MIN_PAPERS = 20  # a topic with fewer labelled papers gets no learned evidence (its terms decide)
MIN_DF = 5  # a feature must occur in this many papers used
MIN_SUPPORT = 3  # ... and in this many of the topic's
MIN_WEIGHT = 0.7  # log-odds below this (twice as frequent) are not evidence
TOP_FEATURES = 200  # features kept per topic, by weight times log(1 + the topic's papers with it)
BETA = 2.0
# Against IJCAI 2020-2021's subject areas (scripts/topic_agreement.py --years 2020,2021), with the
# fourth round's terms, FLAT 0.99 and VENUE_WEIGHT 0.5 were the one pair of those compared that kept
# or raised every measure over main's terms and thresholds (1.0 and 1.0, the best F-beta with every
# paper alike, give more recall and less macro precision); confirmed on 2022-2023 but for macro
# precision, 0.001 lower (docs/keywords.md, "Topics, fourth round").
FLAT = 0.99
VENUE_WEIGHT = 0.5
DIGITS = 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data_file_arguments(parser, EVIDENCE_FILE)
    parser.add_argument("--rules", action="store_true", help="print the digest of the rules the evidence depends on")
    args = parser.parse_args()
    if args.rules:
        print(rules_digest())
        return 0
    taxonomy = load_taxonomy(taxonomy_path())
    papers, inputs = read_papers(Path(args.catalogue), json.loads(LABELS.read_text(encoding="utf-8")))
    features, labels, by_venue = [], [], []
    for title, abstract, tags, venue in papers:
        features.append(paper_features(abstract, taxonomy))
        labels.append(paper_topics(title, tags, venue, taxonomy))
        by_venue.append(set(venue))
    text = format_evidence(learn(features, labels, taxonomy.names, by_venue), inputs, len(papers))
    output = Path(args.output)
    if args.check:
        return check_data_file(output, text, args.catalogue)
    output.write_text(text, encoding="utf-8")
    print(f"{output}: {len(papers)} papers")
    return 0


def read_papers(catalogue: Path, labels: dict) -> tuple[list[tuple], list[tuple[str, str, str]]]:
    """(title, abstract, labels, topics of its venue) of each paper used, and (digest, use, name)
    of each file read."""
    by_venue: dict[str, list[tuple[str, tuple]]] = {}
    inputs = []
    for name, content in catalogue_files(catalogue):
        venue = name.split("/")[0]
        digest = hashlib.sha256(content).hexdigest()
        if venue in NEVER_READ or venue_year(name) in HELD_OUT:
            inputs.append((digest, "held-out", name))
            continue
        used = 0
        for record in json.loads(content):
            abstract = " ".join(str(record.get("abstract") or "").split())
            if not abstract:
                continue
            title = " ".join(str(record.get("title") or "").split())
            order = hashlib.sha256(f"{name}\0{title}\0{abstract}".encode()).hexdigest()
            tags = tuple(record_labels(venue_year(name), record, labels["labels"]))
            by_venue.setdefault(venue, []).append(
                (order, (title, abstract, tags, tuple(labels["venues"].get(venue, ()))))
            )
            used += 1
        inputs.append((digest, "used" if used else "no-abstract", name))
    papers = [paper for venue in sorted(by_venue) for _, paper in sorted(by_venue[venue])[:PER_VENUE]]
    return papers, sorted(inputs, key=lambda i: i[2])


def record_labels(venue_year: str, record: dict, patterns: dict[str, list[str]]) -> list[str]:
    """The topics a record's labels mean: its primary area (AAAI), its subject areas (ICLR 2017)
    and its oral session, under the patterns of scripts/topic_labels.json."""
    tags = []
    if venue_year.startswith("aaai") and record.get("primary_area"):
        tags.append("aaai:" + str(record["primary_area"]).lower())
    if venue_year == "iclr2017":
        tags += [
            "iclr2017:" + k.strip().lower() for k in re.split("[;,]", str(record.get("keywords") or "")) if k.strip()
        ]
    if record.get("session"):
        tags.append("session:" + str(record["session"]).lower())
    return [
        topic
        for topic, wanted in sorted(patterns.items())
        if any(
            tag.startswith(p) or (p.startswith("session:") and tag.startswith("session:") and p[8:] in tag)
            for tag in tags
            for p in wanted
        )
    ]


def paper_features(abstract: str, taxonomy: Taxonomy) -> set[str]:
    """What `match_topics` sums the evidence of: the abstract's words, its phrases of several
    words, and `@` and each topic its terms give."""
    words, phrases, _ = topic_inputs(abstract)  # (mentions in passing are counted as written: `match_topics`)
    # (a claimed `+word` is the term rule's, through `@`: as a feature of its own it would count
    # the word a second time)
    found = {word for word in words if not word.startswith(CLAIM_MARK)} | {key for key in phrases if " " in key}
    return found | {"@" + taxonomy.names[i] for i in term_topics(words, phrases, taxonomy)}


def paper_topics(title: str, tags: tuple[str, ...], venue_topics: tuple[str, ...], taxonomy: Taxonomy) -> set[str]:
    """The topics a paper is labelled with: its venue's, its labels', and those a specific term of
    which its title holds."""
    found = set(tags) | set(venue_topics)
    if title:
        # (a specific term within a `passing` phrase of its topic, `Unsupervised Domain Adaptation`'s
        # `unsupervised`, labels none; a list of application areas is the load's term rule's only)
        words, phrases, _ = topic_inputs(title)
        specific = _term_evidence(words, phrases, taxonomy)[1]
        found |= {taxonomy.names[topic] for topic in specific}
    return found


def learn(
    features: list[set[str]], labels: list[set[str]], names: tuple[str, ...], by_venue: list[set[str]]
) -> dict[str, tuple[float, dict]]:
    """Topic -> (threshold, feature -> weight); `by_venue` holds each paper's topics of its venue."""
    n = len(features)
    df = Counter(f for found in features for f in found)
    learned = {}
    for topic in sorted(names):
        mine = [i for i, topics in enumerate(labels) if topic in topics]
        if len(mine) < MIN_PAPERS:
            continue
        inside = Counter(f for i in mine for f in features[i] if df[f] >= MIN_DF)
        p, q = len(mine), n - len(mine)
        weights = {}
        for feature, k in inside.items():
            weight = math.log((k + 1) / (p + 2)) - math.log((df[feature] - k + 1) / (q + 2))
            if weight >= MIN_WEIGHT and k >= MIN_SUPPORT:
                weights[feature] = weight
        kept = sorted(weights, key=lambda f: (-weights[f] * math.log(1 + inside[f]), f))[:TOP_FEATURES]
        weights = {f: round(weights[f], DIGITS) for f in kept}
        counts = [VENUE_WEIGHT if topic in venue else 1.0 for venue in by_venue]
        learned[topic] = (best_threshold(features, labels, topic, weights, counts), weights)
    return learned


def best_threshold(
    features: list[set[str]], labels: list[set[str]], topic: str, weights: dict[str, float], counts: list[float]
) -> float:
    """The highest sum of weights at or above which taking papers as the topic's is within FLAT of
    the best F-beta, each paper counting as `counts` says."""
    scored = sorted(
        (
            (round(sum(weights.get(f, 0.0) for f in found), DIGITS), topic in topics, count)
            for found, topics, count in zip(features, labels, counts, strict=True)
        ),
        key=lambda paper: -paper[0],
    )
    positives = sum(count for _, mine, count in scored if mine)
    curve = []  # (F-beta, threshold)
    taken = hits = 0.0
    for i, (score, mine, count) in enumerate(scored):
        taken += count
        hits += count if mine else 0.0
        if i + 1 < len(scored) and scored[i + 1][0] == score:
            continue  # (a threshold takes every paper of its score)
        if hits:
            precision, recall = hits / taken, hits / positives
            curve.append(((1 + BETA**2) * precision * recall / (BETA**2 * precision + recall), score))
    best = max(f for f, _ in curve)
    return max(score for f, score in curve if f >= FLAT * best)


def rules_digest() -> str:
    """SHA-256 of what the evidence is a function of besides the catalogue: the keyword extraction
    code (every module of paperdb it imports), its data files but the evidence itself, the taxonomy,
    the label mapping and this script. A test compares it with the shipped file's `# rules` line,
    so a change to any of them without a rebuild fails at once (a rebuild takes minutes)."""
    from etl.load.rules import DATA, EXTRACTION, PACKAGE, _imported_closure, _source

    files = {_source(module) for module in _imported_closure(EXTRACTION)}
    files |= {p for p in (PACKAGE / DATA).rglob("*") if p.is_file() and "listings" not in p.parts}
    files -= {Path(EVIDENCE_FILE).resolve()}
    digest = hashlib.sha256()
    for path in sorted(f.resolve() for f in files if f is not None):
        digest.update(f"{path.relative_to(PACKAGE).as_posix()}\0".encode() + path.read_bytes())
    for path in (Path(taxonomy_path()), LABELS, Path(__file__).resolve()):
        digest.update(f"{path.name}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def format_evidence(learned: dict[str, tuple[float, dict]], inputs: list[tuple[str, str, str]], papers: int) -> str:
    body = []
    for topic, (threshold, weights) in sorted(learned.items()):
        body.append(f"threshold\t{topic}\t{threshold:.{DIGITS}f}")
        body += [f"weight\t{topic}\t{feature}\t{weights[feature]:.{DIGITS}f}" for feature in sorted(weights)]
    body_text = "\n".join(body) + "\n"
    header = [
        "# Learned topic evidence: per topic, a threshold and the weights of the words, phrases and",
        "# term-matched topics (@name) its labelled papers use. Generated by",
        "# scripts/build_topic_weights.py from the paperlists catalogue; do not edit (rebuild).",
        f"# papers {papers}, topics {len(learned)}",
        "# held-out ijcai (every year) " + " ".join(HELD_OUT),
        *(f"# input {digest} {use} {name}" for digest, use, name in inputs),
        f"# rules {rules_digest()}",
        f"# body {hashlib.sha256(body_text.encode('utf-8')).hexdigest()}",
    ]
    return "\n".join(header) + "\n" + body_text


if __name__ == "__main__":
    sys.exit(main())

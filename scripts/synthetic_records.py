"""Synthetic JSON lines records whose words are drawn as a real catalogue's are, for `--memory-curve`.

Each record keeps a bundled abstract's sentences (its function words, capitalised names, numbers
and marks, so keyword extraction reads English) and draws every other word, the title's and the
authors' surnames from one Zipf-Mandelbrot distribution over an unbounded lexicon: the bundled
abstracts' own words by frequency, then made-up words (`fresh_word`). So the vocabulary grows
as a real one does, sublinearly and with shared rare words. On the paperlists catalogue's
abstracts (shuffled) against these (words of two letters or more, lower-cased):

| abstracts | vocabulary: catalogue / these | used once | used by 2-200 |
|---|---|---|---|
| 4,000 | 19,728 / 14,756 | 9,360 / 8,898 | |
| 10,000 | 30,175 / 25,957 | 14,619 / 15,972 | 14,618 / 9,271 |
| 20,000 | 42,701 / 39,659 | 21,350 / 24,547 | 19,698 / 13,781 |
| 50,000 | 68,137 / 69,820 | 35,533 / 43,368 | 29,613 / 24,741 |

where the abstracts with ten fresh words each (`benchmark.synthetic`) had 406,629 words at 50,000
(403,508 used once, 855 by 2-200): eight new words a record for ever, and every record one of
57 abstracts with those words changed. The records are one random stream (seeded), so the first
`n` of a file are the file of `n`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from etl.sources import bundled_listings_dir, read_input
from etl.store.functions import function_words

# Zipf-Mandelbrot ranks: int(SCALE * (u ** (-1 / (EXPONENT - 1)) - 1)) for u uniform in (0, 1];
# chosen so that the vocabulary of 10,000-50,000 abstracts is the catalogue's (table above)
SCALE = 20.0
EXPONENT = 1.6
SURNAME_SCALE = 2_000.0  # surnames: a wider head (the catalogue: 129,006 authors for 363,234 authorships)
FIRST_NAMES = ("Ada", "Bo", "Chen", "Dana", "Emil", "Fatima", "Goran", "Hiro", "Ines", "Jun", "Kofi", "Lena")
VENUE, SEED = "SYNTH", 41


def fresh_word(n: int) -> str:
    """A made-up lower-case word, different for every `n`."""
    syllables = ""
    while True:
        syllables += "bdfgklmnprstvz"[n % 14] + "aeiou"[n // 14 % 5]
        n //= 70
        if not n:
            return syllables + "ix"


def seed_abstracts() -> list[str]:
    abstracts = []
    for path in sorted(bundled_listings_dir().glob("*.txt")):
        abstracts += [e.abstract for e in read_input(str(path), path.read_bytes()).entries]
    return abstracts


class Lexicon:
    """Words by rank: the seeds' content words, most frequent first, then made-up ones."""

    def __init__(self, seeds: list[str]) -> None:
        self.function = function_words()
        counts = Counter(w for text in seeds for w in text.split(" ") if self.drawn(w))
        self.known = [w for w, _ in counts.most_common()]

    def drawn(self, word: str) -> bool:
        """Whether a seed's word is replaced by a drawn one (a lower-case content word)."""
        return word.isalpha() and word.islower() and len(word) > 2 and word not in self.function

    def word(self, rank: int) -> str:
        return self.known[rank] if rank < len(self.known) else fresh_word(rank)


def records(n: int) -> Iterator[dict]:
    """`n` distinct records (title, authors, abstract, venue, year, status, an OpenReview id)."""
    seeds = seed_abstracts()
    lexicon = Lexicon(seeds)
    rnd = random.Random(SEED)

    def rank(scale: float = SCALE) -> int:
        return int(scale * ((1.0 - rnd.random()) ** (-1 / (EXPONENT - 1)) - 1))

    for i in range(n):
        words = seeds[i % len(seeds)].split(" ")
        for j, word in enumerate(words):
            if lexicon.drawn(word):
                words[j] = lexicon.word(rank())
        title = [lexicon.word(rank()) for _ in range(rnd.randint(4, 9))]
        title[rnd.randrange(1, len(title))] = rnd.choice(("for", "with", "of", "in"))
        surnames = [fresh_word(rank(SURNAME_SCALE)).title() for _ in range(rnd.randint(2, 6))]
        authors = [f"{rnd.choice(FIRST_NAMES)} {surname}" for surname in surnames]
        yield {
            "title": " ".join(title).capitalize(),
            "authors": ", ".join(authors),
            "abstract": " ".join(words),
            "venue": VENUE,
            "year": 2000 + i % 25,
            "status": "Poster",
            "openreview": f"syn{i:08d}",
        }


def write_jsonl(path: Path, n: int) -> None:
    """A JSON lines file of `records(n)`."""
    with path.open("w", encoding="utf-8") as out:
        for record in records(n):
            out.write(json.dumps(record) + "\n")

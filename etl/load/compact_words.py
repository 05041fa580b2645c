"""The keyword rules' long word lists and termhood counts held compactly in the short process
that ranks a small load's few papers (`etl.load.apart`, issue 41): there a frozenset's table and a
string object a word were 5.3 MB of objects (1.6 held compactly; the benchmark's edit's keyword
step 4 MB lower), the termhood counts' dict 5.2 MB (`CompactCounts`), for about 10,000 lookups. A
corpus's ranking keeps the frozensets and the dict (millions of lookups). Either answers every
`word in LIST` and every count alike, so the keyword rules' fingerprint (`etl.load.rules`), which
this module is not part of, stays as it is. Once the rules are imported, `pieces.PIECES` is held so
too and what only making the rules' tables needed is let go (`hold_tables`)."""

from __future__ import annotations

import dataclasses
import sys
from array import array
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from itertools import accumulate, pairwise

from ..extract.keywords import wordlists
from ..store.access import cap_sqlite_memory

# The lists of 3,000 words or more (`etl.extract.keywords.wordlists`), which the rules only ask `in`.
LONG = ("NOT_NOUNS", "VERBS", "VERB_S_FORMS", "COMMON_WORDS", "HYPHEN_HEADS", "VERB_FORMS")
TERMHOOD_MODULE = "etl.extract.keywords.termhood"  # (its counts: held compactly if read first here)
# SQLite's memory in the ranking process, all its connections together (`PRAGMA soft_heap_limit`,
# process-wide): past it SQLite lets pages of its read connection's cache go as it reads more. A few
# papers' ranking reads the last rescore's statistics once; with the default cache (2 MB) the
# benchmark's edit's ranking process held 0.9 MB more, its CPU the same.
SOFT_HEAP_KIB = 512


def _bucketed(lines: Iterable[tuple[str, str]], prefix: int) -> dict[str, str]:
    """Each (key, line) line in the bucket of its key's first `prefix` characters: a bucket one
    string, a line each, opening and ending with a line break (a line is found by its key's)."""
    buckets: dict[str, list[str]] = {}
    for key, line in lines:
        buckets.setdefault(key[:prefix], []).append(line)
    return {start: "\n" + "\n".join(bucket) + "\n" for start, bucket in buckets.items()}


def _piece_line(piece: str, longer: Iterable[str]) -> str:
    """`piece<TAB>longer<TAB>longer`, the line `CompactPieces` holds a piece as."""
    terms = (piece, *longer)
    if any("\n" in term or "\t" in term for term in terms):
        raise ValueError("a piece or term of one line, with no tab in it")
    return "\t".join(terms)


class CompactWords:
    """A word list as one string a bucket of the words that share their first `PREFIX`
    characters, a word a line: `word in words` answers as a frozenset of them does, in about a
    seventh of its memory (the six long lists: 5.3 -> 0.7 MB; 1.6 with three characters a bucket,
    the bucket's key strings 0.9 of it) and about 1.5 microseconds more a lookup (0.4 more than
    with three)."""

    PREFIX = 2
    __slots__ = ("_buckets",)

    def __init__(self, words: Iterable[str]) -> None:
        self._buckets = _bucketed(((word, word) for word in words), self.PREFIX)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or "\n" in word:  # (a word is one line: no two are one)
            return False
        bucket = self._buckets.get(word[: self.PREFIX])
        return bucket is not None and f"\n{word}\n" in bucket


class CompactCounts(Mapping[str, tuple[int, int]]):
    """The termhood counts (`termhood.Termhood.counts`: a phrase -> its two counts) in a few arrays
    and one string of bytes: the phrases in their order, in UTF-8, a line each (and where each
    starts), their counts, and a table of their places by hash (open addressing), where a phrase
    asked for is compared. It answers what the dict answers (`get`, `in`, `[]`, its phrases in
    their order) in about a third of its memory (the dict's table and 44,823 strings were 5.2 MB
    of objects), about a microsecond a lookup."""

    __slots__ = ("_abstracts", "_heads", "_mask", "_starts", "_table", "_text")

    def __init__(self, counts: Mapping[str, tuple[int, int]]) -> None:
        lines = [key.encode("utf-8", "surrogatepass") for key in counts]
        if any(b"\n" in line for line in lines):
            raise ValueError("a phrase of one line")
        self._text = b"\n".join(lines) + b"\n"
        self._starts = array("i", accumulate((len(line) + 1 for line in lines), initial=0))
        self._heads = array("i", (heads for heads, _ in counts.values()))
        self._abstracts = array("i", (abstracts for _, abstracts in counts.values()))
        size = 1 << max(2 * len(lines), 1).bit_length()  # (at most half full)
        self._table, self._mask = array("i", bytes(4 * size)), size - 1  # (a phrase's number + 1; 0: free)
        for number, key in enumerate(counts):
            slot = hash(key) & self._mask
            while self._table[slot]:
                slot = (slot + 1) & self._mask
            self._table[slot] = number + 1

    def _key(self, number: int) -> str:
        return self._text[self._starts[number] : self._starts[number + 1] - 1].decode("utf-8", "surrogatepass")

    def _number(self, key: object) -> int:
        """The phrase's place, or -1."""
        if not isinstance(key, str):
            return -1
        line, table, starts = key.encode("utf-8", "surrogatepass"), self._table, self._starts
        slot = hash(key) & self._mask
        while entry := table[slot]:
            if self._text[starts[entry - 1] : starts[entry] - 1] == line:
                return entry - 1
            slot = (slot + 1) & self._mask
        return -1

    def get(self, key: str, default=None):
        number = self._number(key)
        return default if number < 0 else (self._heads[number], self._abstracts[number])

    def __getitem__(self, key: str) -> tuple[int, int]:
        number = self._number(key)
        if number < 0:
            raise KeyError(key)
        return self._heads[number], self._abstracts[number]

    def __contains__(self, key: object) -> bool:
        return self._number(key) >= 0

    def __len__(self) -> int:
        return len(self._heads)

    def __iter__(self) -> Iterator[str]:
        return map(self._key, range(len(self._heads)))

    def counted(self) -> Iterator[tuple[str, int]]:
        """Each phrase in its order with its count of abstracts (what `items()` gives, without
        looking each phrase up again)."""
        return zip(map(self._key, range(len(self._heads))), self._abstracts, strict=True)


class CompactShapes:
    """`misspelt`'s words by shape (first letter, last letter, length -> the words, sorted): a string
    of a shape's words, a line each, split when asked (`get`, as the dict's `get` of its tuples)."""

    __slots__ = ("_words",)

    def __init__(self, shapes: Mapping[tuple[str, str, int], Iterable[str]]) -> None:
        self._words = {shape: "\n".join(sorted(words)) for shape, words in shapes.items()}

    def get(self, shape: tuple[str, str, int], default: tuple[str, ...] = ()) -> tuple[str, ...]:
        words = self._words.get(shape)
        return default if words is None else tuple(words.split("\n"))


class CompactPieces(Mapping[str, tuple[str, ...]]):
    """`pieces.PIECES` (a piece of a longer term -> those longer terms) as a line a piece,
    `piece<TAB>longer<TAB>longer`, in one string a bucket of the pieces that share their first
    `PREFIX` characters: it answers `get` (all the rules ask) and the rest of a mapping as the dict
    does (its pieces in another order), in about a third of its memory (7,702 pieces: 1.6 MB of
    strings, tuples and the dict's table in the ranking process; 0.5 held so)."""

    PREFIX = 3
    __slots__ = ("_buckets", "_len")

    def __init__(self, pieces: Mapping[str, Iterable[str]]) -> None:
        lines = ((piece, _piece_line(piece, longer)) for piece, longer in pieces.items())
        self._buckets = _bucketed(lines, self.PREFIX)
        self._len = len(pieces)

    def get(self, piece: str, default=None):
        if not isinstance(piece, str) or "\n" in piece or "\t" in piece:
            return default
        bucket = self._buckets.get(piece[: self.PREFIX])
        if bucket is None or (at := bucket.find(f"\n{piece}\t")) < 0:
            return default
        start = at + len(piece) + 2
        return tuple(bucket[start : bucket.index("\n", start)].split("\t"))

    def __getitem__(self, piece: str) -> tuple[str, ...]:
        longer = self.get(piece)
        if longer is None:
            raise KeyError(piece)
        return longer

    def __contains__(self, piece: object) -> bool:
        return self.get(piece) is not None  # type: ignore[arg-type]

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[str]:
        for bucket in self._buckets.values():
            yield from (line.split("\t", 1)[0] for line in bucket[1:-1].split("\n"))


def hold_compactly() -> None:
    """Read the long word lists now, as `CompactWords`, where `wordlists` would read them as
    frozensets when first asked for (PEP 562), and the termhood counts as `CompactCounts`: in a
    process about to import the keyword rules, before any imports the counts (their dict freed
    before the rules' other tables are read, which take the space it leaves); and what two rules
    derive from the counts when first asked (`hold_derived`). A list already read is left as it
    is, and so are the counts once `termhood` is imported (a rule may hold them)."""
    held = vars(wordlists)
    for name in LONG:
        if name not in held:
            setattr(wordlists, name, CompactWords(wordlists._lines(wordlists._FILES[name])))
    if TERMHOOD_MODULE not in sys.modules:
        from ..extract.keywords import termhood

        counts = CompactCounts(termhood.TERMHOOD.counts)
        termhood.TERMHOOD = dataclasses.replace(termhood.TERMHOOD, counts=counts)
        hold_derived(counts)


def hold_derived(counts: CompactCounts) -> None:
    """`misspelt`'s index and `manner`'s compounded openings, derived from the termhood counts in
    one pass and held compactly, in place of the tables each rule makes when a paper first asks
    (`misspelt._index`, `manner._compounded`: two passes over the 44,823 phrases, 0.1 s of a
    small load's ranking, after its papers come; 2.6 MB of its process as sets and tuples of
    strings). They answer every lookup alike (the rules ask `get` of the shapes and `in` of the
    rest), and the rules' files, which the fingerprint reads, are as they were. `counts` must be
    what `termhood.TERMHOOD` holds, before either rule is imported (each binds it then)."""
    from ..extract.keywords import manner, misspelt

    shapes: defaultdict[tuple[str, str, int], set[str]] = defaultdict(set)
    pairs: set[str] = set()
    words: set[str] = set()
    openings: set[str] = set()
    for key, abstracts in counts.counted():
        parts = key.split(" ")
        words.update(parts)
        if abstracts >= misspelt.CORRECT_ABSTRACTS and len(parts) > 1:
            for word in parts:
                shapes[word[:1], word[-1:], len(word)].add(word)
            if len(parts) > 2:
                pairs.update(f"{a} {b}" for a, b in pairwise(parts))
        if abstracts >= manner.COMPOUNDED and len(parts) > 2:
            openings.add(f"{parts[0]} {parts[1]}")
    index = (CompactShapes(shapes), CompactWords(pairs), CompactWords(words))
    compounded = CompactWords(openings)
    misspelt._index = lambda: index  # type: ignore[assignment]
    manner._compounded = lambda: compounded  # type: ignore[assignment]


def hold_tables() -> None:
    """(Once the rules are imported and a ranking made: `apart.warm_ranking`.) What the rules made at
    their import held compactly, and what only making them needed let go, before the papers come
    (the benchmark's edit: the ranking process 1.3 MB smaller at its peak; their freed blocks are
    what ranking the papers then takes), and SQLite's memory capped (`SOFT_HEAP_KIB`):
    - `pieces.PIECES` as `CompactPieces` and `pieces.CONTINUED` as `CompactWords`, in the module
      and in the defaults of the rules that take them (`mark_pieces`, `in_longer_term`,
      `continued`: bound at their definition);
    - the learned topic evidence as parsed from its file (`read_evidence`'s cache): the taxonomy
      made from it (`etl.load.taxonomy.load_taxonomy`, cached) holds what the ranking reads of it.
    The rules' files, which the fingerprint reads, are as they were."""
    from ..extract.keywords import pieces, topic_evidence

    if not isinstance(pieces.PIECES, CompactPieces):
        _rebind(pieces, "PIECES", CompactPieces(pieces.PIECES))
    if not isinstance(pieces.CONTINUED, CompactWords):
        _rebind(pieces, "CONTINUED", CompactWords(pieces.CONTINUED))
    topic_evidence.read_evidence.cache_clear()
    cap_sqlite_memory(SOFT_HEAP_KIB)


def _rebind(module, name: str, held: object) -> None:
    """`module.name` replaced by `held`, and so is it wherever a function of the module took it as a default."""
    was = getattr(module, name)
    for rule in vars(module).values():
        defaults = getattr(rule, "__defaults__", None)
        if defaults and any(value is was for value in defaults):
            rule.__defaults__ = tuple(held if value is was else value for value in defaults)
    setattr(module, name, held)

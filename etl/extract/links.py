"""Find the links an abstract cites and put them in canonical form, each of its kind; pure functions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..settings import package_folder
from .hosts import CODE_KINDS, NOT_A_LINK, RELEASE_KINDS, match_host

# Hosts recognised without a scheme (`github.com/x/y`); other bare domains need `www.` or a scheme.
BARE_HOSTS = (
    "github.com",
    "gist.github.com",
    "raw.githubusercontent.com",
    "gitlab.com",
    "bitbucket.org",
    "huggingface.co",
    "arxiv.org",
    "sites.google.com",
    "zenodo.org",
)
BARE_SUFFIXES = (".github.io",)
# A scheme as people type it: `https://`, `http://`, and the mangled `https//`, `https: //`,
# `http:/`, `https:://`. Anything else before `://` (javascript:, ftp:, file:) is not a link.
_URL = re.compile(
    r"""
    (?P<scheme>(?<![A-Za-z0-9])(?:https?)(?:\ ?:{1,2}\ ?/{1,3}|//)\ ?)?
    (?P<host>(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,16}[A-Za-z]{2,24})  # (at most 16
    # labels: else `a.a.a.…` would be read again from every letter, in quadratic time)
    (?P<port>:\d{2,5})?
    (?P<path>/[A-Za-z0-9\-._~:/?\#@!$&*+,;=%]*)?  # ASCII only: `。` or `”` ends a URL
    """,
    re.VERBOSE | re.IGNORECASE,
)
_MARKDOWN_LINK = re.compile(r"\[(?P<text>[^\[\]\n]{0,300})\]\(\s*<?(?P<target>[^()\s<>]+)>?\s*\)")
_TRAILING = ".,;:!?*'\"`~>"
_BEFORE_URL_FORBIDDEN = set("@.-/\\")  # part of an e-mail address, a longer host or a path


@dataclass(frozen=True, slots=True)
class Link:
    """A link found in an abstract."""

    url: str  # canonical
    raw: str  # as written
    kind: str  # etl/data/link_hosts.txt: repo, user, gist, code (code); pages, project, video, ...
    host: str  # the canonical URL's
    owner: str | None
    repo: str | None
    path: str | None  # what follows the repository (tree/main/x) or the page path
    offset: int  # character offset of `raw` in the text

    @property
    def key(self) -> str:
        """Lower-cased canonical URL without `www.`: the join key (GitHub names are case-insensitive;
        `www.example.org` and `example.org` are one page)."""
        return link_key(self.url)

    @property
    def is_code(self) -> bool:
        """Whether the link points at code (a repository, a user on a code host, a package, ...)."""
        return self.kind in CODE_KINDS

    @property
    def releases(self) -> bool:
        """Whether the link, offered as a paper's own, releases code: a repository, gist or package,
        not a user's or organisation's page (which names no code of the paper's)."""
        return self.kind in RELEASE_KINDS


def link_key(url: str) -> str:
    """A canonical URL's join key: lower case, without `www.` (`Link.key`)."""
    return url.lower().replace("://www.", "://", 1)


def _trim(raw: str, opener: str) -> str:
    """Drop trailing punctuation and the closing half of emphasis around the URL."""
    while raw and (raw[-1] in _TRAILING or (raw[-1] == "_" and opener == "_")):
        raw = raw[:-1]
    return raw


# Query parameters that track who shared or clicked a link and name nothing: dropped from the
# canonical URL (any other parameter may carry identity: `?v=` on YouTube, `?openreview=` on
# Papers with Code). `si` is the share id of YouTube's and Spotify's share buttons.
TRACKING = frozenset(
    ("fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "mc_cid", "mc_eid", "igshid", "_ga", "_gl", "si")
)


def _tracking(name: str) -> bool:
    name = name.lower()
    return name.startswith("utm_") or name in TRACKING


def _query(query: str) -> str:
    """The query without tracking parameters and empty pairs, in the order written."""
    return "&".join(p for p in query.split("&") if p and not _tracking(p.split("=", 1)[0]))


def classify(
    host: str, path: str, scheme: str | None, port: str | None = None
) -> tuple[str, str | None, str | None, str | None, str] | None:
    """`(kind, owner, repo, sub_path, canonical_url)` for a host, port (`:8080`) and path (query and
    fragment included), or None if not a link. A code link's canonical URL is its repository (or
    user, gist, package); any other keeps its whole URL, query included, and its port (a server on
    `:9000` is not the one on 80: `http://nlp.uoregon.edu:9000/`), without the fragment and the
    tracking parameters, on https and without `www.` for the hosts the hosts file lists; another
    host keeps its `www.` as written (a university's bare host often answers nothing:
    `www.robots.ox.ac.uk`), which the join key drops (`link_key`)."""
    written = host.lower()
    host = written.removeprefix("www.")
    path, _, query = path.split("#", 1)[0].partition("?")
    parts = [p for p in path.split("/") if p]
    found = match_host(host, parts)
    if found is not None and found.kind == NOT_A_LINK:
        return None
    if found is not None and found.kind in CODE_KINDS:
        return found.kind, found.owner, found.repo, found.sub, f"https://{found.canonical}"
    clean = "/".join(parts)
    query = _query(query)
    http = found is None and scheme is not None and scheme.lower().startswith("http:")
    port = port if port and port not in (":80", ":443") else ""
    shown = written if found is None else host
    url = f"{'http' if http else 'https'}://{shown}{port}" + (f"/{clean}" if clean else "")
    if query:
        url += ("/" if path.endswith("/") or not clean else "") + "?" + query
    kind, owner, repo = (found.kind, found.owner, found.repo) if found else ("other", None, None)
    return kind, owner, repo, clean or None, url


def _bare_allowed(host: str) -> bool:
    host = host.lower()
    return host.startswith("www.") or host in BARE_HOSTS or host.endswith(BARE_SUFFIXES)


# A full stop, `!` or `?` before white space never lies inside a match of `_URL` (hosts, ports and
# paths hold no white space, the scheme no such mark), so text cut just after each is scanned
# piece by piece with the same result; pieces without a marker are skipped.
_PIECE_END = re.compile(r"[.!?](?=\s)")


def _scan(text: str, base: int, out: list[Link], ends_text: bool = False) -> None:
    """The links of `text` (at `base` in the abstract; `ends_text`: nothing follows it there)."""
    low = text.lower()
    start = 0
    for end in [m.end() for m in _PIECE_END.finditer(text)] + [len(text)]:
        piece = low[start:end]
        if any(marker in piece for marker in _MARKERS):
            _scan_piece(text[start:end], base + start, out, ends_text and end == len(text))
        start = end


def _scan_piece(text: str, base: int, out: list[Link], ends_text: bool = False) -> None:
    for m in _URL.finditer(text):
        start = m.start()
        before = text[start - 1] if start else ""
        scheme = m["scheme"]
        if scheme is None:
            if before in _BEFORE_URL_FORBIDDEN or before == ":" or not _bare_allowed(m["host"]):
                continue
        elif before.isalnum() or before in _BEFORE_URL_FORBIDDEN:
            continue  # e.g. `xhttps://`, or a scheme inside a longer URL
        raw = _trim(m.group(0), before)
        host_end = m.start("host") - start + len(m["host"])
        path = raw[host_end:]
        if m["port"]:
            path = path[len(m["port"]) :]
        if m["host"].lower().removeprefix("www.") == "github.com" and raw == m.group(0):
            raw, path = _rejoined(raw, path, text[m.end() :], ends_text)
        found = classify(m["host"], path, scheme, m["port"])
        if found is None:
            continue
        kind, owner, repo, sub, url = found
        out.append(Link(url, raw, kind, link_key(url).split("/")[2].split(":")[0], owner, repo, sub, base + start))


# Every link starts with a scheme, `www.` or a host we read without one: text with none of these
# holds no link, and most abstracts are skipped without running the URL expression.
_MARKERS = ("http", "www.", *BARE_HOSTS, *BARE_SUFFIXES)


def extract_links(text: str) -> list[Link]:
    """Every http(s) link in `text`, in order of appearance, each (canonical URL, path) once.

    Markdown links contribute their target, and their text too when it is a different URL.
    """
    low = text.lower()
    if not any(marker in low for marker in _MARKERS):
        return []
    found: list[Link] = []
    last = 0
    for m in _MARKDOWN_LINK.finditer(text):
        _scan(text[last : m.start()], last, found)
        _scan(m["text"], m.start("text"), found)
        target: list[Link] = []
        _scan(m["target"], m.start("target"), target)
        found += target
        last = m.end()
    _scan(text[last:], last, found, ends_text=True)
    seen: set[tuple[str, str | None]] = set()
    unique = []
    for link in sorted(found, key=lambda link: link.offset):
        if (link.key, link.path) not in seen:
            seen.add((link.key, link.path))
            unique.append(link)
    return unique


# A GitHub address cut at a space a PDF's export put for an underscore or a line break, the sentence
# ending with the rest of the name (AAAI 2022: "Code is available at https://github.com/XMed-Lab/EPL
# SemiDG.", the repository EPL_SemiDG; CVPR 2017: "github.com/ZhangLeUestc/
# Incremental-Oblique-Random-Forest."; WACV 2024: "github.com/Ricky- Xian/PMI-Sampler."): what is cut
# (`owner/repo`, `owner/`, a name ending in `-` or `_`) and the one word after its space that ends
# the sentence, or the abstract, without a full stop (GitHub's names are ASCII: `0¹` is no name's end).
_CUT_ADDRESS = re.compile(r"/[\w.-]+/(?:[\w.-]+)?|/[\w.-]*[-_]")
_CUT_REST = re.compile(r" (?P<word>[A-Za-z0-9](?:[\w./-]*\w)?)(?:[.!?](?=\s|\Z)|(?P<end>\s*\Z))", re.ASCII)
COMMON_WORDS = "data/common_words.txt"


def _rejoined(raw: str, path: str, rest: str, ends_text: bool) -> tuple[str, str]:
    """`(raw, path)` of a GitHub address with the rest of its name joined (`_CUT_ADDRESS`) when
    `rest`, the text after it, is a space and one word that ends the sentence (or the abstract:
    `ends_text`, nothing follows `rest`); else as they are. A common English word in lower case
    (`respectively`, `online`, `soon`) is the sentence's own; an address that names a repository
    takes a word that names no folder (`/`) and gets its underscore back (`EPL SemiDG` ->
    `EPL_SemiDG`) unless it ends in `-` or `_` (`NDMA_ Facial_Inpainting`)."""
    m = _CUT_REST.match(rest)
    if not m or (m["end"] is not None and not ends_text) or not _CUT_ADDRESS.fullmatch(path):
        return raw, path
    if path.lower().endswith(".git"):
        return raw, path  # a clone address is whole
    word = m["word"]
    repository = path.count("/") == 2 and not path.endswith("/")
    if ("/" in word) != (path.count("/") == 1) or (word.islower() and word.isalpha() and _common(word)):
        return raw, path
    joined = path + ("_" if repository and not path.endswith(("-", "_")) else "") + word
    return f"{raw} {word}", joined


def _common(word: str) -> bool:
    """Whether `word` is among the common English words (read when asked: the rule meets a cut
    address in one abstract of a thousand, and holds no table between them)."""
    text = (package_folder("etl") / COMMON_WORDS).read_text(encoding="utf-8")
    return re.search(rf"^{re.escape(word)}$", text, re.MULTILINE) is not None


# A GitHub repository URL whose name has spaces: underscores an export lost (`video repres mas`).
_SPACED_REPO = re.compile(r"^((?:https?://)?(?:www\.)?github\.com/[\w.-]+/)([\w.-]+(?: [\w.-]+)+)/?$", re.IGNORECASE)


def source_link_text(text: str) -> str:
    """A link field's text as the link extractor reads it: a GitHub repository name written with
    spaces (`github.com/laura-wang/video repres mas`) has its underscores back."""
    m = _SPACED_REPO.match(text)
    return m.group(1) + m.group(2).replace(" ", "_") if m else text

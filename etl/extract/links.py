"""Find the links an abstract cites and put GitHub ones in canonical form; pure functions."""

from __future__ import annotations

import re
from dataclasses import dataclass

GITHUB = "github.com"
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
# First path segments of github.com that are not users or organisations.
GITHUB_RESERVED = frozenset(
    "about apps blog collections contact customer-stories enterprise events explore features"
    " issues login marketplace new notifications pricing pulls search security settings"
    " site sponsors team topics trending".split()
)
_OWNER = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
_REPO = re.compile(r"^[A-Za-z0-9._-]{1,100}$")

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
    kind: str  # repo, user, pages, gist or other
    host: str
    owner: str | None
    repo: str | None
    path: str | None  # what follows the repository (tree/main/x) or the page path
    offset: int  # character offset of `raw` in the text

    @property
    def key(self) -> str:
        """Lower-cased canonical URL: the join key (GitHub names are case-insensitive)."""
        return self.url.lower()


def _trim(raw: str, opener: str) -> str:
    """Drop trailing punctuation and the closing half of emphasis around the URL."""
    while raw and (raw[-1] in _TRAILING or (raw[-1] == "_" and opener == "_")):
        raw = raw[:-1]
    return raw


def _split_path(path: str) -> list[str]:
    path = re.split(r"[?#]", path, maxsplit=1)[0]
    return [p for p in path.split("/") if p]


def classify(host: str, path: str, scheme: str | None) -> tuple[str, str | None, str | None, str | None, str] | None:
    """`(kind, owner, repo, sub_path, canonical_url)` for a host and path, or None if not a link."""
    host = host.lower()
    if host.startswith("www."):
        host = host[4:]
    parts = _split_path(path)
    if host == GITHUB:
        if parts and parts[0].lower() == "orgs" and len(parts) >= 2:
            parts = parts[1:2]
        if not parts:
            return None  # github.com on its own names no code
        owner = parts[0]
        if owner.lower() in GITHUB_RESERVED or not _OWNER.match(owner):
            return "other", None, None, "/".join(parts), f"https://{GITHUB}/{'/'.join(parts)}"
        if len(parts) == 1:
            return "user", owner, None, None, f"https://{GITHUB}/{owner}"
        repo = parts[1][:-4] if parts[1].lower().endswith(".git") else parts[1]
        if not _REPO.match(repo) or repo in (".", ".."):
            return "user", owner, None, None, f"https://{GITHUB}/{owner}"
        sub = "/".join(parts[2:]) or None
        return "repo", owner, repo, sub, f"https://{GITHUB}/{owner}/{repo}"
    if host == "raw.githubusercontent.com" and len(parts) >= 2:
        owner, repo = parts[0], parts[1]
        if _OWNER.match(owner) and _REPO.match(repo):
            sub = "/".join(parts[2:]) or None
            return "repo", owner, repo, sub, f"https://{GITHUB}/{owner}/{repo}"
    if host == "gist.github.com" and parts:
        gist = parts[-1]
        owner = parts[0] if len(parts) >= 2 else None
        url = f"https://gist.github.com/{owner + '/' if owner else ''}{gist}"
        return "gist", owner, None, gist, url
    if host.endswith(".github.io") and host.count(".") == 2:
        owner = host.split(".")[0]
        sub = "/".join(parts) or None
        return "pages", owner, None, sub, f"https://{host}" + (f"/{sub}" if sub else "")
    clean = "/".join(parts)
    prefix = "http" if scheme and scheme.lower().startswith("http:") else "https"
    return "other", None, None, clean or None, f"{prefix}://{host}" + (f"/{clean}" if clean else "")


def _bare_allowed(host: str) -> bool:
    host = host.lower()
    return host.startswith("www.") or host in BARE_HOSTS or host.endswith(BARE_SUFFIXES)


# A full stop, `!` or `?` before white space never lies inside a match of `_URL` (hosts, ports and
# paths hold no white space, the scheme no such mark), so text cut just after each is scanned
# piece by piece with the same result; pieces without a marker are skipped.
_PIECE_END = re.compile(r"[.!?](?=\s)")


def _scan(text: str, base: int, out: list[Link]) -> None:
    low = text.lower()
    start = 0
    for end in [m.end() for m in _PIECE_END.finditer(text)] + [len(text)]:
        piece = low[start:end]
        if any(marker in piece for marker in _MARKERS):
            _scan_piece(text[start:end], base + start, out)
        start = end


def _scan_piece(text: str, base: int, out: list[Link]) -> None:
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
        found = classify(m["host"], path, scheme)
        if found is None:
            continue
        kind, owner, repo, sub, url = found
        out.append(Link(url, raw, kind, m["host"].lower().removeprefix("www."), owner, repo, sub, base + start))


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
    _scan(text[last:], last, found)
    seen: set[tuple[str, str | None]] = set()
    unique = []
    for link in sorted(found, key=lambda link: link.offset):
        if (link.key, link.path) not in seen:
            seen.add((link.key, link.path))
            unique.append(link)
    return unique


# A GitHub repository URL whose name has spaces: underscores an export lost (`video repres mas`).
_SPACED_REPO = re.compile(r"^((?:https?://)?(?:www\.)?github\.com/[\w.-]+/)([\w.-]+(?: [\w.-]+)+)/?$", re.IGNORECASE)


def source_link_text(text: str) -> str:
    """A link field's text as the link extractor reads it: a GitHub repository name written with
    spaces (`github.com/laura-wang/video repres mas`) has its underscores back."""
    m = _SPACED_REPO.match(text)
    return m.group(1) + m.group(2).replace(" ", "_") if m else text

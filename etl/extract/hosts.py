"""What a link's host serves, by the rules of `etl/data/link_hosts.txt`: the link's kind, owner,
repository and, for code, its canonical form; pure functions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..settings import package_folder

HOSTS_FILE = package_folder("etl") / "data" / "link_hosts.txt"
# The kinds of link that are code (links on code hosts: their canonical URL is what they name).
CODE_KINDS = frozenset(("repo", "user", "gist", "code"))
# Those that release code: one of these, offered as the paper's own, makes it `released`; a user's
# or organisation's page names no code of the paper's.
RELEASE_KINDS = CODE_KINDS - {"user"}
KINDS = (*sorted(CODE_KINDS), "pages", "project", "video", "paper", "licence", "dataset", "other")
NOT_A_LINK = "-"
# What each capture takes: GitHub's user and organisation names (letters, digits, hyphens: so
# `github.com/link_updated_upon_acceptance` is no user), the account names of hosts that also
# allow `.` and `_` (GitLab, Bitbucket, Hugging Face: `achref.d`, `fgi_nls`), repository names, ids.
_CAPTURES = {
    "owner": ("owner", r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})"),
    "account": ("owner", r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,99})"),
    "repo": ("repo", r"[A-Za-z0-9._-]{1,100}"),
    "id": ("id", r"[A-Za-z0-9._-]{1,200}"),
}
_TOKEN = re.compile(r"\{(owner|account|repo|id)\}")
# Where a GitLab project's path ends: `/-/` (GitLab since 2019) or, in older URLs and on Gitea,
# the route that follows it.
_ROUTES = frozenset("- tree blob raw src commits commit issues wikis tags releases merge_requests archive".split())


@dataclass(frozen=True, slots=True)
class Rule:
    """One line of the hosts file."""

    segments: tuple[str, ...]  # the path pattern's segments; () for `/`
    kind: str
    canonical: str | None  # the code link's URL template, without https://


@dataclass(frozen=True, slots=True)
class HostMatch:
    """What a rule says of a link: its kind, the owner and repository it names, what follows
    them (`sub`), and, for code, its canonical URL without https:// (else None)."""

    kind: str
    owner: str | None
    repo: str | None
    sub: str | None
    canonical: str | None


@lru_cache(maxsize=1)
def host_rules() -> dict[str, tuple[Rule, ...]]:
    """The rules of `etl/data/link_hosts.txt` by host pattern (`github.com`, `*.github.io`, `gitlab.*`)."""
    rules: dict[str, list[Rule]] = {}
    for number, line in enumerate(HOSTS_FILE.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) not in (3, 4) or (fields[2] not in KINDS and fields[2] != NOT_A_LINK):
            raise ValueError(f"{HOSTS_FILE}:{number}: expected `host path kind [canonical]` with a known kind")
        host, path, kind = fields[:3]
        segments = () if path == "/" else tuple(path.split("/"))
        rules.setdefault(host.lower(), []).append(Rule(segments, kind, fields[3] if len(fields) == 4 else None))
    return {host: tuple(found) for host, found in rules.items()}


@lru_cache(maxsize=512)
def _segment(pattern: str) -> re.Pattern:
    """A path segment's pattern (`{owner}`, `abs|pdf`, `package={repo}`) as an expression."""
    out, last = [], 0
    for m in _TOKEN.finditer(pattern):
        name, expression = _CAPTURES[m[1]]
        out += [_words(pattern[last : m.start()]), f"(?P<{name}>{expression})"]
        last = m.end()
    out.append(_words(pattern[last:]))
    return re.compile("".join(out), re.IGNORECASE)


def _words(text: str) -> str:
    return "(?:" + "|".join(re.escape(word) for word in text.split("|")) + ")" if text else ""


def _rules_for(host: str) -> tuple[tuple[Rule, ...], str | None]:
    """The rules of `host` and the owner its name gives (`<owner>.github.io`): an exact host
    first, then `*.` one label more, then `.*` by the first label."""
    table = host_rules()
    if host in table:
        return table[host], None
    label, _, rest = host.partition(".")
    if rest and f"*.{rest}" in table:
        return table[f"*.{rest}"], label
    if rest and f"{label}.*" in table:
        return table[f"{label}.*"], None
    return (), None


def match_host(host: str, parts: list[str]) -> HostMatch | None:
    """What the rules say of a link to `host` (lower case, no www.) with these path segments, or
    None when no rule fits (the link is `other`)."""
    rules, owner = _rules_for(host)
    for rule in rules:
        found = _fit(rule, parts)
        if found is None:
            continue
        captured, used = found
        captured.setdefault("owner", owner)
        matched = _matched(host, rule, parts, captured, used)
        if matched is not None:
            return matched
    return None


def _fit(rule: Rule, parts: list[str]) -> tuple[dict[str, str | None], int] | None:
    """The captures and the number of segments `rule` matches of `parts`, or None."""
    if not rule.segments:
        return ({}, 0) if not parts else None
    captured: dict[str, str | None] = {}
    used = 0
    for pattern in rule.segments:
        if pattern == "*":
            return captured, len(parts)
        if pattern == "{namespace}":
            end = next((i for i in range(used, len(parts)) if parts[i].lower() in _ROUTES), len(parts))
            if end - used < 2 or not all(_segment("{account}").fullmatch(p) for p in parts[used : end - 1]):
                return None
            captured["owner"] = "/".join(parts[used : end - 1])
            used = end - 1
            continue
        if used >= len(parts):
            return None
        m = _segment(pattern).fullmatch(parts[used])
        if m is None:
            return None
        captured.update(m.groupdict())
        used += 1
    return captured, used


def _matched(host: str, rule: Rule, parts: list[str], captured: dict[str, str | None], used: int) -> HostMatch | None:
    """The match of a rule that fits, or None when the repository it names is no name (`.git`)."""
    repo = captured.get("repo")
    if repo is not None:
        repo = repo[:-4] if repo.lower().endswith(".git") else repo
        if repo in ("", ".", ".."):
            return None
        captured["repo"] = repo
    rest = "/".join(parts[used:]) or None
    if rule.kind not in CODE_KINDS:
        return HostMatch(rule.kind, captured.get("owner"), repo, rest, None)
    if rule.canonical:
        canonical = rule.canonical.format(**{k: v or "" for k, v in captured.items()})
    else:
        matched = parts[:used]
        if matched and matched[-1].lower().endswith(".git"):
            matched[-1] = matched[-1][:-4]
        canonical = "/".join([host, *matched])
    return HostMatch(rule.kind, captured.get("owner"), repo, captured.get("id") or rest, canonical)

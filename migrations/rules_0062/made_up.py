"""Links no paper can have given: placeholder accounts (`github.com/your-repo`, `github.com/xxxxx`,
`github.com/ai-paper-summarizer`, `example-project.com`) and code hosts that did not exist yet when
the paper appeared (a 1999 paper's GitHub repository); pure functions."""

from __future__ import annotations

import re

from .links import Link

# Words that name no one: what templates and anonymised drafts put where a name goes; alone
# (`github.com/TBD`, `github.com/author1`) or together (`your-repo`).
PLACEHOLDER_WORDS = frozenset(
    "example your yourname username user author authors placeholder dummy tbd tba todo foo repo repository name".split()
)
# Words that are placeholders only beside another (`alice-bob-carol-dave`, `my-repo`): alone, a
# name (`dave.ml`, a repository `eve` or `LINK`).
PAIRED_WORDS = frozenset("alice bob carol dave eve john jane doe my sample bar baz link url".split())
# The words of a made-up project's title: an account named only with these and no name of its own
# (`ai-research-paper-summarizer`, `deepnlp-project`, `nlp-deep-learning`) is a title, not a name.
GENERIC_WORDS = frozenset(
    "ai ml nlp deep deepnlp deeplearning learning research paper papers project summarizer summarization summary"
    " model models lab code".split()
)
_ALL_X = re.compile(r"x{3,}")  # `xxx`, `xxxxx`: a name blanked out
_WORD_BREAK = re.compile(r"[-_./]+")
_NUMBERED = re.compile(r"\d+$")  # `author1`, `anonymous2`: a word numbered (`ml4code` is one word)
# The year each code host opened (GitHub, Bitbucket: 2008; git.io, GitLab: 2011; Gitee: 2013;
# Hugging Face: 2016; Colab: 2017; Codeberg: 2019): no paper published before put its code there.
HOST_OPENED = {
    "github.com": 2008,
    "gist.github.com": 2008,
    "bitbucket.org": 2008,
    "git.io": 2011,
    "gitlab.com": 2011,
    "gitee.com": 2013,
    "huggingface.co": 2016,
    "colab.research.google.com": 2017,
    "codeberg.org": 2019,
}


def _words(name: str) -> list[str]:
    return [word for part in _WORD_BREAK.split(name.lower()) if (word := _NUMBERED.sub("", part))]


def is_placeholder_name(name: str, *, titles: bool = True) -> bool:
    """Whether an account, repository or site name names no one: blanked out (`xxxxx`), a
    placeholder word (`TBD`, `author1`), placeholder words together (`your-repo`,
    `alice-bob-carol-dave`), or, when `titles`, a title of two or more generic words
    (`ai-paper-summarizer`, `paper-research`). One generic word (`research`, `deepnlp`) may be a
    real name, and so may a repository's title (`deep-learning`)."""
    words = _words(name)
    if not words:
        return False
    if all(_ALL_X.fullmatch(word) for word in words):
        return True
    if len(words) == 1:
        return words[0] in PLACEHOLDER_WORDS
    named = PLACEHOLDER_WORDS | PAIRED_WORDS | (GENERIC_WORDS if titles else frozenset())
    return all(word in named for word in words) and not all(word in ("code", "model", "models") for word in words)


# The labels of a host name that are no one's name: `www.`, the top-level domain and a country's second level.
_HOST_LABELS_IGNORED = frozenset(("www", "com", "org", "net", "co", "io", "ac", "edu", "gov", "uk", "cn", "de"))


def is_placeholder(link: Link) -> bool:
    """Whether `link` names a placeholder: the account (owner) of a code link or GitHub Pages site,
    a repository blanked out or named by placeholder words (`author/repo`), or, for any other
    site, the name its host is registered under (`example-project.com`,
    `ai-research-paper-summarizer.project.com`)."""
    if link.owner is not None:
        if any(is_placeholder_name(part) for part in link.owner.split("/")):
            return True
        return link.repo is not None and is_placeholder_name(link.repo, titles=False)
    labels = [label for label in link.host.split(".")[:-1] if label not in _HOST_LABELS_IGNORED]
    return bool(labels) and is_placeholder_name("-".join(labels))


def before_host(link: Link, year: int | None) -> bool:
    """Whether `link` is to a code host that opened after `year` (a 2005 paper's GitHub page)."""
    opened = HOST_OPENED.get(link.host)
    return year is not None and opened is not None and year < opened


def made_up(link: Link, year: int | None) -> bool:
    """Whether a source that gives `link` as a paper of `year`'s own made it up."""
    return is_placeholder(link) or before_host(link, year)

"""How a paper tests its work is no term of what the work is: `experimental verification`, `field tests`.

Issue #36, round 16. A word of the manner or place of a test (TRIAL_MANNERS: `experimental`,
`empirical`, `numerical`, `field`, `pilot`, `preliminary`, `simulation`) before a noun of testing
(TRIAL_NOUNS: `test`, `testing`, `experiment`, `trial`, `evaluation`, `validation`, `verification`,
`investigation`, `study`) says that the paper was tested and how, which every paper of its field
says: `experimental verification`, `experimental investigation`, `field testing`, `simulation
trials`, `pilot study`. Titles head some of them ("An Experimental Investigation of ...": 14 titles
of the 27 abstracts that have the phrase) and some authors choose them, but neither says what the
paper is about; every verdict of the judged files (`docs/chips`) on such a phrase was junk (7, and
`field testing` split). Both classes are small closed classes of English; `analysis` is left out
(`numerical analysis` is a field), and so are `human` and `user` (`human demonstrations` are what a
robot learns from).
"""

from __future__ import annotations

from .normalise import singular

TRIAL_MANNERS = frozenset("experimental empirical numerical field pilot preliminary simulation simulated".split())
TRIAL_NOUNS = frozenset(
    "test testing experiment experimentation trial evaluation validation verification investigation study".split()
)


def trial_of_the_work(key: str) -> bool:
    """Whether a normalised phrase of two words is a test's manner before a noun of testing."""
    parts = key.split(" ")
    if len(parts) != 2 or parts[0] not in TRIAL_MANNERS:
        return False
    return parts[1] in TRIAL_NOUNS or singular(parts[1]) in TRIAL_NOUNS

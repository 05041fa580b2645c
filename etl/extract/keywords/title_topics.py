"""The topics a paper's title names, put before those its abstract gives; pure."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .topics import MOST_TOPICS, Taxonomy, _term_evidence

# A topic a paper's title names (a specific term) is the paper's, before those its abstract gives
# (the title is where authors name their subject), where the abstract writes a term of it too (a
# suggestive one will do: a title's `multimodal` MAV or UAV interface, `occlusion reasoning` of tree
# canopies, `kernel tracking` is no such topic, and their abstracts write none of its terms;
# `dynamic routing` or a `QR code` whose abstract does are left); its title's terms weigh TITLE_USES
# times as much as the abstract's. (The learned evidence is not asked: a title's specific term
# labels the papers it was learned from.) Against IJCAI's subject areas, macro recall 0.539 ->
# 0.548 and precision 0.426 -> 0.424, per paper 0.797 / 0.698 -> 0.801 / 0.699 (without the
# abstract's term: 0.550 / 0.423, 0.804 / 0.698, and of 20 papers read 9 right, 9 wrong, against
# 12 and 6 with it); of the catalogue's papers with an abstract and a topic's specific term in
# their title, 3,835 lacked the topic, 1,383 do now (47 without the abstract's term).
TITLE_USES = 2


def with_title(
    topics: Mapping[str, float],
    abstract: tuple[Mapping[int, int], Collection[int]],
    title: tuple[Mapping[str, int], Mapping[str, object]],
    taxonomy: Taxonomy,
) -> dict[str, float]:
    """An abstract's `topics` (as `match_topics` gives them) with the topics its title names: a
    specific term of the topic in the title (not within a phrase of its `passing`), a term of it
    in the abstract, and, for a topic with `needs`, one of them in the title or the abstract. Those come first, by weight (the
    title's terms' weight TITLE_USES times, plus the abstract's), then the abstract's own, MOST_TOPICS
    at most. `abstract` is the abstract's term weights by topic index and the topics whose `needs`
    it writes (`term_evidence`); `title` the title's words and phrases."""
    weights, specific, _, worded = _term_evidence(*title, taxonomy)
    named = [i for i in specific if abstract[0].get(i) and (i not in taxonomy.needs or i in worded or i in abstract[1])]
    if not named:
        return dict(topics)
    first = sorted((-(weights[i] * TITLE_USES + abstract[0].get(i, 0)), taxonomy.names[i]) for i in named)
    out: dict[str, float] = {name: -weight for weight, name in first}
    for name, weight in topics.items():
        out.setdefault(name, weight)
    return dict(list(out.items())[:MOST_TOPICS])

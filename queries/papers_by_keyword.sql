-- Papers by keyword
-- Papers with a keyword, a topic or an acronym (by its long or short form: "graph neural
-- networks" and "GNN" find the same papers), strongest first, each paper once (kinds lists how
-- it has the keyword: as a phrase, a topic, the authors' keyword, ...).
SELECT p.id, p.title, pk.keyword, group_concat(DISTINCT pk.kind) AS kinds, max(pk.score) AS score,
       p.code_status, p.abstract
FROM paper_keywords pk
JOIN papers p ON p.id = pk.paper_id
WHERE pk.keyword_id IN (
    SELECT id FROM keywords WHERE normalised = normalise_keyword(:keyword)
    UNION
    SELECT a.keyword_id FROM keyword_aliases a JOIN keywords w ON w.id = a.keyword_id
    WHERE a.normalised IN (lower(trim(:keyword)), normalise_keyword(:keyword))  -- another name (GNN), not a phrase inside or around it
    AND instr(' ' || w.normalised || ' ', ' ' || normalise_keyword(:keyword) || ' ') = 0
    AND instr(' ' || normalise_keyword(:keyword) || ' ', ' ' || w.normalised || ' ') = 0
)
GROUP BY p.id
ORDER BY score DESC, p.id

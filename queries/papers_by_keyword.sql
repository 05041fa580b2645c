-- Papers by keyword
-- Papers with a keyword, a topic or an acronym, as its page counts them (by its text; a text that
-- is no keyword's own, "ASR", finds the keywords it is a short or written form of; an acronym's short
-- form and its long form, "SLAM" and "simultaneous localization and mapping", find both), strongest first, each paper once (kinds lists how
-- it has the keyword: as a phrase, a topic, the authors' keyword, ...), with its venue, year,
-- decision and the opening of its abstract; 100 a page (page 2 shows results 101 to 200; empty
-- page: the first).
-- Example: keyword = graph neural networks
WITH page AS (SELECT max(coalesce(cast(:page AS INTEGER), 1), 1) AS number),
ranked AS MATERIALIZED (  -- the page's papers, from paper_keywords alone
    SELECT pk.paper_id, pk.keyword, group_concat(DISTINCT pk.kind) AS kinds, max(pk.score) AS score
    FROM paper_keywords pk
    WHERE pk.keyword_id IN (
        SELECT id FROM keywords WHERE normalised = normalise_keyword(:keyword)
        UNION ALL  -- a text that is no keyword's: the keywords it is another form of (ASR); a keyword's own text names it alone
        SELECT DISTINCT keyword_id FROM keyword_aliases WHERE normalised IN (lower(trim(:keyword)), normalise_keyword(:keyword))
        AND NOT EXISTS (SELECT 1 FROM keywords WHERE normalised = normalise_keyword(:keyword))
        UNION ALL  -- an acronym's short form and its long form name each other's keyword where the load paired them (SLAM)
        SELECT o.keyword_id FROM keywords k JOIN keyword_partners j ON j.keyword_id = k.id
        JOIN keyword_partners o ON o.joined_id = j.joined_id
        WHERE k.normalised = normalise_keyword(:keyword) AND o.keyword_id != k.id
    )
    GROUP BY pk.paper_id
    ORDER BY score DESC, pk.paper_id
    LIMIT 100 OFFSET (SELECT (number - 1) * 100 FROM page)
)
SELECT p.id, coalesce(p.title, substr(coalesce(p.abstract_clean, p.abstract), 1, 120) || '…') AS title, p.authors, p.venue, p.year, p.decision,
       r.keyword, r.kinds, r.score, p.code_status,
       CASE WHEN length(coalesce(p.abstract_clean, p.abstract)) > 300 THEN substr(coalesce(p.abstract_clean, p.abstract), 1, 300) || '…' ELSE coalesce(p.abstract_clean, p.abstract) END AS abstract, p.url
FROM ranked r JOIN papers p ON p.id = r.paper_id
ORDER BY r.score DESC, r.paper_id

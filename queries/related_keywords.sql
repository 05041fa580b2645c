-- Related keywords
-- Keywords that occur with a keyword (by its text, or a short form no keyword has) among the top ten keywords of
-- the same papers, most associated first: lift is how many times more often the two occur
-- together than if they were independent, so keywords that occur with everything sink. At least
-- two shared papers. Extracted keywords only (author keywords have no rank). Quick at any corpus
-- size.
-- Example: keyword = graph neural networks
WITH target AS (
    SELECT id FROM keywords WHERE normalised = normalise_keyword(:keyword)
    UNION ALL  -- a text that is no keyword's: the keywords it is another form of (ASR); a keyword's own text names it alone
    SELECT DISTINCT keyword_id FROM keyword_aliases WHERE normalised IN (lower(trim(:keyword)), normalise_keyword(:keyword))
    AND NOT EXISTS (SELECT 1 FROM keywords WHERE normalised = normalise_keyword(:keyword))
),
with_target AS (
    SELECT DISTINCT paper_id FROM paper_keywords WHERE rank <= 10 AND kind != 'author' AND keyword_id IN (SELECT id FROM target)
),
together AS (
    SELECT b.keyword_id, count(DISTINCT b.paper_id) AS papers, avg(b.score) AS mean_score
    FROM paper_keywords b JOIN with_target t ON t.paper_id = b.paper_id
    WHERE b.rank <= 10 AND b.kind != 'author' AND b.keyword_id NOT IN (SELECT id FROM target)
    GROUP BY b.keyword_id
    HAVING count(DISTINCT b.paper_id) >= 2
)
SELECT k.label AS keyword, k.kind, t.papers,
    -- (score, in no index: the table read in key order, each paper's rows together, not the index by keyword)
    round(t.papers * 1.0 * (SELECT count(DISTINCT paper_id) FROM paper_keywords WHERE rank <= 10 AND kind != 'author' AND score IS NOT NULL)
        / ((SELECT count(*) FROM with_target)
           * (SELECT count(*) FROM paper_keywords m WHERE m.keyword_id = t.keyword_id AND m.rank <= 10 AND m.kind != 'author')), 2) AS lift,
    round(t.mean_score, 3) AS mean_score
FROM together t JOIN keywords k ON k.id = t.keyword_id
ORDER BY lift DESC, t.papers DESC, keyword
LIMIT 50

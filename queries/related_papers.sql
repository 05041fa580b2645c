-- Related papers
-- Papers that share keywords with a paper (give its id, or the number in its page's address),
-- the strongest overlap first: each shared keyword counts by its score in both papers; broad
-- topics count a quarter (extracted keywords: author keywords are not scored). Papers are found
-- through the keywords fewer than 2,000 papers share (a keyword most papers of a field have says
-- little about any two), and then every keyword they share counts.
WITH target AS (
    SELECT id FROM papers WHERE id = lower(trim(:paper_id))
    UNION ALL
    SELECT id FROM papers WHERE trim(:paper_id) GLOB '[0-9]*' AND pk = CAST(trim(:paper_id) AS INTEGER)
    LIMIT 1
),
mine AS MATERIALIZED (
    SELECT k.keyword_id, k.kind, k.score, w.papers
    FROM paper_keywords k JOIN keywords w ON w.id = k.keyword_id
    WHERE k.paper_id = (SELECT id FROM target) AND k.kind != 'author'
),
found AS MATERIALIZED (
    SELECT DISTINCT b.paper_id
    FROM mine m JOIN paper_keywords b ON b.keyword_id = m.keyword_id AND b.kind = m.kind
    WHERE m.papers < 2000 AND b.paper_id != (SELECT id FROM target)
),
shared AS (
    SELECT f.paper_id, round(sum(m.score * b.score * (CASE WHEN m.kind = 'topic' THEN 0.25 ELSE 1 END)), 3) AS strength,
           count(*) AS shared, group_concat(b.keyword, '; ') AS shared_keywords
    FROM found f JOIN mine m JOIN paper_keywords b
        ON b.paper_id = f.paper_id AND b.keyword_id = m.keyword_id AND b.kind = m.kind
    GROUP BY f.paper_id
)
SELECT s.paper_id AS id, coalesce(p.title, substr(p.abstract, 1, 120) || '…') AS title, p.venue, p.year, p.decision,
       s.strength, s.shared, s.shared_keywords
FROM shared s JOIN papers p ON p.id = s.paper_id
ORDER BY s.strength DESC, s.paper_id
LIMIT 25

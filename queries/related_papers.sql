-- Related papers
-- Papers that share keywords with a paper (give its id), the strongest overlap first: each
-- shared keyword counts by its score in both papers; broad topics count a quarter (extracted
-- keywords: author keywords are not scored).
SELECT b.paper_id AS id, p.title,
       round(sum(a.score * b.score * (CASE WHEN a.kind = 'topic' THEN 0.25 ELSE 1 END)), 3) AS strength,
       count(*) AS shared, group_concat(b.keyword, '; ') AS shared_keywords, p.abstract
FROM paper_keywords a
JOIN paper_keywords b ON b.keyword_id = a.keyword_id AND b.paper_id != a.paper_id
JOIN papers p ON p.id = b.paper_id
WHERE a.paper_id = trim(:paper_id) AND a.kind != 'author' AND b.kind != 'author'
GROUP BY b.paper_id
ORDER BY strength DESC, id
LIMIT 25

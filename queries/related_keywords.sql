-- Related keywords
-- Keywords that occur with a keyword (by its long or short form) among the top ten keywords of
-- the same papers, the most shared papers first. Quick at any corpus size, unlike the
-- keyword_pairs view, which pairs every keyword with every other.
SELECT k.label AS keyword, k.kind, count(*) AS papers, round(avg(b.score), 3) AS mean_score
FROM paper_keywords a
JOIN paper_keywords b ON b.paper_id = a.paper_id AND b.keyword_id != a.keyword_id AND b.rank <= 10
JOIN keywords k ON k.id = b.keyword_id
WHERE a.rank <= 10 AND a.keyword_id IN (
    SELECT id FROM keywords WHERE normalised = normalise_keyword(:keyword)
    UNION
    SELECT keyword_id FROM keyword_aliases WHERE normalised = lower(trim(:keyword))
)
GROUP BY b.keyword_id
ORDER BY papers DESC, keyword
LIMIT 50

-- Top keywords
-- The keywords most papers share, topics excepted, with their kind and the number of papers.
SELECT keyword, kind, papers, keyword_id
FROM keyword_counts
WHERE kind != 'topic'
ORDER BY papers DESC, keyword
LIMIT 200

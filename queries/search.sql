-- Search papers
-- Full-text search over titles, abstracts and keywords, best matches first (BM25: a word in the
-- title weighs most, then keywords, then the abstract). All words are required; end a word with
-- * to match its beginning (quantiz*). Matches are highlighted in the snippet.
SELECT p.id, p.title, snippet(papers_fts, 1, char(2), char(3), '…', 40) AS snippet,
       p.code_status, p.topics, p.keywords,
       round(-bm25(papers_fts, 10.0, 1.0, 4.0), 3) AS relevance
FROM papers_fts
JOIN papers p ON p.pk = papers_fts.rowid
WHERE papers_fts MATCH fts_query(:q)
ORDER BY bm25(papers_fts, 10.0, 1.0, 4.0), p.id
LIMIT 200

-- Search papers, page by page
-- The search query's ranking (see search), 100 results a page: page 2 shows results 101 to
-- 200, up to page 20 (the best 2,000). Empty page: the first. A page after 20 has no
-- rows (its page says where the results stop): the papers table's search (papers?_search=...) lists
-- every paper with the words.
-- Example: q = graph neural networks; page = 1
-- (made from search.sql by `python -m etl.store.search`; do not edit by hand)
WITH
page AS (SELECT iif(cast(:page AS INTEGER) > 20, 0, max(cast(:page AS INTEGER), 1) * 100) AS last),
keyword AS MATERIALIZED (  -- papers with the query as a keyword (not only a topic) or its other name
    SELECT DISTINCT p.pk
    FROM paper_keywords k JOIN papers p ON p.id = k.paper_id
    WHERE k.kind != 'topic' AND k.keyword_id IN (
        SELECT id FROM keywords WHERE normalised = normalise_keyword(:q)
        UNION  -- (another name, GAN; not a narrower or broader phrase a paper merged into the keyword)
        SELECT a.keyword_id FROM keyword_aliases a JOIN keywords w ON w.id = a.keyword_id
        WHERE a.normalised IN (lower(trim(:q)), normalise_keyword(:q))
        AND instr(' ' || w.normalised || ' ', ' ' || normalise_keyword(:q) || ' ') = 0
        AND instr(' ' || normalise_keyword(:q) || ' ', ' ' || w.normalised || ' ') = 0
    )
),
titled AS MATERIALIZED (  -- papers whose title is the query (as papers.title_key normalises titles)
    SELECT pk FROM papers WHERE title_key = title_key(:q)
),
bare AS MATERIALIZED (  -- papers with no abstract: a title alone (7,641 of 90,525 in the catalogue)
    SELECT pk FROM papers WHERE abstract_sha256 IS NULL
),
-- Papers that write the words as typed, as a phrase (the last word singular or plural): first in
-- their tier. (bm25 gives a rarer form the larger weight: `diffusions` put three papers first for
-- diffusion models, above 249 titles with the phrase, and five first for diffusion; the `typed`
-- order: 3 title as typed, 2 title with the last word's other number, 1 abstract.)
typed_exact AS MATERIALIZED (  -- ... in the title, every word as typed (diffusion, not diffusions)
    SELECT rowid AS pk FROM papers_fts_words WHERE papers_fts_words MATCH '{title}: ' || search_phrase(:q)
),
typed_title AS MATERIALIZED (  -- ... in the title, the last word in either number
    SELECT rowid AS pk FROM papers_fts_words WHERE papers_fts_words MATCH '{title}: (' || search_phrases(:q) || ')'
),
typed_text AS MATERIALIZED (  -- ... whose abstract does
    SELECT rowid AS pk FROM papers_fts_words WHERE papers_fts_words MATCH '{abstract_clean}: (' || search_phrases(:q) || ')'
),
found AS MATERIALIZED (  -- whether any paper has every word (any form, any column) or the keyword
    SELECT EXISTS (SELECT 1 FROM papers_fts_words WHERE papers_fts_words MATCH search_words(:q))
        OR EXISTS (SELECT 1 FROM keyword) AS anything
),
-- Each way of matching gives its best (tier, relevance); a paper found in several ways is ranked
-- by the first. Relevance is bm25 over the words (in any form) in any column plus the words as
-- typed, as a phrase: title and authors' keywords weigh 10, keyword labels 2, the abstract 1;
-- and 1 more for a paper that has the query as its keyword (or alias). Equals: by papers.pk.
-- First in each: the phrase as typed in the title, then in the abstract (`typed`).
-- In each, papers with an abstract first (`bare`: 0), then those with a title alone.
in_title AS MATERIALIZED (  -- 1: every word in the title or abstract; the phrase, or a word in the title or keywords
    SELECT rowid AS pk, 1 AS tier, rowid IN bare AS bare, CASE WHEN rowid IN typed_exact THEN 3 WHEN rowid IN typed_title THEN 2 WHEN rowid IN typed_text THEN 1 ELSE 0 END AS typed, -bm25(papers_fts_words, 10.0, 1.0, 2.0, 10.0) + (rowid IN keyword) AS relevance
    FROM papers_fts_words
    WHERE papers_fts_words MATCH '{title abstract_clean}: (' || search_words(:q) || ')'
        || ' AND ({title keywords author_keywords}: (' || search_any(:q) || ') OR ' || search_phrase(:q) || ')'
        || ' AND (' || search_phrase(:q) || ' OR ' || search_words(:q) || ')'
    ORDER BY bare, typed DESC, relevance DESC, pk LIMIT (SELECT last FROM page)
),
in_abstract AS MATERIALIZED (  -- 2: the words scattered over the abstract (only if tier 1 is short)
    SELECT rowid AS pk, 2 AS tier, rowid IN bare AS bare, CASE WHEN rowid IN typed_exact THEN 3 WHEN rowid IN typed_title THEN 2 WHEN rowid IN typed_text THEN 1 ELSE 0 END AS typed, -bm25(papers_fts_words, 10.0, 1.0, 2.0, 10.0) + (rowid IN keyword) AS relevance
    FROM papers_fts_words
    WHERE papers_fts_words MATCH '({title abstract_clean}: (' || search_words(:q) || '))'
        || ' NOT ({title keywords author_keywords}: (' || search_any(:q) || ') OR ' || search_phrase(:q) || ')'
    AND (SELECT count(*) FROM in_title) < (SELECT last FROM page)
    ORDER BY bare, typed DESC, relevance DESC, pk LIMIT (SELECT last FROM page)
),
short AS MATERIALIZED (  -- whether tiers 1 and 2 leave room for tier 3
    SELECT (SELECT count(*) FROM in_title) + (SELECT count(*) FROM in_abstract) < (SELECT last FROM page) AS room
),
in_keywords AS (  -- 3: the words in order (the last in any form) among the keywords, not all in the text
    SELECT rowid AS pk, 3 AS tier, rowid IN bare AS bare, 0 AS typed, -bm25(papers_fts_words, 10.0, 1.0, 2.0, 10.0) + (rowid IN keyword) AS relevance
    FROM papers_fts_words
    WHERE papers_fts_words MATCH '{keywords author_keywords}: (' || search_phrases(:q) || ')'
        || ' NOT {title abstract_clean}: (' || search_words(:q) || ')'
    AND (SELECT room FROM short)
    ORDER BY bare, relevance DESC, pk LIMIT (SELECT last FROM page)
),
as_keyword AS (  -- 3: the query is one of the paper's keywords, or an alias of one
    SELECT pk, 3 AS tier, pk IN bare AS bare, 0 AS typed, 1.0 AS relevance FROM keyword WHERE (SELECT room FROM short)
    ORDER BY bare, pk LIMIT (SELECT last FROM page)
),
stems AS (  -- 4: only when no paper has every word: their Porter stems
    SELECT rowid AS pk, 4 AS tier, rowid IN bare AS bare, 0 AS typed, -bm25(papers_fts, 10.0, 1.0, 2.0) AS relevance
    FROM papers_fts WHERE papers_fts MATCH search_stems(:q) AND NOT (SELECT anything FROM found)
    ORDER BY bare, relevance DESC, pk LIMIT (SELECT last FROM page)
),
most AS (  -- 5: only when no paper has every word in any form or stem: all but one of 3 or more
    SELECT rowid AS pk, 5 AS tier, rowid IN bare AS bare, 0 AS typed, -bm25(papers_fts_words, 10.0, 1.0, 2.0, 10.0) AS relevance
    FROM papers_fts_words WHERE papers_fts_words MATCH search_most(:q) AND NOT (SELECT anything FROM found)
    AND NOT EXISTS (SELECT 1 FROM papers_fts WHERE papers_fts MATCH search_stems(:q))
    ORDER BY bare, relevance DESC, pk LIMIT (SELECT last FROM page)
),
best AS MATERIALIZED (  -- (the title that is the query: in tier 1, first, whatever its score)
    SELECT pk, min(tier) AS tier, pk IN titled AS titled, max(bare) AS bare, max(typed) AS typed, max(relevance) AS relevance FROM (
        SELECT * FROM in_title UNION ALL SELECT * FROM in_abstract UNION ALL SELECT * FROM in_keywords
        UNION ALL SELECT * FROM as_keyword UNION ALL SELECT * FROM stems UNION ALL SELECT * FROM most
        UNION ALL SELECT pk, 1, pk IN bare, 0, NULL FROM titled
    )
    GROUP BY pk ORDER BY tier, titled DESC, bare, typed DESC, relevance DESC, pk LIMIT 100 OFFSET (SELECT last FROM page) - 100
),
ranked AS MATERIALIZED (  -- the results in the order of their tiers, title, abstract and relevance
    SELECT b.pk, b.tier, b.titled, b.bare, b.typed, b.relevance, p.id,
           row_number() OVER (ORDER BY b.tier, b.titled DESC, b.bare, b.typed DESC, b.relevance DESC, b.pk) AS position
    FROM best b JOIN papers p ON p.pk = b.pk
),
near AS (  -- pairs of results of tiers 1 and 2 that are among each other's similar papers
    SELECT a.pk, b.pk AS other, s.score
    FROM ranked a JOIN similar_papers s ON s.paper_id = a.id JOIN ranked b ON b.id = s.similar_id
    WHERE a.tier <= 2 AND b.tier <= 2 AND b.pk != a.pk
),
resemblance AS (  -- how similar each is to the others (either way, once a pair)
    SELECT pk, sum(score) AS score FROM (
        SELECT pk, other, max(score) AS score
        FROM (SELECT pk, other, score FROM near UNION ALL SELECT other, pk, score FROM near)
        GROUP BY pk, other
    )
    GROUP BY pk
),
ordered AS (  -- the order shown: `rank` 1, 2, 3, ...
    -- Within tiers 1 and 2 (the title that is the query, and papers with an abstract, kept ahead), a
    -- result that resembles the others moves up: 10 / (9 + its position) plus 0.04 times the sum
    -- of its similarities to them (pseudo-relevance feedback: the papers a search is about resemble
    -- one another; one that merely mentions the words does not).
    SELECT r.pk, row_number() OVER (
        ORDER BY r.tier, r.titled DESC, r.bare, r.typed >= 2 DESC, r.typed = 3 DESC,
                 CASE WHEN r.tier <= 2 THEN 10.0 / (9 + r.position) + 0.04 * coalesce(m.score, 0) END DESC, r.position
    ) AS place
    FROM ranked r LEFT JOIN resemblance m ON m.pk = r.pk
)
-- The snippet: 32 words of the abstract around the words (any form), else their stems, else its
-- opening; snippet_of() cuts the window FTS5's snippet() would in linear time (snippet()'s grows
-- with the square of the matches), from a highlight() of abstracts of up to 20,000 characters
-- (every real one; highlight()'s time grows faster than the text's too).
SELECT p.id, p.title, p.authors, p.venue, p.year, p.decision,
       coalesce(
           (SELECT snippet_of(highlight(papers_fts_words, 1, char(2), char(3)), search_any(:q)) FROM papers_fts_words
            WHERE papers_fts_words MATCH search_any(:q) AND rowid = o.pk
            AND length(coalesce(p.abstract_clean, p.abstract)) <= 20000),
           (SELECT snippet_of(highlight(papers_fts, 1, char(2), char(3)), search_stems(:q)) FROM papers_fts
            WHERE papers_fts MATCH search_stems(:q) AND rowid = o.pk AND length(p.abstract) <= 20000),
           substr(coalesce(p.abstract_clean, p.abstract), 1, 200) || '…'
       ) AS snippet,
       p.code_status, p.topics, o.place + (SELECT last FROM page) - 100 AS rank, p.url
FROM ordered o JOIN papers p ON p.pk = o.pk
ORDER BY o.place

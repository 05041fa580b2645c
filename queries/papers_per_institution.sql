-- Papers per institution
-- Institutions by the number of papers with at least one author affiliated with them (from the affiliations sources such as paperlists give), with their country and authors; filter by country if you like, by its English name as
-- the institutions table gives it, in any case (`Germany`, `United States`, `South Korea`; not `DE`).
SELECT institution, country, papers, authors, institution_id FROM (
    SELECT i.name AS institution, i.country, i.papers, count(DISTINCT pa.author_id) AS authors, i.id AS institution_id
    FROM institutions i
    JOIN paper_affiliations a ON a.institution_id = i.id
    JOIN paper_authors pa ON pa.paper_id = a.paper_id AND pa.position = a.position
    WHERE trim(:country) = '' OR lower(i.country) = lower(trim(:country))
    GROUP BY i.id
    UNION ALL  -- (an institution a source gives only for a paper as a whole, not saying whose: no author of it known)
    SELECT i.name, i.country, i.papers, 0, i.id FROM institutions i
    WHERE (trim(:country) = '' OR lower(i.country) = lower(trim(:country)))
    AND NOT EXISTS (SELECT 1 FROM paper_affiliations a WHERE a.institution_id = i.id AND a.position > 0)
)
ORDER BY papers DESC, institution
LIMIT 200

-- An author's papers
-- Everything one author published here (give the whole name as papers write it, in any case and
-- with or without accents: `Sergey Levine`, not `levine`; the authors table's filters find a part),
-- by year: venue, title, decision and co-authors (in author order, each linked to their papers), the newest first.
-- Example: author = Max Welling
SELECT p.year, p.venue, p.title, coalesce(p.presentation, p.decision) AS outcome,
       nullif((SELECT json_group_array(name) FROM (SELECT o.name FROM paper_authors o  -- (a JSON list: each linked)
        WHERE o.paper_id = p.id AND o.author_id != a.id ORDER BY o.position)), '[]') AS coauthors,
       p.id
FROM authors a
JOIN paper_authors pa ON pa.author_id = a.id
JOIN papers p ON p.id = pa.paper_id
WHERE a.normalised = author_key(:author) OR a.name = trim(:author)
GROUP BY p.id
ORDER BY p.year DESC, p.venue, p.title

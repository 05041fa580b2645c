-- Papers by institution
-- The papers with at least one author affiliated with an institution (give its id, as in the
-- institutions table, or its name), each once, with those authors.
SELECT p.id, p.title, p.venue, p.year, p.decision, group_concat(pa.name, '; ') AS authors, p.abstract
FROM paper_affiliations a
JOIN institutions i ON i.id = a.institution_id
JOIN paper_authors pa ON pa.paper_id = a.paper_id AND pa.position = a.position
JOIN papers p ON p.id = a.paper_id
WHERE CAST(i.id AS TEXT) = trim(:institution) OR i.normalised = lower(trim(:institution)) OR i.name = trim(:institution)
GROUP BY p.id
ORDER BY p.year DESC, p.venue, p.title

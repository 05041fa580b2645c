-- Papers by institution
-- The papers with at least one author affiliated with an institution, each once, with those
-- authors and the institutions matched. Give its id (as in the institutions table), its name, the
-- start of its name (`MIT CSAIL`; `Stanford` finds Stanford University, while `University` does not
-- find University of X) or its initials (`MIT`, `CMU`; initials can name more than one: the
-- institutions column says which).
-- Example: institution = University of Cambridge
WITH wanted AS (SELECT trim(:institution) AS text, institution_key(:institution) AS name),
chosen AS (
    SELECT i.id, i.name FROM institutions i, wanted w
    WHERE CAST(i.id AS TEXT) = w.text
       OR (w.text GLOB '*[^0-9]*' AND (
           i.name = w.text OR i.normalised = w.name
           OR (substr(i.normalised, 1, length(w.name) + 1) = w.name || ' '
               AND substr(i.normalised, length(w.name) + 2, instr(substr(i.normalised, length(w.name) + 2), ' ') - 1)
                   NOT IN ('of', 'at', 'in', 'de', 'for', 'and'))
           OR (w.name NOT GLOB '* *' AND initials(i.normalised) = w.name)))
),
hits AS (
    SELECT DISTINCT a.paper_id, a.position FROM paper_affiliations a JOIN chosen c ON c.id = a.institution_id
)
SELECT p.id, p.title, p.venue, p.year, p.decision,
       (SELECT group_concat(DISTINCT c.name) FROM paper_affiliations a JOIN chosen c ON c.id = a.institution_id
        WHERE a.paper_id = p.id) AS institutions,
       group_concat(pa.name, '; ') AS authors, p.abstract
FROM hits h
JOIN paper_authors pa ON pa.paper_id = h.paper_id AND pa.position = h.position
JOIN papers p ON p.id = h.paper_id
GROUP BY p.id
ORDER BY p.year DESC, p.venue, p.title

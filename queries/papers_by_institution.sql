-- Papers by institution
-- The papers with at least one author affiliated with an institution, each once, with those
-- authors and the institutions matched. Give its id (as in the institutions table), its name, the
-- start of its name (`MIT CSAIL`; `Stanford` finds Stanford University, while `University` does not
-- find University of X), its initials (`MIT`, `CMU`; initials can name more than one: the
-- institutions column says which), the short form its name gives in parentheses, or a short form of
-- other words a load files `X (S)` under X by (`DLR`: German Aerospace Center). Newest first, with the opening of each abstract; 100 a page
-- (page 2 shows results 101 to 200; empty page: the first).
-- Example: institution = University of Cambridge
WITH page AS (SELECT max(coalesce(cast(:page AS INTEGER), 1), 1) AS number),
wanted AS (SELECT trim(:institution) AS text, institution_key(:institution) AS name, institution_filed_key(:institution) AS filed),
known AS (SELECT value AS filed FROM json_each(known_long_forms(:institution))),  -- (`DLR`: once a query)
chosen AS MATERIALIZED (
    SELECT i.id, i.name FROM institutions i, wanted w
    WHERE CAST(i.id AS TEXT) = w.text
       OR (w.text GLOB '*[^0-9]*' AND (
           i.name = w.text OR i.normalised = w.name OR i.normalised = w.filed
           OR (substr(i.normalised, 1, length(w.name) + 1) = w.name || ' '
               AND substr(i.normalised, length(w.name) + 2, instr(substr(i.normalised, length(w.name) + 2), ' ') - 1)
                   NOT IN ('of', 'at', 'in', 'de', 'for', 'and'))
           OR (w.name NOT GLOB '* *' AND instr(' ' || i.normalised, ' ' || substr(w.name, 1, 1)) > 0  -- (a word starts so: a cheap test first)
               AND (initials(i.normalised) = w.name OR initials(i.name) = w.name))  -- (the name's: `TUM`, filed as `munich university of technology`)
           OR (instr(i.name, '(') > 0 AND own_short_form(i.name) = w.name)  -- (`Massachusetts Institute of Technology (MIT)`)
           OR i.normalised IN (SELECT filed FROM known)))  -- (`DLR`: German Aerospace Center)
),
hits AS MATERIALIZED (  -- the page's papers: from the affiliations and the papers' (year, venue) alone
    SELECT p.id, p.year, p.venue, p.title FROM papers p
    WHERE p.id IN (SELECT a.paper_id FROM paper_affiliations a JOIN chosen c ON c.id = a.institution_id)
    ORDER BY p.year DESC, p.venue, p.title, p.id
    LIMIT 100 OFFSET (SELECT (number - 1) * 100 FROM page)
)
SELECT p.id, coalesce(p.title, substr(coalesce(p.abstract_clean, p.abstract), 1, 120) || '…') AS title, p.venue, p.year, p.decision,
       (SELECT group_concat(DISTINCT c.name) FROM paper_affiliations a JOIN chosen c ON c.id = a.institution_id
        WHERE a.paper_id = p.id) AS institutions,
       nullif((SELECT json_group_array(name) FROM (SELECT pa.name FROM paper_authors pa  -- (a JSON list: each linked)
        WHERE pa.paper_id = p.id AND pa.position IN (
            SELECT a.position FROM paper_affiliations a JOIN chosen c ON c.id = a.institution_id WHERE a.paper_id = p.id)
        ORDER BY pa.position)), '[]') AS authors,
       CASE WHEN length(coalesce(p.abstract_clean, p.abstract)) > 300 THEN substr(coalesce(p.abstract_clean, p.abstract), 1, 300) || '…' ELSE coalesce(p.abstract_clean, p.abstract) END AS abstract, p.url
FROM hits h JOIN papers p ON p.id = h.id
ORDER BY h.year DESC, h.venue, h.title, h.id

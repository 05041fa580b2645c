-- Venues and years
-- Every venue and year loaded, by venue and newest year first: its papers (each count opens the
-- papers list of that venue and year), how many have an abstract, a title and authors, the
-- decisions known (accepted, rejected, withdrawn; a dash where the source gives no decisions for
-- that venue and year, 0 where it gives others) and how many released code.
SELECT venue, year, count(*) AS papers,
       sum(abstract IS NOT NULL) AS with_abstract, sum(title IS NOT NULL) AS with_title,
       sum(authors IS NOT NULL AND authors != '[]') AS with_authors,
       sum(decision = 'accepted') AS accepted, sum(decision = 'rejected') AS rejected,
       sum(decision = 'withdrawn') AS withdrawn, sum(code_status = 'released') AS released_code
FROM papers
GROUP BY venue, year
ORDER BY venue, year DESC

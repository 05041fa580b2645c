-- Code availability
-- How many papers released code (an official link in the abstract), promised it, mentioned it
-- without a link, or say nothing, per venue and year; the same as the code_availability view.
SELECT venue, year, code_status, papers, percent
FROM code_availability
ORDER BY venue, year, CASE code_status WHEN 'released' THEN 1 WHEN 'promised' THEN 2 WHEN 'mentioned' THEN 3 ELSE 4 END

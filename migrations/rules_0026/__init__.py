"""The record rules revision 0026 finds the sources to read again by: copies of
etl/sources/fields.py (bounded counts and keywords, venues' names) and etl/text/placeholders.py
(abstracts that say no words) as they were when it was written. Never edit them: a later change
of the rules brings a revision of its own."""

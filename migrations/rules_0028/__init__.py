"""The author rules revision 0028 lists each person once with: copies of etl/text/{authors, cleaning,
diacritics, latex, markup}.py as they were when it was written (placeholders, debris and identity
were as revisions 0026 and 0017 froze them, and are read from there), and of the authors and
affiliations part of etl/extract/bibliography.resolve (`people.py`), so that upgrading a database
gives what a load of that release gives, whatever the live rules become. (The files it reads again
are read by the live readers: see the revision.) Never edit them: a later change of the rules brings
a revision of its own."""

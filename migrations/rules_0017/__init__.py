"""The paper ids revision 0017 rekeys with: copies of etl/text/identity.py and debris.py as they
were when it was written (invisible format characters inside a word make no second paper; what
identity.py kept of revision 0014's copy is read from there), so that upgrading a database gives
the ids a load of that release gives, whatever the live rules become. Never edit them: a later
change of the rules brings a revision of its own."""

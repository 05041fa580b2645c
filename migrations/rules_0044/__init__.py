"""The alias rule revision 0044 drops keyword aliases with: copies of etl/extract/aliases.py and
etl/extract/keywords/normalise.py as they were when it was written, so that upgrading a database
keeps the aliases a load of that release keeps, whatever the live rules become. Never edit them: a
later change of the rules brings a revision of its own."""

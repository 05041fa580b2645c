"""The registries revision 0032 re-canonicalises venues and decides status words with: copies of
etl/registries/{venues,statuses}.csv and of the functions of etl/sources/venues.py and
etl/extract/statuses.py that read them, as they were when it was written, so that upgrading a
database gives what a load of that release gives, whatever the live registries become. Never edit
them: a later change of a registry brings a revision of its own."""

"""How revision 0049 packs paper_sources.extra: a copy of etl/store/record_extra.py (version 1) as
it was when the revision was written. Its dictionary is etl/store/extra_dictionary_1.txt, a file no
release may change once rows use it (its SHA-256 is checked here): a better dictionary is a new
version. Never edit them."""

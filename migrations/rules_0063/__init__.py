"""The placeholder rules revision 0063 finds affiliations that name no institution with: a copy of
etl/text/placeholders.py as it was when it was written, so that upgrading a database gives what a
load of that release gives, whatever the live rules become. Never edit it: a later change of the
rules brings a revision of its own."""

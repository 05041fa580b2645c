"""The rules revision 0064 refiles institutions written with their own short form by, frozen
(`etl.text.short_forms`): a copy as it was when the revision was written, so that upgrading a
database gives what a load of that release gives, whatever the live rules become. Never edit it: a
later change of the rules brings a revision of its own."""

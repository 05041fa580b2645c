"""The paper ids revision 0014 rekeys with: a copy of etl/text/identity.py as it was when it was
written (comparison operators as words of the normalised abstract), so that upgrading a database
gives the ids a load of that release gave, whatever the live rules become (revision 0017 rekeys
with its own). Never edit it: a later change of the rules brings a revision of its own."""

"""The text rules revision 0046 reads stored abstracts with: copies of etl/text/{quotes,line_breaks}.py
and etl/data/line_breaks.txt as they were when it was written, so that upgrading a database marks
what a load of that release reads otherwise, whatever the live rules become. Never edit them: a
later change of the rules brings a revision of its own."""

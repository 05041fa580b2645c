"""The review rules revision 0030 recomputes scores and ratings with: copies of
etl/sources/reviews.py (with the `Review` it reads, from etl/sources/records.py) and
review_scales.csv as they were when it was written, so that upgrading a database gives what a load
of that release gives, whatever the live rules become. Never edit them: a later change of the
rules brings a revision of its own."""

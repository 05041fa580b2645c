"""The link rules revision 0062 derives links and code status with: copies of
etl/extract/{links,code_status,derive,made_up}.py as they were when it was written (the hosts table
is revision 0036's, unchanged since; the common English words are read from etl/data, as the load
reads them), so that upgrading a database gives what a load of that release gives, whatever the live
rules become. Never edit them: a later change of the rules brings a revision of its own."""

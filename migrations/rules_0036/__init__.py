"""The link rules revision 0036 derives links and code status with: copies of
etl/extract/{links,hosts,code_status,derive,made_up}.py and etl/data/link_hosts.txt as they were when
it was written, so that upgrading a database gives what a load of that release gives, whatever the
live rules become. Never edit them: a later change of the rules brings a revision of its own."""

"""The code status rules revision 0070 derives code status with: copies of
etl/extract/{code_status,derive}.py as they were when it was written (the links and made-up rules are
revision 0062's, unchanged since), so that upgrading a database gives what a load of that release
gives, whatever the live rules become. Never edit them: a later change of the rules brings a
revision of its own."""

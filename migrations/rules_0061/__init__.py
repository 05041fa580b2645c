"""The rules revision 0061 refiles institutions by, frozen (`etl.text.institution_variants`)."""

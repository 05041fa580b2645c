"""The rules revision 0060 refiles institutions by, frozen (`etl.text.institution_variants`)."""

"""Extraction, pure: links and code status, keywords and topics, corpus statistics (no database)."""

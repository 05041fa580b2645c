"""Heuristic keywords of one abstract: method names, acronyms, key phrases and topics; pure."""

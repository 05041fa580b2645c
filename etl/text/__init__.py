"""Shared text rules: the identity normalisation of abstracts, LaTeX, markup cleaning."""

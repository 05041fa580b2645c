"""paperdb test suite."""

"""Keywords for a whole corpus: counting and spilling, the worker pool, and the ranking that drives them."""

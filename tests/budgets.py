"""Search budgets for tests that assert a solver's result: in nodes, so that a loaded machine
cannot change the answer, as a wall-clock budget cut short by load would. The figure is a cap
that only a search gone wrong reaches: every asserted search here ends well inside it."""

SEARCH_NODES = 20_000_000

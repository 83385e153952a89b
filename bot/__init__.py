"""PuzzleBot's service layer: Telegram handlers, the solver pool, the store (the sandbox it is
tried against is the top-level package `sandbox`)."""

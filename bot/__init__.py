"""PuzzleBot's service layer: Telegram handlers, the solver pool, the store, the sandbox."""

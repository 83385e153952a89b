"""Group competitions as game modes (mode.py), listed in one registry (modes.py): the
quiz (quiz/), puzzle races (race.py) and daily puzzles (daily.py), which share a posted
puzzle (puzzles.py) and /submit (submit.py); /top and /stats over all (scores.py); the
shared commands and the modes' handlers are wired in wiring.py."""

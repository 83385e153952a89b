"""Group competitions: the quiz (quiz.py) and puzzle races (race.py); /top and
/stats over both (scores.py); their handlers are registered by wiring.py."""

"""The anagram quiz: rounds of scrambled letters in a group, answered with plain messages.

`/quiz [rounds=10] [seconds=45] [topic=countries] [difficulty=medium] [seed=N]` starts a
*game* of several *rounds*. Each round posts the letters (text and the letters-in-a-ring
picture); the first valid answer wins it, with points by speed; hints follow by
themselves at one third and two thirds of the time (the job queue); when time is up the
answer is shown and the next round starts. A round's challenge and hints are made in a
worker (the lexicon lives there); guesses whose letters already match are judged there
too, so the event loop never touches the lexicon.

State: the game, its rounds and scores are rows in the store (bot/games/store.py), so a
restart loses nothing: `resume` closes the round that was cut short, then goes on with
the next one or ends the game with its ranking, and says which. The live round of each
chat (letters, answer, hint texts) is also kept in memory, in the chat's `chat_data`,
for quick judging.

Fair play: while a round runs, its letters get no anagram answers, hints or inline
results for the members of the quiz's chat, nor in that chat (`round_hold`, a hold of
bot/race_guard.py); an edited message is no guess.
"""

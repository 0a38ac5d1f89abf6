"""Indian Summer's solo game and its three-game series, on the multiplayer engine.

Modules: `board` (the solo board's row of spaces, from data), `state`, `actions` (solo text forms),
`setup` (stacks and deals), `rules` (legal actions and steps), `scoring` (one game), `series`
(three games), `record` (JSON solo records), `results` (a game's result from a record, a position
or typed words), `bot` (a seeded player for demos and tests).
"""

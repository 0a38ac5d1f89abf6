"""Summer Nine, a 2-4 player card draft: each player fills a 9-slot summer schedule of 3 months.

Modules: `kit` (the card list, counts and points, from editable TOML data), `cards` (cards, slots,
cells and schedules as text), `actions` (every action's text form), `state` (the table as a frozen
value), `setup` (the Take Two deal, the pool's two lines and the deck), `rules` (`legal_actions`,
`step`, `apply`), `scoring` (the exact final score, explained), `record` (JSON game records).
"""

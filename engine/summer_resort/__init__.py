"""Summer Resort as a pure rules engine: rounds of weather, placements and accommodation.

`new_game` sets a table up, `legal_actions` and `apply` (or `step`, which also returns events) are the
one door for change, and `final_scores` counts the end. Chance (the weather card turned, the
vacationers dealt onto the cars) arrives as recorded actions.
"""

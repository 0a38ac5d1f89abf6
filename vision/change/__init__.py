"""Tracking by change: a board compared with its own picture from its last settled state.

A game watched from its first move never needs to know what a leaf looks like in the absolute: what
changed on a board, and how (a square's ring and centre apart), says which piece arrived, and the
engine's legal moves say which move it was. `references` keeps a board's settled picture, `square_change`
scores every square's change against it, `change_reading` turns the change into piece notation.
"""

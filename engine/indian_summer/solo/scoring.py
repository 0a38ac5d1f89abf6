"""Scoring one solo game: the best final phase, then won or lost and the points.

The final phase exchanges only what the squirrels need, cheapest points first, because in solo every
leftover token scores by its kind; `solve_final_phase(convert="needed")` finds that best result.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.indian_summer.endgame import SOLO_POINTS, FinalPhase, solve_final_phase
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.solo.state import SoloState
from engine.indian_summer.treasures import Treasures


@dataclass(frozen=True)
class GameScore:
    won: bool  # the whole Forest Floor is covered after the final phase
    empty_squares: int
    penalty: int  # minus one per empty square, 0 when won
    leftover_points: int
    final: FinalPhase

    @property
    def score(self) -> int:
        return self.leftover_points - self.penalty

    def reason(self) -> str:
        left = self.final.treasures_left
        points = f"{self.leftover_points} for leftover {left.describe()}" if left.total() else "no treasures left"
        if self.won:
            return f"won: Forest Floor covered; {points}"
        return f"lost: {self.empty_squares} empty square{'s' if self.empty_squares != 1 else ''} (-{self.penalty}); {points}"


def score_position(printed: PrintedLayout, pieces: PieceGrid, treasures: Treasures) -> GameScore:
    """The calculator: score a solo game from its position after the last turn."""
    final = solve_final_phase(printed, pieces, treasures, convert="needed")
    return GameScore(final.covered, final.empty_squares, final.empty_squares, final.solo_points(), final)


def score_game(state: SoloState) -> GameScore:
    board = state.player.board
    return score_position(board.printed, board.grid(), state.player.treasures)


__all__ = ["GameScore", "SOLO_POINTS", "score_game", "score_position"]

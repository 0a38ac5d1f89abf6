"""The end of a game: each player's best final phase, and the standings that follow."""
from __future__ import annotations

from dataclasses import dataclass

from engine.indian_summer.endgame import FinalPhase, solve_final_phase
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.standings import Place, Result, standings
from engine.indian_summer.state import GameState
from engine.indian_summer.treasures import Treasures


@dataclass(frozen=True)
class PlayerFinal:
    name: str
    final: FinalPhase


def final_phase(state: GameState) -> list[PlayerFinal]:
    return [PlayerFinal(p.name, solve_final_phase(p.board.printed, p.board.grid(), p.treasures)) for p in state.players]


def results_of(finals: list[PlayerFinal]) -> list[Result]:
    return [Result(f.name, f.final.covered, f.final.empty_squares, f.final.nuts, f.final.berry_left) for f in finals]


def endgame_from_position(players: list[tuple[str, PrintedLayout, PieceGrid, Treasures]]) -> tuple[list[PlayerFinal], list[Place]]:
    """The table's calculator: final phase and standings from a described final position."""
    finals = [PlayerFinal(name, solve_final_phase(printed, pieces, t)) for name, printed, pieces, t in players]
    return finals, standings(results_of(finals))


def final_json(f: PlayerFinal) -> dict:
    x = f.final
    return {
        "name": f.name, "covered": x.covered, "empty_squares": x.empty_squares, "nuts": x.nuts,
        "berry_left": x.berry_left, "steps": list(x.steps), "squirrels": x.squirrels,
        "areas_completed": list(x.areas_completed), "pieces": x.pieces,
    }


def standings_json(places: list[Place]) -> list[dict]:
    return [{"place": p.place, "players": list(p.players), "reason": p.reason} for p in places]

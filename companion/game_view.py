"""A game state as people and programs read it: JSON-ready dicts and text lines (no rules here)."""
from __future__ import annotations

from engine.indian_summer.outcome import final_json, final_phase, results_of, standings_json
from engine.indian_summer.standings import standings
from engine.indian_summer.state import GameState


def state_json(state: GameState) -> dict:
    players = []
    for seat, p in enumerate(state.players):
        players.append({
            "seat": f"p{seat + 1}", "name": p.name, "side": p.side, "pieces": p.board.notation(),
            "printed": p.board.printed.format(), "empty_squares": p.board.empty_squares(),
            "complete_areas": list(p.board.complete_areas()), "treasures": p.treasures.as_dict(),
            "path": state.path_text(seat),
        })
    out = {
        "turn": state.turn, "current": state.player.name, "over": state.over,
        "end_triggered_by": None if state.end_triggered_by is None else state.players[state.end_triggered_by].name,
        "players": players, "common_path": state.common_text(), "set_aside": len(state.set_aside),
        "supply": state.supply.as_dict(), "animals": dict(state.animals),
    }
    finals = final_phase(state)
    out["final_phase"] = [final_json(f) for f in finals]
    out["standings"] = standings_json(standings(results_of(finals)))
    out["standings_final"] = state.over
    return out


def state_lines(state: GameState) -> list[str]:
    data = state_json(state)
    lines = []
    status = "game over" if state.over else f"turn {state.turn}: {state.player.name} to play"
    if data["end_triggered_by"] and not state.over:
        status += f" (last round: {data['end_triggered_by']} covered the Forest Floor)"
    lines.append(status)
    for p in data["players"]:
        t = p["treasures"]
        lines.append(f"{p['seat']} {p['name']} (side {p['side'] or 'custom'}): {p['empty_squares']} empty, "
                     f"Areas done {p['complete_areas'] or 'none'}, path {p['path'] or '-'}, "
                     f"{t['berry']}B {t['nut']}N {t['mushroom']}M {t['feather']}F")
        for row in p["pieces"].split("/"):
            lines.append("    " + " ".join(row))
    lines.append(f"Common Path {data['common_path'] or '-'} ({data['set_aside']} set aside); supply "
                 + ", ".join(f"{k} {v}" for k, v in data["supply"].items()))
    lines.append("standings" + ("" if state.over else " if the game ended now") + ":")
    for place in data["standings"]:
        lines.append(f"  {place['place']}. {', '.join(place['players'])}: {place['reason']}")
    return lines

"""A game state as people and programs read it: JSON-ready dicts and text lines (no rules here).

The words helpers turn counts, treasure supplies and lists into phrases, so that no printed line
shows a Python dict or list."""
from __future__ import annotations

from engine.indian_summer.kit import TREASURES
from engine.indian_summer.outcome import final_json, final_phase, results_of, standings_json
from engine.indian_summer.standings import standings
from engine.indian_summer.state import GameState
from engine.indian_summer.treasures import PLURAL, SINGULAR

# what each count on the screen and in the printed lines counts, said the same way everywhere
STILL_EMPTY = "still empty"  # squares of the board as it lies now
STANDINGS_NOW = "if the game ended now, after each player's final phase"


def count_words(n: int, singular: str, plural: str | None = None) -> str:
    """'1 square', '3 squares', 'no squares'."""
    plural = plural or singular + "s"
    if n == 0:
        return f"no {plural}"
    return f"{n} {singular if n == 1 else plural}"


def treasure_words(counts, empty: str = "no treasures") -> str:
    """A treasure supply (a dict by name, or a Treasures) as words: '1 Berry, 2 Nuts'; `empty` when
    there is none. Unknown names are said as they are, after the four treasures."""
    if not isinstance(counts, dict):
        counts = counts.as_dict()
    kinds = [k for k in TREASURES if k in counts] + sorted(k for k in counts if k not in TREASURES)
    parts = []
    for kind in kinds:
        n = int(counts[kind])
        if n:
            parts.append(f"{n} {(SINGULAR if n == 1 else PLURAL).get(kind, kind)}")
    return ", ".join(parts) if parts else empty


def list_words(items, empty: str = "none") -> str:
    """'1, 3 and 4'; `empty` for no items."""
    items = [str(i) for i in items]
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def value_words(value) -> str:
    """Any JSON-like value as words: yes/no, a treasure supply, a list, '-' for nothing."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "":
        return "-"
    if isinstance(value, dict):
        if value and set(value) <= set(TREASURES):
            return treasure_words(value, empty="none")
        return ", ".join(f"{k} {value_words(v)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(v) for v in value) or "-"
    return str(value)


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
        lines.append(f"{p['seat']} {p['name']} (side {p['side'] or 'custom'}): "
                     f"{count_words(p['empty_squares'], 'square')} {STILL_EMPTY}, "
                     f"Areas done {list_words(p['complete_areas'])}, path {p['path'] or '-'}, "
                     f"treasures {treasure_words(p['treasures'], empty='none')}")
        for row in p["pieces"].split("/"):
            lines.append("    " + " ".join(row))
    lines.append(f"Common Path {data['common_path'] or '-'} ({data['set_aside']} set aside); supply "
                 + treasure_words(data["supply"], empty="empty"))
    lines.append("standings" + ("" if state.over else f" {STANDINGS_NOW}") + ":")
    for place in data["standings"]:
        lines.append(f"  {place['place']}. {', '.join(place['players'])}: {place['reason']}")
    return lines

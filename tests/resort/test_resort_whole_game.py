"""A whole 4-player game typed line by line into `leafwatch resort play --headless`, kept round by round to the score."""
from __future__ import annotations

import json
import pathlib

from leafwatch.cli import main
from engine.summer_resort.actions import parse_action
from engine.summer_resort.components import RENT
from engine.summer_resort.record import load_resort_record
from engine.summer_resort.rules import step
from engine.summer_resort.state import format_resort

SCRIPT = pathlib.Path(__file__).with_name("four-player-game.txt")
PLAYERS = "Anna,Ben,Cleo,Dan"


def play_script(tmp_path, capsys):
    record = tmp_path / "game.json"
    code = main(["resort", "play", "--headless", "--no-journal", "--players", PLAYERS, "--script", str(SCRIPT),
                 "--record", str(record)])
    return code, capsys.readouterr().out, json.loads(record.read_text())


def rounds_of(record):
    """(round number, state at the end of that round, events of the round) for every round."""
    loaded = load_resort_record(record)
    s, events, out = loaded.start, [], []
    for text in record["actions"]:
        before = s.round
        s, ev = step(s, parse_action(text))
        events += ev
        if s.round != before or s.over:
            out.append((before, s, events))
            events = []
    return out


def test_the_whole_game_runs_headless_to_the_final_standings(tmp_path, capsys):
    code, out, record = play_script(tmp_path, capsys)
    assert code == 0, out[-2000:]
    for n in range(1, 13):
        assert f"  round {n}: " in out
    assert "round 12 was the last: the game is over" in out and "Final standings" in out
    # the standings the table saw are the ones 'resort score' gives for the record of the game
    shown = out[out.index("Final standings"):].splitlines()[1:5]
    assert shown[0].startswith("1. Dan: 47 points: 1500 zl cash and guests = 15")
    # Anna and Cleo both have 39 points: Anna has more money, so she is third
    assert shown[2].startswith("3. Anna: 39 points: 1000 zl") and "President = 5" in shown[2]
    assert shown[3].startswith("4. Cleo: 39 points: 700 zl")
    main(["resort", "score", str(tmp_path / "game.json")])
    scored = capsys.readouterr().out
    assert all(line.strip() in scored for line in shown)


def test_rounds_one_and_two_as_worked_by_hand(tmp_path, capsys):
    _, _, record = play_script(tmp_path, capsys)
    rounds = rounds_of(record)
    # round 1 (rain, 4 students): Ben's villa and Cleo's cottage and Anna's automobile cost nothing
    # (two tokens on an empty card); Dan's cottage is the second visit: 200. Dan and Anna each
    # house their student in an empty cottage.
    _, s1, _ = rounds[0]
    assert [p.money for p in s1.players] == [200, 200, 200, 0]
    assert [format_resort(p.lots) for p in s1.players] == ["cottage:stu, forest", "villa, forest",
                                                           "cottage, cottage", "cottage:stu, cottage"]
    assert s1.players[0].cars == (True,) and s1.porter == 1
    # round 2 (clouds: 5 cottages and 1 villa on the table bring 5 students and a convalescent)
    _, s2, ev2 = rounds[1]
    assert s2.revealed == ("rain", "clouds")
    assert [p.money for p in s2.players] == [200, 0, 0, 0]
    assert [format_resort(p.lots) for p in s2.players] == [
        "cottage:stu, cottage", "villa:stu+con, cottage", "villa:stu, cottage", "cottage:stu, cottage:stu+stu"]
    assert s2.porter == 2 and s2.president is None


def test_every_round_money_moves_only_by_prices_packages_and_rent(tmp_path, capsys):
    _, _, record = play_script(tmp_path, capsys)
    rounds = rounds_of(record)
    assert [n for n, _, _ in rounds] == list(range(1, 13))
    money = [200] * 4
    for n, s, events in rounds:
        for seat in range(4):
            paid = sum(e.get("price", 0) for e in events if e.player == seat and e.kind in ("buy", "package", "refuel"))
            rent = sum(e.get("rent", 0) for e in events if e.player == seat and e.kind == "housed")
            assert s.players[seat].money == money[seat] - paid + rent, (n, seat)
            money[seat] = s.players[seat].money
        # nobody ever keeps more than two guests, and only the kinds the house (or the one it grew from) took
        for p in s.players:
            assert all(len(lot.guests) <= 2 for lot in p.lots)


def test_final_scores_add_up_from_the_final_resorts(tmp_path, capsys):
    _, _, record = play_script(tmp_path, capsys)
    final = rounds_of(record)[-1][1]
    main(["resort", "score", str(tmp_path / "game.json"), "--json"])
    data = json.loads(capsys.readouterr().out)
    by_name = {s["name"]: s for s in data["standings"]}
    for seat, p in enumerate(final.players):
        cash = p.money + sum(RENT[g] for lot in p.lots for g in lot.guests)
        cards = sum({1: 2, 2: 5, 3: 10}.get(lot.level, 0) for lot in p.lots)
        expected = cash // 100 + cards + (5 if final.president == seat else 0)
        assert by_name[p.name]["points"] == expected and by_name[p.name]["money"] == cash
    points = [(s["points"], s["money"]) for s in data["standings"]]
    assert points == sorted(points, reverse=True)

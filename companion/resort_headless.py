"""`leafwatch resort play --headless`: the table's lines in, words out, one phase after another."""
from __future__ import annotations

from typing import Callable, Iterable

from companion.resort_table import ResortTable

HELP = ("type an action ('package', 'invite 3', 'invite 3+4', 'buy villa', 'buy pension with 2', 'refuel', "
        "'weather rain', 'deal stu con', 'build villa on 2', 'house stu>1 con>2'), or: "
        "? (the priced placements), auto (the suggested build or housing), undo, standings, quit")


WHY = {"cannot_afford": "cannot afford", "stack_empty": "stack empty", "no_fuelled_automobile": "no fuelled automobile",
       "nothing_to_refuel": "no automobile needs fuel", "car_taken": "taken"}


def menu_lines(table: ResortTable) -> list[str]:
    """The priced placements for the player to act, one line per token group: what is allowed at what
    price, then what is not and why."""
    out = []
    for tokens in table.token_groups():
        items = table.menu(tokens)
        ok, no = [], []
        cars = [it.label.split()[1] for it in items if it.allowed and it.label.startswith("car ")]
        pairs = [it.label.split()[1] for it in items if it.allowed and it.label.startswith("cars ")]
        if cars:
            ok.append("invite car " + " ".join(cars))
        if pairs:
            ok.append("by automobile " + " ".join(pairs))
        refused_pairs = [it for it in items if not it.allowed and it.label.startswith("cars ")]
        if not pairs and refused_pairs:
            no.append(f"invite by automobile ({WHY.get(refused_pairs[0].reason, refused_pairs[0].reason)})")
        for it in items:
            if it.label.startswith("car"):
                continue
            price = it.price_text() if it.allowed else (f"+{-it.price}" if it.price < 0 else str(it.price))
            if it.allowed:
                ok.append(f"{it.label} {price}")
            else:
                no.append(f"{it.label} {price} ({WHY.get(it.reason, it.reason)})")
        line = f"  with {tokens}: " + ", ".join(ok)
        if no:
            line += " | not allowed: " + ", ".join(no)
        out.append(line)
    return out


def turn_lines(table: ResortTable) -> list[str]:
    s = table.state
    lines = [table.prompt()]
    if s.phase == "actions":
        lines += ["  train: " + " | ".join(table.train_lines())]
        lines += menu_lines(table)
    elif s.phase in ("develop", "house"):
        lines += [f"  {text}   ({what})" for text, what in table.choices()]
    return lines


def run_headless(table: ResortTable, lines: Iterable[str], out: Callable[[str], None]) -> int:
    """Play lines until the game ends, the input ends or 'quit'. Exit code 1 when a line was refused."""
    refused = 0
    out("\n".join(table.player_lines()))
    for text in (t for _, t in table.history):
        for line in text:
            out(line)
    last_prompt = None
    feed = iter(lines)
    while not table.state.over:
        prompt = "\n".join(turn_lines(table))
        if prompt != last_prompt:
            out(prompt)
            last_prompt = prompt
        raw = next(feed, None)
        if raw is None:
            break
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        out(f"> {text}")
        word = text.lower()
        if word in ("quit", "q"):
            break
        if word in ("?", "help"):
            out(HELP)
            out("\n".join(menu_lines(table)) or "no placements now")
            last_prompt = None
            continue
        if word == "standings":
            out("\n".join(table.standing_lines()))
            continue
        if word == "undo":
            entry = table.undo()
        elif word == "auto":
            suggestion = table.suggestion()
            entry = table.enter(suggestion) if suggestion else None
            if entry is None:
                out("nothing to choose now")
                continue
        else:
            entry = table.enter(text)
        for line in entry.lines:
            out(("  " if entry.ok else "  ! ") + line)
        if not entry.ok:
            refused += 1
        last_prompt = None if entry.ok else last_prompt
    if table.state.over:
        out("\n".join(table.player_lines()))
    else:
        out(turn_lines(table)[0])
    out("\n".join(table.standing_lines()))
    if refused:
        out(f"{refused} line(s) were not accepted")
    return 1 if refused else 0

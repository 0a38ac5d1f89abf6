"""From what the camera sees to what the players did.

Vision proposes a piece notation per board; the tracker waits until a board has looked the same for a
few frames with nothing hidden (a hand has left), compares it with what the engine expects, and
explains the difference as engine actions. It never re-codes a rule: every explanation is checked by
`step`, and what no legal action explains becomes an alert carrying the engine's reason.

What the camera cannot see (a Berry spent, an exchange, a Mushroom's choice of players) is told to
the tracker with `declare`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import IllegalAction, NotationError
from engine.events import Event
from engine.indian_summer.actions import (
    Action, EndTurn, Exchange, Forgo, PlaceAnimal, PlaceLeaf, PlaceSquirrel, Source, UseBerry, UseFeather,
    UseMushroom, UseNut, parse_action,
)
from engine.indian_summer.placement import Placement
from engine.indian_summer.rules import legal_actions, step, tile_placements
from engine.indian_summer.squares import ALL_SQUARES, Square, mask_of, names
from engine.indian_summer.state import GameState
from engine.log import GameLog
from engine.indian_summer.treasures import SINGULAR

HOLES = "gyrt"
LEAF = "GYRgyrt"


@dataclass(frozen=True)
class BoardSeen:
    """One board as vision read it in one frame."""

    side: str | None
    pieces: str  # piece notation; '?' where hidden or unsure
    corners: tuple = ()


@dataclass(frozen=True)
class Notice:
    kind: str  # 'action' | 'prompt' | 'alert' | 'info'
    text: str
    player: str | None = None
    key: str = ""  # prompts and alerts with the same key replace each other; resolved ones vanish


@dataclass(frozen=True)
class Offer:
    """A declaration the table may have forgotten that explains what the camera sees: accepting it
    replaces that turn's `replaced` actions (from `turn_start` in the log) with `actions`; what the
    table did after that turn is kept."""

    text: str
    seat: int
    turn_start: int
    replaced: int
    actions: tuple[Action, ...]
    seen: str  # the board reading it explains


# what a player may forget to say, that changes how the seen moves read (the engine says which are
# legal), the likelier first: a Berry or a Feather costs less to forget to say than a Mushroom's choice
FORGETTABLE = (UseBerry, UseFeather, Exchange, UseMushroom)


@dataclass
class _Watch:
    recent: list = field(default_factory=list)  # the last few readings of this board
    accepted: str | None = None
    puzzled: str | None = None  # a reading no legal move explains, seen once: alert if it stays
    voted: tuple | None = None  # the change the last vote showed
    steady: int = 0  # frames that change has stayed the same


@dataclass
class Tracker:
    """`state` is where the game is; `game`, its start and every action taken since, is the truth that
    state is folded from (`_refold` is the one place that replays it)."""
    state: GameState
    stable_frames: int = 3
    game: GameLog | None = None
    turn_start: int = 0  # index into the log where the current turn began
    offers: list[Offer] = field(default_factory=list)  # explanations of the last unexplained change
    # seat -> the reading last taken in without an alert (its change explained, or none): a board read
    # by change takes its new reference then. The reader empties it once it has taken them.
    settled: dict[int, str] = field(default_factory=dict)
    _watch: dict[int, _Watch] = field(default_factory=dict)

    def __post_init__(self):
        if self.game is None:
            self.game = GameLog(self.state)

    @property
    def start(self) -> GameState:
        return self.game.start

    @property
    def log(self) -> tuple[Action, ...]:
        return self.game.actions

    def resume(self, actions) -> None:
        """Go on with a game part-played: `actions` taken since the start."""
        self._set_log(actions)
        self._refold()

    def _set_log(self, actions) -> None:
        self.game = GameLog(self.game.start, tuple(actions))

    # ------------------------------------------------------------------ the table tells
    def declare(self, text: str, seat: int | None = None) -> list[Notice]:
        """An action the camera cannot see, told by a player: 'berry', 'exchange berry berry > nut',
        'mushroom p2 p3', 'end'. With `seat`, the turns before that seat's are ended first."""
        try:
            action = parse_action(text)
        except (NotationError, IllegalAction) as exc:
            return [Notice("alert", f"cannot read {text!r}: {exc}", key="declare")]
        notices = self._advance_to(seat) if seat is not None and seat != self.state.current else []
        if seat is not None and seat != self.state.current:
            who = self.state.players[seat].name if seat < len(self.state.players) else f"seat {seat + 1}"
            return notices + [Notice("alert", f"{who} is not to play yet: {text!r} was not taken", who, "declare")]
        return notices + self._apply([action], who=self.state.player.name)

    def undo(self) -> list[Notice]:
        if not self.log:
            return [Notice("info", "nothing to undo")]
        undone = self.log[-1]
        self._set_log(self.log[:-1])
        self.offers = []
        self._refold()
        return [Notice("info", f"undone: {undone.format()}")]

    def last_action(self) -> str | None:
        """What `undo` would take back, as the log lists it."""
        if not self.log:
            return None
        seat = self.state.current
        if isinstance(self.log[-1], EndTurn):  # the turn it ended was the previous player's
            seat = (seat - 1) % len(self.state.players)
        return f"{self.state.players[seat].name}: {self.log[-1].format()}"

    def accept(self, choice: int = 0) -> list[Notice]:
        """Take an offered explanation: the turn is read again with what the table forgot to say."""
        if not 0 <= choice < len(self.offers):
            return [Notice("info", "there is no explanation to accept" if not self.offers else
                           f"choose 1 to {len(self.offers)}")]
        offer = self.offers[choice]
        end = offer.turn_start + offer.replaced
        old = self.log[offer.turn_start:end]
        saved = (self.game, self.state, self.turn_start)
        self._set_log(self.log[:offer.turn_start] + offer.actions + self.log[end:])
        try:
            self._refold()
        except IllegalAction as exc:
            self.game, self.state, self.turn_start = saved
            return [Notice("alert", f"the explanation no longer fits what was played since: {exc.message}",
                           None, "offer")]
        self.offers = []
        self._watch.setdefault(offer.seat, _Watch()).accepted = offer.seen
        self.settled[offer.seat] = offer.seen
        name = self.state.players[offer.seat].name
        notices = [Notice("info", f"taken: {offer.text}", name, f"offer:{offer.seat}")]
        same = 0
        while same < min(len(old), len(offer.actions)) and old[same] == offer.actions[same]:
            same += 1
        notices += [Notice("action", f"{name}: {a.format()}", name) for a in offer.actions[same:]]
        return notices

    def _offers_for(self, seat: int, seen: str) -> list[Offer]:
        """Declarations the table may have forgotten this turn that make the whole turn's change read
        as legal moves; the engine decides which declarations are legal and whether the moves fit."""
        saved = (self.game, self.state, self.turn_start, {k: w.accepted for k, w in self._watch.items()})
        seen_moves = (PlaceLeaf, PlaceSquirrel, UseNut, PlaceAnimal, UseFeather)
        declared = tuple(a for a in self.log[self.turn_start:] if not isinstance(a, seen_moves))
        before = self.log[:self.turn_start]
        offers: list[Offer] = []
        try:
            self._set_log(before + declared)
            self._refold()
            base = self.state
            candidates = sorted(dict.fromkeys(a for a in legal_actions(base) if isinstance(a, FORGETTABLE)),
                                key=lambda a: FORGETTABLE.index(type(a)))
            for extra in candidates:
                self._set_log(before + declared + (extra,))
                try:
                    self._refold()
                except IllegalAction:
                    continue
                again = self._explain(seat, seen, patient=True, rereading=True)
                if again and not any(n.kind == "alert" for n in again) and any(n.kind == "action" for n in again):
                    turn = tuple(self.log[saved[2]:])
                    offers.append(Offer(self._offer_text(base, extra, turn), seat, saved[2],
                                        len(saved[0].actions) - saved[2], turn, seen))
        finally:
            self.game, self.state, self.turn_start = saved[0], saved[1], saved[2]
            for k, accepted in saved[3].items():
                self._watch[k].accepted = accepted
        return offers[:4]

    @staticmethod
    def _offer_text(state: GameState, extra: Action, turn: tuple[Action, ...]) -> str:
        me = state.player.name
        if isinstance(extra, UseMushroom):
            whose = [("the Common Path's" if t.kind == "common" else f"{state.players[t.index].name}'s")
                     for t in extra.targets]
            what = f"played a Mushroom with {' and '.join(whose)} first tile{'s' if len(whose) > 1 else ''}"
        elif isinstance(extra, UseFeather):
            what = "played a Feather for two tiles of their own path"
        elif isinstance(extra, UseBerry):
            what = "spent a Berry for another tile from beside the Bush"
        else:
            what = f"exchanged first ({extra.format()})"
        moves = ", ".join(a.format() for a in turn if not isinstance(a, FORGETTABLE))
        return f"{me} may have {what}: {moves}"

    def open_prompts(self) -> list[Notice]:
        """Tokens still to put down or pick up, judged from each board's last steady reading."""
        out = []
        for seat, w in sorted(self._watch.items()):
            if w.accepted and seat < len(self.state.players):
                out += self._token_notices(seat, self.state.players[seat].board.pieces, w.accepted.replace("/", ""))
        return out

    # ------------------------------------------------------------------ the camera sees
    def observe(self, boards: list[BoardSeen]) -> list[Notice]:
        notices: list[Notice] = []
        for seat, seen in self._assign(boards).items():
            w = self._watch.setdefault(seat, _Watch())
            # the vote over recent frames is the steadiness test: a square counts once enough frames agree
            w.recent = (w.recent + [seen.pieces])[-(2 * self.stable_frames - 1):]
            voted = _vote(w.recent, self.stable_frames)
            # steady means: the change this reading shows (against the engine's board) holds still;
            # squares flickering between unreadable and as-they-were do not count
            change = _change_of(self.state.players[seat].board.pieces, voted)
            w.steady = w.steady + 1 if change == w.voted else 1
            w.voted = change
            if voted == w.accepted or w.steady < 2:
                continue  # (a vote that still moves is a board caught mid-change, square by square)
            # unreadable squares that stay put for a while are the camera's doubt, not a hand
            explained = self._explain(seat, voted, patient=w.steady >= 2 * self.stable_frames)
            if explained is None:
                continue  # part of the change is still hidden: wait for a clearer look
            if any(n.kind == "alert" for n in explained):
                if voted != w.puzzled:
                    w.puzzled = voted  # the vote may still be settling: complain only if it stays so
                    continue
                if seat == self.state.current:
                    self.offers = self._offers_for(seat, voted)
                    explained = explained + [Notice("offer", o.text, self.state.players[seat].name, f"offer:{i}")
                                             for i, o in enumerate(self.offers)]
            w.accepted = voted
            if not any(n.kind == "alert" for n in explained):
                self.settled[seat] = voted
            notices += explained
        return notices

    def _assign(self, boards: list[BoardSeen]) -> dict[int, BoardSeen]:
        """Which seat each board belongs to: by its printed side, which every player's board differs in;
        failing that, by its pieces (a nearly full board shows too little floor to name its side)."""
        sides = {p.side: i for i, p in enumerate(self.state.players) if p.side}
        claimed = [b.side for b in boards]
        # a side read twice in one frame is a misreading of one of them: trust neither this time
        out = {sides[b.side]: b for b in boards if b.side in sides and claimed.count(b.side) == 1}
        missing = [i for i in sides.values() if i not in out]
        if len(missing) == 1:
            fits = [b for b in (_as_laid(b, self.state.players[missing[0]].board.pieces)
                                for b in boards if b.side is None) if b is not None]
            if len(fits) == 1:
                out[missing[0]] = fits[0]
        return out

    # ------------------------------------------------------------------ explaining a change
    def _explain(self, seat: int, seen: str, patient: bool = False, rereading: bool = False) -> list[Notice] | None:
        """Notices for a steady reading; None to wait, when hidden squares ('?') may hide the change."""
        name = self.state.players[seat].name
        expected = self.state.players[seat].board.pieces
        raw = seen.replace("/", "")
        cells = "".join(_believe(expected[i], ch) for i, ch in enumerate(raw))
        raw_with_hidden = "".join("?" if ch == "?" else c for ch, c in zip(raw, cells))
        hidden = [i for i, ch in enumerate(raw) if ch == "?"]
        if hidden:
            # several unreadable squares around a change: a hand may still be over the tile, wait.
            # One or two are a camera's doubt, which the match against legal moves can bear.
            changed = {i for i in range(72) if not _same(expected[i], cells[i])}
            touching = [i for i in hidden if any(n.index in changed for n in _around(ALL_SQUARES[i]))]
            if len(touching) > 2 and not patient:
                return None
        cells = _drop_specks(expected, cells, min(self.state.kit.size_of_colour.values()))
        notices = self._token_notices(seat, expected, cells)
        new = [Square(i) for i in range(72) if expected[i] == "." and cells[i] != "."]
        animals = [Square(i) for i in range(72) if expected[i] in "gyr" and cells[i] == "a"]
        lifted = [Square(i) for i in range(72) if expected[i] != "." and cells[i] == "."]
        if lifted and seat == self.state.current:
            reread = self._reread_turn(seat, seen, lifted)
            if reread is not None:
                return reread
        if lifted:
            notices.append(Notice("alert", f"{name}: pieces were lifted from {names(lifted)}; placed pieces may not move: put them back", name, f"moved:{seat}"))
            # the game goes on: those squares count as still covered while the table sorts it out
            gone = {sq.index for sq in lifted}
            cells = "".join(expected[i] if i in gone else ch for i, ch in enumerate(cells))
            raw_with_hidden = "".join(expected[i] if i in gone else ch for i, ch in enumerate(raw_with_hidden))
        if not new and not animals:
            return notices
        if seat != self.state.current:
            notices += self._advance_to(seat)
            if seat != self.state.current:
                return notices
        elif self._next_turn_alone(cells, new):
            notices += self._apply([EndTurn()], who=name)
        actions = self._actions_for(seat, cells, new, animals, raw_with_hidden)
        if actions is None or isinstance(actions, Notice):
            # nothing explains the change on top of this turn's moves. Once the view has settled,
            # try the whole turn's change at once (an early look, or which player's tile the
            # Mushroom took, may have been taken wrongly); complain only if that fails too.
            if not rereading and seat == self.state.current and self._turn_has_seen_moves():
                if not patient:
                    return None
                reread = self._reread_turn(seat, seen, [])
                if reread is not None:
                    return reread
            if actions is None:
                return None
            return notices + [actions]
        return notices + self._apply(actions, who=name, seat=seat)

    def _token_notices(self, seat: int, expected: tuple[str, ...], cells: str) -> list[Notice]:
        """Tokens the table still has to put down or pick up: prompts, until the camera sees them done."""
        player = self.state.players[seat]
        out = []
        owed = [Square(i) for i in range(72) if expected[i] == "t" and cells[i] in "gyr"]
        for sq in owed:
            kind = player.board.printed.treasure_at(sq)
            out.append(Notice("prompt", f"{player.name}: put a {SINGULAR[kind]} token on the hole at {sq}", player.name, f"token:{seat}:{sq}"))
        stale = [Square(i) for i in range(72) if expected[i] in "gyr" and cells[i] == "t"]
        if stale:
            out.append(Notice("prompt", f"{player.name}: take the tokens from {names(stale)} into your supply", player.name, f"take:{seat}"))
        return out

    def _advance_to(self, seat: int) -> list[Notice]:
        """Another board changed: the turns before it have ended."""
        out = []
        for _ in range(len(self.state.players)):
            if self.state.current == seat or self.state.over:
                break
            out += self._apply([EndTurn()], who=self.state.player.name)
            if out and out[-1].kind == "alert":
                break
        return out

    def _next_turn_alone(self, cells: str, new: list[Square]) -> bool:
        """Whether a player alone at the table has begun the next turn: no other board's move ends a
        turn, so a leaf tile laid once this turn's main action is done, with no Feather to lay it this
        turn, is the next turn's. (With a Feather, or for a squirrel, which may be a Nut spent, the move
        could belong to either turn: the player says "end" first.)"""
        state = self.state
        return (len(state.players) == 1 and state.main_done and state.pending is None and not state.over
                and state.player.treasures.feather == 0 and any(cells[s.index] in LEAF for s in new))

    def _actions_for(self, seat: int, cells: str, new: list[Square], animals: list[Square], raw_cells: str = ""):
        state = self.state
        raw_cells = raw_cells or cells
        name = state.players[seat].name
        actions: list[Action] = []
        leaf_squares = [s for s in new if cells[s.index] in LEAF]
        squirrels = [s for s in new if cells[s.index] == "s"]
        odd = [s for s in new if cells[s.index] not in LEAF + "s"]
        if odd:
            return Notice("alert", f"{name}: {names(odd)} read as '{cells[odd[0].index]}' on empty squares; check the board", name, f"odd:{seat}")
        if leaf_squares:
            tiles = self._cover_with_tiles(state, raw_cells, leaf_squares)
            if tiles is None:
                return Notice("alert", f"{name}: the leaf squares {names(leaf_squares)} are not tiles {name} may place now", name, f"leaf:{seat}")
            before = state.main_done or state.pending is not None
            if len(tiles) >= 2 and not before and state.pending is None:
                actions.append(UseFeather())
            actions += tiles
        for sq in squirrels:
            main_free = not state.main_done and state.pending is None and not leaf_squares and not any(isinstance(a, PlaceSquirrel) for a in actions)
            actions.append(PlaceSquirrel(sq) if main_free else UseNut(sq))
        if animals:
            animal = self._animal_for(raw_cells, animals)
            if animal is None:
                return None  # not yet the shape of any animal that may lie there: look again
            actions.append(animal)
        return actions

    def _cover_with_tiles(self, state: GameState, cells: str, squares: list[Square]) -> list[PlaceLeaf] | None:
        """The placements, of tiles the player may place now, that best explain the new leaf squares.

        Vision proposes, the engine decides: every candidate is a legal placement, scored against
        the reading square by square, so a misread square or two does not hide a move."""
        target = mask_of(squares)
        board = state.player.board
        # The most specific explanation first: a tile known by shape, then by colour, then unseen.
        sources = sorted(self._leaf_sources(state),
                         key=lambda st: (state.tiles[st[1]].shape is None, state.tiles[st[1]].colour is None))
        options = []  # (cost, placement, source)
        for src, tile in sources:
            for p in tile_placements(state, tile, board):
                overlap = p.mask & target
                if bin(overlap).count("1") * 2 < p.size:
                    continue  # most of the tile must show as new leaf squares
                colours = [state.tiles[tile].colour] if state.tiles[tile].colour else list(state.kit.size_of_colour)
                for colour in colours:
                    if state.kit.size_of_colour[colour] != p.size:
                        continue
                    options.append((_misfit(cells, p, colour, board.printed), p, src))
        if not options:
            return None
        options.sort(key=lambda o: o[0])
        best = None
        for cost, p, src in options[:60]:
            left = target & ~p.mask
            total = cost + bin(left).count("1")
            if best is None or total < best[0]:
                best = (total, (PlaceLeaf(src, p),))
            if bin(left).count("1") >= 3:  # a second tile (Feather or Mushroom) may explain the rest
                for cost2, p2, src2 in options[:60]:
                    if src2 == src or p2.mask & p.mask or not p2.mask & left:
                        continue
                    total2 = cost + cost2 + bin(left & ~p2.mask).count("1")
                    if total2 < best[0]:
                        best = (total2, (PlaceLeaf(src, p), PlaceLeaf(src2, p2)))
        total, found = best
        covered = sum(a.placement.size for a in found)
        if total > max(1.0, covered / 3):
            return None
        # taking a tile shifts the later path positions: place from the back of the path first
        return sorted(found, key=lambda a: -a.source.index if a.source.kind == "path" else 0)

    def _leaf_sources(self, state: GameState) -> list[tuple[Source, int]]:
        pend = state.pending
        if pend is not None and pend.kind == "mushroom":
            out = []
            for s in pend.sources:
                tile = state.common[0] if s.kind == "common" and state.common else (
                    state.players[s.index].path[0] if s.kind == "seat" and state.players[s.index].path else None)
                if tile is not None:
                    out.append((s, tile))
            return out
        return [(Source("path", i), t) for i, t in enumerate(state.player.path)]

    def _animal_for(self, cells: str, squares: list[Square]) -> Action | None:
        """The legal animal placement that best fits the squares read as animal; None to wait.

        A square read as an empty hole counts against an animal lying there; an unreadable one only
        half. If a larger animal would fit as well but for unreadable squares, look again first."""
        seen = mask_of(squares)
        scored = []
        for a in legal_actions(self.state):
            if not isinstance(a, PlaceAnimal) or not a.mask & seen:
                continue
            cost = sum(0 if cells[s.index] == "a" else 0.5 if cells[s.index] == "?" else 1 for s in a.squares)
            scored.append((cost + bin(seen & ~a.mask).count("1"), a))
        if not scored:
            return None
        cost, best = min(scored, key=lambda c: (c[0], -bin(c[1].mask).count("1")))
        if cost > 0.5:
            return None
        unclear = mask_of(s for s in ALL_SQUARES if cells[s.index] == "?")
        for _, other in scored:
            grown = other.mask & ~best.mask
            if other.mask & best.mask == best.mask and grown and grown & unclear == grown:
                return None  # a larger animal may lie there, under squares not yet seen
        return best

    # ------------------------------------------------------------------ applying
    def _apply(self, actions: list[Action], who: str, seat: int | None = None) -> list[Notice]:
        state = self.state
        notices: list[Notice] = []
        events: list[Event] = []
        try:
            for a in actions:
                state, ev = step(state, a)
                events += ev
        except IllegalAction as exc:
            retry = self._reinterpret(actions)
            if retry is not None:
                return retry
            return [Notice("alert", f"{who}: {exc.message} [{exc.code}]", who, f"illegal:{exc.code}")]
        self.state = state
        for a in actions:
            if isinstance(a, EndTurn):
                self.turn_start = len(self.log) + 1
            self.game = self.game.append(a)
        for a in actions:
            notices.append(Notice("action", f"{who}: {a.format()}", who))
        notices += [Notice(*_notice_of(e, state)) for e in events if _notice_of(e, state)]
        return notices

    def _turn_has_seen_moves(self) -> bool:
        return any(isinstance(a, (PlaceLeaf, PlaceSquirrel, UseNut, PlaceAnimal)) for a in self.log[self.turn_start:])

    def _reread_turn(self, seat: int, seen: str, lifted: list[Square]) -> list[Notice] | None:
        """Squares this turn's own moves covered now read empty: the earlier reading was wrong (a hand
        taken for a tile, a square misread), not a piece lifted. Take back this turn's seen moves,
        keep what was declared, and explain the steadier reading instead."""
        turn = self.log[self.turn_start:]
        seen_moves = (PlaceLeaf, PlaceSquirrel, UseNut, PlaceAnimal, UseFeather)
        covered = 0
        for a in turn:
            if isinstance(a, PlaceLeaf):
                covered |= a.placement.mask
            elif isinstance(a, (PlaceSquirrel, UseNut)):
                covered |= a.square.bit
            elif isinstance(a, PlaceAnimal):
                covered |= a.mask
        if not covered or any(not sq.bit & covered for sq in lifted):
            return None  # (with no lifted squares: any turn with seen moves may be read again)
        saved = (self.game, self.state, self.turn_start)
        kept = tuple(a for a in turn if not isinstance(a, seen_moves))
        self._set_log(self.log[:self.turn_start] + kept)
        try:
            self._refold()
        except IllegalAction:
            self.game, self.state, self.turn_start = saved
            return None
        again = self._explain(seat, seen, patient=True, rereading=True)
        now = self.state.players[seat].board.pieces
        cells = seen.replace("/", "")
        still_lifted = any(now[i] != "." and cells[i] == "." for i in range(72))
        if not again or still_lifted or any(n.kind == "alert" for n in again):
            self.game, self.state, self.turn_start = saved
            self._refold()
            return None
        return [Notice("info", f"{self.state.players[seat].name}'s move read again from a clearer look")] + again

    def _reinterpret(self, actions: list[Action]) -> list[Notice] | None:
        """Read the turn so far again in the light of a new leaf: a squirrel taken for the main action
        was a Nut squirrel, or the earlier leaf was the first of a Feather's two."""
        turn = list(self.log[self.turn_start:])
        if len(actions) == 1 and isinstance(actions[0], Forgo):
            if actions[0].source is None:  # the Feather's second tile fits nowhere: the first came with it
                rewrites = [_with_feather]
            else:
                rewrites = [lambda t: _swap_mushroom_source(t, actions[0].source)]
            new = lambda t: list(actions)
        elif any(isinstance(a, PlaceLeaf) for a in actions):
            rewrites = [_as_nut_squirrel, _with_feather, lambda t: _with_feather(_as_nut_squirrel(t) or [])]
            new = lambda t: list(actions)
        else:
            return None
        for rewrite in rewrites:
            rewritten = rewrite(turn)
            if not rewritten:
                continue
            actions = new(turn)
            candidate = GameLog(self.start, self.log[:self.turn_start] + tuple(rewritten) + tuple(actions))
            try:
                candidate.replay(_state_after)
            except IllegalAction:
                continue
            self._set_log(candidate.actions[:-len(actions)])
            self._refold()
            what = {_as_nut_squirrel: "was a Nut squirrel", _with_feather: "came with a Feather"}.get(
                rewrite, "took its tile from the other player")
            notices = [Notice("info", f"{self.state.player.name}'s turn read again: the earlier move {what}")]
            return notices + self._apply(list(actions), who=self.state.player.name)
        return None

    def _refold(self) -> None:
        self.state = self.game.replay(_state_after)
        ends = [i for i, a in enumerate(self.log) if isinstance(a, EndTurn)]
        self.turn_start = ends[-1] + 1 if ends else 0
        for w in self._watch.values():
            w.accepted = None


def _state_after(state: GameState, action: Action) -> GameState:
    return step(state, action)[0]


def _swap_mushroom_source(turn: list[Action], forgone: Source) -> list[Action] | None:
    """The tile credited to the seat now said to be forgone came from the Mushroom's other target."""
    targets = next((a.targets for a in turn if isinstance(a, UseMushroom)), ())
    others = [t for t in targets if t != forgone]
    for i, a in enumerate(turn):
        if isinstance(a, PlaceLeaf) and a.source == forgone and others:
            return turn[:i] + [PlaceLeaf(others[0], a.placement)] + turn[i + 1:]
    return None


def _as_nut_squirrel(turn: list[Action]) -> list[Action] | None:
    for i, a in enumerate(turn):
        if isinstance(a, PlaceSquirrel):
            return turn[:i] + [UseNut(a.square)] + turn[i + 1:]
    return None


def _with_feather(turn: list[Action]) -> list[Action] | None:
    if any(isinstance(a, UseFeather) for a in turn):
        return None
    for i, a in enumerate(turn):
        if isinstance(a, PlaceLeaf):
            return turn[:i] + [UseFeather()] + turn[i:]
    return None


def _vote(readings: list[str], needed: int) -> str:
    """Each square as most recent readings agree; '?' where fewer than `needed` agree. A camera's
    misreads come and go with its noise, a piece on the board stays."""
    if needed <= 1:
        return readings[-1]
    out = []
    for chars in zip(*readings):
        best = max(set(chars), key=chars.count)
        out.append(best if chars.count(best) >= needed or best == "/" else "?")
    return "".join(out)


def _change_of(expected: tuple[str, ...], voted: str) -> tuple:
    cells = voted.replace("/", "")
    return tuple((i, ch) for i, ch in enumerate(cells) if ch != "?" and _believe(expected[i], ch) != expected[i])


def _believe(expected: str, seen: str) -> str:
    """What a square's reading can mean, given what the engine knows lies there. A placed tile, squirrel
    or animal never changes, so any other reading of it is a misread; only its absence (lifted) counts.
    A hole may gain or lose its token, or an animal; an empty square gains a piece, never an animal."""
    if seen == "?":
        return expected
    if expected == ".":
        return "." if seen == "a" else seen
    if expected in HOLES:
        return seen if seen in HOLES or seen in "a." else expected
    return "." if seen == "." else expected


def _drop_specks(expected: tuple[str, ...], cells: str, smallest_tile: int) -> str:
    """New leaf squares in a patch smaller than the smallest tile cannot be a tile: a misread."""
    new = {i for i in range(72) if expected[i] == "." and cells[i] in LEAF}
    out = list(cells)
    seen: set[int] = set()
    for start in new:
        if start in seen:
            continue
        patch, todo = {start}, [start]
        while todo:
            for n in ALL_SQUARES[todo.pop()].neighbours():
                if n.index in new and n.index not in patch:
                    patch.add(n.index)
                    todo.append(n.index)
        seen |= patch
        if len(patch) < smallest_tile:
            for i in patch:
                out[i] = "."
    return "".join(out)


def _around(sq: Square) -> list[Square]:
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            c, r = sq.col + dc, sq.row + dr
            if (dc or dr) and 0 <= c < 9 and 0 <= r < 8:
                out.append(Square.at(c, r))
    return out


PIECES_TO_IDENTIFY = 36  # covered squares a board must have (and show) to be known by its pieces alone
PIECES_AGREEING = 0.9  # ... and the share of them that must read as they lie


def _as_laid(seen: BoardSeen, expected: str) -> BoardSeen | None:
    """`seen` turned the way round its pieces agree with `expected`'s, if they agree closely enough to
    say that it is that board. Only covered squares count: an empty board looks like any other."""
    covered = [i for i, ch in enumerate(expected) if ch != "."]
    if len(covered) < PIECES_TO_IDENTIFY:
        return None
    turned = "/".join(row[::-1] for row in reversed(seen.pieces.split("/")))
    for pieces in (seen.pieces, turned):  # with no side named, which corner is A1 is a guess
        raw = pieces.replace("/", "")
        shown = [i for i in covered if raw[i] != "?"]
        agree = sum(_same(expected[i], raw[i]) for i in shown)
        if len(shown) >= PIECES_TO_IDENTIFY and agree >= PIECES_AGREEING * len(shown):
            return BoardSeen(None, pieces, seen.corners)
    return None


def _same(expected: str, seen: str) -> bool:
    if expected == seen:
        return True
    # a token being put down or picked up is the table catching up, not a different piece
    return expected in HOLES and seen in HOLES


def _misfit(cells: str, p: Placement, colour: str, printed) -> float:
    """How badly a reading fits a tile of this colour lying at p: 1 for a square read empty, 0.5 for
    the wrong colour, a hole read as solid (or back), or a token where none can lie (a token goes
    only on a hole over a printed treasure); 0 for a square not seen ('?')."""
    solid = colour[0].upper()
    cost = 0.0
    for sq in p.squares:
        ch = cells[sq.index]
        if ch == "?":
            continue
        if ch == ".":
            cost += 1
        elif sq.index == p.hole:
            fits = (colour[0], "t") if printed.treasure_at(sq) else (colour[0],)
            cost += 0 if ch in fits else 0.5
        else:
            cost += 0 if ch == solid else 0.5
    return cost


def _notice_of(e: Event, state: GameState):
    who = state.players[e.player].name if e.player is not None and e.player < len(state.players) else None
    if e.kind == "token_placed":
        return ("prompt", e.text[0].upper() + e.text[1:], who, f"token:{e.player}:{e.get('square')}")
    if e.kind == "area_complete":
        return ("prompt", f"{who}: {e.text}", who, f"area:{e.player}:{e.get('area')}")
    if e.kind in ("supply_short", "tiles_short"):
        return ("alert", e.text, who, f"{e.kind}:{e.player}")
    if e.kind in ("end_triggered", "game_over", "path_refilled", "common_refilled", "animal_placed", "turn"):
        return ("info", e.text, who, e.kind)
    return None

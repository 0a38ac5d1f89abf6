"""The live table: camera frames through vision into the session, declarations from the players, and
the LED bridge. Front ends (the TUI, the headless log) feed it and show its views."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterable, Iterator

from companion.session import TableSession, TableView
from companion.tracker import Notice
from engine.indian_summer.state import GameState


@dataclass(frozen=True)
class FrameItem:
    """A camera frame (BGR image) and, for a demo, what happened before it."""
    image: object
    label: str = ""


@dataclass(frozen=True)
class DeclareItem:
    """A move the camera cannot see, told by a player (a key in the TUI, or the demo's script)."""
    seat: int | None
    text: str


@dataclass(frozen=True)
class Update:
    notices: tuple[Notice, ...]
    view: TableView
    frames: int
    camera: str  # status line: boards seen, ms per frame
    label: str = ""


class LiveTable:
    RELOCATE_EVERY = 15  # frames between full board searches; in between, boards are read where they were

    def __init__(self, state: GameState, stable_frames: int = 3, profile=None, led=None, journal=None,
                 record: dict | None = None, actions: list | None = None, game_id: int | None = None,
                 search_beside: bool = False, learn_appearance: bool = True):
        """`search_beside`: a live camera's table; the search for boards runs beside the steady reading
        instead of in its way (a recording is read frame by frame, the search in line, so that a replay
        gives the same game every time). `learn_appearance`: learn the table's pieces from the moves taken
        in (companion.appearance_learning), and read every later frame with them."""
        self.led = led
        self._search = None
        if search_beside:
            from companion.board_search import BoardSearch

            self._search = BoardSearch(self._find_boards)
        self._searched_at = -self.RELOCATE_EVERY
        self.session = TableSession(state, stable_frames, on_cue=led.send if led is not None else None,
                                    journal=journal, record=record, actions=actions, game_id=game_id)
        self.profile = profile
        self.frames = 0
        self._locations = None
        self._known = None
        self.last_ms = 0.0
        self.boards_seen = 0
        self._beyond: dict[str, tuple[str, ...]] = {}  # each side's squares last seen beyond the picture
        self.last_image = None  # the last camera frame read, for a camera check
        self.learning = None  # the table's pieces learned in play, from the first camera frame on
        self._learn_appearance = learn_appearance
        self._by_change = None  # each board compared with its own settled picture (made on the first frame)
        self._thresholds = None  # thresholds.toml's table, read on the first camera frame and kept

    def _table(self) -> dict:
        """thresholds.toml's table (vision.thresholds), read once: every frame's reading is handed it."""
        if self._thresholds is None:
            from vision.thresholds import thresholds

            self._thresholds = thresholds()
        return self._thresholds

    def _known_sides(self):
        if self._known is None:
            self._known = {p.side: p.board.printed.format() for p in self.session.state.players if p.side}
        return self._known

    def process(self, item) -> Update:
        if isinstance(item, DeclareItem):
            # 'undo' told as a line (a table keeping score in a plain terminal) takes back the last action
            undo = item.text.strip().lower() == "undo"
            notices = self.session.undo() if undo else self.session.declare(item.text, item.seat)
            return Update(tuple(notices), self.session.view(), self.frames, self.camera_status())
        notices = self._frame(item.image)
        return Update(tuple(notices), self.session.view(), self.frames, self.camera_status(), item.label)

    def _frame(self, image) -> list[Notice]:
        from vision.analysis import analyze
        from vision.locate.location import BoardLocation
        from vision.classify.mlp import ModelFileError

        t = time.perf_counter()
        self.frames += 1
        if self._learn_appearance and self.learning is None:
            self._start_learning()
        if self.profile is not None:
            image = self.profile.undistorted(image)
        self.last_image = image
        if self._search is not None:
            return self._frame_beside(image, t)
        reuse = self._locations if self._locations and self.frames % self.RELOCATE_EVERY else None
        try:
            result = analyze(image, self.profile, self._known_sides(), locations=reuse, thresholds=self._table())
        except ValueError as exc:
            return [Notice("alert", f"camera frame unreadable: {exc}", key="camera")]
        except ModelFileError as exc:
            # the game goes on by hand (declared moves) while the installation is mended
            return [Notice("alert", f"the camera cannot read boards: {exc}", key="camera")]
        if reuse is None:
            found = [BoardLocation(b.corners, b.method, True, 1.0) for b in result.boards if b.side]
            # reuse only a complete set, one board per player: a board half hidden by a hand (or read
            # as another player's) must be searched for again
            sides = sorted(b.side for b in result.boards if b.side)
            self._locations = found if sides == sorted(self._known_sides()) else None
        self.last_ms = (time.perf_counter() - t) * 1000
        self.boards_seen = len(result.boards)
        notices = self.session.note(self._out_of_view(result.boards)) + self._track(image, result.boards)
        self._learn(image, result.boards)
        return notices

    def _track(self, image, boards) -> list[Notice]:
        """The boards read by their change since they last settled (companion.boards_by_change), into the
        session; the boards the tracker settles take their new references."""
        if self._by_change is None:
            from companion.boards_by_change import BoardsByChange

            self._by_change = BoardsByChange(self.session.tracker.stable_frames, thresholds=self._table())
        tracker = self.session.tracker
        notices = self.session.frame(self._by_change.seen(image, boards, self.session.state))
        self._by_change.settle(tracker.settled, self.session.state)
        tracker.settled = {}
        return notices

    def _find_boards(self, image):
        """Every player's board found from nothing (the search thread's work): their locations, or None
        unless each player's board was found, once."""
        from vision.analysis import analyze
        from vision.locate.location import BoardLocation

        result = analyze(image, self.profile, self._known_sides(), thresholds=self._table())
        sides = sorted(b.side for b in result.boards if b.side)
        if sides != sorted(self._known_sides()):
            return None
        return [BoardLocation(b.corners, b.method, True, 1.0) for b in result.boards if b.side]

    def _frame_beside(self, image, started: float) -> list[Notice]:
        """A live camera's frame: read where the boards lie; the search runs beside, on a frame now and
        then, and on every frame while a board is missing, when the searcher is free."""
        from vision.analysis import analyze
        from vision.classify.mlp import ModelFileError

        found = self._search.take()
        if found is not None:
            self._locations = found
        due = self._locations is None or self.frames - self._searched_at >= self.RELOCATE_EVERY \
            or self.boards_seen < len(self._known_sides())
        if due and self._search.offer(image):
            self._searched_at = self.frames
        if self._locations is None:  # nothing to read yet: the first search is under way
            self.last_ms = (time.perf_counter() - started) * 1000
            self.boards_seen = 0
            return []
        try:
            result = analyze(image, self.profile, self._known_sides(), locations=self._locations,
                             thresholds=self._table())
        except ValueError as exc:
            return [Notice("alert", f"camera frame unreadable: {exc}", key="camera")]
        except ModelFileError as exc:
            return [Notice("alert", f"the camera cannot read boards: {exc}", key="camera")]
        self.last_ms = (time.perf_counter() - started) * 1000
        self.boards_seen = len([b for b in result.boards if b.side])
        notices = self.session.note(self._out_of_view(result.boards)) + self._track(image, result.boards)
        self._learn(image, result.boards)
        return notices

    def _start_learning(self) -> None:
        """The appearance memory: the profile's (learned in earlier games), or a new one; frames are read
        with it from now on."""
        from companion.appearance_learning import AppearanceLearning
        from vision.classify.appearance import AppearanceMemory
        from vision.profile import ColourProfile

        profile = ColourProfile() if self.profile is None else self.profile
        if not hasattr(profile, "with_appearance"):
            self._learn_appearance = False
            return
        table = self._table()
        memory = profile.appearance if profile.appearance is not None else AppearanceMemory(table["appearance"])
        self.profile = profile.with_appearance(memory)
        self.learning = AppearanceLearning(memory, settle_frames=self.session.tracker.stable_frames, thresholds=table)

    def _learn(self, image, boards) -> None:
        """After the session has taken in a frame: the squares the game now vouches for, learned."""
        if self.learning is not None:
            self.learning.learn(image, boards, self.session.state, self.profile)

    def close(self) -> None:
        if self._search is not None:
            self._search.close()

    def camera_check(self, folder=".") -> list[str]:
        """`leafwatch camera check` on the last frame read, with the players' sides: the report's lines, the
        last naming the picture written (a new camera-check.png in `folder`) with every board drawn on it."""
        from vision.camera_check import check_frame
        from vision.overlay import PictureError, draw_boards, write_png

        if self.last_image is None:
            return ["camera check: no camera frame read yet"]
        image = self.last_image
        check = check_frame(image, self.profile, self._known_sides())
        lines = [f"camera check: {check.summary()}"] + check.board_lines()
        lines += [f"warning: {w.text}" for w in check.warnings]
        try:
            path = write_png(draw_boards(image, check.result, lines), folder=folder, stem="camera-check")
        except PictureError as exc:
            return lines + [f"the picture is not written: {exc}"]
        return lines + [f"picture: {path}"]

    def _out_of_view(self, boards) -> list[Notice]:
        """Said once when a player's board reaches beyond the picture (its squares there read hidden, so
        moves onto them cannot be seen), again when that changes, and when the board is back in view."""
        from engine.indian_summer.squares import Square, names

        out = []
        for b in boards:
            now = tuple(b.beyond_picture)
            if not b.side or now == self._beyond.get(b.side, ()):
                continue
            player = next((p.name for p in self.session.state.players if p.side == b.side), b.side)
            if now:
                self._beyond[b.side] = now
                where = names(Square.parse(s) for s in now) if len(now) <= 6 else f"{len(now)} squares"
                out.append(Notice("alert", f"{player}: the board reaches beyond the camera's view ({where}); "
                                  "move the camera or the board so all of it shows", player, f"view:{b.side}"))
            else:
                del self._beyond[b.side]
                out.append(Notice("info", f"{player}: the whole board is in the camera's view again", player,
                                  f"view:{b.side}"))
        return out

    def camera_status(self) -> str:
        led = f"; LED {self.led.status.state}" if self.led is not None else ""
        if self._search is not None and self._locations is None:
            return f"frame {self.frames}: looking for the boards{led}"
        return f"frame {self.frames}: {self.boards_seen} boards, {self.last_ms:.0f} ms{led}"

    def run(self, feed: Iterable) -> Iterator[Update]:
        for item in feed:
            yield self.process(item)

"""The leafwatch table screen: every player's board, the next step, prompts, alerts, the log.

The app is a view over companion's LiveTable. One thread worker owns the LiveTable (and so the
session, which is not thread-safe): it reads the feed (camera frames, or a demo's script), and between
frames it serves what the players declared with the keys, which the UI only puts on a queue. Each
result goes back to the UI as a `TableUpdated` message carrying the companion's `Update`; the UI draws
its immutable `view` and never touches the session itself.

A camera gives 30 frames a second, faster than a terminal redraws: while one TableUpdated waits to be
handled, later Updates join it (their notices kept in order, the newest view drawn), so the UI never
falls behind the table.
"""
from __future__ import annotations

import queue
import threading
import time
from typing import Iterable

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Header, RichLog, Static
from textual.worker import get_current_worker

from companion.live import DeclareItem, FrameItem, LiveTable, Update
from companion.tracker import Notice
from tui import render
from tui.help import HelpScreen, help_text, verb_keys
from tui.placement import PlacementScreen
from tui.widgets import BoardView, ConfirmScreen, DeclareScreen, NoticeList

EXCHANGE_HINT = ("Trade treasures with the supply: 2 alike for 1 of the next higher, or 1 for 1 of any lower\n"
                 "(berry < nut < mushroom < feather).  e.g.  exchange berry berry > nut   exchange nut > berry")
DECLARE_HINT = ("Any action the camera cannot see, or a correction:\n"
                "berry | exchange berry berry > nut | mushroom p2 p3 | forgo p2 | forgo | feather | end\n"
                "nut E4 | squirrel E4 | leaf path:1 *A1 B1 C1 | animal chipmunk A1 B1")

NO_CAMERA = ("No camera: every move by key. p leaf tile · s squirrel · n Nut squirrel · w animal\n"
             "(then arrows move, r rotates, v flips, enter places)")

PACES = (0.0, 0.05, 0.1, 0.2, 0.4, 0.8)  # seconds after each frame, chosen with + and -
DEMO_PACE = 0.1


class LeafwatchApp(App[int]):
    """The live table. `live` is a companion LiveTable; `feed` yields FrameItems / DeclareItems."""

    CSS_PATH = "app.tcss"
    TITLE = "leafwatch"
    BINDINGS = [
        Binding("b", "declare('berry')", "Berry"),
        Binding("x", "exchange", "Exchange"),
        Binding("m", "mushroom", "Mushroom"),
        Binding("f", "declare('feather')", "Feather"),
        Binding("e", "declare('end')", "End turn"),
        Binding("d", "declare_any", "Declare"),
        Binding("p", "place('leaf')", "Place tile"),
        Binding("s", "place('squirrel')", "Squirrel"),
        Binding("n", "place('nut')", "Nut"),
        Binding("w", "place('animal')", "Animal"),
        Binding("u", "undo", "Undo"),
        Binding("enter", "accept_offer", "Accept", show=False),
        Binding("o", "choose_offer", "Offers", show=False),
        Binding("a", "dismiss_alerts", "Dismiss alerts"),
        Binding("c", "camera_check", "Camera check", show=False),  # named in `play --help` and the README, not in the crowded footer
        Binding("space", "pause", "Pause/resume"),
        Binding("minus", "pace(1)", "Slower"),
        Binding("plus,equals_sign", "pace(-1)", "Faster", key_display="+"),
        Binding("question_mark", "help", "Keys", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("ctrl+c", "quit", "Quit", show=False),
    ]

    class TableUpdated(Message):
        """The worker applied a frame or a declaration: here is what the companion now shows. Updates
        that arrive while this message waits are added to it (`notices` in order, the newest `update`)."""

        def __init__(self, update: Update) -> None:
            super().__init__()
            self.update = update
            self.notices: list[tuple[int, object]] = [(update.frames, n) for n in update.notices]

    class FeedProblem(Message):
        """The feed failed (camera unplugged, unreadable video) or one item could not be processed."""

        def __init__(self, text: str, fatal: bool) -> None:
            super().__init__()
            self.text = text
            self.fatal = fatal  # the feed is gone; declarations still work

    class FeedEnded(Message):
        """The feed is over; the worker keeps serving declarations."""

    class CameraChecked(Message):
        """The worker checked the last camera frame: the report's lines."""

        def __init__(self, lines: list[str]) -> None:
            super().__init__()
            self.lines = lines

    def __init__(self, live: LiveTable, feed: Iterable | None, title: str = "leafwatch", pace: float = 0.0,
                 led_interval: float = 0.1) -> None:
        super().__init__()
        self.live = live
        self.feed = feed
        self.title = title
        self.pace = pace
        self.led_interval = led_interval
        self.view = None  # the last TableView drawn
        self.game_state = None  # the game that view shows (a frozen GameState), for the keyboard cursor
        self.view_alerts = None
        self.log_lines: list[str] = []  # every line written to the log, for tests and the exit summary
        self.warnings: list[str] = []
        self.feed_state = "running" if feed is not None else "none"  # running | paused | ended | failed | none
        self._lw_commands: queue.Queue = queue.Queue()
        self._pending_lock = threading.Lock()
        self._pending = None  # the TableUpdated posted and not yet handled
        self._feed_go = threading.Event()
        self._feed_go.set()
        self._halt = threading.Event()
        self._worker_thread: threading.Thread | None = None
        self._led_timer = None
        self.board_scale = 1
        self._table_screen = None  # the main screen, once mounted
        self._widgets: dict = {}
        self._shown: dict = {}  # selector -> what it shows, to skip redraws that change nothing
        self._recent: dict = {}  # this turn's "take treasures" notices, shown under To do
        # the first view is taken here, before the worker starts: afterwards only the worker reads the session
        self._first_update = Update((), live.session.view(), live.frames, live.camera_status())

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="boards-pane"):
                with Grid(id="boards"):
                    for p in self._first_update.view.players:
                        yield BoardView(p.seat)
                yield Static(render.legend(), id="legend")
            with Vertical(id="side"):
                yield Static("", id="next-step")
                yield Static("", id="warning", classes="empty")
                yield NoticeList("alert", id="alerts")
                yield NoticeList("prompt", id="prompts")
                yield Static("", id="standings")
                yield Static("", id="camera")
                yield Static("", id="led", classes="empty")
                yield RichLog(id="log", max_lines=1000, wrap=True, min_width=20)
        yield Footer()

    def _set(self, selector: str, content) -> None:
        """Update a Static only when its content changes: every update costs a layout pass."""
        key = content.plain + str(content.spans) if isinstance(content, Text) else content
        if self._shown.get(selector) != key:
            self._shown[selector] = key
            self._w(selector).update(content)

    def _w(self, selector: str):
        """A widget of the table screen, found once: a modal dialog on top must not hide it."""
        widget = self._widgets.get(selector)
        if widget is None:
            widget = self._widgets[selector] = self._table_screen.query_one(selector)
        return widget

    def on_mount(self) -> None:
        self._table_screen = self.screen
        for p in self._first_update.view.players:
            self._w(f"#board-{p.seat}")
        for selector in ("#alerts", "#prompts", "#standings", "#log", "#next-step", "#warning", "#camera", "#led",
                         "#boards", "#boards-pane"):
            self._w(selector)
        self._w("#alerts").border_title = "Alerts"
        self._w("#prompts").border_title = "To do"
        self._w("#standings").border_title = "Standings"
        self._w("#log").border_title = "Log"
        self._w("#next-step").border_title = "Next step"
        self.board_scale = self._scale_for(self.size.width, self.size.height)
        self._draw(self._first_update)
        if self.live.led is not None:
            self._w("#led").remove_class("empty")
            self._led_timer = self.set_interval(self.led_interval, self._draw_led)
            self._draw_led()
        self._feed_label()
        self._drive()

    def on_resize(self, event) -> None:
        if self._table_screen is None:
            return
        scale = self._scale_for(event.size.width, event.size.height)
        if scale != self.board_scale:
            self.board_scale = scale
            if self.view is not None:
                for p in self.view.players:
                    self._w(f"#board-{p.seat}").show(p, scale, self.view.over)

    def _scale_for(self, width: int, height: int) -> int:
        """Big squares (5x2 cells) when every board fits beside a usable side panel, else small (3x1);
        boards in one column when two would squeeze the side panel (the next step matters most)."""
        players = len(self._first_update.view.players)
        across = 1 if players == 1 else 2
        down = (players + 1) // 2
        big = across * 54 + 1 + 52 <= width and down * 23 + 2 + 2 <= height
        one_column = players == 1 or (not big and 2 * 42 + 1 + 50 > width)
        boards = self._w("#boards-pane")
        boards.set_class(big, "big")
        boards.set_class(one_column, "single")
        return 2 if big else 1

    # ------------------------------------------------------------------ the worker (owns the session)
    @work(thread=True, exit_on_error=False, name="live table", group="live")
    def _drive(self) -> None:
        worker = get_current_worker()
        self._worker_thread = threading.current_thread()
        stopped = lambda: self._halt.is_set() or worker.is_cancelled
        items = None
        try:
            items = iter(self.feed) if self.feed is not None else None
        except Exception as exc:
            self.post_message(self.FeedProblem(_one_line(exc), fatal=True))
        try:
            while not stopped():
                self._serve_commands(stopped)
                if items is None or not self._feed_go.is_set():
                    self._wait(0.1, stopped)
                    continue
                try:
                    item = next(items)
                except StopIteration:
                    items = None
                    self.post_message(self.FeedEnded())
                    continue
                except Exception as exc:  # a camera unplugged, an unreadable file: the game stays
                    items = None
                    self.post_message(self.FeedProblem(_one_line(exc), fatal=True))
                    continue
                self._apply(item)
                if self.pace and isinstance(item, FrameItem):
                    self._wait(self.pace, stopped)
        finally:
            close = getattr(items, "close", None)
            if close is not None:
                try:
                    close()
                except Exception:
                    pass

    def _wait(self, seconds: float, stopped) -> None:
        """Sleep up to `seconds`, serving declarations as they come."""
        deadline = time.monotonic() + seconds
        while not stopped():
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                command = self._lw_commands.get(timeout=min(left, 0.1))
            except queue.Empty:
                continue
            self._serve(command)

    def _serve_commands(self, stopped) -> None:
        while not stopped():
            try:
                command = self._lw_commands.get_nowait()
            except queue.Empty:
                return
            self._serve(command)

    def _serve(self, command: tuple) -> None:
        kind = command[0]
        if kind == "declare":
            seat = command[2] if len(command) > 2 else None
            state = self.live.session.state
            if seat is not None and seat != state.current:
                # said for a player whose turn has ended since the dialog opened: not theirs to take now
                who = state.players[seat].name
                self.post_message(self.FeedProblem(
                    f"{who}'s {command[1]!r} was not taken: {who}'s turn ended before it was declared",
                    fatal=False))
                return
            self._apply(DeclareItem(None, command[1]))
            return
        if kind == "camera_check":
            try:
                lines = self.live.camera_check()
            except Exception as exc:
                lines = [f"camera check failed: {_one_line(exc)}"]
            self.post_message(self.CameraChecked(lines))
            return
        try:
            session = self.live.session
            notices = session.undo() if kind == "undo" else (session.dismiss_alerts() or [])
            update = Update(tuple(notices), session.view(), self.live.frames, self.live.camera_status())
        except Exception as exc:
            self.post_message(self.FeedProblem(f"{kind} failed: {_one_line(exc)}", fatal=False))
            return
        self._publish(update)

    def _publish(self, update: Update) -> None:
        """Hand an Update to the UI: a new message, or added to the one still waiting (worker thread)."""
        with self._pending_lock:
            waiting = self._pending
            if waiting is not None:
                waiting.update = update
                waiting.notices += [(update.frames, n) for n in update.notices]
                return
            self._pending = message = self.TableUpdated(update)
        self.post_message(message)

    def _apply(self, item) -> None:
        try:
            update = self.live.process(item)
        except Exception as exc:  # a bug or a bad frame must not end the game: say so and go on
            what = f"declaring {item.text!r}" if isinstance(item, DeclareItem) else "reading a frame"
            self.post_message(self.FeedProblem(f"{what} failed: {_one_line(exc)}", fatal=False))
            return
        self._publish(update)

    # ------------------------------------------------------------------ messages from the worker
    def on_leafwatch_app_table_updated(self, message: TableUpdated) -> None:
        with self._pending_lock:  # from here on, new Updates start a new message
            if self._pending is message:
                self._pending = None
            update, notices = message.update, list(message.notices)
        if not self._halt.is_set():
            self._draw(update, notices)

    def on_leafwatch_app_feed_problem(self, message: FeedProblem) -> None:
        if self._halt.is_set():
            return
        repeated = bool(self.warnings) and self.warnings[-1] == message.text
        self.warnings.append(message.text)
        if repeated and not message.fatal:  # the same frame problem again: said once is enough
            return
        if message.fatal:
            self.feed_state = "failed"
            text = (f"⚠ Camera feed stopped: {message.text}\n"
                    "The game is kept. Declare moves with the keys; restart leafwatch play to watch again.")
        else:
            text = f"⚠ {message.text}"
        warning = self._w("#warning")
        warning.update(render.plain_lines(text))
        warning.remove_class("empty")
        self._log(render.plain("⚠ " + message.text, style="bold #ff9800"))
        self.notify(render.printable(message.text), title="Camera" if message.fatal else "Problem", severity="error",
                    timeout=8, markup=False)
        self._feed_label()

    def on_leafwatch_app_camera_checked(self, message: CameraChecked) -> None:
        if self._halt.is_set():
            return
        warning = self._w("#warning")
        warning.update("\n".join(message.lines))
        warning.remove_class("empty")
        for line in message.lines:
            self._log(Text(line, style="bold #ff9800" if line.startswith("warning") else ""))

    def on_leafwatch_app_feed_ended(self, message: FeedEnded) -> None:
        if self._halt.is_set():
            return
        if self.feed_state != "failed":
            self.feed_state = "ended"
        self._log(Text("  the feed has ended; declarations still work", style="#9e9e9e"))
        self._feed_label()

    # ------------------------------------------------------------------ drawing
    def _draw(self, update: Update, notices=None) -> None:
        if notices is None:
            notices = [(update.frames, n) for n in update.notices]
        for frames, n in notices:
            self._log(render.notice_line(n, frames))
            self._remember(n)
        view = update.view
        self.game_state = view.state  # the newest game, even when what is drawn stays the same
        camera = f"Camera: {update.camera}\n" + (f"Last frame: {update.label}" if update.label else "")
        if update.frames == 0 and self.feed_state in ("none", "ended"):
            camera = NO_CAMERA
        self._set("#camera", render.plain_lines(camera))
        if view == self.view:
            self._w("#prompts").show(self._to_do(view))
            return
        self.view = view
        for p in view.players:
            self._w(f"#board-{p.seat}").show(p, self.board_scale, view.over)
        self._set("#next-step", render.next_step(view, verb_keys(self)))
        self._w("#next-step").set_class(view.over, "over")
        fresh = {n.text for n in view.alerts} - {n.text for n in (self.view_alerts or ())}
        self.view_alerts = view.alerts
        self._w("#alerts").show(view.alerts)
        if fresh:  # a rule broken: make it heard and seen
            self.bell()
            self._w("#alerts").add_class("flash")
            self.set_timer(1.5, lambda: self._w("#alerts").remove_class("flash"))
        self._w("#prompts").show(self._to_do(view))
        self._set("#standings", render.standings(view))
        self._w("#standings").border_title = "Final phase and standings" if view.over else "Standings so far"

    def _remember(self, notice) -> None:
        """Treasures to take (an Area complete, an animal placed) stay in the to-do list for the rest of
        the turn; the open token prompts come from the view itself."""
        if notice.kind == "info" and notice.key == "turn":
            self._recent.clear()
        elif (notice.kind == "prompt" and notice.key.startswith("area:")) or \
                (notice.kind == "info" and notice.key == "animal_placed"):
            self._recent[notice.key + notice.text] = notice

    def _to_do(self, view) -> list:
        shown = {n.text for n in view.prompts}
        offers = [Notice("offer", f"{text}  [{'Enter accepts' if i == 1 else f'o, accept {i}'}]")
                  for i, text in enumerate(view.offers, 1)]
        return offers + list(view.prompts) + [n for n in self._recent.values() if n.text not in shown]

    def _draw_led(self) -> None:
        led = self.live.led
        if led is None or self._halt.is_set():
            return
        try:
            pixels = led.preview()
            status = led.status
        except Exception as exc:
            self._w("#led").update(f"LED: {_one_line(exc)}")
            return
        out = Text("LED ")
        out.append_text(render.led_strip(pixels))
        detail = f" ({status.detail})" if getattr(status, "detail", "") else ""
        out.append(f"\n{status.state}{detail}", style="#9e9e9e")
        self._w("#led").update(out)

    def _log(self, line: Text) -> None:
        self.log_lines.append(line.plain)
        self._w("#log").write(line)

    def _feed_label(self) -> None:
        self.sub_title = {"running": "watching", "paused": "PAUSED (space resumes)", "ended": "feed ended",
                          "failed": "CAMERA FEED STOPPED", "none": "no camera feed"}[self.feed_state]

    # ------------------------------------------------------------------ keys: only queue, never touch the session
    def declare(self, text: str, seat: int | None = None) -> None:
        """Queue a declaration for the worker, which applies it between frames; with `seat`, only while
        that player is still to play."""
        self._lw_commands.put(("declare", text, seat))

    def action_declare(self, text: str) -> None:
        self.declare(text, self._current_seat())

    def _current_seat(self) -> int | None:
        if self.view is None or self.view.over:
            return None
        return next((p.seat for p in self.view.players if p.current), None)

    def action_undo(self) -> None:
        target = self.view.undo_target if self.view is not None else None
        if target is None:
            self.notify("nothing to undo", timeout=3)
            return

        def done(yes: bool | None) -> None:
            if yes:
                self._recent.clear()  # what the undone move asked for may no longer hold
                self._lw_commands.put(("undo",))
        self.push_screen(ConfirmScreen(f"Undo {target}?", "u"), done)

    def action_accept_offer(self) -> None:
        if self.view is not None and self.view.offers:
            self.declare("accept")

    def action_choose_offer(self) -> None:
        offers = self.view.offers if self.view is not None else ()
        if not offers:
            self.notify("no explanation is offered", timeout=3)
            return
        hint = "\n".join(f"{i}. {text}" for i, text in enumerate(offers, 1))
        self._ask("Which explanation is right?", "accept ", hint + "\n\ne.g.  accept 2", for_player=False)

    def action_dismiss_alerts(self) -> None:
        self._lw_commands.put(("dismiss",))

    def action_camera_check(self) -> None:
        """Check the last camera frame (in the worker: it owns the table); the report shows in the warning panel."""
        self.notify("checking the camera's last frame ...", timeout=3)
        self._lw_commands.put(("camera_check",))

    def action_exchange(self) -> None:
        self._ask("Exchange treasures", "exchange ", EXCHANGE_HINT)

    def action_mushroom(self) -> None:
        players = self.view.players if self.view else ()
        seats = "  ".join(f"p{p.seat + 1} = {p.name}" for p in players)
        hint = (f"Name the two players (or 'common', the Common Path) whose first tiles are offered.\n{seats}\n"
                f"e.g.  mushroom p2 p3     2 players:  mushroom p2 common")
        self._ask("Mushroom: which tiles?", "mushroom ", hint)

    def action_declare_any(self) -> None:
        self._ask("Declare an action", "", DECLARE_HINT)

    def _ask(self, title: str, value: str, hint: str, for_player: bool = True) -> None:
        """A declaration typed in a dialog. It is for the player to play when the dialog opens, and
        stays theirs: if their turn ends meanwhile, it is not taken for the next player."""
        seat = self._current_seat() if for_player else None
        if seat is not None:
            title += f"  (for {render.printable(self.view.players[seat].name)}, who is to play)"

        def done(text: str | None) -> None:
            if text:
                self.declare(text, seat)
        self.push_screen(DeclareScreen(title, value, hint), done)

    def action_help(self) -> None:
        """? opens the list of keys, read from BINDINGS; ? or Escape closes it."""
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
        else:
            self.push_screen(HelpScreen(help_text(self)))

    def action_place(self, mode: str) -> None:
        """Place a piece with the keys (no camera, or a move it missed): the current player's board
        with a ghost of the piece, which the engine judges as it moves."""
        from companion.keyboard_placement import KeyboardPlacement

        state = self.game_state
        if state is None or self.screen is not self._table_screen:
            return
        if state.over:
            self.notify("the game is over", timeout=3)
            return
        model = KeyboardPlacement.start(state, mode)
        seat = self._current_seat()

        def done(text: str | None) -> None:
            if text:
                self.declare(text, seat)
        self.push_screen(PlacementScreen(model), done)

    def action_pace(self, step: int) -> None:
        """Change the pause after each camera frame (a demo or a recording watched by people)."""
        paces = sorted(set(PACES) | {self.pace})
        i = max(0, min(len(paces) - 1, paces.index(self.pace) + step))
        self.pace = paces[i]
        self.notify(f"{self.pace:.2f} s pause after each frame" if self.pace else "frames as fast as they come",
                    timeout=2)

    def action_pause(self) -> None:
        if self.feed_state not in ("running", "paused"):
            self.notify("the feed is not running", timeout=3)
            return
        if self._feed_go.is_set():
            self._feed_go.clear()
            self.feed_state = "paused"
        else:
            self._feed_go.set()
            self.feed_state = "running"
        self._feed_label()

    async def action_quit(self) -> None:
        self._halt.set()
        self.exit(0)

    def join_worker(self, timeout: float = 30.0) -> None:
        """Wait for the worker to finish what it holds (a frame, a write to the journal) after the app
        has stopped, so that whoever closes the journal next does not pull it from under a write."""
        self._halt.set()
        if self._worker_thread is not None:
            self._worker_thread.join(timeout)

    def on_unmount(self) -> None:
        self._halt.set()
        if self._led_timer is not None:
            self._led_timer.stop()


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def run_tui(live: LiveTable, feed: Iterable | None, title: str = "leafwatch", pace: float | None = None) -> int:
    """Run the table screen until the players quit; print the final standings; return the exit code.

    `pace`: seconds to wait after each frame; the synthetic demo passes one, as it would otherwise
    play a whole game faster than people can follow (+ and - change it)."""
    pace = 0.0 if pace is None else pace
    app = LeafwatchApp(live, feed, title=title, pace=pace)
    try:
        app.run()
    finally:
        app.join_worker()
    view = app.view
    if view is not None:
        print(f"{title}: turn {view.turn}, " + ("game over" if view.over else "game not finished"))
        for place, names, reason in view.standings:
            print(render.printable(f"  {place}. {', '.join(names)}: {reason}"))
    for warning in dict.fromkeys(app.warnings[-3:]):
        print(render.printable(f"  warning: {warning}"))
    if app.return_code:
        return int(app.return_code)
    return 1 if app.feed_state == "failed" else 0  # the game was kept, but the feed did not hold

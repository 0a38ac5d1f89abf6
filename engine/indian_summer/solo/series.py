"""Scoring a series of three solo games.

Two or more games won: the two best won games count. Exactly one won: the two lost games count
(the worst two, and with three games played there are exactly two). Games 1 and 2 both lost: game 3
is forfeit, and with no game won the two lost games count as well, so a series never scores from
nothing. A series with games still to play is scored as it stands and marked provisional.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import LeafwatchError, NotationError

GAMES = 3


class SeriesError(ValueError, LeafwatchError):
    """Results that cannot form a series (too many games, a game played after the forfeit, ...)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    won: bool
    score: int

    @staticmethod
    def parse(text: str) -> "GameResult":
        """'won:12' or 'lost:-3'."""
        word, sep, number = text.strip().lower().partition(":")
        if not sep or word not in ("won", "lost"):
            raise NotationError(f"{text!r} is not a game result: write won:POINTS or lost:POINTS, e.g. won:12 lost:-3")
        try:
            score = int(number)
        except ValueError:
            raise NotationError(f"{text!r}: the points must be a whole number") from None
        result = GameResult(word == "won", score)
        result.check()
        return result

    def check(self) -> None:
        # A won game has no penalty, only leftover tokens; a lost game spent every token it could on
        # squirrels, so at best one odd Berry (1 point) offsets at least one empty square.
        if self.won and self.score < 0:
            raise NotationError(f"a won game scores 0 or more (leftover treasures), not {self.score}")
        if not self.won and self.score > 0:
            raise NotationError(f"a lost game scores 0 or less (each empty square is -1), not {self.score}")

    def format(self) -> str:
        return f"{'won' if self.won else 'lost'}:{self.score}"


@dataclass(frozen=True)
class SeriesResult:
    score: int
    counted: tuple[int, ...]  # 1-based numbers of the games whose points are summed
    games: tuple[GameResult, ...]
    complete: bool  # all three played, or the third forfeit
    forfeit: bool  # game 3 forfeit after two losses
    reason: str

    @property
    def wins(self) -> int:
        return sum(g.won for g in self.games)


def _names(numbers) -> str:
    items = [str(n) for n in numbers]
    return " and ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + " and " + items[-1]


def score_series(games) -> SeriesResult:
    games = tuple(games)
    if not games:
        raise SeriesError("no games: give the results of 1 to 3 games")
    if len(games) > GAMES:
        raise SeriesError(f"a series has at most {GAMES} games, not {len(games)}")
    for g in games:
        g.check()
    forfeit = len(games) >= 2 and not games[0].won and not games[1].won
    if forfeit and len(games) == GAMES:
        raise SeriesError("games 1 and 2 were both lost, so game 3 is forfeit: leave its result out")
    numbered = list(enumerate(games, 1))
    won = [(n, g) for n, g in numbered if g.won]
    lost = [(n, g) for n, g in numbered if not g.won]
    if len(won) >= 2:
        best = sorted(won, key=lambda ng: (-ng[1].score, ng[0]))[:2]
        counted = tuple(sorted(n for n, _ in best))
        rule = f"{len(won)} games won: the two best won games count (games {_names(counted)})"
    elif len(won) == 1:
        worst = sorted(lost, key=lambda ng: (ng[1].score, ng[0]))[:2]
        counted = tuple(sorted(n for n, _ in worst))
        rule = (f"only game {won[0][0]} won: the two worst lost games count" +
                (f" (games {_names(counted)})" if counted else " (none played yet)"))
    else:
        counted = tuple(n for n, _ in lost[:2])
        rule = f"no game won: the lost games count (game{'s' if len(counted) > 1 else ''} {_names(counted)})"
    if forfeit:
        rule = "games 1 and 2 lost, so game 3 is forfeit; " + rule
    score = sum(games[n - 1].score for n in counted)
    complete = forfeit or len(games) == GAMES
    terms = " + ".join(f"({games[n - 1].score})" if games[n - 1].score < 0 else str(games[n - 1].score) for n in counted)
    reason = f"{rule}: {terms or '0'} = {score}"
    if not complete:
        reason = f"provisional after {len(games)} game{'s' if len(games) > 1 else ''}, game {len(games) + 1} to play; {reason}"
    return SeriesResult(score, counted, games, complete, forfeit, reason)


def parse_results(texts) -> tuple[GameResult, ...]:
    """Result words as typed ('won:12', 'lost:-3'); a last 'forfeit' is accepted after two losses."""
    texts = list(texts)
    if texts and texts[-1].strip().lower() == "forfeit":
        results = tuple(GameResult.parse(t) for t in texts[:-1])
        if len(results) != 2 or results[0].won or results[1].won:
            raise SeriesError("only game 3 can be forfeit, and only after games 1 and 2 were both lost")
        return results
    return tuple(GameResult.parse(t) for t in texts)

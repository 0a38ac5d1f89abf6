"""The append-only log: a game is its start plus the fold of `apply` over its actions; undo is truncation."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, TypeVar

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class GameLog(Generic[S, A]):
    start: S
    actions: tuple[A, ...] = ()

    def append(self, action: A) -> "GameLog[S, A]":
        return GameLog(self.start, self.actions + (action,))

    def truncate(self, length: int) -> "GameLog[S, A]":
        return GameLog(self.start, self.actions[:length])

    def replay(self, apply: Callable[[S, A], S]) -> S:
        state = self.start
        for action in self.actions:
            state = apply(state, action)
        return state

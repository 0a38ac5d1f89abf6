"""What happened when an action was applied: facts the companion turns into prompts, alerts and cues."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    kind: str  # stable: 'token_placed', 'area_complete', 'supply_short', 'path_refilled', ...
    text: str  # for people
    player: int | None = None
    data: tuple = field(default=())  # (key, value) pairs, hashable

    def get(self, key: str, default=None):
        return dict(self.data).get(key, default)

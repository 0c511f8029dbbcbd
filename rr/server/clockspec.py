"""A game's clock as its creator asks for it: real time (a bank of minutes and a Fischer
increment of seconds added after each move) or turn-based (days per move), and what the
server does when a seat's time runs out (``at_zero``): ``"forfeit"`` (the seat forfeits: a
bot plays its seat to the end, and it counts last in the ratings) or a bot's name (that bot
plays the seat's turn, and the seat's clock starts again). Running the clocks is
:mod:`rr.server.clocks`' work."""

from __future__ import annotations

import json
from typing import Any

from attrs import frozen

from rr.errors import BadInputError, BadRequest
from rr.server.bots import KINDS

FORFEIT = "forfeit"
MOST_MINUTES = 180
MOST_INCREMENT = 120
MOST_DAYS = 14


@frozen
class ClockSpec:
    kind: str
    """``"real"`` or ``"days"``."""
    bank_ms: int
    """Real time: the bank each seat starts with. Turn-based: the time each move is given."""
    increment_ms: int
    """Real time: the Fischer increment added after each move (turn-based: 0)."""
    at_zero: str
    """:data:`FORFEIT` or a bot's kind (:data:`rr.server.bots.KINDS`)."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "at_zero": self.at_zero}
        if self.kind == "real":
            out.update(minutes=self.bank_ms / 60000, increment=self.increment_ms / 1000)
        else:
            out["days"] = self.bank_ms / 86_400_000
        return out

    def text(self) -> str:
        """The clock in words: "5 min + 5 s", "2 days a move"."""
        if self.kind == "real":
            return f"{_num(self.bank_ms / 60000)} min + {_num(self.increment_ms / 1000)} s"
        days = self.bank_ms / 86_400_000
        return f"{_num(days)} day{'' if days == 1 else 's'} a move"


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _number(data: dict[str, Any], name: str, low: float, high: float, default: float | None
            ) -> float:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadRequest(f"clock: {name!r} takes a number, not {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise BadInputError(f"clock: {name} is from {_num(low)} to {_num(high)}, not "
                            f"{_num(float(value))}")
    return float(value)


def parse(data: Any) -> ClockSpec | None:
    """``{"kind": "real", "minutes": m, "increment": s, "at_zero"?}`` or ``{"kind": "days",
    "days": d, "at_zero"?}``; ``None`` for no clock."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise BadRequest('clock takes an object such as {"kind": "real", "minutes": 5, '
                         '"increment": 5}')
    kind = data.get("kind")
    known = {"real": ("kind", "minutes", "increment", "at_zero"),
             "days": ("kind", "days", "at_zero")}
    if kind not in known:
        raise BadRequest(f"clock: kind is \"real\" or \"days\", not {json.dumps(kind)[:40]}")
    unknown = sorted(str(k) for k in data if k not in known[kind])
    if unknown:
        raise BadRequest(f"a {kind} clock takes no field {unknown[0]!r}")
    at_zero = data.get("at_zero", FORFEIT)
    if at_zero != FORFEIT and at_zero not in KINDS:
        raise BadInputError(f"clock: at_zero is \"forfeit\" or a bot ({', '.join(KINDS)}), "
                            f"not {json.dumps(at_zero)[:40]}")
    if kind == "real":
        minutes = _number(data, "minutes", 0.05, MOST_MINUTES, None)
        increment = _number(data, "increment", 0, MOST_INCREMENT, 0)
        return ClockSpec("real", round(minutes * 60000), round(increment * 1000), at_zero)
    days = _number(data, "days", 0.0001, MOST_DAYS, None)
    return ClockSpec("days", round(days * 86_400_000), 0, at_zero)


def of_text(text: str | None) -> ClockSpec | None:
    """A clock stored as :meth:`ClockSpec.as_json`'s JSON (``None``: no clock)."""
    return None if text is None else parse(json.loads(text))

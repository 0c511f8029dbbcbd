"""Rewrite rr/state.py of a scratch tree so that GameState and PlayerState are mypyc native
classes (C fields, a generated copy) and the fold writes into the new state's fields, and
rr/engine.py's two ``attrs.evolve`` of a state into a copy: ``python native_state.py TREE``.
A prototype for issue #32 (docs/ARCHITECTURE.md, "Where the time goes"), not part of rr."""

import re
import sys
from pathlib import Path

tree = Path(sys.argv[1])
path = tree / "rr" / "state.py"
s = path.read_text()


def fields_of(body: str) -> list[tuple[str, str, str | None]]:
    out = []
    for line in body.splitlines():
        m = re.match(r"    (\w+): (.+?)(?: = (.+))?$", line)
        if m and not line.startswith("    def"):
            out.append((m.group(1), m.group(2), m.group(3)))
    return out


def native(cls: str, src: str) -> str:
    start = src.index(f"@frozen(slots=False)\nclass {cls}:")
    end = src.index("    def __attrs_post_init__(self) -> None:\n        _combined(self)\n", start)
    after = end + len("    def __attrs_post_init__(self) -> None:\n        _combined(self)\n")
    body = src[start:end]
    fields = fields_of(body)
    params = ", ".join(f"{n}: {t}" + (f" = {d}" if d is not None else "") for n, t, d in fields)
    sets = "".join(f"        self.{n} = {n}\n" for n, _, _ in fields)
    args = ", ".join(f"self.{n}" for n, _, _ in fields)
    decl = "".join(f"    {n}: {t}\n" for n, t, _ in fields)
    new = (f"@final\nclass {cls}:\n{decl}\n"
           f"    def __init__(self, {params}) -> None:\n{sets}\n"
           f"    def copy(self) -> {cls}:\n        return {cls}({args})\n")
    return src[:start] + new + src[after:]


s = native("PlayerState", s)
s = native("GameState", s)
s = s.replace("from attrs import evolve, frozen", "from typing import final\nfrom attrs import evolve")
s = s.replace("Fields = dict[str, Any]", "Fields = GameState")
s = re.sub(r'\bw\["(\w+)"\] = ', r"w.\1 = ", s)
# the generic copies
s = s.replace('''    fields = value.__dict__.copy()
    if changes:
        fields.update(changes)
    new = _new(type(value))
    _set(new, "__dict__", fields)
    return new''', '''    new = value.copy()
    if changes:
        for name, field in changes.items():
            setattr(new, name, field)
    return new  # type: ignore[return-value]''')
s = s.replace('''    fields = player.__dict__.copy()
    fields["hand"] = hand
    new = _new(PlayerState)
    _set(new, "__dict__", fields)
    return new''', '''    new = player.copy()
    new.hand = hand
    return new''')
s = s.replace('''        fields = player.__dict__.copy()  # _with_player, inline: once a turn (issue #12)
        if counts:
            fields["turns"] = player.turns + 1
        else:
            fields["extra_turns"] = player.extra_turns + 1
        players = list(s.players)
        new = players[e.seat] = _new(PlayerState)
        _set(new, "__dict__", fields)''', '''        new = player.copy()
        if counts:
            new.turns = player.turns + 1
        else:
            new.extra_turns = player.extra_turns + 1
        players = list(s.players)
        players[e.seat] = new''')
s = s.replace('''    w.update(vars(EMPTY), players=tuple(PlayerState(name=n) for n in e.players),
             ruleset=e.ruleset, commitment=e.commitment, seed_origin=e.seed_origin,
             neutral_influence=3 if len(e.players) == 2 else 0, solo=solo,
             rules_version=version)''', '''    w.players = tuple(PlayerState(name=n) for n in e.players)
    w.ruleset, w.commitment, w.seed_origin = e.ruleset, e.commitment, e.seed_origin
    w.neutral_influence = 3 if len(e.players) == 2 else 0
    w.solo, w.rules_version = solo, version''')
s = s.replace('''    fields = state.__dict__.copy()
    new = _new(GameState)
    _set(new, "__dict__", fields)
    kind = type(event)''', '''    new = state.copy()
    kind = type(event)''')
s = s.replace("_FOLD[kind](new, fields, event)", "_FOLD[kind](new, new, event)")
s = re.sub(r'\bfields\["(\w+)"\] = ', r"new.\1 = ", s)
assert "__dict__" not in s.split("# --- the fold")[1], "a __dict__ left in the fold"
path.write_text(s)

engine = tree / "rr" / "engine.py"
e = engine.read_text().replace("from attrs import evolve\n", "")
e = e.replace(" evolve(", " _evolve(").replace("(evolve(", "(_evolve(").replace("=evolve(", "=_evolve(")
e += """

def _evolve(value: Any, **changes: Any) -> Any:
    \"\"\"attrs.evolve for the prototype's native states.\"\"\"
    new = value.copy()
    for name, field in changes.items():
        setattr(new, name, field)
    return new
"""
engine.write_text(e)

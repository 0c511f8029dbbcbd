"""Benchmark (not a test): time the scorer on 10-card hands with 3 Grays and 3 Oranges.

Run: ``python3 -m tests.scoring.bench_optimiser`` from the repository root. Prints figures;
asserts nothing about time (CONTRIBUTING.md: benchmarks are scripts, never timed assertions).
"""

from __future__ import annotations

import time

from rr.model import CardId
from rr.scoring.scorepad import score
from rr.scoring.table import FinalPlayer, FinalTable

HANDS = {
    "3 Grays, 3 Oranges, Codebreaker, Mustang, Sevro, The Pax (worst case)": (
        "holiday", "trigg", "bridge", "cyther", "artificer", "razor_designer",
        "codebreaker", "mustang", "sevro", "the_pax",
    ),
    "3 Grays, 3 Oranges, 4D Painter, Lawyer, Evey, Tactus": (
        "danto", "sun_hwa", "ugly_dan", "gravboot_cobbler", "pulse_armorer",
        "pulse_fist_engineer", "4d_painter", "lawyer", "evey", "tactus",
    ),
    "3 Grays, 3 Oranges, Janitor, Nanny, Karnus, Antonia": (
        "colonel_valentin", "holiday", "trigg", "aegis_craftsman", "cyther", "artificer",
        "janitor", "nanny", "karnus", "antonia",
    ),
}  # fmt: skip


def main() -> None:
    for title, hand in HANDS.items():
        cards = tuple(CardId(c) for c in hand)
        table = FinalTable((FinalPlayer("me", cards, helium=3, fleet=4, influence=2),))
        runs = 5
        start = time.perf_counter()
        for _ in range(runs):
            pad = score(table)
        elapsed = (time.perf_counter() - start) / runs
        me = pad.players[0]
        chosen = {k: (d.color.value if d.color else d.name) for k, d in me.declarations.items()}
        print(f"{elapsed * 1000:7.1f} ms  total {me.total:4d}  {title}")
        print(f"           declarations: {chosen}")


if __name__ == "__main__":
    main()

"""RR-SCORE-14 in words: the places at the end and what decided the win (rr.scoring.places)."""

from __future__ import annotations

from rr.scoring.places import RULE, result


def _places(found: object) -> list[tuple[str, int, int]]:
    return [(s.name, s.place, s.total) for s in found.standings]  # type: ignore[attr-defined]


def test_a_clear_win_says_by_how_much() -> None:
    found = result(["Ana", "Bo", "Cy"], [120, 140, 95], (1,), None)
    assert _places(found) == [("Bo", 1, 140), ("Ana", 2, 120), ("Cy", 3, 95)]
    assert found.decided == "Bo wins with 140 points, 20 points ahead of Ana."
    assert found.rule is None


def test_the_sovereign_breaks_a_tie_at_the_top() -> None:
    # RR-SCORE-14: among tied players the Sovereign token's holder wins alone.
    found = result(["Ana", "Bo", "Cy"], [140, 140, 95], (1,), 1)
    assert _places(found) == [("Bo", 1, 140), ("Ana", 2, 140), ("Cy", 3, 95)]
    assert found.decided == ("Bo and Ana tie on 140 points; Bo holds the Sovereign token, "
                             "which breaks the tie, and wins.")
    assert found.rule == RULE == "RR-SCORE-14"


def test_a_tie_without_the_sovereign_is_shared() -> None:
    # RR-SCORE-14: no tied player holds the token: they share the victory.
    found = result(["Ana", "Bo", "Cy", "Dee"], [140, 90, 140, 90], (0, 2), 1)
    assert _places(found) == [("Ana", 1, 140), ("Cy", 1, 140), ("Bo", 3, 90), ("Dee", 3, 90)]
    assert "share the victory" in found.decided and found.rule == RULE

"""Ratings over finished games (rr.ratings, ``rr ratings``): openskill's Plackett-Luce at its
defaults over the finishing places — the winners tied first (RR-SCORE-14's winners), the
others by their totals, equal totals tied, a seat that forfeited last."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from rr import ratings
from rr.cli import main
from rr.events import log
from rr.events.types import GameScored
from tests.oracle.games import finished


def test_ranks_winners_first_then_totals_ties_kept() -> None:
    # Seat 2 won on a tie-breaker with seat 0's total; seats 1 and 3 tie on 40.
    assert ratings.ranks_of([50, 40, 50, 40, 45], winners=[2]) == (2, 4, 1, 4, 3)
    # Two winners share first place.
    assert ratings.ranks_of([50, 30, 50], winners=[0, 2]) == (1, 2, 1)


def test_a_forfeited_seat_is_last_even_as_the_winner() -> None:
    assert ratings.ranks_of([60, 40, 50], winners=[0], forfeited=[0]) == (3, 2, 1)
    assert ratings.ranks_of([60, 40, 50], winners=[0], forfeited=[0, 1]) == (2, 2, 1)


def _write(path: Path, players: int, seed: int, table: dict[str, object] | None = None
           ) -> GameScored:
    events = finished(players, seed)
    path.write_bytes(log.encode(events, table=table))
    scored = next(e for e in events if isinstance(e, GameScored))
    return scored


def _expected(games: list[tuple[list[str], list[int]]]) -> dict[str, tuple[float, float, int]]:
    """openskill itself, game by game: the numbers rr ratings must print."""
    model = PlackettLuce()
    now: dict[str, object] = {}
    count: dict[str, int] = {}
    for names, ranks in games:
        teams = [[now.get(n) or model.rating(name=n)] for n in names]
        for name, (after,) in zip(names, model.rate(teams, ranks=ranks)):
            now[name] = after
            count[name] = count.get(name, 0) + 1
    return {n: (r.mu, r.sigma, count[n]) for n, r in now.items()}  # type: ignore[attr-defined]


def _flat(found: dict[str, tuple[float, float, int]]) -> list[float]:
    return [x for name in sorted(found) for x in found[name]]


def _places(scored: GameScored, lost: tuple[int, ...] = ()) -> list[int]:
    """The places worked out here, apart from rr.ratings: 1 + the number of distinct
    better keys."""
    def key(seat: int) -> tuple[int, int]:
        if seat in lost:
            return (2, 0)
        return (0, 0) if seat in scored.winners else (1, -scored.totals[seat])
    keys = [key(s) for s in range(len(scored.totals))]
    return [1 + len({k for k in keys if k < mine}) for mine in keys]


def test_rr_ratings_json_is_openskill_over_the_folder_in_name_order(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _write(tmp_path / "b-second.rrlog", 3, 1)
    b = _write(tmp_path / "a-first.rrlog", 2, 2)
    c = _write(tmp_path / "c-third.rrlog", 3, 3, {"rated": True, "forfeited": [1]})
    _write(tmp_path / "d-casual.rrlog", 3, 4, {"rated": False})
    # An unfinished game is not rated.
    (tmp_path / "e-unfinished.rrlog").write_bytes(log.encode(finished(3, 5)[:40]))
    assert main(["ratings", "--json", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    names3, names2 = ["P1", "P2", "P3"], ["P1", "P2"]
    want = _expected([(names2, _places(b)), (names3, _places(a)), (names3, _places(c, (1,)))])
    assert out["games"] == 3
    got = {r["name"]: (r["mu"], r["sigma"], r["games"]) for r in out["ratings"]}
    assert sorted(got) == sorted(want) and _flat(got) == pytest.approx(_flat(want))
    assert [r["name"] for r in out["ratings"]] == sorted(got, key=lambda n: -got[n][0])
    # Each player count's games rated apart, as --players N rates them alone.
    assert sorted(out["by_players"]) == ["2", "3"]
    for count, games in (("2", [(names2, _places(b))]),
                         ("3", [(names3, _places(a)), (names3, _places(c, (1,)))])):
        apart = _expected(games)
        part = out["by_players"][count]
        assert part["games"] == len(games)
        found = {r["name"]: (r["mu"], r["sigma"], r["games"]) for r in part["ratings"]}
        assert sorted(found) == sorted(apart) and _flat(found) == pytest.approx(_flat(apart))
        assert main(["ratings", "--json", "--players", count, str(tmp_path)]) == 0
        alone = json.loads(capsys.readouterr().out)
        assert alone["ratings"] == part["ratings"] and alone["by_players"] == {count: part}
    # The table form: one row a player.
    assert main(["ratings", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "3 game(s) rated" in text and f"{want['P1'][0]:.2f}" in text


def test_rr_ratings_order_matters_and_files_keep_theirs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _write(tmp_path / "1.rrlog", 2, 6)
    second = _write(tmp_path / "2.rrlog", 2, 7)
    main(["ratings", "--json", str(tmp_path / "2.rrlog"), str(tmp_path / "1.rrlog")])
    out = json.loads(capsys.readouterr().out)
    want = _expected([(["P1", "P2"], _places(second)), (["P1", "P2"], _places(first))])
    got = {r["name"]: (r["mu"], r["sigma"], r["games"]) for r in out["ratings"]}
    assert sorted(got) == sorted(want) and _flat(got) == pytest.approx(_flat(want))


def test_an_unreadable_log_is_exit_2(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.rrlog").write_bytes(b"not a log")
    assert main(["ratings", str(tmp_path / "x.rrlog")]) == 2
    assert "rr ratings: error" in capsys.readouterr().err

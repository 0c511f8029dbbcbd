"""``python -m rr.bench.rl`` prints the AEC environment's steps/s beside PettingZoo's
connect_four_v3 and tictactoe_v3 from the same rounds, the Gymnasium environment's, the rules
engine's own decisions/s on the same games (so the share of a step that is the engine's), and
the cost of an observation (issue #30). Its figures are printed, never asserted."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
pytest.importorskip("pygame", reason="PettingZoo's classic games need pygame (bench extra)")

from rr.bench.rl import main


def test_one_quick_run_prints_every_figure_and_both_ratios(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Every workload is measured in every round, and the ratios are the medians of the
    per-round ratios of the AEC environment to each PettingZoo game."""
    assert main(["--rounds", "2", "--seconds", "0.05", "--players", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rounds = data["rounds"]
    assert set(rounds) == {"rr AEC 2p", "connect_four_v3", "tictactoe_v3",
                           "rr/RedRising-v0 2p", "rr engine 2p", "observation"}
    assert all(len(values) == 2 and min(values) > 0 for values in rounds.values())
    for base in ("connect_four_v3", "tictactoe_v3"):
        per_round = sorted(a / b for a, b in zip(rounds["rr AEC 2p"], rounds[base]))
        assert data["ratios"][base] == pytest.approx(sum(per_round) / 2)
    figures = data["figures"]
    assert data["engine_share"] == pytest.approx(figures["rr AEC 2p"]
                                                 / figures["rr engine 2p"])
    assert "cores" in data["machine"]
    assert main(["--rounds", "1", "--seconds", "0.05", "--players", "2"]) == 0
    text = capsys.readouterr().out
    assert "connect_four_v3" in text and "steps/s" in text and "µs per observation" in text
    assert "decisions/s" in text and "the rules engine's decision" in text


def test_the_aec_loops_take_turns_in_slices_their_order_rotating(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A round's AEC loops run in turns (so that a change of the machine's load falls on all
    of them alike), each for its share of the round's seconds, whole games each."""
    from rr.bench import rl

    order: list[tuple[str, float]] = []

    def run(self: rl.AECLoop, seconds: float) -> None:
        order.append((self.table, seconds))
        self.steps, self.seconds = self.steps + 10, self.seconds + seconds

    monkeypatch.setattr(rl.AECLoop, "run", run)
    rates = rl.aec_rounds({"a": lambda: "a", "b": lambda: "b", "c": lambda: "c"}, 3.0, 0, 3)
    assert order == [("a", 1.0), ("b", 1.0), ("c", 1.0), ("b", 1.0), ("c", 1.0), ("a", 1.0),
                     ("c", 1.0), ("a", 1.0), ("b", 1.0)]
    assert rates == {"a": 10.0, "b": 10.0, "c": 10.0}

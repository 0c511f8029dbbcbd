"""``rr ladder`` (rr.ladder): agents rated against each other with openskill over seeded
games, the same ladder on any number of workers; mistakes refused in words."""

from __future__ import annotations

import pytest

from rr import ladder
from rr.errors import BadInputError
from rr.simulate import GameResult
from tests.agents.test_simulate_cli import report, run_cli

AGENTS = ("random", "greedy", "tests.agents.bots:FirstOption")


def result(totals: tuple[int, ...], winners: tuple[int, ...],
           agents: tuple[str, ...]) -> GameResult:
    return GameResult(seed=0, players=len(totals), houses=(), totals=totals, winners=winners,
                      turns=1, decisions=1, events=1, agents=agents)


def test_ranks_put_the_winners_first_then_the_totals() -> None:
    """The winners share rank 1 (RR-END-7, ties included); the others follow by their totals,
    equal totals sharing a rank."""
    assert ladder.ranks(result((10, 30, 20), (1,), ("a", "b", "c"))) == [3.0, 1.0, 2.0]
    assert ladder.ranks(result((30, 30, 5, 5), (0, 1), ("a", "b", "c", "d"))) == \
        [1.0, 1.0, 2.0, 2.0]


def test_a_winner_rises_and_a_loser_falls() -> None:
    """Rated games move mu towards the results: an agent that always wins ends above one that
    always loses, with a smaller sigma than at the start; shared wins count their share."""
    games = [result((30, 10), (0,), ("a", "b")), result((5, 40), (1,), ("b", "a")),
             result((20, 20), (0, 1), ("a", "b"))]
    rated = ladder.rate(("a", "b"), games)
    top, bottom = rated.rungs
    assert (top.agent, bottom.agent) == ("a", "b") and top.mu > 25 > bottom.mu
    assert top.sigma < 25 / 3 and top.games == 3 and top.wins == 2.5 and bottom.wins == 0.5
    assert top.low == pytest.approx(top.mu - 1.96 * top.sigma)


def test_failed_games_are_counted_apart() -> None:
    """A game that failed is not rated, and is said with its seed."""
    failed = GameResult(seed=7, players=2, houses=(), totals=(), winners=(), turns=0,
                        decisions=0, events=0, error="AgentError: boom", agents=("a", "b"))
    rated = ladder.rate(("a", "b"), [failed])
    assert rated.rated == 0 and rated.failed == ("seed 7: AgentError: boom",)
    assert all(r.mu == 25 and r.games == 0 for r in rated.rungs)


def test_each_game_seats_different_agents_from_its_seed() -> None:
    """Game seed s seats `players` different agents, the same for the same seed."""
    for seed in range(20):
        seated = ladder.seating(("a", "b", "c", "d"), 3, seed)
        assert len(set(seated)) == 3 and seated == ladder.seating(("a", "b", "c", "d"), 3, seed)
    assert len({ladder.seating(("a", "b", "c", "d"), 2, s) for s in range(20)}) > 3


def test_rr_ladder_rates_the_agents_named_the_same_on_any_workers(
        capsys: pytest.CaptureFixture[str]) -> None:
    """rr ladder --json: every agent rated, by mu; the same numbers on 1 and 2 workers; a
    user's agent (module:Class) rated beside rr's."""
    argv = ["ladder", "--agents", ",".join(AGENTS), "--players", "2", "--games", "9",
            "--seed", "40"]
    one = report([*argv, "--workers", "1"], capsys)
    two = report([*argv, "--workers", "2"], capsys)
    assert one == two and one["rated"] == 9 and one["failed"] == []
    assert {a["agent"] for a in one["agents"]} == set(AGENTS)
    mus = [a["mu"] for a in one["agents"]]
    assert mus == sorted(mus, reverse=True)
    assert sum(a["games"] for a in one["agents"]) == 18  # two seats a game


def test_rr_ladder_prints_a_table_of_mu_sigma_and_interval(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json: one line saying what was played, then a Markdown table."""
    status, out, _ = run_cli(["ladder", "--agents", "random,greedy", "--games", "4",
                              "--seed", "3", "--workers", "1"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("4 games of 2 players (seeds 3-6), 4 rated")
    assert lines[2] == "| rank | agent | mu | sigma | interval | games | wins |"
    assert len(lines) == 6 and lines[4].startswith("| 1 | ")


@pytest.mark.parametrize("argv, message", [
    (["--agents", "random"], "at least two agents"),
    (["--agents", "random,random"], "name each agent once"),
    (["--agents", "random,greedy", "--players", "3"], "3 players need 3 different agents"),
    (["--agents", "random,greedy", "--players", "7"], "--players must be 2 to 6"),
    (["--agents", "random,bogus"], "unknown agent 'bogus'"),
])
def test_mistakes_are_refused_in_words(argv: list[str], message: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A ladder that cannot be played exits 2 with one line saying why."""
    status, out, err = run_cli(["ladder", *argv, "--games", "2"], capsys)
    assert status == 2 and message in err and out == ""
    with pytest.raises(BadInputError):
        ladder.check(("a",), 2)

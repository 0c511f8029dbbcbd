"""The self-play example's policy as an rr agent (examples/rl/policy_agent.py): numpy plays
the MaskablePPO policy as sb3 does, and the installed ``rr`` command names it with
``--agents policy_agent:PolicyAgent:PATH`` from examples/rl."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

numpy = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium", reason="the pettingzoo extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "rl"
TRAINED = ROOT / "docs" / "rl" / "self-play-policy.npz"
RR = Path(sys.executable).with_name("rr")
sys.path.insert(0, str(EXAMPLES))
from policy_agent import Policy  # noqa: E402

import rr.integrations.gymnasium  # noqa: E402,F401


def random_policy(seed: int) -> Policy:
    rng = numpy.random.default_rng(seed)
    sizes = [(64, 1934), (64, 64), (1163, 64)]
    return Policy({**{f"w{i}": rng.normal(0, 0.1, size) for i, size in enumerate(sizes)},
                   **{f"b{i}": rng.normal(0, 0.1, size[0]) for i, size in enumerate(sizes)}})


def test_numpy_plays_the_policy_as_sb3_does() -> None:
    """Policy.of_model(model).act(observation, mask) is MaskablePPO's deterministic predict
    with the same mask, at every learner decision of a game."""
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="the rl extra is not installed")
    made = gymnasium.make("rr/RedRising-v0", players=2)
    model = sb3_contrib.MaskablePPO("MlpPolicy", made, seed=3)
    policy = Policy.of_model(model)
    table = made.unwrapped
    observation, _ = table.reset(seed=4)
    over = False
    while not over:
        mask = table.action_masks()
        expected, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert policy.act(observation, mask) == int(expected)
        observation, _, terminated, truncated, _ = table.step(int(expected))
        over = terminated or truncated


def simulate(agents: str) -> dict[str, object]:
    """``rr simulate`` run by the installed command from examples/rl (no PYTHONPATH)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(RR), "simulate", "--agents", agents, "--players", "2",
                           "--games", "2", "--workers", "1", "--json"], cwd=EXAMPLES,
                          env=environment, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.skipif(not RR.exists(), reason="rr is not installed as a command")
def test_a_policy_plays_as_an_rr_agent_by_name(tmp_path: Path) -> None:
    """A saved policy (float16 .npz) is an agent by name; it plays whole games."""
    random_policy(1).save(str(tmp_path / "p.npz"))
    name = f"policy_agent:PolicyAgent:{tmp_path / 'p.npz'}"
    got = simulate(f"{name},random")
    assert got["errors"] == 0 and got["games_by_agent"][name] == 2


@pytest.mark.skipif(not RR.exists() or not TRAINED.exists(),
                    reason="rr is not installed as a command, or no trained policy")
def test_the_trained_policy_of_docs_rl_plays() -> None:
    """docs/rl/self-play-policy.npz, the run docs/RL.md shows, plays as docs/RL.md says."""
    name = "policy_agent:PolicyAgent:../../docs/rl/self-play-policy.npz"
    assert simulate(f"{name},greedy")["errors"] == 0


def test_docs_rl_shows_the_run_in_docs_rl() -> None:
    """docs/RL.md's self-play table is what examples/rl/self_play.py --table prints of
    docs/rl/self-play.json, the run whose policy docs/rl/self-play-policy.npz is."""
    done = subprocess.run([sys.executable, str(EXAMPLES / "self_play.py"), "--table",
                           str(ROOT / "docs" / "rl" / "self-play.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in (ROOT / "docs" / "RL.md").read_text()
    run = json.loads((ROOT / "docs" / "rl" / "self-play.json").read_text())
    assert run["curve"][-1]["steps"] > 0 and TRAINED.exists()

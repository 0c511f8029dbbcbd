"""What a user installs: the README's first command (read from the README, run as written in a
copy of the checkout: a new venv, no extras), and the default path of the start page on it.

The start page's default game (Ana against two random bots, no practice seed) is a *signed*
game: taking the seat registers an Ed25519 key, which needs ``cryptography``. The test
suite's own venv has every extra, so only a venv made from the README's command meets a
dependency that lives in an extra. This test makes that venv, starts its ``rr server`` from a
folder outside the checkout, and takes the seat as the page does: the game must be dealt and
playable, and the server must have said nothing of a missing package.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from rr.client import Client
from rr.seatkeys import SeatKey
from tests.readme_install import clean_env, first_command, readme_install

LISTENING = re.compile(r"listening on http://127\.0\.0\.1:(\d+)")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A new venv made by the README's first command, run as written in a copy of the
    checkout (which also runs ``rr demo``): the venv's folder and what the command said."""
    copy, done = readme_install(tmp_path_factory.mktemp("fresh"))
    assert done.returncode == 0, done.stdout + done.stderr
    return copy / ".venv", done.stdout + done.stderr


@pytest.fixture(scope="module")
def fresh(installed: tuple[Path, str]) -> Path:
    """The venv the README's first command made."""
    return installed[0]


def test_the_readme_command_installs_and_plays_the_demo(installed: tuple[Path, str],
                                                        fresh: Path, tmp_path: Path) -> None:
    """The first command ends with ``rr demo``: a narrated game to its end, no traceback;
    run again from another folder, the installed ``rr`` does the same."""
    assert "rr demo" in first_command() and "pip install" in first_command()
    said = installed[1]
    assert "Traceback" not in said and said.strip()
    env = clean_env()
    done = subprocess.run([str(fresh / "bin" / "rr"), "demo"], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_the_start_pages_default_game_is_dealt_on_the_readme_install(
        fresh: Path, tmp_path: Path) -> None:
    """The default game: Ana (a person, this test) against Bo and Cy (random bots), signed as
    the page makes it without a practice seed. Taking the seat (key and contribution) deals
    it, and Ana's first choice is accepted."""
    env = clean_env()
    out = (tmp_path / "server.out").open("wb")
    server = subprocess.Popen([str(fresh / "bin" / "rr"), "server", "--port", "0", "--db",
                               str(tmp_path / "games.db")], cwd=tmp_path, env=env,
                              stdout=out, stderr=subprocess.STDOUT)
    try:
        url = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not url:
            found = LISTENING.findall((tmp_path / "server.out").read_text())
            if found:
                url = f"http://127.0.0.1:{found[-1]}"
            time.sleep(0.2)
        assert url, (tmp_path / "server.out").read_text()
        assert httpx.get(f"{url}/", timeout=10).status_code == 200
        created = Client.create(url, ["Ana", "Bo", "Cy"], bots={1: "random", 2: "random"},
                                signed=True)
        assert created["signed"]["waiting"] == [0]
        ana = Client(url, created["id"], created["seats"][0]["token"], SeatKey.generate())
        joined = ana.join()
        assert joined["dealt"], joined
        answer = ana.show()
        while answer["view"]["pending"]["options"] is None and not answer["over"]:
            time.sleep(0.1)
            answer = ana.show()
        before = answer["decision"]
        ana.choose(answer["view"]["pending"]["options"][0]["action"])
        assert ana.show()["decision"] > before
    finally:
        server.terminate()
        server.wait(timeout=30)
        out.close()
    said = (tmp_path / "server.out").read_text()
    assert "cryptography" not in said and "Traceback" not in said, said


if sys.platform == "win32":  # pragma: no cover - the venv layout differs
    pytestmark = pytest.mark.skip(reason="bin/ layout of a POSIX venv")

"""Signed choices in the web table, in headless Chromium (issue #29): the browser makes the
seat's Ed25519 key (WebCrypto, not extractable, kept in IndexedDB), shows its fingerprint,
registers it with a contribution to the deal, and signs every choice. A game against a bot
played by keyboard alone (a number key, then Enter) gives a log that passes
`rr audit --seats`; the same log with one of the person's decisions changed, the rest
replayed legally, written by rr's writer and signed by the server's key, fails it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from rr.events import log, signing
from rr.events.types import DecisionMade
from rr.seatkeys import SeatKey
from tests.oracle.signed_games import changeable, forge, resigned
from tests.server.harness import ROOT, Server, rr_env

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.pages import (
    decision_number,
    is_over,
    options,
    severe_console_errors,
    wait,
    wait_for_my_turn_or_end,
)

MAX_CHOICES = 400

_STORED_KEY = """
const [name, done] = arguments;
const open = indexedDB.open("rr-seat-keys", 1);
open.onsuccess = () => {
  const get = open.result.transaction("keys").objectStore("keys").get(name);
  get.onsuccess = () => {
    const key = get.result.privateKey;
    done({extractable: key.extractable, algorithm: key.algorithm.name, type: key.type,
          fingerprint: get.result.fingerprint});
  };
};
"""


@pytest.fixture
def keyed(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """A fresh ``rr server`` with a key (which signs its logs and its bots' decisions)."""
    private, _public, _ = signing.keygen(tmp_path / "server")
    running = Server(str(tmp_path / "games.sqlite"), tmp_path, key=private)
    try:
        yield running, private
    finally:
        running.stop()


def _audit(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr", "audit", *flags, str(path)],
                          capture_output=True, text=True, env=rr_env(), cwd=ROOT, timeout=120)


def test_a_keyboard_game_against_a_bot_is_signed_and_a_changed_decision_is_caught(
        keyed: tuple[Server, Path], browsers: Callable[..., Any], tmp_path: Path) -> None:
    server, private = keyed
    public = private.with_suffix(".pub")
    driver = browsers()
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    driver.find_element(By.ID, "remove-seat").click()  # Ana (a person) and Bo (a random bot)
    assert Select(driver.find_elements(By.CSS_SELECTOR, "#seats select")[1]
                  ).first_selected_option.get_attribute("value") == "random"
    driver.find_element(By.ID, "create-game").click()
    wait(driver, lambda d: "&token=" in d.current_url)  # its creator at their seat
    wait_for_my_turn_or_end(driver)
    found = parse_qs(urlsplit(driver.current_url).fragment)
    game, token = found["game"][0], found["token"][0]
    stored = driver.execute_async_script(_STORED_KEY, f"{game}/0")
    assert stored["extractable"] is False and stored["algorithm"] == "Ed25519"
    assert stored["type"] == "private"
    shown = driver.find_element(By.ID, "seat-key")
    assert shown.text == "✓ your choices are signed in this browser"  # words, not a key
    assert shown.get_attribute("data-fingerprint") == stored["fingerprint"]
    assert stored["fingerprint"] in str(shown.get_attribute("title"))  # asked for: its title
    # The keyboard alone: a number key puts the focus on an option, Enter picks it, Enter
    # again confirms it (the table sends a choice only once it is confirmed, issue #28).
    for step in range(MAX_CHOICES):
        wait_for_my_turn_or_end(driver)
        if is_over(driver):
            break
        before = decision_number(driver)
        count = min(len(options(driver)), 9)
        key = str(step % count + 1)
        ActionChains(driver).send_keys(key).perform()
        wait(driver, lambda d, k=int(key): d.switch_to.active_element == options(d)[k - 1])
        ActionChains(driver).send_keys(Keys.ENTER).perform()  # picks it (issue #28) ...
        wait(driver, lambda d: d.switch_to.active_element == d.find_element(By.ID, "confirm"))
        ActionChains(driver).send_keys(Keys.ENTER).perform()  # ... and confirms it
        wait(driver, lambda d, b=before: decision_number(d) > b or is_over(d))
    else:
        pytest.fail(f"the game did not end in {MAX_CHOICES} choices")
    # The start page asked for the new game's state before Ana's seat had joined: the server
    # answered 409 DealPendingError (shown as "waiting for players to join"), which the
    # browser logs as a failed resource. Nothing else may be in the console.
    undealt = f"/api/games/{game} - Failed to load resource: the server responded with a " \
              "status of 409"
    assert [m for m in severe_console_errors(driver) if undealt not in m] == []
    headers = {"authorization": f"Bearer {token}"}
    path = tmp_path / "game.rrlog"
    path.write_bytes(httpx.get(f"{server.url}/api/games/{game}/log", headers=headers,
                               timeout=10).content)
    (tmp_path / "game.rrlog.sig").write_text(httpx.get(
        f"{server.url}/api/games/{game}/log.sig", headers=headers, timeout=10).text)
    passed = _audit(path, "--seats", "--key", str(public))
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert f"seats signed: Ana (key {stored['fingerprint']})" in passed.stdout
    assert "bots (Bo) signed by the server's key" in passed.stdout
    # The replay viewer says the same.
    driver.find_element(By.ID, "open-replay").click()
    wait(driver, lambda d: "clean" in (d.find_element(By.ID, "verdict").get_attribute("class")
                                       or ""))
    driver.find_element(By.CSS_SELECTOR, "#verdict-details summary").click()  # folded
    assert f"seats signed: Ana (key {stored['fingerprint']})" in \
        driver.find_element(By.ID, "verdict").text
    # The forger: one of Ana's decisions changed, the rest replayed legally, rr's writer, the
    # bots re-signed and the file signed by the server's key.
    read = log.decode(path.read_bytes())
    mine = [i for i, e in enumerate(read.events) if isinstance(e, DecisionMade) and e.seat == 0]
    at = changeable(read.events, mine[len(mine) // 2:])
    events = forge(read.events, at)
    forged = tmp_path / "forged.rrlog"
    forged.write_bytes(log.encode(events, seats=resigned(read.header["seats"], events,
                                                         SeatKey.load(str(private)))))
    signing.sign(forged, private)
    assert _audit(forged, "--key", str(public)).returncode == 0  # legal, and the server's
    failed = _audit(forged, "--seats", "--key", str(public))
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert f"fails at record {at}, seat 0 (Ana): mis-signed" in failed.stdout


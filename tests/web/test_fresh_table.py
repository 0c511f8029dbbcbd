"""The game people meet first, on what a user installs: the README's first command (read from
the README, run as written in a copy of the checkout), that venv's ``rr server`` started from
another folder, and the start page's default game (Ana against two random bots, a signed
game: taking the seat makes a key) played in headless Chromium to its end by clicks alone.
No blank page on the way: every decision of Ana's shows its options, the game ends with its
places and the audit's verdict, and the browser's console has no error but the one the page
expects while the deal waits for the seat."""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.readme_install import clean_env, readme_install

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By

from tests.web.pages import (
    decision_number,
    is_over,
    options,
    severe_console_errors,
    wait,
    wait_for_my_turn_or_end,
)

LISTENING = re.compile(r"listening on http://127\.0\.0\.1:(\d+)")
MAX_CHOICES = 400


@pytest.fixture(scope="module")
def fresh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``rr server`` of the venv the README's first command made, on 127.0.0.1; its URL."""
    folder = tmp_path_factory.mktemp("fresh-table")
    copy, done = readme_install(folder)
    assert done.returncode == 0, done.stdout + done.stderr
    said = folder / "server.out"
    with said.open("wb") as out:
        server = subprocess.Popen([str(copy / ".venv" / "bin" / "rr"), "server", "--port", "0",
                                   "--db", str(folder / "games.db")], cwd=folder,
                                  env=clean_env(), stdout=out, stderr=subprocess.STDOUT)
        try:
            url = ""
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not url and server.poll() is None:
                found = LISTENING.findall(said.read_text())
                url = f"http://127.0.0.1:{found[-1]}" if found else ""
                time.sleep(0.2)
            assert url, said.read_text()
            yield url
        finally:
            server.terminate()
            server.wait(timeout=30)
    assert "Traceback" not in said.read_text(), said.read_text()


def test_the_start_pages_default_game_plays_to_its_end_on_the_readme_install(
        fresh_server: str, browsers: Callable[..., Any]) -> None:
    driver = browsers()
    driver.get(f"{fresh_server}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    driver.find_element(By.ID, "create-game").click()  # the defaults, untouched
    wait(driver, lambda d: "&token=" in d.current_url)  # its creator at their seat
    for step in range(MAX_CHOICES):
        wait_for_my_turn_or_end(driver)
        if is_over(driver):
            break
        prompt = driver.find_element(By.ID, "decision").text
        assert prompt.strip(), f"a blank decision at choice {step}"
        before = decision_number(driver)
        listed = driver.find_elements(By.ID, "option-list")
        if listed and listed[0].is_displayed() and not listed[0].get_attribute("open"):
            driver.find_element(By.ID, "option-summary").click()  # every option, listed
        offered = [o for o in options(driver) if o.is_displayed() and o.is_enabled()]
        assert offered, f"no option to click at choice {step}: {prompt}"
        offered[step % len(offered)].click()
        confirm = driver.find_element(By.ID, "confirm")
        if confirm.is_displayed():  # a choice among alternatives is confirmed
            confirm.click()
        wait(driver, lambda d, b=before: decision_number(d) > b or is_over(d))
    else:
        pytest.fail(f"the game did not end in {MAX_CHOICES} choices")
    wait(driver, lambda d: "Checked" in d.find_element(By.ID, "audit-line").text)
    assert driver.find_element(By.ID, "decided").text.strip()
    assert "Game over" in driver.find_element(By.ID, "end").text
    # The page asked for the game before the seat's key had dealt it (409, "waiting for
    # players to join"); nothing else may be in the console.
    assert [m for m in severe_console_errors(driver) if "status of 409" not in m] == []
    fragment = driver.current_url.split("#", 1)[1]
    game = re.search(r"game=([^&]+)", fragment)
    assert game is not None
    token = re.search(r"token=([^&]+)", fragment)
    assert token is not None
    log = httpx.get(f"{fresh_server}/api/games/{game.group(1)}/log", timeout=30,
                    headers={"authorization": f"Bearer {token.group(1)}"})
    assert log.status_code == 200 and log.content

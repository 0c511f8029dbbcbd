"""Identities, the lobby, a clock, the chat and the ratings in headless Chromium with two
browser profiles against a real ``rr server``: each profile makes a player's identity in the
lobby (a key kept in the browser, a name registered; nobody else may then play as Ana); Ana
creates a rated 2-player game with a 5 minutes + 5 seconds clock in the lobby; Bo sees it
appear in his lobby without a reload and joins it with one click, as his identity; both tables
show the clock; they chat under their identities' names; they play to the end; both profiles'
ratings pages change, and equal ``rr ratings --json`` over the logs downloaded from that
page."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from tests.server.harness import Server, rr_env
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.web.pages import (
    confirm,
    is_armed,
    options,
    pick_from_list,
    severe_console_errors,
    text,
    wait,
)


def _lobby(driver: Any, server: Server, name: str) -> None:
    """Open the lobby and make the profile's identity under ``name``."""
    driver.get(f"{server.url}/lobby")
    field = wait(driver, lambda d: d.find_element(By.ID, "identity-name"))
    field.send_keys(name)
    driver.find_element(By.ID, "identity-make").click()
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-identity")
         == name)
    assert f"You are {name}" in text(driver, "identity-me")
    assert not driver.find_element(By.ID, "my-name").is_displayed()
    # The identity is kept by this browser: a reload knows it.
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-identity")
         == name)


def _rows(driver: Any) -> list[Any]:
    return list(driver.find_elements(By.CSS_SELECTOR, "#open-games tbody tr"))


def _seat(driver: Any) -> tuple[str, str]:
    """The game and token of the seat the page shows (its URL's fragment)."""
    found = parse_qs(urlparse(driver.current_url).fragment)
    return found["game"][0], found["token"][0]


def _ratings(driver: Any, server: Server) -> dict[str, str]:
    """The ratings page's rows: name -> mu as shown."""
    driver.get(f"{server.url}/ratings")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-games"))
    return {r.get_attribute("data-name"): r.find_element(By.CSS_SELECTOR, "td.mu").text
            for r in driver.find_elements(By.CSS_SELECTOR, "#ratings tbody tr")}


@pytest.mark.slow
def test_two_profiles_find_chat_play_and_are_rated(server: Server,
                                                   browsers: Callable[..., Any]) -> None:
    ana, bo = browsers(), browsers()
    assert _ratings(ana, server) == {} and _ratings(bo, server) == {}
    _lobby(bo, server, "Bo")
    wait(bo, lambda d: d.find_element(By.ID, "no-open").is_displayed())
    _lobby(ana, server, "Ana")
    # The name is Ana's now: nobody else takes it, in any case.
    taken = httpx.post(f"{server.url}/api/lobby/games", json={"name": "ana", "players": 2})
    assert taken.status_code == 409 and taken.json()["error"]["type"] == "NameTakenError"
    Select(ana.find_element(By.ID, "new-players")).select_by_visible_text("2")
    ana.find_element(By.CSS_SELECTOR, "input[name=clock][value=real]").click()
    for field, value in (("clock-minutes", "5"), ("clock-increment", "5")):
        ana.find_element(By.ID, field).clear()
        ana.find_element(By.ID, field).send_keys(value)
    assert ana.find_element(By.ID, "new-rated").is_selected()
    created = time.monotonic()
    ana.find_element(By.ID, "create").click()
    wait(ana, lambda d: "&token=" in d.current_url)
    # Bo's lobby shows the game without a reload (it asks every second).
    row = wait(bo, lambda d: _rows(d)[0] if _rows(d) else None)
    latency = time.monotonic() - created
    print(f"lobby update seen after {latency:.2f} s")
    assert latency < 3.0
    assert "Ana ✓, —" in row.text and "5 min + 5 s" in row.text and "rated" in row.text
    screenshot(bo, "lobby")
    assert "You are Bo" in text(bo, "identity-me")
    _rows(bo)[0].find_element(By.CSS_SELECTOR, "button.join").click()
    wait(bo, lambda d: "&token=" in d.current_url)
    wait(bo, lambda d: "you are Bo (seat 2)" in text(d, "whoami"))
    wait(ana, lambda d: "you are Ana (seat 1)" in text(d, "whoami"))
    # The clock, on both tables: each seat's time, the running one marked.
    for driver in (ana, bo):
        wait(driver, lambda d: d.find_element(By.ID, "clocks").is_displayed())
        # Asked every second: a page may have asked before Bo took his seat.
        wait(driver, lambda d: "Bo: " in text(d, "clocks"))
        shown = text(driver, "clocks")
        assert "Clock: 5 min + 5 s" in shown and "Ana: " in shown and "Bo: " in shown
        assert driver.find_elements(By.CSS_SELECTOR, "li.clock.running")
    screenshot(ana, "clock")
    # They chat.
    box = wait(ana, lambda d: d.find_element(By.ID, "chat-text"))
    box.send_keys("good luck, Bo")
    ana.find_element(By.ID, "chat-send").click()
    wait(bo, lambda d: "Ana: good luck, Bo" in text(d, "chat-list"))
    bo.find_element(By.ID, "chat-text").send_keys("and to you")
    bo.find_element(By.ID, "chat-send").click()
    wait(ana, lambda d: "Bo: and to you" in text(d, "chat-list"))
    screenshot(bo, "chat")
    # A few moves by clicking, each page when its turn comes; the rest with the pages' own
    # seats over HTTP (the same tokens), so that the test does not take many minutes.
    moved = 0
    for _ in range(80):
        for driver in (ana, bo):
            if options(driver) and is_armed(driver):
                pick_from_list(driver, 0)
                confirm(driver)
                moved += 1
        if moved >= 4:
            break
        time.sleep(0.2)
    assert moved >= 4
    game, tokens = _seat(ana)[0], {0: _seat(ana)[1], 1: _seat(bo)[1]}
    rng = random.Random(3)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for _ in range(3000):
            time.sleep(0.05)  # below the server's --rate a token: the pages use the same tokens
            seats = [http.get(f"/api/games/{game}",
                              headers={"authorization": f"Bearer {tokens[s]}"}).json()
                     for s in (0, 1)]
            if not all("view" in a for a in seats):  # refused for now (429: too fast)
                assert all(a.get("error", {}).get("type") == "RateLimitedError"
                           for a in seats if "view" not in a), seats
                time.sleep(0.5)
                continue
            if seats[0]["view"]["pending"] is None:
                break
            mine = next((a for a in seats if a["view"]["pending"]["options"]), None)
            if mine is None:  # between two decisions
                time.sleep(0.05)
                continue
            seat = seats.index(mine)
            http.post(f"/api/games/{game}/choose",
                      headers={"authorization": f"Bearer {tokens[seat]}"},
                      json={"action": rng.choice(mine["view"]["pending"]["options"])["action"],
                            "decision": mine["decision"]})
    for driver in (ana, bo):
        wait(driver, lambda d: d.find_element(By.ID, "end").is_displayed(), 60)
    # Both profiles' ratings pages now rate Ana and Bo.
    shown = {name: _ratings(driver, server) for name, driver in (("ana", ana), ("bo", bo))}
    assert shown["ana"] == shown["bo"] and set(shown["ana"]) == {"Ana", "Bo"}
    assert set(shown["ana"].values()) != {"25.00"}
    marked = ana.find_elements(By.CSS_SELECTOR, "#ratings tbody tr .identity-mark")
    assert len(marked) == 2  # both names are identities'
    screenshot(ana, "ratings")
    # The logs downloaded from the page give the same numbers with rr ratings.
    links = bo.find_elements(By.CSS_SELECTOR, "#rated-logs a")
    assert len(links) == 1
    links[0].click()
    log = wait(bo, lambda d: next(iter(d.downloads.glob("*.rrlog")), None), 30)
    assert log.name.startswith("000001-")
    done = subprocess.run([sys.executable, "-m", "rr", "ratings", "--json",
                           str(bo.downloads)], capture_output=True, text=True, env=rr_env(),
                          timeout=60)
    assert done.returncode == 0, done.stderr
    rated = json.loads(done.stdout)
    assert {r["name"]: f"{r['mu']:.2f}" for r in rated["ratings"]} == shown["bo"]
    assert rated == httpx.get(f"{server.url}/api/ratings").json()
    # A player's history, from the page.
    bo.find_element(By.CSS_SELECTOR, "#ratings tbody tr[data-name=Bo] a").click()
    wait(bo, lambda d: d.find_element(By.ID, "history").is_displayed())
    assert "Bo: " in text(bo, "history-title") and log.name in text(bo, "history")
    for driver in (ana, bo):
        assert severe_console_errors(driver) == []

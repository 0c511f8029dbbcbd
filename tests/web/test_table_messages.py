"""One place for the table's messages, in headless Chromium: each part of the page says its
message under its own key, and one part's message (or its clearing) never overwrites
another's; each stays until its own part clears it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.server.harness import Server

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By

from tests.web.pages import text, wait, wait_for_my_turn_or_end


def test_a_message_stays_until_its_own_part_clears_it(server: Server,
                                                      browsers: Callable[..., Any]) -> None:
    """A refused choice's message, then the seat's waiting line said and cleared (as joining a
    seat does): the refusal is still shown, once; clearing it leaves the other message."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "seed": 4, "practice": True, "bots": {"1": "random"}},
        timeout=30).json()
    driver = browsers()
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    wait_for_my_turn_or_end(driver)
    shown = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import("/static/messages.js").then((m) => {
          m.say("choice", "This choice is refused: the game has moved on.", {error: true});
          m.sayer("seat")("Waiting for the other players to join…");
          m.sayer("seat")("");
          m.say("live", "Live updates stopped.", {error: true});
          done(m.messages());
        });""")
    assert shown == [["choice", "This choice is refused: the game has moved on."],
                     ["live", "Live updates stopped."]]
    status = driver.find_element(By.ID, "status")
    assert "This choice is refused" in status.text and "Live updates stopped" in status.text
    assert "error" in str(status.get_attribute("class"))
    driver.execute_script("import('/static/messages.js').then((m) => m.clear('choice'))")
    wait(driver, lambda d: "refused" not in text(d, "status"))
    assert text(driver, "status") == "Live updates stopped."


def test_an_update_replaces_only_what_changed(server: Server,
                                              browsers: Callable[..., Any]) -> None:
    """Touching a card of the hand redraws the selection only: the locations, the player
    panels and the other cards of the hand are the same nodes as before (a move animation,
    a chat box's or a clock's state would stay); the touched card's tile is new."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "seed": 4, "practice": True, "bots": {"1": "random"}},
        timeout=30).json()
    driver = browsers()
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    wait_for_my_turn_or_end(driver)
    driver.execute_script("""
        document.querySelectorAll('.location, .panel, #hand .tcard')
          .forEach((node) => { node.__mark = true; });""")
    tile = driver.find_element(By.CSS_SELECTOR, "#hand .tcard.target")
    touched = tile.get_attribute("data-card")
    tile.click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .tcard.selected"))
    kept = driver.execute_script("""
        const marked = (css) => [...document.querySelectorAll(css)].map((n) => Boolean(n.__mark));
        return {panels: marked('.panel'), hand: marked('#hand .tcard:not(.selected)'),
                selected: marked('#hand .tcard.selected'), locations: marked('.location')};""")
    assert kept["panels"] and all(kept["panels"])
    assert kept["hand"] and all(kept["hand"])
    assert kept["selected"] == [False], touched
    assert len(kept["locations"]) == 4

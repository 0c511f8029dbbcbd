"""The end of a game in headless Chromium, at 1280x800 and 390x844: the places, each total and
what decided the win (RR-SCORE-14, in the scorer's words), the scorepad in view without
scrolling, and the audit's verdict in one line with "check this game" (seed, salt,
commitment, signatures) folded under it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from rr.client import Client
from tests.server.harness import Server

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By

from tests.web.conftest import screenshot
from tests.web.pages import (
    in_view,
    is_over,
    serious_axe_violations,
    severe_console_errors,
    wait,
)

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}


def _finished(server: Server) -> tuple[str, str, dict[str, Any]]:
    """A game of Ana (a person, played here over HTTP) against two bots, over."""
    created = Client.create(server.url, ["Ana", "Bo", "Cy"], bots={1: "random", 2: "greedy"})
    ana = Client(server.url, created["id"], created["seats"][0]["token"])
    answer = ana.show()
    while not answer["over"]:  # the bots answer within each choice: Ana's turn, or the end
        answer = ana.choose(answer["view"]["pending"]["options"][0]["action"])
        time.sleep(0.03)  # within the server's 50 requests a second a token
    return created["id"], created["seats"][0]["token"], answer


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_end_says_places_why_and_the_audit_with_the_scorepad_in_view(
        server: Server, browsers: Callable[..., Any], size: str) -> None:
    game, token, answer = _finished(server)
    result = answer["result"]
    assert result["decided"] and len(result["standings"]) == 3
    driver = browsers(SIZES[size])
    driver.get(f"{server.url}/#game={game}&token={token}")
    wait(driver, is_over)
    wait(driver, lambda d: d.find_element(By.ID, "decided").text)
    assert driver.find_element(By.ID, "decided").text == result["decided"]
    places = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#places li")]
    assert [p.split()[1] for p in places] == [s["name"] for s in result["standings"]]
    assert places[0].startswith("1st")
    assert "(you)" in next(p for p in places if " Ana" in p)
    # In view at once: no scrolling needed to read the places, the scorepad and the verdict.
    wait(driver, lambda d: "Checked" in d.find_element(By.ID, "audit-line").text)
    assert in_view(driver, "#decided") == [True]
    assert in_view(driver, "#end table.scorepad") == [True]
    assert in_view(driver, "#audit-line") == [True]
    assert driver.execute_script("return window.scrollY") == 0
    details = driver.find_element(By.ID, "check-game")
    assert details.get_attribute("open") is None  # folded
    assert "salt" not in driver.find_element(By.ID, "end").text
    screenshot(driver, f"end-of-game-{size}")
    assert serious_axe_violations(driver) == []
    details.find_element(By.TAG_NAME, "summary").click()
    facts = driver.find_element(By.ID, "check-facts").text
    seed = next(t["event"][1]["seed"] for t in Client(server.url, game, token).show(0)["new"]
                if t["event"][0].startswith("seed_revealed"))
    assert str(seed) in facts and "commitment" in facts and "signatures" in facts
    assert severe_console_errors(driver) == []

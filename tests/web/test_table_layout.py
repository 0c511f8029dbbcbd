"""The layout holds, in headless Chromium at 1280x800 and on a 390x844 phone: a crowded pile
(22 cards on Luna) keeps every name whole and every card a tap target of at least 24 px (WCAG
2.2, 2.5.8); the card read never covers the card it explains and its close button is in view;
with 6 players the names are whole and the log keeps several lines."""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import httpx
import pytest

from rr.cards.catalogue import catalogue
from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By

from tests.web.pages import in_view, no_horizontal_scroll, wait, wait_for_my_turn_or_end

SIZES = [(1280, 800), (390, 844)]

CROWD = """
// The test's crowd: the seat's answers are given CARDS more on Luna, under its cards (a
// position no short game reaches), and live updates are off so that it stays.
const crowd = %s;
const realFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await realFetch(...args);
  if (!/\\/api\\/games\\/[^/]+(\\?|$)/.test(String(args[0]))) return response;
  const data = await response.clone().json().catch(() => null);
  if (!data || !data.view) return response;
  const at = data.view.locations.findIndex(([loc]) => loc === "luna");
  data.view.locations[at][1] = [...crowd, ...data.view.locations[at][1]];
  data.face_down[at] = [...crowd.map(() => false), ...data.face_down[at]];
  return new Response(JSON.stringify(data), {status: 200,
                                             headers: {"content-type": "application/json"}});
};
window.WebSocket = class { close() {} };
"""


def _crowded(server: Server, driver: Any, size: int) -> None:
    """Ana's table, with 22 cards on Luna."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo", "Cy"], "seed": 3, "practice": True,
        "bots": {"1": "random", "2": "random"}}, timeout=30).json()
    token = created["seats"][0]["token"]
    answer = httpx.get(f"{server.url}/api/games/{created['id']}", timeout=10,
                       headers={"authorization": f"Bearer {token}"}).json()
    shown = set(answer["view"]["hand"]) | {c for _, stack in answer["view"]["locations"]
                                           for c in stack}
    luna = next(stack for loc, stack in answer["view"]["locations"] if loc == "luna")
    # The longest names first: the hardest to keep whole.
    spare = sorted((c for c in catalogue() if c not in shown),
                   key=lambda c: -len(catalogue()[c].name))
    crowd = spare[:22 - len(luna)]
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": CROWD % json.dumps(crowd)})
    driver.get(f"{server.url}/#game={created['id']}&token={token}")
    wait_for_my_turn_or_end(driver)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR,
                                               "[data-location=luna] .tcard")) == 22)


def _boxes(driver: Any, css: str) -> list[dict[str, float]]:
    return list(driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => {"
        " const r = e.getBoundingClientRect(); const n = e.querySelector('.cname') || e;"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
        " width: r.width, height: r.height, clipped: n.scrollWidth > n.clientWidth + 1"
        " || n.scrollHeight > n.clientHeight + 1}; })", css))


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_a_crowded_luna_keeps_every_name_and_tap_target(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int]) -> None:
    """22 cards on Luna: each card at least 24 px each way, none over another, every name
    whole (not clipped); the page does not scroll sideways."""
    driver = browsers(size)
    _crowded(server, driver, size[0])
    tiles = _boxes(driver, "[data-location=luna] .tcard")
    assert len(tiles) == 22
    for tile in tiles:
        assert tile["height"] >= 24 and tile["width"] >= 24, tile
        assert not tile["clipped"], tile
    for upper, lower in pairwise(tiles):
        assert upper["bottom"] <= lower["top"] + 0.5, (upper, lower)
    assert no_horizontal_scroll(driver)
    screenshot(driver, f"crowded-luna-{size[0]}")


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_the_card_read_never_covers_its_card_and_closes_in_view(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int]) -> None:
    """A card of the hand and a buried card of Luna, read: the card read does not cover the
    card touched, and its close button is wholly in the window; on a laptop the log stays in
    view beside it."""
    driver = browsers(size)
    _crowded(server, driver, size[0])
    for css in ("#hand .tcard", "[data-location=luna] .tcard.compact"):
        tile = driver.find_elements(By.CSS_SELECTOR, css)[-1]
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", tile)
        id = tile.get_attribute("data-card")
        tile.click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#zoom.open [data-zoom]"))
        zoom = _boxes(driver, "#zoom")[0]
        card = _boxes(driver, f"{css}[data-card={id}]")[0]  # drawn anew if it was picked
        apart = (zoom["bottom"] <= card["top"] + 1 or zoom["top"] >= card["bottom"] - 1
                 or zoom["right"] <= card["left"] + 1 or zoom["left"] >= card["right"] - 1)
        assert apart, (css, zoom, card)
        assert all(in_view(driver, "#zoom .close-zoom")), css
        if size[0] > 900:  # the log keeps lines in view beside the card read
            story = _boxes(driver, "#story")[0]
            assert min(story["bottom"], size[1]) - max(story["top"], 0) >= 3 * 16, story
    screenshot(driver, f"card-read-{size[0]}")
    driver.find_element(By.CSS_SELECTOR, "#zoom .close-zoom").click()
    assert not driver.find_elements(By.CSS_SELECTOR, "#zoom.open")


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_six_players_names_whole_and_the_log_readable(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int]) -> None:
    """A 6-player table: every player's name whole in its panel, the panels' buttons at least
    24 px; on a laptop the log shows at least five lines in the window beside the board."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bartholomew", "Cassiopeia", "Demetrius", "Evangeline", "Fitzgerald"],
        "seed": 4, "practice": True,
        "bots": {str(i): "random" for i in range(1, 6)}}, timeout=60).json()
    driver = browsers(size)
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    wait_for_my_turn_or_end(driver)
    names = _boxes(driver, "#players .panel .pname")
    assert len(names) == 6 and not any(n["clipped"] for n in names)
    for button in _boxes(driver, "#players button"):
        assert button["height"] >= 24 and button["width"] >= 24, button
    if size[0] > 900:
        story = _boxes(driver, "#story")[0]
        line = driver.execute_script(
            "return parseFloat(getComputedStyle(document.getElementById('story')).lineHeight)"
            " || 16")
        visible = min(story["bottom"], size[1]) - max(story["top"], 0)
        assert visible >= 5 * line, (story, line)
    assert no_horizontal_scroll(driver)
    screenshot(driver, f"six-players-{size[0]}")

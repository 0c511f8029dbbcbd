"""Every question answered on the board, in headless Chromium: the deck cards Firewall Expert
shows are real cards on the board, outlined and picked there; a question names what asks it
(a card, House Ceres) with its text one click away; a question with one possible answer takes
one action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from rr.cards.catalogue import catalogue, houses
from rr.engine import Game
from rr.model import House
from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By

from tests.web.pages import (
    confirm,
    decision_number,
    lead_by_touch,
    open_settings,
    options,
    pick_from_list,
    text,
    wait,
    wait_for_my_turn_or_end,
)


def _seed(wanted: Callable[[Game], bool]) -> int:
    """The first seed of a game of Ana and Bo where Ana takes the first turn and ``wanted``."""
    for seed in range(1, 1000):
        game = Game.new(["Ana", "Bo"], seed=seed)
        if game.pending is not None and game.pending.seat == 0 and wanted(game):
            return seed
    raise AssertionError("no such seed")


def _open(server: Server, driver: Any, seed: int) -> None:
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "seed": seed, "practice": True}, timeout=30).json()
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    wait_for_my_turn_or_end(driver)


def _cause(driver: Any) -> str:
    cause = driver.find_element(By.ID, "cause")
    return str(cause.text) if cause.is_displayed() else ""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_firewall_experts_deck_cards_are_picked_on_the_board(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int]) -> None:
    """Ana deploys Firewall Expert (RULING-A1): the three deck cards she looks at are shown as
    cards on the board, readable, outlined and picked by a touch; the question names Firewall
    Expert, whose text opens with a click; the last card, the only answer left, goes with one
    click (no confirm)."""
    seed = _seed(lambda g: "firewall_expert" in g.state.players[0].hand)
    driver = browsers(size)
    _open(server, driver, seed)
    lead_by_touch(driver, card="firewall_expert")
    confirm(driver)
    wait_for_my_turn_or_end(driver)
    assert "Place a card face down" in text(driver, "prompt")
    assert "Firewall Expert" in _cause(driver)
    tiles = driver.find_elements(By.CSS_SELECTOR, "#known .tcard.target")
    assert len(tiles) == 3
    for tile in tiles:
        card = catalogue()[str(tile.get_attribute("data-card"))]
        assert tile.is_displayed() and card.name in tile.text
        assert tile.size["height"] >= 24 and tile.size["width"] >= 24
    screenshot(driver, f"firewall-on-the-board-{size[0]}")
    driver.find_element(By.CSS_SELECTOR, "#cause button").click()
    zoom = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#zoom [data-zoom]"))
    assert zoom.get_attribute("data-zoom") == "firewall_expert"
    assert catalogue()["firewall_expert"].deploy in zoom.text
    picked = tiles[0].get_attribute("data-card")
    tile = driver.find_element(By.CSS_SELECTOR, f"#known .tcard.target[data-card={picked}]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", tile)
    tile.click()
    assert catalogue()[str(picked)].name in wait(driver, lambda d: text(d, "pick-text"))
    confirm(driver)
    wait_for_my_turn_or_end(driver)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#known .tcard.target")) == 2


def test_a_question_with_one_answer_takes_one_click(server: Server,
                                                     browsers: Callable[..., Any]) -> None:
    """Bo tries to take the Sovereign token and Ana has no card to block with (RR-BLOCK-3):
    "no" is the only answer, given with one click and no confirm; with "answer a question
    with one possible answer by itself" ticked, the next such question is answered alone."""
    seed, steps = 0, 0
    for seed in range(1, 50):
        game = Game.new(["Ana", "Bo"], seed=seed)
        steps = 0
        while game.pending is not None and not (game.pending.seat == 0
                                                and len(game.pending.options) == 1):
            game.choose(game.pending.options[0])
            steps += 1
        if game.pending is not None:
            break
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "seed": seed, "practice": True}, timeout=30).json()
    url = f"{server.url}/api/games/{created['id']}"
    for _ in range(steps):  # the same choices, each by the seat asked
        answer = httpx.get(url, headers={"authorization": "Bearer "
                                         + created["seats"][0]["token"]}, timeout=10).json()
        seat = answer["view"]["pending"]["seat"]
        token = created["seats"][seat]["token"]
        mine = httpx.get(url, headers={"authorization": f"Bearer {token}"}, timeout=10).json()
        httpx.post(f"{url}/choose", headers={"authorization": f"Bearer {token}"}, timeout=30,
                   json={"action": mine["view"]["pending"]["options"][0]["action"],
                         "decision": mine["decision"]}).raise_for_status()
    driver = browsers()
    driver.get(f"{url.replace('/api/games/', '/#game=')}&token={created['seats'][0]['token']}")
    wait_for_my_turn_or_end(driver)
    assert len(options(driver)) == 1
    before = decision_number(driver)
    only = driver.find_element(By.CSS_SELECTOR, ".only-option")
    assert not driver.find_element(By.ID, "confirm").is_displayed()
    assert "No" in only.text
    only.click()
    wait(driver, lambda d: decision_number(d) > before)
    open_settings(driver)
    assert driver.find_element(By.ID, "auto-only").is_displayed()


def test_house_ceres_banish_names_house_ceres(server: Server,
                                              browsers: Callable[..., Any]) -> None:
    """Ana of House Ceres leads on Luna and gains the Sovereign token: "Banish 1 card from a
    location" names House Ceres (RR-HOUSE-3), whose tile's text opens with a click, and the
    cards it may banish are outlined where they lie."""
    seed = _seed(lambda g: g.state.players[0].house is House.CERES)
    driver = browsers()
    _open(server, driver, seed)
    lead_by_touch(driver, location="mars")
    confirm(driver)
    for _ in range(8):  # then gain from Luna: the Sovereign token (RR-BONUS-3, RR-HOUSE-1)
        wait_for_my_turn_or_end(driver)
        if "Banish 1 card" in text(driver, "prompt"):
            break
        if text(driver, "prompt").startswith("Your turn: Gain"):
            driver.find_element(By.CSS_SELECTOR, "[data-pick-location=luna]").click()
        else:
            pick_from_list(driver, 0)
        confirm(driver)
    assert "Banish 1 card from a location" in text(driver, "prompt")
    assert "House Ceres" in _cause(driver)
    assert driver.find_elements(By.CSS_SELECTOR, ".location .tcard.target")
    driver.find_element(By.CSS_SELECTOR, "#cause button").click()
    zoom = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#zoom [data-zoom]"))
    assert zoom.get_attribute("data-zoom") == "house:ceres"
    assert houses()[House.CERES].ability in zoom.text

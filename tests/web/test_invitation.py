"""A seat left open and taken through the game's invitation (issue #28, point 6), in headless
Chromium: the creator makes a 3-player game with a bot and an open seat; a second browser
profile opens the one invitation link, takes the seat by name (keyboard only), and keeps its
link among its games; the deal waits for it (a signed game: both keys too); both play a move;
a full game's invitation says so and offers to watch it."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.pages import (
    AXE,
    confirm,
    is_armed,
    options,
    pick_from_list,
    serious_axe_violations,
    severe_console_errors,
    text,
    wait,
)


def _create_with_an_open_seat(driver: Any, server: Server) -> str:
    """On the start page: Ana (a person), Bo (a random bot), the third seat open; create.
    The invitation link shown."""
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    Select(driver.find_elements(By.CSS_SELECTOR, "#seats select")[2]).select_by_value("open")
    assert not driver.find_elements(By.CSS_SELECTOR, "#seats .name")[2].is_enabled()
    driver.find_element(By.ID, "create-game").click()
    # Its creator is at their seat, on the waiting screen: the invitation to copy, the
    # spectator's link; no link for the open seat, which is its taker's.
    invite = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#waiting a.invite-link"))
    assert "&token=" in driver.current_url
    seats = [a.get_attribute("data-seat")
             for a in driver.find_elements(By.CSS_SELECTOR, "#waiting a.seat-link")]
    assert seats == ["spectator"]
    wait(driver, lambda d: "Seat 3: free" in text(d, "waiting-seats"))
    return str(invite.get_attribute("href"))


def _take(driver: Any, link: str, name: str) -> None:
    """Open the invitation, see the seats (no card anywhere), take the free one by keyboard."""
    driver.get(link)
    wait(driver, lambda d: d.find_element(By.ID, "join-form").is_displayed())
    seats = text(driver, "join-seats")
    assert "Seat 1: Ana" in seats and "Seat 2: Bo (random bot)" in seats
    assert "Seat 3: free" in seats
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-card]")
    assert driver.switch_to.active_element == driver.find_element(By.ID, "join-name")
    driver.switch_to.active_element.send_keys(name, Keys.ENTER)


def _both_move(drivers: list[Any]) -> None:
    """Each page makes a move when its turn comes (the list of options, then confirm)."""
    moved: set[int] = set()
    for _ in range(60):
        for n, driver in enumerate(drivers):
            if options(driver) and is_armed(driver):
                pick_from_list(driver, 0)
                confirm(driver)
                moved.add(n)
        if len(moved) == len(drivers):
            return
        time.sleep(0.25)
    raise AssertionError(f"only {sorted(moved)} moved")


def test_a_person_takes_the_open_seat_with_the_invitation_and_both_play(
        server: Server, browsers: Callable[..., Any]) -> None:
    """The creator's seat waits for the open seat; the guest takes it as Dana, lands on the
    seat's own table (kept in the guest's games), the game is dealt with Dana's name, and
    both play a move; the invitation then says the game is full, and offers to watch."""
    creator = browsers()
    link = _create_with_an_open_seat(creator, server)
    assert "#game=" in link and "&invite=" in link and "?" not in link
    assert "Seat 1: Ana (you)" in text(creator, "waiting-seats")

    guest = browsers()
    _take(guest, link, "Dana")
    wait(guest, lambda d: "&token=" in d.current_url)
    wait(guest, lambda d: "you are Dana (seat 3)" in text(d, "whoami"))
    wait(creator, lambda d: "you are Ana (seat 1)" in text(d, "whoami"))
    for driver in (creator, guest):
        names = [p.text.split("\n")[0] for p in driver.find_elements(By.CSS_SELECTOR,
                                                                    "#players .pname")]
        assert names == ["Ana", "Bo", "Dana"]
    kept = json.loads(guest.execute_script("return localStorage.getItem('rr.games')"))
    assert [(g["seat"], g["label"]) for g in kept] == [(2, "Dana (seat 3)")]
    assert kept[0]["token"] in guest.current_url
    _both_move([creator, guest])

    latecomer = browsers()
    latecomer.get(link)
    wait(latecomer, lambda d: "Every seat of this game is taken" in text(d, "join-text"))
    assert not latecomer.find_element(By.ID, "join-form").is_displayed()
    assert "Seat 3: Dana (joined by invitation)" in text(latecomer, "join-seats")
    assert not latecomer.find_elements(By.CSS_SELECTOR, "[data-card]")
    # ... and offers to watch it: the spectator's table, no hand.
    latecomer.find_element(By.CSS_SELECTOR, "#join-watch a.watch-link").click()
    wait(latecomer, lambda d: "you are a spectator" in text(d, "whoami"))
    assert not latecomer.find_element(By.ID, "hand-section").is_displayed()
    # The start page's first look at the undealt game is a 409 (DealPendingError) that
    # Chromium logs as a failed resource; nothing else may be in any console.
    for driver in (creator, guest, latecomer):
        assert [m for m in severe_console_errors(driver) if "status of 409" not in m] == []


def test_the_invitation_page_passes_axe_core(server: Server,
                                             browsers: Callable[..., Any]) -> None:
    """axe-core 4.14.1 finds nothing serious on the invitation's page, free and full, at
    1280x800 and on a phone."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not vendored at {AXE}")
    creator = browsers()
    link = _create_with_an_open_seat(creator, server)
    assert serious_axe_violations(creator) == []  # the links with the invitation
    for size in ((1280, 800), (390, 844)):
        driver = browsers(size)
        driver.get(link)
        wait(driver, lambda d: d.find_element(By.ID, "join-form").is_displayed())
        assert serious_axe_violations(driver) == []
        if size == (1280, 800):
            screenshot(driver, "table-invitation")
    taker = browsers()
    _take(taker, link, "Dana")
    wait(taker, lambda d: "&token=" in d.current_url)
    taker.get(link)
    wait(taker, lambda d: "Every seat" in text(d, "join-text"))
    assert serious_axe_violations(taker) == []

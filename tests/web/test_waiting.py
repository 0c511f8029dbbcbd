"""Starting a game with people, in headless Chromium: six players get six different
initials by default; an open seat needs no name; after creating the game its creator is at
their seat, on a waiting screen with the invitation link (a copy button) and who has joined,
updated live; every seat, the invited one too, gets a rematch; a practice game's invitation
says, before a seat is taken, that its creator chose the seed, and every view of the table
says it too (RR-VIEW-10)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.server.harness import Server

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.conftest import screenshot
from tests.web.pages import (
    in_view,
    is_over,
    no_horizontal_scroll,
    serious_axe_violations,
    text,
    wait,
)

PRACTICE = "its creator chose the seed"


def says(element_id: str, words: str) -> Callable[[Any], bool]:
    """A wait's condition: the element says ``words`` (redrawn meanwhile: asked again)."""
    def condition(driver: Any) -> bool:
        try:
            return words in text(driver, element_id)
        except StaleElementReferenceException:
            return False
    return condition


def displayed(element_id: str) -> Callable[[Any], bool]:
    """A wait's condition: the element is shown (the page may reload meanwhile)."""
    def condition(driver: Any) -> bool:
        try:
            return bool(driver.find_element(By.ID, element_id).is_displayed())
        except StaleElementReferenceException:
            return False
    return condition


def _take(driver: Any, link: str, name: str, shot: str | None = None) -> None:
    driver.get(link)
    wait(driver, lambda d: d.find_element(By.ID, "join-form").is_displayed())
    assert PRACTICE in text(driver, "join-practice")  # said before the seat is taken
    if shot:
        screenshot(driver, shot)
    driver.find_element(By.ID, "join-name").send_keys(name, Keys.ENTER)
    wait(driver, lambda d: "&token=" in d.current_url)


def test_the_host_waits_at_their_seat_and_sees_who_joins(
        server: Server, browsers: Callable[..., Any]) -> None:
    host = browsers((1280, 800))
    host.get(f"{server.url}/")
    wait(host, lambda d: d.find_element(By.ID, "create").is_displayed())
    for _ in range(3):
        host.find_element(By.ID, "add-seat").click()
    names = [e.get_attribute("value") for e in host.find_elements(By.CSS_SELECTOR, "#seats .name")]
    assert len({n[0] for n in names}) == 6  # six markers, six initials
    for _ in range(3):
        host.find_element(By.ID, "remove-seat").click()
    rows = host.find_elements(By.CSS_SELECTOR, "#seats li")
    for row in rows[1:]:
        Select(row.find_element(By.CSS_SELECTOR, "select")).select_by_value("open")
        name = row.find_element(By.CSS_SELECTOR, ".name")
        assert not name.is_enabled() and not name.get_attribute("required")
    host.find_element(By.ID, "seed").send_keys("42")
    host.find_element(By.ID, "create-game").click()
    # At their seat at once, waiting: the invitation to copy, who is here.
    wait(host, displayed("waiting"))
    assert "&token=" in host.current_url
    invite = host.find_element(By.CSS_SELECTOR, "#waiting a.invite-link")
    link = str(invite.get_attribute("href"))
    assert host.find_element(By.CSS_SELECTOR, "#waiting .share-links button.copy").is_displayed()
    wait(host, says("waiting-seats", "Seat 2: free"))
    assert "Seat 1: Ana (you)" in text(host, "waiting-seats")
    assert in_view(host, "#waiting") == [True]
    guest = browsers((390, 844))
    _take(guest, link, "Dee", "invitation-practice-phone")
    # Live: the host's screen names the guest without a reload.
    wait(host, says("waiting-seats", "Seat 2: Dee — joined"))
    assert "Seat 3: free" in text(host, "waiting-seats")
    assert PRACTICE in text(host, "waiting-practice")
    screenshot(host, "waiting-laptop")
    assert serious_axe_violations(host) == []
    host.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    assert no_horizontal_scroll(host)
    screenshot(host, "waiting-host-phone")
    host.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    wait(guest, displayed("waiting"))
    assert "Seat 2: Dee (you)" in text(guest, "waiting-seats")
    assert no_horizontal_scroll(guest)
    screenshot(guest, "waiting-phone")
    late = browsers((390, 844))
    _take(late, link, "Eli")
    # Dealt: every view of the table says the seed was chosen.
    for driver in (host, guest, late):
        wait(driver, displayed("game"))
        wait(driver, says("practice-note", PRACTICE))
    assert not host.find_element(By.ID, "waiting").is_displayed()
    full = browsers()
    full.get(link)
    watch = wait(full, lambda d: d.find_element(By.CSS_SELECTOR, "#join-watch a.watch-link"))
    screenshot(full, "invitation-full-watch")
    watch.click()
    wait(full, says("practice-note", PRACTICE))  # the spectator's view too


def test_the_invited_guest_gets_a_rematch_too(server: Server,
                                              browsers: Callable[..., Any]) -> None:
    """A game played to its end (over HTTP) by Ana and Dana, who came by invitation: Dana's
    page offers a rematch; it lands on her seat of the new game, waiting for Ana; Ana's
    rematch seats her there too, and the new game is dealt with the same players."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", None], "open": [1]}, timeout=10).json()
    game, ana = created["id"], created["seats"][0]["token"]
    dana = httpx.post(f"{server.url}/api/games/{game}/invitation", json={"name": "Dana"},
                      headers={"authorization": f"Bearer {created['invitation']}"},
                      timeout=10).json()["token"]
    for _ in range(3000):
        answers = {t: httpx.get(f"{server.url}/api/games/{game}", timeout=10,
                                headers={"authorization": f"Bearer {t}"}).json()
                   for t in (ana, dana)}
        if answers[ana]["over"]:
            break
        for token, answer in answers.items():
            if answer["view"]["pending"]["options"] is not None:
                httpx.post(f"{server.url}/api/games/{game}/choose", timeout=10,
                           headers={"authorization": f"Bearer {token}"},
                           json={"action": answer["view"]["pending"]["options"][0]["action"],
                                 "decision": answer["decision"]})
        time.sleep(0.03)
    guest = browsers((390, 844))
    guest.get(f"{server.url}/#game={game}&token={dana}")
    wait(guest, is_over)
    wait(guest, lambda d: d.find_element(By.ID, "rematch").is_displayed())
    guest.find_element(By.ID, "rematch").click()
    wait(guest, lambda d: game not in d.current_url)
    wait(guest, says("waiting-seats", "Seat 2: Dana (you)"))
    assert "Seat 1: Ana — not here yet" in text(guest, "waiting-seats")
    host = browsers()
    host.get(f"{server.url}/#game={game}&token={ana}")
    wait(host, lambda d: d.find_element(By.ID, "rematch").is_displayed())
    host.find_element(By.ID, "rematch").click()
    for driver in (guest, host):
        wait(driver, displayed("game"))
        names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#players .pname")]
        assert names == ["Ana", "Dana"] and not is_over(driver)

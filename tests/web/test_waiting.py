"""Starting a game with people, in headless Chromium: six players get six different
initials by default; an open seat needs no name; after creating the game its creator is at
their seat, on a waiting screen with the invitation link (a copy button) and who has joined,
updated live; a practice game's invitation says, before a seat is taken, that its creator
chose the seed, and every view of the table says it too (RR-VIEW-10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.server.harness import Server

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.conftest import screenshot
from tests.web.pages import in_view, no_horizontal_scroll, text, wait

PRACTICE = "its creator chose the seed"


def _take(driver: Any, link: str, name: str) -> None:
    driver.get(link)
    wait(driver, lambda d: d.find_element(By.ID, "join-form").is_displayed())
    assert PRACTICE in text(driver, "join-practice")  # said before the seat is taken
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
    wait(host, lambda d: d.find_element(By.ID, "waiting").is_displayed())
    assert "&token=" in host.current_url
    invite = host.find_element(By.CSS_SELECTOR, "#waiting a.invite-link")
    link = str(invite.get_attribute("href"))
    assert host.find_element(By.CSS_SELECTOR, "#waiting .share-links button.copy").is_displayed()
    wait(host, lambda d: "Seat 2: free" in text(d, "waiting-seats"))
    assert "Seat 1: Ana (you)" in text(host, "waiting-seats")
    assert in_view(host, "#waiting") == [True]
    guest = browsers((390, 844))
    _take(guest, link, "Dee")
    # Live: the host's screen names the guest without a reload.
    wait(host, lambda d: "Seat 2: Dee — joined" in text(d, "waiting-seats"))
    assert "Seat 3: free" in text(host, "waiting-seats")
    assert PRACTICE in text(host, "waiting-practice")
    screenshot(host, "waiting-laptop")
    host.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    assert no_horizontal_scroll(host)
    screenshot(host, "waiting-host-phone")
    host.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    wait(guest, lambda d: d.find_element(By.ID, "waiting").is_displayed())
    assert "Seat 2: Dee (you)" in text(guest, "waiting-seats")
    assert no_horizontal_scroll(guest)
    screenshot(guest, "waiting-phone")
    late = browsers((390, 844))
    _take(late, link, "Eli")
    # Dealt: every view of the table says the seed was chosen.
    for driver in (host, guest, late):
        wait(driver, lambda d: d.find_element(By.ID, "game").is_displayed())
        wait(driver, lambda d: PRACTICE in text(d, "practice-note"))
    assert not host.find_element(By.ID, "waiting").is_displayed()
    full = browsers()
    full.get(link)
    wait(full, lambda d: d.find_element(By.CSS_SELECTOR, "#join-watch a.watch-link")).click()
    wait(full, lambda d: PRACTICE in text(d, "practice-note"))  # the spectator's view too

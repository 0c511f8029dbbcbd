"""A signed seat opened on a second device, in headless Chromium: the phone says at once, in
words and before any pick, that the seat is played from another device (the words stay once
the table is drawn: nothing wipes them), and offers no option; the laptop that holds the
key makes a transfer link; the phone opens it and plays the seat; the laptop then says the
seat is played elsewhere. The game played to its end on the phone gives a log whose move
`rr audit --seats` follows (rr.seatmoves)."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import ROOT, Server, rr_env

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.web.conftest import screenshot
from tests.web.pages import (
    is_over,
    options,
    serious_axe_violations,
    severe_console_errors,
    text,
    wait,
    wait_for_my_turn_or_end,
)

LAPTOP, PHONE = (1280, 800), (390, 844)
ELSEWHERE = "This seat is played from another device."


def _play_to_the_end(driver: Any, decided: Callable[[], int]) -> None:
    for step in range(400):
        wait_for_my_turn_or_end(driver)
        if is_over(driver):
            return
        before = decided()
        count = min(len(options(driver)), 9)
        if count == 0:  # redrawn in between (others' moves told first): wait again
            continue
        key = str(step % count + 1)
        ActionChains(driver).send_keys(key).perform()
        wait(driver, lambda d, k=int(key): d.switch_to.active_element == options(d)[k - 1])
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait(driver, lambda d: d.switch_to.active_element == d.find_element(By.ID, "confirm"))
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait(driver, lambda d, b=before: decided() > b or is_over(d))
    pytest.fail("the game did not end in 400 choices")


def test_a_seat_on_a_second_device_is_said_and_moved(
        server: Server, browsers: Callable[..., Any], tmp_path: Path) -> None:
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "bots": {"1": "random"}, "signed": True}, timeout=10).json()
    game, token = created["id"], created["seats"][0]["token"]
    link = f"{server.url}/#game={game}&token={token}"
    laptop = browsers(LAPTOP)
    laptop.get(link)
    wait_for_my_turn_or_end(laptop)
    phone = browsers(PHONE)
    phone.get(link)
    # Said at once, before the table is even drawn, and still said once it is.
    wait(phone, lambda d: ELSEWHERE in d.find_element(By.ID, "seat-notice").text)
    wait(phone, lambda d: "Your turn, on your other device" in text(d, "prompt"))
    time.sleep(1.0)
    notice = phone.find_element(By.ID, "seat-notice")
    assert notice.is_displayed() and ELSEWHERE in notice.text
    assert options(phone) == [] and phone.find_elements(By.CSS_SELECTOR, ".target") == []
    assert "signature" not in notice.text and "refused" not in text(phone, "status")
    screenshot(phone, "seat-elsewhere-phone")
    assert serious_axe_violations(phone) == []
    # The laptop, which holds the key, makes the transfer link.
    laptop.find_element(By.CSS_SELECTOR, "#seat-device summary").click()
    laptop.find_element(By.ID, "move-seat").click()
    moving = wait(laptop, lambda d: d.find_element(By.ID, "move-link").get_attribute("value"))
    assert moving.startswith(link + "&move=")
    screenshot(laptop, "seat-transfer-link-laptop")
    # The phone opens it: the seat is its own now.
    phone.get(moving)
    wait_for_my_turn_or_end(phone)
    assert not phone.find_element(By.ID, "seat-notice").is_displayed()
    assert "move=" not in phone.current_url  # the code is used up, and not kept in the URL

    def decided() -> int:  # the game's decision count (the phone's page does not show it)
        return int(httpx.get(f"{server.url}/api/games/{game}/seat", timeout=10, headers={
            "authorization": f"Bearer {token}"}).json()["decision"])
    before = decided()
    ActionChains(phone).send_keys("1").perform()
    wait(phone, lambda d: d.switch_to.active_element == options(d)[0])
    ActionChains(phone).send_keys(Keys.ENTER).perform()
    wait(phone, lambda d: d.switch_to.active_element == d.find_element(By.ID, "confirm"))
    ActionChains(phone).send_keys(Keys.ENTER).perform()
    wait(phone, lambda d: decided() > before or is_over(d))
    screenshot(phone, "seat-moved-phone")
    # The laptop, at the seat's next decision, says the seat is played elsewhere.
    wait(laptop, lambda d: ELSEWHERE in d.find_element(By.ID, "seat-notice").text)
    assert options(laptop) == []
    screenshot(laptop, "seat-moved-away-laptop")
    # The transfer link works once: opened again, it says why the seat did not move.
    laptop.get(moving)
    wait(laptop, lambda d: "The seat did not move" in d.find_element(By.ID, "seat-notice").text)
    assert ELSEWHERE in laptop.find_element(By.ID, "seat-notice").text and options(laptop) == []
    _play_to_the_end(phone, decided)
    path = tmp_path / "moved.rrlog"
    path.write_bytes(httpx.get(f"{server.url}/api/games/{game}/log",
                               headers={"authorization": f"Bearer {token}"}, timeout=10).content)
    audit = subprocess.run([sys.executable, "-m", "rr", "audit", "--seats", str(path)],
                           capture_output=True, text=True, env=rr_env(), cwd=ROOT, timeout=120)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "Ana's seat moved to another device from decision" in audit.stdout
    assert [m for m in severe_console_errors(phone) if "/seat" not in m] == []

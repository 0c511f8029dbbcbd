"""Words for people on the table, in headless Chromium: no decision counter, phase name, rule
id or bracket unless asked for; the log says what each answer answered; the ruleset is chosen
from named, explained options, not typed."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.server.harness import Server

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By

from tests.web.pages import confirm, options, pick_from_list, text, wait, wait_for_my_turn_or_end


def test_the_table_speaks_words(server: Server, browsers: Callable[..., Any]) -> None:
    """After a few moves against three bots the page shows no "decision N", no "Phase:", no
    "[RR-..."; the rule ids come only when "rule ids" is ticked, apart from the lines."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo", "Cy", "Dee"], "seed": 2, "practice": True,
        "bots": {"1": "random", "2": "random", "3": "random"}}, timeout=30).json()
    driver = browsers()
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    for step in range(4):
        wait_for_my_turn_or_end(driver)
        pick_from_list(driver, step % len(options(driver)))
        confirm(driver)
    wait_for_my_turn_or_end(driver)
    page = str(driver.find_element(By.TAG_NAME, "body").text)
    assert not re.search(r"\bdecision \d", page)
    assert "Phase:" not in page and "end_of_game" not in page
    assert "[" not in text(driver, "story") and "RR-" not in text(driver, "story")
    assert not re.search(r"chooses (no|yes)\b", text(driver, "story"))
    driver.find_element(By.ID, "show-rules").click()
    rules = driver.find_elements(By.CSS_SELECTOR, "#story .rule")
    assert rules and all(re.fullmatch(r"\(rule RR-[A-Z]+-\d+\)", r.text.strip())
                         for r in rules if r.text.strip())


def test_the_ruleset_is_chosen_from_named_options(server: Server,
                                                  browsers: Callable[..., Any]) -> None:
    """The new-game form has no ruleset text field: every option is a box with its name in
    words and its explanation; ticking "Protect small hands" makes a game with it."""
    driver = browsers()
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    assert not driver.find_elements(By.CSS_SELECTOR, "input#ruleset, input[type=text]#ruleset")
    driver.find_element(By.ID, "ruleset-summary").click()
    boxes = driver.find_elements(By.CSS_SELECTOR, "#ruleset-options li")
    assert len(boxes) >= 10
    for box in boxes:
        words = box.text
        assert "_" not in words and len(words) > 20, words
    small = next(b for b in boxes if "Protect small hands" in b.text)
    small.find_element(By.CSS_SELECTOR, "input").click()
    assert "Protect small hands" in text(driver, "ruleset-summary")
    driver.find_element(By.ID, "seed").send_keys("5")  # a practice game: no keys needed
    driver.find_element(By.ID, "create-game").click()
    wait(driver, lambda d: "&token=" in d.current_url)  # its creator at their seat
    found = re.search(r"#game=([^&]+)&token=([^&]+)", str(driver.current_url))
    assert found
    answer = httpx.get(f"{server.url}/api/games/{found.group(1)}?since=0", headers={
        "authorization": f"Bearer {found.group(2)}"}, timeout=10).json()
    started = answer["new"][0]["event"]
    assert started[1]["ruleset"]["protect_small_hands"] is True


def test_the_setup_log_is_in_words_its_hash_under_details(server: Server,
                                                         browsers: Callable[..., Any]) -> None:
    """The folded setup log names the ruleset in words and the seed's origin, with no hash
    and no option name; the commitment is under its "details"."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "seed": 3, "practice": True,
        "ruleset": "protect_small_hands=true"}, timeout=30).json()
    driver = browsers()
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    wait(driver, lambda d: d.find_element(By.ID, "setup-log").is_displayed())
    driver.find_element(By.CSS_SELECTOR, "#setup-log > summary").click()
    setup = text(driver, "setup-story")
    assert "the official rules, changed: Protect small hands" in setup, setup
    assert "seed chosen by the creator" in setup
    assert not re.search(r"[0-9a-f]{16}|sha256|protect_small_hands|=true", setup), setup
    details = driver.find_element(By.ID, "setup-details")
    assert not details.get_attribute("open")
    details.find_element(By.TAG_NAME, "summary").click()
    commitment = httpx.get(f"{server.url}/api/games/{created['id']}", timeout=10, headers={
        "authorization": "Bearer " + created["seats"][0]["token"]}).json()["view"]["commitment"]
    assert commitment and commitment in text(driver, "setup-facts")

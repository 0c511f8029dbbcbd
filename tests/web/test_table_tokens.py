"""Questions answered on the board, in headless Chromium: the tokens a question asks for are
outlined and picked on the player's panel; Orange's and Gray's end-of-game declarations are
answered as buttons in words; "answer a question with one possible answer by itself" answers
it with no click."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from rr.decisions import Ask
from tests.server.harness import Server
from tests.web.conftest import screenshot
from tests.web.reach import reach

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.web.pages import (
    confirm,
    decision_number,
    is_over,
    open_settings,
    text,
    wait,
    wait_for_my_turn_or_end,
)


def _panel_stat(driver: Any, label: str) -> int:
    """Ana's count of ``label`` (Helium, Influence, Fleet) read on her panel."""
    panel = driver.find_element(By.CSS_SELECTOR, ".panel[data-seat='0']")
    for line in str(panel.text).replace("▲ Fleet", "\nFleet").split("\n"):
        words = line.split()
        if label in words:
            return int(words[words.index(label) + 1])
    raise AssertionError(f"no {label} on Ana's panel: {panel.text!r}")


def test_the_die_faces_minerva_chooses_are_tokens_on_her_panel(
        server: Server, browsers: Callable[..., Any]) -> None:
    """House Minerva rolls the Sovereign face and chooses another bonus (RR-HOUSE-7): the
    Helium, Influence and Fleet Track of Ana's panel are outlined buttons there (keyboard
    reachable); a touch picks one, a confirm (there are alternatives) sends it; the other
    answers stay buttons."""
    page, _ = reach(server, lambda d: d.ask is Ask.FACE)
    driver = browsers()
    driver.get(page)
    wait_for_my_turn_or_end(driver)
    assert "Sovereign" in text(driver, "prompt")
    tokens = driver.find_elements(By.CSS_SELECTOR, ".panel[data-seat='0'] .token.target")
    assert {t.get_attribute("data-token") for t in tokens} == {"helium", "influence", "fleet"}
    for tile in tokens:
        assert tile.tag_name == "button" and tile.is_displayed()
        assert tile.size["height"] >= 24 and tile.size["width"] >= 24
    assert not driver.find_elements(By.CSS_SELECTOR, ".panel[data-seat='1'] .token")
    others = [str(b.text) for b in driver.find_elements(By.CSS_SELECTOR, ".plain-option")]
    assert "Reveal and place the deck's top card" in others
    assert not any("_" in words for words in others), others
    screenshot(driver, "minerva-tokens-1280")
    fleet = _panel_stat(driver, "Fleet")
    before = decision_number(driver)
    token = driver.find_element(By.CSS_SELECTOR, ".panel[data-seat='0'] [data-token=fleet]")
    token.click()
    assert "Fleet" in wait(driver, lambda d: text(d, "pick-text"))
    assert decision_number(driver) == before  # not sent before confirm
    picked = driver.find_element(By.CSS_SELECTOR, ".panel[data-seat='0'] [data-token=fleet]")
    assert picked.get_attribute("aria-pressed") == "true"
    confirm(driver)
    wait(driver, lambda d: _panel_stat(d, "Fleet") > fleet)


def test_the_tokens_are_picked_with_the_keyboard(server: Server,
                                                 browsers: Callable[..., Any]) -> None:
    """The same question answered from the keyboard: Tab reaches the Helium token, Enter
    picks it, Enter on "confirm" sends it."""
    page, _ = reach(server, lambda d: d.ask is Ask.FACE)
    driver = browsers()
    driver.get(page)
    wait_for_my_turn_or_end(driver)
    helium = _panel_stat(driver, "Helium")
    token = driver.find_element(By.CSS_SELECTOR, ".panel[data-seat='0'] [data-token=helium]")
    driver.execute_script("arguments[0].focus()", token)
    token.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed())
    assert "Helium" in text(driver, "pick-text")
    confirm(driver)
    wait(driver, lambda d: _panel_stat(d, "Helium") > helium)


@pytest.mark.parametrize("kind", ["orange", "gray"])
def test_a_declaration_is_answered_with_buttons_in_words(
        server: Server, browsers: Callable[..., Any], kind: str) -> None:
    """An Orange card's name declaration and a Gray card's colour declaration at the end of
    the game (RULING-B3): every answer is a button in words (names, colours; no ids), picked
    with a touch and sent on confirm; the log then says what was declared."""
    page, _ = reach(server, lambda d: d.ask is Ask.DECLARE and (
        "Gold" in str(d.options) or "GOLD" in str(d.options)) == (kind == "gray"))
    driver = browsers()
    driver.get(page)
    wait_for_my_turn_or_end(driver)
    assert text(driver, "prompt").startswith("Your turn: Declaration for")
    buttons = driver.find_elements(By.CSS_SELECTOR, "#extra-options .plain-option")
    words = [str(b.text) for b in buttons]
    assert len(buttons) > 3
    assert ("Gold" in words) if kind == "gray" else ("Administrator" in words)
    assert not any(re.fullmatch(r"[a-z0-9_]+|Color\..*", w) for w in words), words
    assert {"The best declaration for my score", "Declare nothing"} <= set(words)
    screenshot(driver, f"declare-{kind}-1280")
    choice = next(b for b in buttons if b.text in ("Gold", "Administrator"))
    chosen = str(choice.text)
    choice.click()
    assert chosen in wait(driver, lambda d: text(d, "pick-text"))
    confirm(driver)
    wait(driver, lambda d: f"declares the {'colour' if kind == 'gray' else 'name'} {chosen}".lower()
         in d.find_element(By.ID, "story").get_attribute("textContent").lower())


def test_one_possible_answer_is_answered_by_itself_when_asked(
        server: Server, browsers: Callable[..., Any]) -> None:
    """With "answer a question with one possible answer by itself" ticked (and kept in this
    browser), a question of Ana's with one possible answer is answered with no click."""
    page, _ = reach(server, lambda d: len(d.options) == 1)
    driver = browsers()
    driver.get(page)
    wait_for_my_turn_or_end(driver)
    before = decision_number(driver)
    assert driver.find_elements(By.CSS_SELECTOR, ".only-option")
    open_settings(driver)
    box = driver.find_element(By.ID, "auto-only")
    assert not box.is_selected()
    box.click()
    driver.refresh()
    wait(driver, lambda d: decision_number(d) > before or is_over(d))
    open_settings(driver)
    assert driver.find_element(By.ID, "auto-only").is_selected()

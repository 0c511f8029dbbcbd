"""Others' moves in step with the game, in headless Chromium: the ticker that tells the other
players' moves catches up before a question of this seat is put (the move that caused it shown
with it), stops when the game is over, and goes slower, faster or not at all as the player
sets it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.server.harness import Server

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.web.pages import (
    confirm,
    is_over,
    open_settings,
    options,
    pick_from_list,
    text,
    wait,
    wait_for_my_turn_or_end,
)


def _game(server: Server, players: int = 4, seed: int = 5) -> dict[str, Any]:
    names = ["Ana", "Bo", "Cy", "Dee", "Eve", "Fay"][:players]
    body = {"players": names, "seed": seed, "practice": True,
            "bots": {str(i): "random" for i in range(1, players)}}
    made: dict[str, Any] = httpx.post(f"{server.url}/api/games", json=body, timeout=30).json()
    return made


def _open(driver: Any, server: Server, created: dict[str, Any]) -> str:
    token = str(created["seats"][0]["token"])
    driver.get(f"{server.url}/#game={created['id']}&token={token}")
    wait_for_my_turn_or_end(driver)
    return token


def _ticker(driver: Any) -> str:
    shown = driver.find_element(By.ID, "ticker").is_displayed()
    return text(driver, "ticker-text") if shown else ""


def _last_others_line(driver: Any) -> str:
    lines = driver.find_elements(By.CSS_SELECTOR, "#story li.others .line")
    return str(lines[-1].text) if lines else ""


def test_a_question_is_put_once_the_ticker_has_caught_up(server: Server,
                                                         browsers: Callable[..., Any]) -> None:
    """Against three bots, each time Ana's next question is put the ticker has nothing left
    to tell: it shows the last of the others' moves (what came just before her question) and
    tells no older move while she answers."""
    created = _game(server)
    driver = browsers()
    _open(driver, server, created)
    checked = 0
    for step in range(8):
        if is_over(driver):
            break
        pick_from_list(driver, step % len(options(driver)))
        confirm(driver)
        wait_for_my_turn_or_end(driver)
        if is_over(driver):
            break
        shown = _ticker(driver)
        if not shown:
            continue
        assert driver.find_element(By.ID, "ticker").get_attribute("data-queued") == "0"
        assert shown == _last_others_line(driver), (shown, _last_others_line(driver))
        time.sleep(1.3)  # more than a line's time: no older move comes after the question
        assert _ticker(driver) in (shown, ""), (shown, _ticker(driver))
        checked += 1
    assert checked >= 2


def _play_by_http(server: Server, created: dict[str, Any], token: str,
                  until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Ana's choices (always the first option) sent over HTTP until ``until(answer)``."""
    url = f"{server.url}/api/games/{created['id']}"
    headers = {"authorization": f"Bearer {token}"}
    answer: dict[str, Any] = httpx.get(url, headers=headers, timeout=10).json()
    for _ in range(600):
        if until(answer) or answer["over"]:
            return answer
        pending = answer["view"]["pending"]
        answer = httpx.post(f"{url}/choose", headers=headers, timeout=30, json={
            "action": pending["options"][0]["action"], "decision": answer["decision"]}).json()
    raise AssertionError("the game did not end")


def test_the_ticker_stops_when_the_game_is_over(server: Server,
                                                browsers: Callable[..., Any]) -> None:
    """A 4-player game whose moves come to the page live (Ana's made elsewhere, quickly):
    when the game is over the ticker is gone at once, not still telling old moves."""
    created = _game(server)
    driver = browsers()
    token = _open(driver, server, created)
    _play_by_http(server, created, token, lambda a: False)
    wait(driver, is_over)
    time.sleep(0.3)
    assert not driver.find_element(By.ID, "ticker").is_displayed()
    assert text(driver, "prompt") == "The game is over"


def test_the_player_sets_the_pace_of_others_moves(server: Server,
                                                  browsers: Callable[..., Any]) -> None:
    """"slowly" keeps a line of others' moves longer than a reading pace; "not at all" tells
    them only in the log, and the choice is kept for the next page."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "seed": 3, "practice": True}, timeout=30).json()
    driver = browsers()
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    wait(driver, lambda d: d.find_element(By.ID, "prompt").text)
    open_settings(driver)
    pace = Select(driver.find_element(By.ID, "pace"))
    assert pace.first_selected_option.get_attribute("value") == "normal"
    pace.select_by_value("slow")
    url = f"{server.url}/api/games/{created['id']}"
    bo = {"authorization": f"Bearer {created['seats'][1]['token']}"}

    def bo_moves(times: int) -> None:
        """Bo's next choices (the first option each), made on his own device."""
        for _ in range(times):
            answer = httpx.get(url, headers=bo, timeout=10).json()
            pending = answer["view"]["pending"]
            if pending is None or pending["seat"] != 1:
                return
            httpx.post(f"{url}/choose", headers=bo, timeout=30, json={
                "action": pending["options"][0]["action"], "decision": answer["decision"]})

    while text(driver, "prompt").startswith("Your turn"):  # Ana's turn, if she is first
        wait_for_my_turn_or_end(driver)
        pick_from_list(driver, 0)
        confirm(driver)
    bo_moves(1)  # his lead: told while the page waits for his next choice
    wait(driver, _ticker)
    shown = time.monotonic()
    wait(driver, lambda d: not _ticker(d))
    assert time.monotonic() - shown > 1.4  # a slow line stays about 1.8 s (a normal one 0.9 s)
    Select(driver.find_element(By.ID, "pace")).select_by_value("off")
    assert not driver.find_element(By.ID, "ticker").is_displayed()
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.ID, "prompt").text)
    open_settings(driver)
    assert Select(driver.find_element(By.ID, "pace")).first_selected_option.get_attribute(
        "value") == "off"
    lines = len(driver.find_elements(By.CSS_SELECTOR, "#story li"))
    bo_moves(3)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        assert not driver.find_element(By.ID, "ticker").is_displayed()
        time.sleep(0.05)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#story li")) > lines  # in the log

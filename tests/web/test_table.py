"""The web table in headless Chromium: a whole game played by clicking (and keys) against two
bots, a reload mid-game, two seats in two browser contexts, a phone-sized screen."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from rr.cards.catalogue import catalogue
from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.pages import (
    all_card_ids,
    cards_in,
    confirm,
    decision_number,
    is_over,
    lead_by_touch,
    no_horizontal_scroll,
    options,
    pick_from_list,
    serious_axe_violations,
    severe_console_errors,
    text,
    wait,
    wait_for_my_turn_or_end,
)

MAX_CHOICES = 400
"""More choices than any game of one seat among three needs: the loop is bounded."""


def _token_of(url: str) -> tuple[str, str]:
    found = parse_qs(urlsplit(url).fragment)
    return found["game"][0], found["token"][0]


def _choose(driver: Any, step: int) -> None:
    """Make a move: by touching the board (a hand card, then a location), by the list of
    options, or (every third choice) by the keyboard (a number, Enter, Enter), then confirm.
    No option names a player by number: a player is shown by name."""
    before = decision_number(driver)
    buttons = options(driver)
    numbered = [b.get_attribute("textContent") for b in buttons
                if re.search(r"\b(seat|player) \d", b.get_attribute("textContent"))]
    assert not numbered, numbered
    touchable = driver.find_elements(By.CSS_SELECTOR, "#hand .tcard.target")
    if step % 3 == 2 and len(buttons) >= 2:
        ActionChains(driver).send_keys("2").perform()
        wait(driver, lambda d: d.switch_to.active_element == options(d)[1])
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait(driver, lambda d: d.switch_to.active_element == d.find_element(By.ID, "confirm"))
        ActionChains(driver).send_keys(Keys.ENTER).perform()
    elif step % 3 == 1 and touchable and driver.find_elements(By.CSS_SELECTOR,
                                                              ".location.target"):
        lead_by_touch(driver)
        confirm(driver)
    else:
        pick_from_list(driver, step % len(buttons))
        confirm(driver)
    wait(driver, lambda d: decision_number(d) > before or is_over(d))


def test_a_whole_game_against_two_bots_by_clicking(server: Server,
                                                   browsers: Callable[..., Any]) -> None:
    """Create a game (Ana, a random bot, a greedy bot) with the form, open Ana's link, play
    every decision by clicking or keys, reload mid-game and carry on, see the story and the
    scorepad (from the answers alone: only the end's audit fetches the log), download the
    log (the server's bytes) and open it in the replay viewer, from the table's link and as
    an uploaded file: it audits clean."""
    driver = browsers()
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    Select(driver.find_elements(By.CSS_SELECTOR, "#seats select")[2]).select_by_value("greedy")
    driver.find_element(By.ID, "seed").send_keys("7")
    screenshot(driver, "table-create")
    driver.find_element(By.ID, "create-game").click()
    # Its creator is at their seat at once; the token is in the fragment only.
    wait(driver, lambda d: "&token=" in d.current_url)
    assert "#game=" in driver.current_url and "?" not in driver.current_url
    wait_for_my_turn_or_end(driver)
    game, token = _token_of(driver.current_url)
    reloaded_at = None
    for step in range(MAX_CHOICES):
        wait_for_my_turn_or_end(driver)
        if is_over(driver):
            break
        if step == 8:
            screenshot(driver, "table")
        if step == 12:
            reloaded_at = decision_number(driver)
            driver.refresh()
            wait_for_my_turn_or_end(driver)
            assert decision_number(driver) == reloaded_at  # the game carried on as it was
        _choose(driver, step)
    else:
        pytest.fail(f"the game did not end in {MAX_CHOICES} choices")
    assert reloaded_at is not None
    final = httpx.get(f"{server.url}/api/games/{game}",
                      headers={"authorization": f"Bearer {token}"}, timeout=10).json()
    assert final["over"]
    total_row = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".scorepad tr.total"))
    shown = [int(td.text) for td in total_row.find_elements(By.TAG_NAME, "td")]
    assert shown == final["view"]["totals"]
    story = driver.find_elements(By.CSS_SELECTOR, "#setup-story li, #story li")
    assert len(story) == final["records"]  # one line per record, the last included
    told = httpx.get(f"{server.url}/api/games/{game}?since=0",
                     headers={"authorization": f"Bearer {token}"}, timeout=10).json()["new"]
    assert [li.get_attribute("data-record") for li in story] == \
        [str(t["record"]) for t in told]
    asked = driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [a for a in asked if re.search(r"/story", a)], asked
    # The log is fetched at the end only, for the audit's one-line verdict (endgame.js).
    wait(driver, lambda d: "Checked" in d.find_element(By.ID, "audit-line").text)
    screenshot(driver, "table-end")
    assert not severe_console_errors(driver)
    assert serious_axe_violations(driver) == []  # the end of the game: nothing for axe-core
    driver.find_element(By.ID, "download").click()
    saved = driver.downloads / f"{game}.rrlog"
    wait(driver, lambda d: saved.exists() and saved.stat().st_size > 0)
    served = httpx.get(f"{server.url}/api/games/{game}/log",
                       headers={"authorization": f"Bearer {token}"}, timeout=10).content
    wait(driver, lambda d: saved.read_bytes() == served)  # the whole file, written
    driver.find_element(By.ID, "open-replay").click()
    wait(driver, lambda d: "clean" in (d.find_element(By.ID, "verdict").get_attribute("class")
                                       or ""))
    driver.find_element(By.CSS_SELECTOR, "#verdict-details summary").click()  # folded
    assert "every random outcome" in text(driver, "verdict")
    driver.get(f"{server.url}/replay")
    driver.find_element(By.ID, "log-file").send_keys(str(saved))  # the file downloaded
    driver.find_element(By.ID, "open-log").click()
    wait(driver, lambda d: "clean" in (d.find_element(By.ID, "verdict").get_attribute("class")
                                       or ""))
    driver.find_element(By.CSS_SELECTOR, "#verdict-details summary").click()
    assert f"{final['records']} records re-adjudicated" in text(driver, "verdict")
    # A rematch: the same players and bots, a new deal, this seat's page opened on it.
    driver.get(f"{server.url}/#game={game}&token={token}")
    wait(driver, lambda d: d.find_element(By.ID, "rematch").is_displayed())
    driver.find_element(By.ID, "rematch").click()
    wait(driver, lambda d: _token_of(d.current_url)[0] != game)
    wait_for_my_turn_or_end(driver)
    names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#players .pname")]
    assert names == ["Ana", "Bo", "Cy"] and not is_over(driver)


def test_two_seats_in_two_browsers_see_only_their_own_hands(server: Server,
                                                            browsers: Callable[..., Any]
                                                            ) -> None:
    """Ana's and Bo's pages (two browser profiles) each show that seat's hand and no card of
    the other's it does not know; Bo's page follows Ana's choice live (WebSocket)."""
    created = httpx.post(f"{server.url}/api/games",
                         json={"players": ["Ana", "Bo"], "seed": 9, "practice": True},
                         timeout=30).json()
    tokens = [s["token"] for s in created["seats"]]
    views = [httpx.get(f"{server.url}/api/games/{created['id']}",
                       headers={"authorization": f"Bearer {t}"}, timeout=10).json()
             for t in tokens]
    pages = []
    for token in tokens:
        driver = browsers()
        driver.get(f"{server.url}/#game={created['id']}&token={token}")
        wait(driver, lambda d: cards_in(d, "#hand"))
        pages.append(driver)
    for seat, driver in enumerate(pages):
        mine, other = views[seat]["view"], views[1 - seat]["view"]
        assert cards_in(driver, "#hand") == mine["hand"]
        known = set(mine["hand"]) | {k["card"] for k in mine["known_elsewhere"]}
        unknown = set(other["hand"]) - known
        assert unknown, "the other hand holds cards this seat does not know"
        assert not unknown & all_card_ids(driver)
        page_text = driver.find_element(By.TAG_NAME, "body").text
        assert not [c for c in unknown if catalogue()[c].name in page_text]
    deciding = views[0]["view"]["pending"]["seat"]
    chooser, watcher = pages[deciding], pages[1 - deciding]
    before = decision_number(watcher)
    wait_for_my_turn_or_end(chooser)
    assert chooser.title.startswith("▶ Your turn")
    assert watcher.title.startswith("Waiting for")
    pick_from_list(chooser, len(options(chooser)) - 1)
    confirm(chooser)
    wait(watcher, lambda d: decision_number(d) > before)  # pushed, no reload
    screenshot(watcher, "table-second-seat")


def test_a_phone_sized_screen(server: Server, browsers: Callable[..., Any]) -> None:
    """On a 390 x 844 window the table and the replay viewer need no sideways scrolling."""
    created = httpx.post(f"{server.url}/api/games",
                         json={"players": ["Ana", "Bo", "Cy"], "seed": 3, "practice": True,
                               "bots": {"1": "random", "2": "greedy"}}, timeout=30).json()
    driver = browsers((390, 844))
    driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
    wait_for_my_turn_or_end(driver)
    assert no_horizontal_scroll(driver)
    screenshot(driver, "table-phone")
    driver.get(f"{server.url}/replay")
    wait(driver, lambda d: d.find_element(By.ID, "open").is_displayed())
    assert no_horizontal_scroll(driver)


def test_a_solo_game_against_au_toma(server: Server, browsers: Callable[..., Any]) -> None:
    """The form's solo switch makes a game of the first player against Tull Au Toma at the
    level chosen; her turns run by themselves between the player's choices."""
    driver = browsers()
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    driver.find_element(By.ID, "solo").click()
    Select(driver.find_element(By.ID, "level")).select_by_value("3")
    driver.find_element(By.ID, "create-game").click()
    wait(driver, lambda d: "&token=" in d.current_url)  # its creator at their seat
    wait_for_my_turn_or_end(driver)
    panels = driver.find_elements(By.CSS_SELECTOR, "#players .panel")
    assert [p.find_element(By.CSS_SELECTOR, ".pname").text for p in panels] == \
        ["Ana", "Tull Au Toma"]
    assert "Tull Au Toma, level 3" in driver.find_element(By.CSS_SELECTOR, ".solo-strip").text

    def her_turns(d: Any) -> int:
        panel = d.find_elements(By.CSS_SELECTOR, "#players .panel")[1]
        return int(re.search(r"turns (\d+)", panel.text).group(1))

    turns = her_turns(driver)
    for step in range(30):
        wait_for_my_turn_or_end(driver)
        _choose(driver, step)
        if her_turns(driver) > turns:
            break
    else:
        pytest.fail("Au Toma took no turn in 30 choices")

"""The table as people play it (issue #28), in headless Chromium: the board and the hand in
view while a seat leads, cards that show their printed texts, a move made by touching and sent
once, words for people, the games this browser holds, the create form's guards, the warning
when live updates stop, others' moves at a person's pace, Au Toma's cards, and axe-core."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from rr.cards.catalogue import catalogue, houses
from rr.model import House
from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.web.pages import (
    AXE,
    confirm,
    decision_number,
    in_view,
    lead_by_touch,
    options,
    serious_axe_violations,
    severe_console_errors,
    text,
    wait,
    wait_for_my_turn_or_end,
)

def _game(server: Server, **extra: Any) -> dict[str, Any]:
    body = {"players": ["Ana", "Bo", "Cy"], "seed": 3, "practice": True,
            "bots": {"1": "random", "2": "greedy"}, **extra}
    made: dict[str, Any] = httpx.post(f"{server.url}/api/games", json=body, timeout=30).json()
    return made


def _open(driver: Any, server: Server, created: dict[str, Any], seat: int = 0) -> None:
    token = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    driver.get(f"{server.url}/#game={created['id']}&token={token}")
    wait_for_my_turn_or_end(driver)


def _records(server: Server, created: dict[str, Any]) -> list[dict[str, Any]]:
    token = created["seats"][0]["token"]
    answer = httpx.get(f"{server.url}/api/games/{created['id']}?since=0",
                       headers={"authorization": f"Bearer {token}"}, timeout=10).json()
    return list(answer["new"])


def _my_choices(server: Server, created: dict[str, Any]) -> int:
    return sum(1 for r in _records(server, created)
               if r["event"][0].startswith("decision_made") and r["event"][1]["seat"] == 0)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_while_leading_the_locations_and_the_whole_hand_are_in_view(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int]) -> None:
    """At 1280x800 and on a 390x844 phone, while Ana leads: the four locations (each with
    its top card marked and its bonus), her whole hand, whose turn and what is asked are in
    the window with the page not scrolled; no sideways scrolling."""
    created = _game(server)
    driver = browsers(size)
    _open(driver, server, created)
    assert text(driver, "prompt").startswith("Your turn: Lead or Scout")
    assert driver.execute_script("return window.scrollY") == 0
    assert driver.execute_script(
        "return document.documentElement.scrollWidth <= innerWidth + 1")
    assert in_view(driver, ".location") == [True] * 4
    hand = in_view(driver, "#hand .tcard")
    assert len(hand) >= 5 and all(hand)
    assert all(in_view(driver, "#prompt"))
    for location in driver.find_elements(By.CSS_SELECTOR, ".location"):
        tops = location.find_elements(By.CSS_SELECTOR, ".tcard.top")
        cards = location.find_elements(By.CSS_SELECTOR, ".tcard")
        assert len(tops) == (1 if cards else 0)
        if cards:
            assert cards[-1] == tops[0] and "top" in tops[0].text  # the last drawn, marked
        assert location.find_element(By.CSS_SELECTOR, ".bonus").get_attribute("textContent")
    lead_by_touch(driver)  # a move picked: still all in view, "confirm" with it
    assert all(in_view(driver, ".location, #hand .tcard, #confirm"))
    screenshot(driver, f"table-lead-{size[0]}")


def test_a_hand_card_shows_its_printed_text(server: Server,
                                            browsers: Callable[..., Any]) -> None:
    """Each card of the hand shows its name, colour (word and icon) and labelled core value;
    clicking it (or Enter on it) shows every printed text of the card."""
    created = _game(server)
    driver = browsers()
    _open(driver, server, created)
    tiles = driver.find_elements(By.CSS_SELECTOR, "#hand .tcard")
    for tile in tiles:
        card = catalogue()[str(tile.get_attribute("data-card"))]
        shown = tile.text
        assert card.name in shown and card.color.value in shown
        assert re.search(rf"core\s+{card.core_value}\b", shown)
    first = catalogue()[str(tiles[0].get_attribute("data-card"))]
    tiles[0].click()
    zoom = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"#zoom [data-zoom={first.id}]"))
    for printed in (first.deploy, first.end_game, first.end_of_game, first.block):
        if printed:
            assert printed in zoom.text
    assert f"core value {first.core_value}" in zoom.text
    last = driver.find_elements(By.CSS_SELECTOR, "#hand .tcard")[-1]
    last_id = last.get_attribute("data-card")
    driver.execute_script("arguments[0].focus()", last)
    ActionChains(driver).send_keys("\n").perform()  # by keyboard too
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#zoom [data-zoom={last_id}]"))
    house = driver.find_element(By.CSS_SELECTOR, "#players .panel.me .house")
    house.click()
    tile = houses()[House(str(house.get_attribute("data-house")))]
    assert tile.ability in wait(driver, lambda d: d.find_element(
        By.CSS_SELECTOR, "#zoom [data-zoom^=house]")).text


def test_a_move_by_touch_is_sent_once_and_only_on_confirm(server: Server,
                                                          browsers: Callable[..., Any]) -> None:
    """A hand card then a location picks a lead; nothing is sent until confirm, "undo" drops
    the pick; a double click on confirm (150 ms apart, as a person's) makes one move."""
    created = _game(server)
    driver = browsers()
    _open(driver, server, created)
    before = decision_number(driver)
    card, location = lead_by_touch(driver)
    assert f"{catalogue()[card].name} on" in text(driver, "pick-text")
    time.sleep(0.5)
    assert _my_choices(server, created) == 0 and decision_number(driver) == before
    driver.find_element(By.ID, "undo").click()
    assert not driver.find_element(By.ID, "confirm").is_displayed()
    lead_by_touch(driver, card, location)
    button = driver.find_element(By.ID, "confirm")
    ActionChains(driver).click(button).pause(0.15).click().perform()
    wait(driver, lambda d: decision_number(d) > before)
    time.sleep(1.0)
    made = [r["event"][1] for r in _records(server, created)
            if r["event"][0].startswith("decision_made") and r["event"][1]["seat"] == 0]
    assert made == [{"seat": 0, "source": ["rule", "RR-TURN-1"],
                     "option": ["lead", {"card": card, "location": location}]}]
    # The list of options is a fallback: a double click on one of its buttons picks, sends
    # nothing.
    wait_for_my_turn_or_end(driver)
    driver.find_element(By.ID, "option-summary").click()
    ActionChains(driver).double_click(options(driver)[0]).perform()
    time.sleep(0.5)
    assert _my_choices(server, created) == 1
    assert not severe_console_errors(driver)


def test_words_for_people(server: Server, browsers: Callable[..., Any]) -> None:
    """Options, prompts and the log use printed names and capitalised locations, count
    seats from 1 as the lobby does, and show no raw id or rule id (unless asked for)."""
    created = _game(server)
    driver = browsers()
    _open(driver, server, created)
    ids = {c for c in catalogue() if "_" in c or len(c) <= 3}
    driver.find_element(By.ID, "option-summary").click()
    shown = [b.text for b in options(driver)] + [text(driver, "prompt"), text(driver, "story")]
    for line in shown:
        words = set(re.findall(r"\b[a-z_0-9]+\b", line))
        assert not words & ids, line
        assert not re.search(r"\b(jupiter|mars|luna|institute)\b", line), line
        assert "RR-" not in line and "[" not in line, line
    assert all(re.sub(r"^\d\s*", "", b.text)[0].isupper() for b in options(driver))
    assert "you are Ana (seat 1)" in text(driver, "whoami")
    panels = driver.find_elements(By.CSS_SELECTOR, "#players .panel")
    assert [p.find_element(By.CSS_SELECTOR, ".seatno").text.strip()
            for p in panels] == ["seat 1", "seat 2", "seat 3"]
    driver.find_element(By.ID, "show-rules").click()  # rule ids on demand
    assert "RR-TURN-1" in text(driver, "story") or "RR-" in text(driver, "story")


def test_the_start_page_lists_this_browsers_games(server: Server,
                                                  browsers: Callable[..., Any]) -> None:
    """A game made with the form is listed on the start page (kept in this browser) with a
    link per seat and whose turn it is; a seat opened from a link is listed too; "forget"
    drops it."""
    driver = browsers()
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    assert driver.find_element(By.ID, "no-games").is_displayed()
    Select(driver.find_elements(By.CSS_SELECTOR, "#seats select")[1]).select_by_value("person")
    driver.find_element(By.ID, "create-game").click()
    wait(driver, lambda d: "&token=" in d.current_url)  # its creator at their seat
    driver.get(f"{server.url}/")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-list li")) == 2)
    other = _game(server)  # opened from its link: listed as well
    _open(driver, server, other)
    driver.get(f"{server.url}/")
    rows = wait(driver, lambda d: [r for r in d.find_elements(By.CSS_SELECTOR, "#game-list li")
                                   if r.find_element(By.CSS_SELECTOR, ".whose").text != "…"]
                if len(d.find_elements(By.CSS_SELECTOR, "#game-list li")) == 3 else None)
    assert len(rows) == 3
    labels = sorted(r.find_element(By.CSS_SELECTOR, ".game-link").text for r in rows)
    assert labels == ["Ana (seat 1)", "Ana (seat 1)", "Bo (seat 2)"]
    whose = [r.find_element(By.CSS_SELECTOR, ".whose").text for r in rows]
    # The game made with the form is a signed one (issue #29): it is dealt once Ana and Bo
    # have both opened their links, and says so until then; Ana against the bots is dealt.
    assert sorted(whose) == ["waiting for players to join", "waiting for players to join",
                             "your turn"], whose
    link = rows[0].find_element(By.CSS_SELECTOR, ".game-link").get_attribute("href")
    assert re.search(r"/#game=[^&]+&token=.+", link)
    screenshot(driver, "table-games")
    rows[0].find_element(By.CSS_SELECTOR, ".forget").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-list li")) == 2)


def test_the_create_form_makes_one_game_and_never_a_solo_one_unasked(
        server: Server, browsers: Callable[..., Any]) -> None:
    """One player with Solo unticked is refused, saying why; a double click on "create the
    game" makes one game; a seed above 2^53 arrives as typed."""
    driver = browsers()
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    for _ in range(2):
        driver.find_element(By.ID, "remove-seat").click()
    driver.find_element(By.ID, "create-game").click()
    assert "tick Solo" in wait(driver, lambda d: text(d, "status"))
    assert not driver.find_element(By.ID, "links").is_displayed()
    assert driver.execute_script("return localStorage.getItem('rr.games')") is None
    driver.find_element(By.ID, "add-seat").click()
    driver.find_element(By.ID, "seed").send_keys("123456789012345678")
    button = driver.find_element(By.ID, "create-game")
    ActionChains(driver).double_click(button).perform()
    wait(driver, lambda d: "&token=" in d.current_url)  # its creator at their seat
    time.sleep(1.0)
    games = json.loads(driver.execute_script("return localStorage.getItem('rr.games')"))
    assert len({g["id"] for g in games}) == 1
    created = games[0]
    by_number = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "seed": 123456789012345678, "practice": True,
        "bots": {"1": "random"}}, timeout=30).json()
    hands = [httpx.get(f"{server.url}/api/games/{g}", headers={
        "authorization": f"Bearer {t}"}, timeout=10).json()["view"]["hand"]
             for g, t in ((created["id"], created["token"]),
                          (by_number["id"], by_number["seats"][0]["token"]))]
    assert hands[0] == hands[1]  # the same seed: the same deal


def test_a_warning_with_retries_when_live_updates_stop(server: Server,
                                                      browsers: Callable[..., Any]) -> None:
    """When the server goes away the page says so in a visible warning, retries by itself
    (the attempt counted) and offers "retry now"."""
    created = _game(server)
    driver = browsers()
    _open(driver, server, created)
    time.sleep(0.5)
    assert not driver.find_element(By.ID, "live-warning").is_displayed()
    server.kill()
    warning = wait(driver, lambda d: d.find_element(By.ID, "live-warning")
                   if d.find_element(By.ID, "live-warning").is_displayed() else None)
    assert "Live updates stopped" in warning.text and "Retrying" in warning.text
    first = int(re.search(r"attempt (\d+)", warning.text).group(1))
    wait(driver, lambda d: int(re.search(r"attempt (\d+)", text(d, "live-text")).group(1))
         > first)
    assert driver.find_element(By.ID, "live-retry").is_displayed()
    screenshot(driver, "table-live-warning")


def test_the_bots_moves_are_shown_at_a_persons_pace(server: Server,
                                                    browsers: Callable[..., Any]) -> None:
    """After Ana's move the bots' moves are told one line at a time (skippable), the cards
    that moved are highlighted, and with prefers-reduced-motion the highlight does not
    move."""
    created = _game(server)
    driver = browsers()
    _open(driver, server, created)
    for _ in range(3):  # lead, then answer whatever follows until the bots have played
        if driver.find_elements(By.CSS_SELECTOR, "#hand .tcard.target") and \
                driver.find_elements(By.CSS_SELECTOR, ".location.target") and \
                text(driver, "prompt").startswith("Your turn: Lead"):
            lead_by_touch(driver)
        else:
            driver.find_element(By.ID, "option-summary").click()
            options(driver)[0].click()
        confirm(driver)
        if driver.find_element(By.ID, "ticker").is_displayed():
            break
        wait_for_my_turn_or_end(driver)
    lines = [text(driver, "ticker-text")]
    wait(driver, lambda d: not d.find_element(By.ID, "ticker").is_displayed()
         or text(d, "ticker-text") != lines[0])
    if driver.find_element(By.ID, "ticker").is_displayed():
        lines.append(text(driver, "ticker-text"))
        assert lines[1] != lines[0]
        driver.find_element(By.ID, "skip").click()
        assert not driver.find_element(By.ID, "ticker").is_displayed()
    assert any(("Bo " in line or "Cy " in line) for line in lines), lines
    fresh = driver.find_elements(By.CSS_SELECTOR, ".fresh")
    assert fresh
    assert driver.execute_script(
        "return getComputedStyle(arguments[0]).animationName", fresh[0]) == "glow"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    assert driver.execute_script(
        "return getComputedStyle(arguments[0]).animationName", fresh[0]) == "none"
    assert driver.execute_script(
        "return getComputedStyle(arguments[0]).boxShadow", fresh[0]) != "none"


def test_au_tomas_cards_are_drawn_against_the_priority_letters(
        server: Server, browsers: Callable[..., Any]) -> None:
    """Solo: each location shows its priority letter; after her turn her cards are drawn
    with what she deploys and gains (the letters read as locations), the arrow and the extra."""
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana"], "seed": 5, "practice": True, "solo": {"level": 3}},
        timeout=30).json()
    driver = browsers()
    _open(driver, server, created)
    letters = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".location .letter")]
    assert sorted(letters) == ["A", "B", "C", "D"]
    for _ in range(6):
        if driver.find_elements(By.CSS_SELECTOR, ".automa"):
            break
        if text(driver, "prompt").startswith("Your turn: Lead"):
            lead_by_touch(driver)
        else:
            driver.find_element(By.ID, "option-summary").click()
            options(driver)[0].click()
        confirm(driver)
        wait_for_my_turn_or_end(driver)
    drawn = [r["event"][1]["automa_card"] for r in _records(server, created)
             if r["event"][0].startswith("automa_card_drawn")][-2:]
    shown = driver.find_elements(By.CSS_SELECTOR, ".automa")
    assert [int(str(e.get_attribute("data-automa"))) for e in shown] == drawn
    for element in shown:
        assert re.search(r"deploys on (Jupiter|Mars|Luna|The Institute|[A-D] \(\w)",
                         element.text)
        assert "gains from" in element.text and ("←" in element.text or "→" in element.text)
    screenshot(driver, "table-solo")


def test_axe_core_finds_nothing_serious(server: Server, browsers: Callable[..., Any]) -> None:
    """axe-core 4.14.1 finds no serious or critical violation on the start page, the table
    while a seat decides (with a card read and what it scores now, the Influence track, the
    turn alerts' boxes), the replay viewer, and on a phone."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not vendored at {AXE}")
    created = _game(server)
    for size in ((1280, 800), (390, 844)):
        driver = browsers(size)
        driver.get(f"{server.url}/")
        wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
        assert serious_axe_violations(driver) == []
        _open(driver, server, created)
        driver.find_elements(By.CSS_SELECTOR, "#hand .tcard")[0].click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#zoom [data-points]"))
        assert driver.find_elements(By.CSS_SELECTOR, ".influence .marker")
        assert serious_axe_violations(driver) == []
        driver.get(f"{server.url}/replay")
        wait(driver, lambda d: d.find_element(By.ID, "open").is_displayed())
        assert serious_axe_violations(driver) == []


def test_a_new_decision_is_announced(server: Server, browsers: Callable[..., Any]) -> None:
    """A live region says when it is this seat's turn (for screen readers), and the tab's
    title says so too."""
    created = _game(server)
    driver = browsers()
    _open(driver, server, created)
    announce = driver.find_element(By.ID, "announce")
    assert announce.get_attribute("aria-live") == "polite"
    assert announce.get_attribute("textContent") == "Your turn: Lead or Scout."
    assert driver.title == "▶ Your turn — Red Rising"


def test_a_spectator_sees_the_table_and_no_hand(server: Server,
                                                browsers: Callable[..., Any]) -> None:
    """The spectator's link shows the board and the players, whose turn it is, no hand and
    nothing to pick; nothing fails in the console."""
    created = httpx.post(f"{server.url}/api/games", json={"players": ["Ana", "Bo"]},
                         timeout=30).json()
    driver = browsers()
    driver.get(f"{server.url}/#game={created['id']}&token={created['spectator']}")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".location")) == 4)
    assert text(driver, "prompt").startswith("Waiting for")
    assert not driver.find_element(By.ID, "hand-section").is_displayed()
    assert not driver.find_elements(By.CSS_SELECTOR, ".target")
    assert "a spectator" in text(driver, "whoami")
    assert not severe_console_errors(driver)

"""The table's board and alerts (issue #28, points 1, 2, 3 and 6), in headless Chromium:
Influence drawn as markers on The Institute's track, a hand card dragged onto a location (mouse
and touch) picking a move that confirm sends once, a hand card's zoom saying what it would
score now as rr scores the seat's view, and the turn's sound and notification."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from rr.cards.catalogue import catalogue
from tests.server.harness import Server
from tests.server.test_scores_now import scored_from_view
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By

from tests.web.pages import (
    decision_number,
    lead_by_touch,
    open_settings,
    severe_console_errors,
    text,
    wait,
    wait_for_my_turn_or_end,
)

SIZES = [(1280, 800), (390, 844)]


def _create(server: Server, **body: Any) -> dict[str, Any]:
    made: dict[str, Any] = httpx.post(f"{server.url}/api/games", json=body, timeout=30).json()
    return made


def _token(created: dict[str, Any], seat: int) -> str:
    return str(next(s["token"] for s in created["seats"] if s["seat"] == seat))


def _answer(server: Server, created: dict[str, Any], seat: int) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(
        f"{server.url}/api/games/{created['id']}",
        headers={"authorization": f"Bearer {_token(created, seat)}"}, timeout=10).json()
    return found


def _play_first(server: Server, created: dict[str, Any], seat: int) -> dict[str, Any]:
    """``seat`` makes its pending decision's first option (through the API)."""
    answer = _answer(server, created, seat)
    found: dict[str, Any] = httpx.post(
        f"{server.url}/api/games/{created['id']}/choose",
        headers={"authorization": f"Bearer {_token(created, seat)}"}, timeout=30,
        json={"action": answer["view"]["pending"]["options"][0]["action"],
              "decision": answer["decision"]}).json()
    return found


def _open(driver: Any, server: Server, created: dict[str, Any], seat: int = 0) -> None:
    driver.get(f"{server.url}/#game={created['id']}&token={_token(created, seat)}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".influence .marker"))


def _decision(driver: Any) -> int:
    """The decision number the page shows (read even where a phone hides it)."""
    return decision_number(driver)


def _decisions_of(server: Server, created: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    answer = httpx.get(f"{server.url}/api/games/{created['id']}?since=0",
                       headers={"authorization": f"Bearer {_token(created, seat)}"},
                       timeout=10).json()
    return [r["event"][1] for r in answer["new"]
            if r["event"][0].startswith("decision_made") and r["event"][1]["seat"] == seat]


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_influence_markers_stand_on_each_players_influence(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int]) -> None:
    """With two players, after a few turns: each player's marker (and the neutral house's)
    stands on the space of The Institute's track that is their Influence in the seat's view,
    drawn inside that space, big enough to read; the track says it in words."""
    created = _create(server, players=["Ana", "Bo"], seed=8, practice=True,
                      bots={"1": "greedy"})
    for _ in range(60):  # Ana places Influence whenever her first option can
        answer = _answer(server, created, 0)
        if answer["view"]["players"][0]["influence"] >= 2:
            break
        options = answer["view"]["pending"]["options"]
        # Gain from The Institute (its bonus places Influence); lead anywhere else.
        pick = next((o for o in options if o["option"][0] != "lead"
                     and "institute" in o["text"].lower()),
                    next((o for o in options if "institute" not in o["text"].lower()), options[0]))
        httpx.post(f"{server.url}/api/games/{created['id']}/choose",
                   headers={"authorization": f"Bearer {_token(created, 0)}"}, timeout=30,
                   json={"action": pick["action"], "decision": answer["decision"]})
    driver = browsers(size)
    _open(driver, server, created)
    seen = _answer(server, created, 0)["view"]
    values = {str(s): p["influence"] for s, p in enumerate(seen["players"])}
    values["n"] = seen["neutral_influence"]
    assert values["0"] >= 1 and values["n"] == 3
    drawn = driver.execute_script(
        "return [...document.querySelectorAll('.influence [data-influence-seat]')].map((m) => {"
        " const space = m.closest('[data-space]'); const r = m.getBoundingClientRect();"
        " const s = space.getBoundingClientRect();"
        " return [m.dataset.influenceSeat, Number(space.dataset.space), m.textContent,"
        "  r.left + r.width / 2 >= s.left && r.left + r.width / 2 <= s.right, r.width]; })")
    assert {seat: space for seat, space, *_ in drawn} == values
    assert len(drawn) == len(values)
    for seat, _, letter, inside, width in drawn:
        assert inside and width >= 12
        assert letter == ("N" if seat == "n" else seen["players"][int(seat)]["name"][0])
    label = driver.find_element(By.CSS_SELECTOR, ".influence").get_attribute("aria-label")
    for player in seen["players"]:
        assert f"{player['name']} {player['influence']}" in label
    assert "neutral 3" in label and "7 or more ends the game" in label
    screenshot(driver, f"table-influence-{size[0]}")


def _drag(driver: Any, tile: Any, place: Any, touch: bool) -> None:
    if not touch:
        ActionChains(driver).click_and_hold(tile).move_by_offset(12, 12).pause(0.05) \
            .move_to_element(place).pause(0.05).release().perform()
        return
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    actions.pointer_action.move_to(tile).pointer_down().pause(0.05)
    actions.pointer_action.move_to(tile, 10, 10).pause(0.05)
    actions.pointer_action.move_to(place).pause(0.05).pointer_up()
    actions.perform()


@pytest.mark.parametrize(("size", "touch"), [((1280, 800), False), ((390, 844), True)],
                         ids=["mouse", "touch"])
def test_a_card_dragged_onto_a_location_picks_that_move(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int],
        touch: bool) -> None:
    """Dragging a card of the hand onto a location (a mouse, or a finger on a phone) picks
    that lead and sends nothing; undo drops it; dragged again and confirmed, exactly that one
    move is made."""
    created = _create(server, players=["Ana", "Bo", "Cy"], seed=3, practice=True,
                      bots={"1": "random", "2": "greedy"})
    driver = browsers(size)
    _open(driver, server, created)
    wait_for_my_turn_or_end(driver)
    before = _decision(driver)
    tile = driver.find_elements(By.CSS_SELECTOR, "#hand .tcard.target")[1]
    card = str(tile.get_attribute("data-card"))
    place = driver.find_element(By.CSS_SELECTOR, ".location.target[data-location=mars]")
    _drag(driver, tile, place, touch)
    wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed())
    assert text(driver, "pick-text") == f"Lead {catalogue()[card].name} on Mars?"
    assert driver.find_element(
        By.CSS_SELECTOR, ".location[data-location=mars]").get_attribute("class").count("selected")
    assert not driver.find_elements(By.CSS_SELECTOR, ".drag-ghost")
    time.sleep(0.5)
    assert _decisions_of(server, created, 0) == [] and _decision(driver) == before
    driver.find_element(By.ID, "undo").click()
    assert not driver.find_element(By.ID, "confirm").is_displayed()
    tile = driver.find_element(By.CSS_SELECTOR, f"#hand .tcard[data-card={card}]")
    place = driver.find_element(By.CSS_SELECTOR, ".location.target[data-location=mars]")
    _drag(driver, tile, place, touch)
    wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed())
    driver.find_element(By.ID, "confirm").click()
    wait(driver, lambda d: _decision(d) > before)
    time.sleep(0.5)
    made = _decisions_of(server, created, 0)
    assert made[0]["option"] == ["lead", {"card": card, "location": "mars"}]
    assert sum(1 for m in made if m["option"][0] == "lead") == 1
    assert not severe_console_errors(driver)


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_a_hand_cards_zoom_says_what_it_scores_now(
        server: Server, browsers: Callable[..., Any], size: tuple[int, int]) -> None:
    """Touching each card of the hand shows, in words, what it would score now and the
    hand's cards row with and without it: the figures rr's scorepad gives for the hand in
    the seat's own view (computed here from that view alone)."""
    created = _create(server, players=["Ana", "Bo", "Cy"], seed=11, practice=True,
                      bots={"1": "random", "2": "greedy"})
    for _ in range(3):
        _play_first(server, created, 0)
    while _answer(server, created, 0)["view"]["pending"]["ask"] != "turn":
        _play_first(server, created, 0)  # until Ana leads or scouts
    driver = browsers(size)
    _open(driver, server, created)
    wait_for_my_turn_or_end(driver)
    answer = _answer(server, created, 0)
    lines, total = scored_from_view(answer)
    points = dict(lines)
    for card in answer["view"]["hand"]:
        driver.find_element(By.CSS_SELECTOR, f"#hand .tcard[data-card={card}]").click()
        line = wait(driver, lambda d, card=card: next(
            (e for e in d.find_elements(By.CSS_SELECTOR, f"#zoom [data-score-now={card}]")
             if e.get_attribute("data-points")), None))
        assert int(str(line.get_attribute("data-points"))) == points[card]
        assert f"Scores {points[card]} now" in line.text
        assert f"Your hand's cards: {total} → " in line.text
        rest = [c for c in answer["view"]["hand"] if c != card]
        assert int(str(line.get_attribute("data-without"))) == sum(
            p for c, p in scored_from_view({**answer, "view": {**answer["view"],
                                                               "hand": rest}})[0])
        if size[0] < 500:  # the phone's sheet covers part of the hand: closed, as a person does
            driver.find_element(By.CSS_SELECTOR, "#zoom .close-zoom").click()
    driver.find_element(By.CSS_SELECTOR, "#hand .tcard").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#zoom [data-points]"))
    screenshot(driver, f"table-score-now-{size[0]}")
    # The card read is led: gone from the hand, the zoom no longer says what it scores.
    card = str(driver.find_element(By.CSS_SELECTOR, "#hand .tcard").get_attribute("data-card"))
    before = _decision(driver)
    if size[0] < 500:
        driver.find_element(By.CSS_SELECTOR, "#zoom .close-zoom").click()
    lead_by_touch(driver, card)
    driver.find_element(By.ID, "confirm").click()
    wait(driver, lambda d: _decision(d) > before)
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, f"#zoom [data-score-now={card}]"))
    assert not severe_console_errors(driver)


STUBS = """
window.__alerts = {notes: [], tones: 0, asked: 0};
class FakeNotification {
  constructor(title, options) { window.__alerts.notes.push([title, options.body, options.tag]); }
  close() {}
  static requestPermission() {
    window.__alerts.asked += 1;
    localStorage.setItem("stub.permission", "granted");
    FakeNotification.permission = "granted";
    return Promise.resolve("granted");
  }
}
FakeNotification.permission = localStorage.getItem("stub.permission") || "default";
window.Notification = FakeNotification;
class FakeAudio {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    return {type: "", frequency: {setValueAtTime() {}}, connect() {},
            start() { window.__alerts.tones += 1; }, stop() {}};
  }
  createGain() {
    return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}}, connect() {}};
  }
  resume() { return Promise.resolve(); }
}
window.AudioContext = FakeAudio;
let hidden = false;
Object.defineProperty(document, "hidden", {get: () => hidden});
window.__hide = (value) => { hidden = value; };
"""


def test_the_turns_sound_and_notification(server: Server,
                                          browsers: Callable[..., Any]) -> None:
    """Both alerts are off at first; ticking them asks for the notification permission once
    and plays the chime once; they are remembered after a reload; then, the tab hidden, when
    the other person's move makes it Ana's turn, one chime (two notes) and one notification
    come, and nothing more while it stays her turn; with the tab shown, nothing."""
    created = _create(server, players=["Ana", "Bo"], seed=4, practice=True)
    driver = browsers()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STUBS})
    _open(driver, server, created)
    open_settings(driver)
    sound, notify = (driver.find_element(By.ID, "alert-sound"),
                     driver.find_element(By.ID, "alert-notify"))
    assert not sound.is_selected() and not notify.is_selected()
    sound.click()
    notify.click()
    wait(driver, lambda d: d.find_element(By.ID, "alert-notify").is_selected())
    assert driver.execute_script("return window.__alerts") == {"notes": [], "tones": 2,
                                                               "asked": 1}
    driver.refresh()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".influence .marker"))
    assert driver.find_element(By.ID, "alert-sound").is_selected()
    assert driver.find_element(By.ID, "alert-notify").is_selected()
    assert driver.execute_script("return window.__alerts") == {"notes": [], "tones": 0,
                                                               "asked": 0}

    def whose() -> int:
        return int(_answer(server, created, 1)["view"]["pending"]["seat"])

    for _ in range(20):  # Ana's moves until Bo decides
        if whose() == 1:
            break
        _play_first(server, created, 0)
    wait(driver, lambda d: text(d, "prompt").startswith("Waiting for Bo"))
    driver.execute_script("window.__hide(true)")
    for _ in range(20):  # Bo's moves until Ana decides
        if whose() == 0:
            break
        _play_first(server, created, 1)
    wait(driver, lambda d: text(d, "prompt").startswith("Your turn"))
    time.sleep(1.5)  # any further push
    alerts = driver.execute_script("return window.__alerts")
    assert alerts["tones"] == 2 and len(alerts["notes"]) == 1
    title, body, tag = alerts["notes"][0]
    assert title == "Your turn — Red Rising" and tag == f"rr-{created['id']}"
    assert created["id"] in body
    # Shown again: Ana's move, then Bo's, make it her turn in sight: nothing more.
    driver.execute_script("window.__hide(false)")
    for seat in (0, 1):
        for _ in range(20):
            if whose() != seat:
                break
            _play_first(server, created, seat)
    wait(driver, lambda d: text(d, "prompt").startswith("Your turn"))
    time.sleep(1.0)
    assert driver.execute_script("return window.__alerts.notes.length") == 1
    assert not severe_console_errors(driver)

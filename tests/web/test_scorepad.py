"""The scorepad page (``/score``) on a phone (390×844): a physical game's end state entered by
typing card names scores exactly as ``rr score`` does (totals, winners, every card's line);
a declaration is changed and scored again; mistakes are said in words with nothing typed
lost; two phones (browser profiles) under one game code both see the scorepad; axe-core
reports nothing serious."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rr.cards.catalogue import lookup
from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.pages import AXE, serious_axe_violations, severe_console_errors, wait

PHONE = (390, 844)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LOCATIONS = ("jupiter", "mars", "luna", "institute")


def rr_score(position: dict[str, Any]) -> dict[str, Any]:
    """``rr score --json``'s output for this position (the command itself, in a process)."""
    done = subprocess.run([sys.executable, "-m", "rr", "score", "-", "--json"],
                          input=json.dumps(position), capture_output=True, text=True,
                          check=True, timeout=120)
    return dict(json.loads(done.stdout))


def type_card(driver: Any, box: Any, name: str) -> None:
    """Type a card's name into a pile's box, check the first match shows its colour and core
    value, and take it with Enter."""
    card = lookup(name)
    field = box.find_element(By.CSS_SELECTOR, "input.pick")
    field.send_keys(card.name)
    first = wait(driver, lambda d: box.find_elements(By.CSS_SELECTOR, ".match"))[0]
    assert first.get_attribute("data-card") == card.id, name
    assert card.color.value in first.text and f"core {card.core_value}" in first.text
    field.send_keys(Keys.ENTER)
    wait(driver, lambda d: card.id in [c.get_attribute("data-card") for c in box.find_elements(
        By.CSS_SELECTOR, ".chip")])


def set_number(element: Any, value: int) -> None:
    element.clear()
    element.send_keys(str(value))
    element.send_keys(Keys.TAB)


def enter_player(driver: Any, panel: Any, player: dict[str, Any]) -> None:
    piles = panel.find_elements(By.CSS_SELECTOR, ".pile")
    for name in player["hand"]:
        type_card(driver, piles[0], name)
    for field in ("helium", "fleet", "influence"):
        set_number(panel.find_element(By.CSS_SELECTOR, f"input.{field}"), player[field])
    if player["sovereign"]:
        panel.find_element(By.CSS_SELECTOR, "input.sovereign").click()
    for card, points in player.get("extra_points", {}).items():
        extra = next(e for e in panel.find_elements(By.CSS_SELECTOR, "label.extra")
                     if lookup(card).name in e.text)
        set_number(extra.find_element(By.TAG_NAME, "input"), points)


def enter_board(driver: Any, position: dict[str, Any]) -> None:
    piles = driver.find_elements(By.CSS_SELECTOR, "#board .pile")
    for box, location in zip(piles, LOCATIONS, strict=False):
        for entry in position["locations"][location]:
            name = entry if isinstance(entry, str) else entry["card"]
            type_card(driver, box, name)
            if isinstance(entry, dict) and entry.get("face_down"):
                box.find_elements(By.CSS_SELECTOR, ".chip input[type=checkbox]")[-1].click()
    for name in position["banished"]:
        type_card(driver, piles[4], name)


def shown_scorepad(driver: Any) -> dict[str, Any]:
    """The page's scorepad, read at one moment: each player's name and total, the winners
    (★), each card's line (id, core, bonus)."""
    shown = driver.execute_script("""
        const heads = [...document.querySelectorAll('#pad thead th[data-player]')]
          .map((h) => h.textContent);
        return {heads, totals: [...document.querySelectorAll('#pad tr[data-row=total] td')]
                  .map((td) => Number(td.textContent)),
                lines: [...document.querySelectorAll('section.lines')].map((s) =>
                  [...s.querySelectorAll('tbody tr[data-card]')].map((tr) =>
                    [tr.dataset.card, Number(tr.dataset.core), Number(tr.dataset.bonus)]))};""")
    heads = [str(h) for h in shown["heads"]]
    return {"names": [h.removeprefix("★ ") for h in heads], "totals": shown["totals"],
            "winners": [h.removeprefix("★ ") for h in heads if h.startswith("★")],
            "lines": [[tuple(line) for line in player] for player in shown["lines"]]}


def expected(pad: dict[str, Any]) -> dict[str, Any]:
    return {"names": [p["name"] for p in pad["players"]],
            "totals": [p["total"] for p in pad["players"]], "winners": pad["winners"],
            "lines": [[(c["id"], c["core"], c["bonus"]) for c in p["cards"]]
                      for p in pad["players"]]}


def open_page(driver: Any, server: Server) -> None:
    driver.get(f"{server.url}/score")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".player .pile"))


@pytest.mark.rule("RR-SCORE-1", "RR-SCORE-6", "RR-SCORE-14")
def test_a_4_player_end_state_typed_by_name_scores_as_rr_score(
        server: Server, browsers: Callable[..., Any]) -> None:
    """examples/score-example.json typed in on a phone: first with Holiday's declaration left
    to the scorer, then declared Blue on the page, as the file declares it; each time the
    page's totals, winners and card lines are ``rr score --json``'s. A mistake (a card in two
    hands, a track out of range) is said in words, and correcting it loses nothing typed."""
    example = json.loads((EXAMPLES / "score-example.json").read_text("utf-8"))
    driver = browsers(PHONE)
    driver.get(f"{server.url}/reference")  # reached from the card reference's navigation
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "header nav a[href='/score']"))
    driver.find_element(By.CSS_SELECTOR, "header nav a[href='/score']").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".player .pile"))
    Select(driver.find_element(By.ID, "count")).select_by_value("4")
    for field, player in zip(driver.find_elements(By.CSS_SELECTOR, "#names input.name"),
                             example["players"], strict=True):
        field.send_keys(player["name"], Keys.TAB)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".player[data-seat='3'] h3").text
         == "Di")
    for seat, player in enumerate(example["players"]):
        enter_player(driver, driver.find_element(By.CSS_SELECTOR, f".player[data-seat='{seat}']"),
                     player)
    enter_board(driver, example)
    # Mistakes: Bo's fleet beyond the track, Judge in Bo's hand too.
    bo = driver.find_element(By.CSS_SELECTOR, ".player[data-seat='1']")
    set_number(bo.find_element(By.CSS_SELECTOR, "input.fleet"), 12)
    hand = bo.find_elements(By.CSS_SELECTOR, ".pile")[0]
    hand.find_element(By.CSS_SELECTOR, "input.pick").send_keys("ju")
    wait(driver, lambda d: len(hand.find_elements(By.CSS_SELECTOR, ".match")) > 1)
    driver.execute_script("arguments[0].scrollIntoView()", bo)
    screenshot(driver, "scorepad-typing-phone")
    hand.find_element(By.CSS_SELECTOR, "input.pick").clear()
    type_card(driver, hand, "Judge")
    driver.find_element(By.ID, "score").click()
    problems = wait(driver, lambda d: d.find_element(By.ID, "problems").text)
    assert "Bo: Fleet Track goes from 0 to 10, not 12" in problems
    assert "Judge is in two places: Ana's hand and Bo's hand" in problems
    assert driver.find_element(By.ID, "result").get_attribute("hidden") is not None
    set_number(bo.find_element(By.CSS_SELECTOR, "input.fleet"), 8)
    bo.find_element(By.CSS_SELECTOR, ".chip[data-card='judge'] .remove").click()
    driver.find_element(By.ID, "score").click()
    wait(driver, lambda d: d.find_element(By.ID, "result").is_displayed())
    undeclared = json.loads(json.dumps(example))
    del undeclared["players"][0]["declare"]
    assert shown_scorepad(driver) == expected(rr_score(undeclared))
    assert driver.find_element(By.ID, "problems").text == ""
    holiday = driver.find_element(By.CSS_SELECTOR, "section.lines[data-player='0'] "
                                                   "select.declare[data-card='holiday']")
    Select(holiday).select_by_value("color:blue")
    want = expected(rr_score(example))
    wait(driver, lambda d: shown_scorepad(d) == want)
    said = driver.find_element(By.CSS_SELECTOR, "section.lines[data-player='0'] "
                                                "tr[data-card='holiday'] .said").text
    assert said == "Holiday also Blue (given)"
    why = driver.find_element(By.CSS_SELECTOR, "section.lines[data-player='0'] "
                                               "tr[data-card='holiday'] .why").text
    assert lookup("holiday").end_game in why
    assert driver.find_element(By.ID, "winners").text.startswith("Winner: Ana")
    driver.execute_script("document.getElementById('result').scrollIntoView()")
    screenshot(driver, "scorepad-phone")
    places = [td.text for td in driver.find_elements(By.CSS_SELECTOR, "#pad tr[data-row=place] td")]
    assert places[0] == "1st" and sorted(places) == ["1st", "2nd", "3rd", "4th"]
    # Everything typed survives a reload.
    driver.refresh()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".player[data-seat='3'] .chip"))
         == len(example["players"][3]["hand"]))
    driver.find_element(By.ID, "score").click()
    wait(driver, lambda d: d.find_element(By.ID, "result").is_displayed()
         and shown_scorepad(d) == want)
    assert not severe_console_errors(driver)
    if AXE.exists():
        assert serious_axe_violations(driver) == []


def test_two_phones_under_one_game_code_both_see_the_scorepad(
        server: Server, browsers: Callable[..., Any]) -> None:
    """One phone starts a shared 2-player table; the other joins with the link; each enters
    their own hand; both then show the same scorepad, ``rr score``'s for the position."""
    position = {
        "players": [
            {"name": "Ana", "hand": ["Darrow", "Sevro", "Holiday"], "helium": 4, "fleet": 3,
             "influence": 5, "sovereign": True},
            {"name": "Bo", "hand": ["Mustang", "Cassius", "Quicksilver"], "helium": 6,
             "fleet": 5, "influence": 2, "sovereign": False}],
        "locations": {"jupiter": [], "mars": [], "luna": [], "institute": []},
        "banished": [], "neutral_influence": 3}
    ana, bo = browsers(PHONE), browsers(PHONE)
    open_page(ana, server)
    Select(ana.find_element(By.ID, "count")).select_by_value("2")
    for field, name in zip(ana.find_elements(By.CSS_SELECTOR, "#names input.name"),
                           ("Ana", "Bo"), strict=True):
        field.send_keys(name, Keys.TAB)
    ana.find_element(By.CSS_SELECTOR, "#share summary").click()
    ana.find_element(By.ID, "start-table").click()
    code = wait(ana, lambda d: d.find_element(By.ID, "code").text)
    assert len(code) == 6
    link = ana.find_element(By.ID, "share-link").get_attribute("href")
    ana.find_element(By.CSS_SELECTOR, ".seat[data-seat='0']").click()
    bo.get(link)
    wait(bo, lambda d: d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='1']"))
    assert bo.find_element(By.ID, "code").text == code
    bo.find_element(By.CSS_SELECTOR, ".seat[data-seat='1']").click()
    for driver, seat in ((ana, 0), (bo, 1)):
        panel = wait(driver, lambda d, s=seat: d.find_element(
            By.CSS_SELECTOR, f".player[data-seat='{s}']"))
        assert len(driver.find_elements(By.CSS_SELECTOR, ".player")) == 1
        enter_player(driver, panel, position["players"][seat])
        driver.find_element(By.ID, "score").click()
    want = expected(rr_score(position))
    for driver in (ana, bo):
        wait(driver, lambda d: d.find_element(By.ID, "result").is_displayed()
             and shown_scorepad(d) == want)
    screenshot(bo, "scorepad-shared-phone")
    bo.find_element(By.ID, "download").click()
    saved = wait(bo, lambda d: list(d.downloads.glob("*.json")))[0]
    wait(bo, lambda d: saved.stat().st_size > 0)
    assert expected(rr_score(json.loads(saved.read_text("utf-8")))) == want
    assert not severe_console_errors(bo)
    if AXE.exists():
        assert serious_axe_violations(bo) == []


@pytest.mark.rule("RR-SOLO-15", "RR-SCORE-14")
def test_an_uploaded_file_scores_as_rr_score_and_downloads_back(
        server: Server, browsers: Callable[..., Any], tmp_path: Path) -> None:
    """examples/score-solo.json uploaded: solo against Tull Au Toma, her hand's lines by the
    odd/even card; "Download the file" gives back a file ``rr score`` scores the same. Then
    a tie on the highest total: the Sovereign token's holder wins it alone and the other
    tied player is second."""
    solo = json.loads((EXAMPLES / "score-solo.json").read_text("utf-8"))
    driver = browsers(PHONE)
    open_page(driver, server)
    driver.find_element(By.ID, "upload").send_keys(str(EXAMPLES / "score-solo.json"))
    wait(driver, lambda d: Select(d.find_element(By.ID, "count")).first_selected_option
         .get_attribute("value") == "solo")
    driver.find_element(By.ID, "score").click()
    want = expected(rr_score(solo))
    wait(driver, lambda d: d.find_element(By.ID, "result").is_displayed()
         and shown_scorepad(d) == want)
    her = driver.find_element(By.CSS_SELECTOR, "section.lines[data-player='1']").text
    assert "matching" in her and "Her base score" in her
    driver.find_element(By.ID, "download").click()
    saved = wait(driver, lambda d: list(d.downloads.glob("*.json")))[0]
    wait(driver, lambda d: saved.stat().st_size > 0)
    assert expected(rr_score(json.loads(saved.read_text("utf-8")))) == want
    tie = {"players": [
        {"name": "Ana", "hand": ["Darrow"], "helium": 6, "fleet": 0, "influence": 0,
         "sovereign": False},
        {"name": "Bo", "hand": ["Orion"], "helium": 0, "fleet": 0, "influence": 0,
         "sovereign": True},
        {"name": "Cy", "hand": ["Sevro"], "helium": 0, "fleet": 0, "influence": 0,
         "sovereign": False}],
        "locations": {"jupiter": [], "mars": [], "luna": [], "institute": []}, "banished": []}
    pad = rr_score(tie)
    totals = [p["total"] for p in pad["players"]]
    assert totals[0] == totals[1] == max(totals) and pad["winners"] == ["Bo"]
    path = tmp_path / "tie.json"
    path.write_text(json.dumps(tie), "utf-8")
    driver.find_element(By.ID, "upload").send_keys(str(path))
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".player")) == 3)
    driver.find_element(By.ID, "score").click()
    wait(driver, lambda d: shown_scorepad(d) == expected(pad))
    places = [td.text for td in driver.find_elements(By.CSS_SELECTOR,
                                                     "#pad tr[data-row=place] td")]
    assert places == ["2nd", "1st", "3rd"]
    assert "the Sovereign token's holder wins the tie" in driver.find_element(
        By.ID, "winners").text


def test_the_page_opens_again_with_the_server_gone(
        server: Server, browsers: Callable[..., Any]) -> None:
    """Loaded once, the page keeps its files (its service worker) and the card list: with
    the server stopped it opens again with what was typed, takes cards by name, and says in
    words that scoring needs the connection, losing nothing."""
    driver = browsers(PHONE)
    open_page(driver, server)
    wait(driver, lambda d: d.execute_script(
        "return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"))
    first = driver.find_element(By.CSS_SELECTOR, ".player[data-seat='0'] .pile")
    type_card(driver, first, "Darrow")
    server.stop()
    driver.get(f"{server.url}/score")
    panel = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".player[data-seat='0']"))
    assert [c.get_attribute("data-card") for c in panel.find_elements(
        By.CSS_SELECTOR, ".chip")] == ["darrow"]
    type_card(driver, panel.find_element(By.CSS_SELECTOR, ".pile"), "Sevro")
    driver.find_element(By.ID, "score").click()
    said = wait(driver, lambda d: d.find_element(By.ID, "problems").text)
    assert "No connection to the server: nothing typed is lost" in said
    assert len(driver.find_elements(By.CSS_SELECTOR, ".player[data-seat='0'] .chip")) == 2

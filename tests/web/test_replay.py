"""The replay-and-audit viewer in headless Chromium: open a log, step with the slider and
keys, change the viewer, and step to the divergence of a tampered log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rr.events import log as logfile
from rr.events.types import TurnStarted
from rr.events.signing import keygen, signer
from rr.state import fold
from tests.server.harness import Server
from tests.web.conftest import screenshot
from tests.web.tamper import finished_log, tampered, unfoldable

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.pages import (
    AXE,
    all_card_ids,
    cards_in,
    serious_axe_violations,
    severe_console_errors,
    text,
    wait,
)


def _open(driver: Any, server: Server, log: Path, sig: Path | None = None,
          key: Path | None = None, details: bool = True) -> None:
    driver.get(f"{server.url}/replay")
    driver.find_element(By.ID, "log-file").send_keys(str(log))
    if sig is not None and key is not None:
        driver.find_element(By.ID, "sig-file").send_keys(str(sig))
        driver.find_element(By.ID, "key-file").send_keys(str(key))
    driver.find_element(By.ID, "open-log").click()
    wait(driver, lambda d: d.find_element(By.ID, "verdict").text)
    if details:  # the verdict's details (record, seed, signature) are folded under its line
        driver.find_element(By.CSS_SELECTOR, "#verdict-details summary").click()


def _at(driver: Any) -> int:
    return int(driver.find_element(By.ID, "step").get_attribute("value"))


def _shown(driver: Any, record: int) -> None:
    wait(driver, lambda d: text(d, "where").startswith(f"record {record} of"))


def test_a_clean_signed_log_stepped_through(server: Server, browsers: Callable[..., Any],
                                            tmp_path: Path) -> None:
    """A signed log opens clean (seed and signature checked); keys and the slider step
    through it; a seat sees its own hand only, "everything" every hand."""
    events = finished_log()
    path = tmp_path / "game.rrlog"
    path.write_bytes(logfile.encode(events))
    private, public, fingerprint = keygen(tmp_path / "k")
    sig = tmp_path / "game.rrlog.sig"
    sig.write_text(signer(private)(path.read_bytes()))
    driver = browsers()
    _open(driver, server, path, sig, public)
    verdict = driver.find_element(By.ID, "verdict")
    assert "clean" in verdict.get_attribute("class")
    assert "every random outcome checked against the seed" in verdict.text
    assert f"verified (key {fingerprint})" in verdict.text
    _shown(driver, len(events) - 1)
    assert driver.find_element(By.CSS_SELECTOR, ".scorepad tr.total")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    _shown(driver, 0)
    for _ in range(3):
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    _shown(driver, 3)
    ActionChains(driver).send_keys(Keys.PAGE_DOWN).perform()
    _shown(driver, 13)
    at = 80
    driver.execute_script("const s = document.getElementById('step'); s.value = arguments[0];"
                          "s.dispatchEvent(new Event('input'));", at)
    _shown(driver, at)
    state = fold(events[:at + 1])
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".hands section")) == 3)
    hands = [cards_in(driver, f".hands section:nth-child({i + 1})") for i in range(3)]
    assert hands == [list(p.hand) for p in state.players]
    screenshot(driver, "replay")
    Select(driver.find_element(By.ID, "seat")).select_by_value("1")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".hands section")) == 1)
    assert cards_in(driver, ".hands section[data-seat='1']") == list(state.hand(1))
    others = (set(state.hand(0)) | set(state.hand(2))) - set(state.hand(1))
    assert not all_card_ids(driver) & others  # nowhere on the page
    Select(driver.find_element(By.ID, "seat")).select_by_value("spectator")
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".hands"))
    assert not severe_console_errors(driver)


def test_a_tampered_log_steps_to_its_divergence(server: Server, browsers: Callable[..., Any],
                                               tmp_path: Path) -> None:
    """A log with one recorded choice flipped and its chain written anew: the viewer says it
    diverges, at the record `rr audit` names, with the rule, and `d` steps there."""
    data, record = tampered(finished_log())
    path = tmp_path / "tampered.rrlog"
    path.write_bytes(data)
    driver = browsers()
    _open(driver, server, path)
    verdict = driver.find_element(By.ID, "verdict")
    assert "diverged" in verdict.get_attribute("class")
    assert text(driver, "divergence-record") == str(record)
    assert text(driver, "divergence-rule") not in ("", "—")
    assert f"every random outcome before record {record}" in verdict.text
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    _shown(driver, 0)
    ActionChains(driver).send_keys("d").perform()
    _shown(driver, record)
    assert _at(driver) == record
    marked = driver.find_element(By.CSS_SELECTOR, "#story li.diverges")
    assert marked.get_attribute("data-record") == str(record)
    assert "current" in marked.get_attribute("class")
    # The table's board: printed names, capitalised locations, the top card marked.
    assert driver.find_elements(By.CSS_SELECTOR, "#board .location .tcard.top")
    assert "The Institute" in text(driver, "board")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#players .panel")) == 3
    screenshot(driver, "replay-divergence")


def test_a_log_with_a_record_that_cannot_happen_steps_up_to_it(
        server: Server, browsers: Callable[..., Any], tmp_path: Path) -> None:
    """A log that decodes but gains a card from where it is not (issue #28, point 8) opens:
    the verdict names the divergence at that record, with its rule, in `rr audit`'s words
    and the fold's refusal in `rr replay`'s; every record before it steps, none after; a
    card of the board opens its printed texts."""
    events = finished_log()
    data, record = unfoldable(events)
    path = tmp_path / "impossible.rrlog"
    path.write_bytes(data)
    driver = browsers()
    _open(driver, server, path)
    verdict = driver.find_element(By.ID, "verdict")
    assert "diverged" in verdict.get_attribute("class")
    assert "cannot be opened" not in text(driver, "status")
    assert text(driver, "divergence-record") == str(record)
    assert text(driver, "divergence-rule").startswith("RR-LEAD-3")
    assert f"diverges at record {record}" in verdict.text
    unfolded = text(driver, "unfolded")
    assert f"Records {record} to {len(events) - 1} cannot be shown: event {record}: " \
           "card_gained/1: " in unfolded and " is not in " in unfolded
    _shown(driver, record - 1)
    assert int(driver.find_element(By.ID, "step").get_attribute("max")) == record - 1
    marked = driver.find_element(By.CSS_SELECTOR, "#story li.diverges")
    assert marked.get_attribute("data-record") == str(record)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    _shown(driver, 0)
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    _shown(driver, 1)
    ActionChains(driver).send_keys(Keys.END).perform()
    _shown(driver, record - 1)
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()  # no further: stays
    ActionChains(driver).send_keys("d").perform()
    _shown(driver, record - 1)
    # The keys' last steps may still redraw the board: read its top card once it is still.
    wait(driver, lambda d: _read_top_card(d))
    zoomed = driver.find_element(By.CSS_SELECTOR, "#zoom .zoomed")
    assert "core value" in zoomed.text
    assert not severe_console_errors(driver)
    if AXE.exists():  # this page state for axe-core too (the start one: test_table_play)
        assert serious_axe_violations(driver) == []
    screenshot(driver, "replay-impossible")


def _read_top_card(driver: Any) -> bool:
    """Click the first location's top card; whether the card read is that card."""
    from selenium.common.exceptions import StaleElementReferenceException
    try:
        top = driver.find_element(By.CSS_SELECTOR, "#board .location .tcard.top")
        card = top.get_attribute("data-card")
        top.click()
        zoomed = driver.find_elements(By.CSS_SELECTOR, "#zoom .zoomed")
        return bool(zoomed) and zoomed[0].get_attribute("data-zoom") == card
    except StaleElementReferenceException:
        return False


def test_a_file_that_is_not_a_log(server: Server, browsers: Callable[..., Any],
                                  tmp_path: Path) -> None:
    """A file that is not a log gets rr's message on the page, not a crash."""
    path = tmp_path / "notes.jsonl"
    path.write_text("hello\n")
    driver = browsers()
    driver.get(f"{server.url}/replay")
    driver.find_element(By.ID, "log-file").send_keys(str(path))
    driver.find_element(By.ID, "open-log").click()
    wait(driver, lambda d: "cannot be opened" in text(d, "status"))
    assert not driver.find_element(By.ID, "viewer").is_displayed()


def test_a_log_that_does_not_decode_says_so_and_nothing_else(
        server: Server, browsers: Callable[..., Any], tmp_path: Path) -> None:
    """A log whose bytes are cut short does not decode: rr's message on the page, no
    verdict, no board."""
    data = logfile.encode(finished_log())
    path = tmp_path / "cut.rrlog"
    path.write_bytes(data[:len(data) // 2])
    driver = browsers()
    driver.get(f"{server.url}/replay")
    driver.find_element(By.ID, "log-file").send_keys(str(path))
    driver.find_element(By.ID, "open-log").click()
    wait(driver, lambda d: "cannot be opened" in text(d, "status"))
    assert "error" in driver.find_element(By.ID, "status").get_attribute("class")
    assert not driver.find_element(By.ID, "viewer").is_displayed()
    assert not driver.find_elements(By.CSS_SELECTOR, ".location, .divergence")


def test_a_finished_game_of_the_server_by_id_and_token(server: Server,
                                                       browsers: Callable[..., Any]) -> None:
    """A game of bots (over once created) opens by its id and a token typed into the form:
    the server's log, audited clean."""
    import httpx

    created = httpx.post(f"{server.url}/api/games",
                         json={"players": ["Ann", "Bob"], "seed": 3, "practice": True,
                               "bots": {"0": "random", "1": "greedy"}}, timeout=60).json()
    driver = browsers()
    driver.get(f"{server.url}/replay")
    driver.find_element(By.ID, "game-id").send_keys(created["id"])
    driver.find_element(By.ID, "game-token").send_keys(created["spectator"])
    driver.find_element(By.ID, "open-game").click()
    wait(driver, lambda d: "clean" in (d.find_element(By.ID, "verdict").get_attribute("class")
                                       or ""))
    assert "Played by the rules to the end" in text(driver, "verdict-line")
    assert created["spectator"] not in driver.current_url.split("#")[0]


def test_the_replay_steps_by_turn_and_by_round_and_says_its_verdict_first(
        server: Server, browsers: Callable[..., Any], tmp_path: Path) -> None:
    """A clean finished log: the verdict's first line says in words that the game was played
    by the rules and who won, its seed and records folded away; "turn ▶" and "round ▶▶" (and
    t, r) step to the records where turns and rounds start, saying whose turn it is."""
    events = finished_log()
    path = tmp_path / "game.rrlog"
    path.write_bytes(logfile.encode(events))
    starts = [i for i, e in enumerate(events) if isinstance(e, TurnStarted)]
    first = events[starts[0]]
    assert isinstance(first, TurnStarted)
    round_starts = [i for i in starts if getattr(events[i], "seat", None) == first.seat]
    driver = browsers()
    _open(driver, server, path, details=False)
    line = text(driver, "verdict-line")
    assert line.startswith("✔ Played by the rules to the end") and "won by" in line
    assert not driver.find_element(By.ID, "verdict-details").get_attribute("open")
    shown = text(driver, "verdict")  # what shows: the line and the folded details' title
    assert "sha256" not in shown and "re-adjudicated" not in shown and "seed check" not in shown
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    _shown(driver, 0)
    driver.find_element(By.ID, "next-turn").click()
    _shown(driver, starts[0])
    assert "turn" in text(driver, "turn-now") and "round 1" in text(driver, "turn-now")
    driver.find_element(By.ID, "next-turn").click()
    _shown(driver, starts[1])
    ActionChains(driver).send_keys("r").perform()
    _shown(driver, round_starts[1])
    assert "round 2" in text(driver, "turn-now")
    driver.find_element(By.ID, "next-round").click()
    _shown(driver, round_starts[2])
    driver.find_element(By.ID, "prev-turn").click()
    _shown(driver, max(i for i in starts if i < round_starts[2]))
    screenshot(driver, "replay-by-turn")

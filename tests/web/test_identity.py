"""A player's identity in headless Chromium: made in the lobby with a key the page cannot read
(WebCrypto, not extractable, in IndexedDB); a signed game's seat key registered by that
browser is bound to it (the server keeps the identity key's signature); the identity moves to
another profile with a one-time code typed there, and to a third with the code's file; a used
code is refused in words."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By

from tests.web.pages import severe_console_errors, wait

_STORED = """
const done = arguments[0];
const open = indexedDB.open("rr-identity", 1);
open.onsuccess = () => {
  const get = open.result.transaction("identity").objectStore("identity").get("me");
  get.onsuccess = () => {
    const key = get.result.privateKey;
    done({extractable: key.extractable, algorithm: key.algorithm.name,
          name: get.result.name, fingerprint: get.result.fingerprint});
  };
};
"""


def _who(driver: Any) -> str | None:
    found: str | None = driver.find_element(By.TAG_NAME, "body").get_attribute(
        "data-identity")
    return found


def _claim(driver: Any, server: Server, name: str, code: str = "",
           file: Path | None = None) -> None:
    driver.get(f"{server.url}/lobby")
    wait(driver, lambda d: d.find_element(By.ID, "identity-name"))
    driver.find_element(By.CSS_SELECTOR, "#identity details summary").click()
    if file is not None:
        driver.find_element(By.ID, "identity-claim-file").send_keys(str(file))
        wait(driver, lambda d: d.find_element(By.ID, "identity-claim-code")
             .get_attribute("value"))
    else:
        driver.find_element(By.ID, "identity-claim-name").send_keys(name)
        driver.find_element(By.ID, "identity-claim-code").send_keys(code)
    driver.find_element(By.ID, "identity-claim-go").click()


def _shown_code(driver: Any) -> str | None:
    found: str | None = driver.execute_script(
        "const c = document.querySelector('#identity-code code'); return c && c.textContent")
    return found


def _code(driver: Any) -> str:
    """A new one-time code, made on the page."""
    before = _shown_code(driver)
    driver.find_element(By.ID, "identity-move").click()
    code: str = wait(driver, lambda d: (shown := _shown_code(d)) != before and shown)
    assert len(code) == 32
    return code


@pytest.mark.slow
def test_an_identity_is_made_binds_a_seat_and_moves_to_other_profiles(
        server: Server, browsers: Callable[..., Any]) -> None:
    first, second, third = browsers(), browsers(), browsers()
    first.get(f"{server.url}/lobby")
    wait(first, lambda d: d.find_element(By.ID, "identity-name")).send_keys("Ana")
    screenshot(first, "identity-new")
    first.find_element(By.ID, "identity-make").click()
    wait(first, lambda d: _who(d) == "Ana")
    stored = first.execute_async_script(_STORED)
    assert stored["extractable"] is False and stored["algorithm"] == "Ed25519"
    listed = httpx.get(f"{server.url}/api/identities/ana").json()
    assert listed == {"name": "Ana", "keys": [stored["fingerprint"]]}
    screenshot(first, "identity")
    # A signed game: the seat's key the page registers is bound to Ana's identity.
    made = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo"], "bots": {"1": "random"}, "signed": True}).json()
    game, token = made["id"], made["seats"][0]["token"]
    first.get(f"{server.url}/#game={game}&token={token}")
    seat = {}
    for _ in range(100):
        seat = httpx.get(f"{server.url}/api/games/{game}/seat",
                         headers={"authorization": f"Bearer {token}"}).json()
        if seat.get("dealt"):
            break
        time.sleep(0.2)
    assert seat["dealt"], seat
    with sqlite3.connect(server.db) as db:
        (kept,) = db.execute("SELECT seats FROM games WHERE id = ?", (game,)).fetchone()
    bound = json.loads(kept)["keys"]["0"]["identity"]
    assert bound["name"] == "Ana"
    # An invitation's page takes the seat as the identity: its name, read only.
    plain = httpx.post(f"{server.url}/api/games", json={"players": ["Cy", None],
                                                        "open": [1]}).json()
    first.get(f"{server.url}/#game={plain['id']}&invite={plain['invitation']}")
    field = wait(first, lambda d: (f := d.find_element(By.ID, "join-name")).get_attribute(
        "value") == "Ana" and f)
    assert field.get_attribute("readonly") is not None
    first.find_element(By.ID, "take-seat").click()
    wait(first, lambda d: "&token=" in d.current_url)
    seats = httpx.get(f"{server.url}/api/games/{plain['id']}/invitation",
                      headers={"authorization": f"Bearer {plain['invitation']}"}).json()
    assert [s["name"] for s in seats["seats"]] == ["Cy", "Ana"]
    # Another profile joins the identity with a code typed there; a third with its file.
    first.get(f"{server.url}/lobby")
    wait(first, lambda d: _who(d) == "Ana")
    code = _code(first)
    screenshot(first, "identity-code")
    _claim(second, server, "ana", code)
    wait(second, lambda d: _who(d) == "Ana")
    # The code works once.
    _claim(third, server, "Ana", code)
    refused = wait(third, lambda d: d.find_element(By.CSS_SELECTOR, "#identity .error"))
    assert "was used or expired" in refused.text
    code = _code(first)
    first.find_element(By.ID, "identity-file").click()
    saved = wait(first, lambda d: next(iter(d.downloads.glob("identity-*.json")), None), 30)
    assert json.loads(saved.read_text())["code"] == code
    _claim(third, server, "", file=saved)
    wait(third, lambda d: _who(d) == "Ana")
    assert len(httpx.get(f"{server.url}/api/identities/Ana").json()["keys"]) == 3
    for driver in (first, second):
        assert severe_console_errors(driver) == []
    # The third's only error is the refused claim's answer (403).
    assert all("transfer/claim" in e and "403" in e for e in severe_console_errors(third))

"""The card reference page (issue #28): every card's printed texts, found by name, text and
colour; the houses, the location bonuses and Tull Au Toma's cards; linked from the start
page; nothing serious for axe-core, on a laptop and on a phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from rr.automa import automa_table
from rr.cards.catalogue import catalogue, houses
from tests.server.harness import Server
from tests.web.conftest import screenshot

pytest.importorskip("selenium", reason="BROWSER TESTS SKIPPED: selenium is not installed")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.web.pages import AXE, serious_axe_violations, severe_console_errors, wait


def _shown(driver: Any) -> list[str]:
    return [str(e.get_attribute("data-card"))
            for e in driver.find_elements(By.CSS_SELECTOR, "#cards [data-card]")]


def test_the_page_is_served_with_the_strict_policy(server: Server) -> None:
    """`/reference` is HTML allowing only this origin; its script and style load."""
    page = httpx.get(f"{server.url}/reference", timeout=10)
    assert page.status_code == 200 and "reference.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("reference.js", "reference.css"):
        assert httpx.get(f"{server.url}/static/{name}", timeout=10).status_code == 200


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_every_card_house_and_au_toma_card(server: Server, browsers: Callable[..., Any],
                                           size: tuple[int, int]) -> None:
    """Reached from the start page's link: all 112 cards, each with its name, colour, core
    value and every printed text; a colour and a word narrow the list to the cards that
    match; ordered by core value, the highest first; every house's ability and every one of
    Au Toma's cards."""
    driver = browsers(size)
    driver.get(f"{server.url}/")
    wait(driver, lambda d: d.find_element(By.ID, "create").is_displayed())
    driver.find_element(By.CSS_SELECTOR, "header nav a[href='/reference']").click()
    wait(driver, lambda d: len(_shown(d)) == 112)
    assert sorted(_shown(driver)) == sorted(catalogue())
    for card in catalogue().values():
        shown = driver.find_element(By.CSS_SELECTOR, f"#cards [data-card='{card.id}']")
        words = str(shown.get_attribute("textContent"))
        assert card.name in words and card.color.value in words
        assert f"core value {card.core_value}" in words
        for printed in (card.deploy, card.end_game, card.end_of_game, card.block):
            if printed:
                assert printed in words, card.id
    Select(driver.find_element(By.ID, "colour")).select_by_value("gold")
    golds = {c.id for c in catalogue().values() if c.color.value == "gold"}
    wait(driver, lambda d: set(_shown(d)) == golds)
    assert driver.find_element(By.ID, "shown").text == f"{len(golds)} of 112 cards"
    driver.find_element(By.ID, "search").send_keys("sovereign")
    sovereign = {c.id for c in catalogue().values() if c.id in golds and "sovereign" in " ".join(
        t for t in (c.name, c.role, c.deploy, c.end_game, c.end_of_game, c.block) if t
    ).lower()}
    wait(driver, lambda d: set(_shown(d)) == sovereign)
    assert sovereign and sovereign < golds
    Select(driver.find_element(By.ID, "colour")).select_by_value("")
    driver.find_element(By.ID, "search").clear()
    Select(driver.find_element(By.ID, "order")).select_by_value("core")
    wait(driver, lambda d: len(_shown(d)) == 112)
    values = [catalogue()[c].core_value for c in _shown(driver)]
    assert values == sorted(values, reverse=True)
    for tile in houses().values():
        assert tile.ability in driver.find_element(By.ID, "houses").text
    rows = driver.find_elements(By.CSS_SELECTOR, "#automa [data-automa]")
    assert len(rows) == len(automa_table().cards)
    screenshot(driver, f"reference-{size[0]}")
    assert not severe_console_errors(driver)
    if AXE.exists():
        assert serious_axe_violations(driver) == []

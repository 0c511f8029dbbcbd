"""Fixtures for the browser tests: Debian's headless Chromium driven by Selenium 4, and a real
``rr server`` on 127.0.0.1.

Chromium comes from Debian (``apt-get install chromium chromium-driver``): a browser
download at install time (Playwright's, Selenium Manager's) is not available where rr is
tested, so the driver is given explicitly and Selenium Manager is never asked. When the
browser is missing and the tests run as root (CI, a developer's machine here), the session
installs it first, saying so (``tests.system_packages``); otherwise every test here is skipped
with a loud reason.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Server
from tests.system_packages import apt_install

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WINDOW = (1280, 900)
"""The window of every page and screenshot (a phone-sized one is set where a test says)."""
SCREENSHOTS_ENV = "RR_SCREENSHOTS"
"""Where the tests save their screenshots: this folder if set (``RR_SCREENSHOTS=docs/screenshots
python -m pytest tests/web`` refreshes the README's), else the session's temporary folder, so
a test run leaves the work tree as it was."""
INSTALL_SECONDS = 900


def _install(config: object) -> str | None:
    """Install Debian's chromium if missing; why the browser is unavailable, or None."""
    def present() -> bool:
        return os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)

    if present():
        return None
    return apt_install(config, ("chromium", "chromium-driver"), "BROWSER TESTS (tests/web)",
                       INSTALL_SECONDS, present)


@pytest.fixture(scope="session")
def browser_ready(request: pytest.FixtureRequest) -> None:
    why = _install(request.config)
    if why is not None:
        warnings.warn(why, stacklevel=1)
        pytest.skip(why)
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("BROWSER TESTS SKIPPED: selenium is not installed (pip install -e '.[test]')")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A fresh ``rr server`` on a SQLite file."""
    running = Server(str(tmp_path / "games.sqlite"), tmp_path)
    try:
        yield running
    finally:
        running.stop()


Browser = Any


@pytest.fixture
def browsers(browser_ready: None, tmp_path: Path) -> Iterator[Callable[..., Browser]]:
    """Opens headless Chromium windows, each its own browser context (profile) with its own
    download folder (``driver.downloads``); all closed at the end."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opened: list[Browser] = []

    def launch(size: tuple[int, int] = WINDOW) -> Browser:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", f"--window-size={size[0]},{size[1]}",
                     "--force-device-scale-factor=1", "--lang=en-US"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        downloads = tmp_path / f"downloads-{len(opened)}"
        downloads.mkdir()
        options.add_experimental_option("prefs", {
            "download.default_directory": str(downloads), "download.prompt_for_download": False})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {
            "behavior": "allow", "downloadPath": str(downloads)})
        driver.downloads = downloads
        # The page's size exactly (a headless window's size includes its frame); below a
        # desktop window's smallest width, a phone.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1,
            "mobile": size[0] < 500})
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(30)
        opened.append(driver)
        return driver

    try:
        yield launch
    finally:
        for driver in opened:
            driver.quit()


_folder: list[Path] = []


@pytest.fixture(scope="session", autouse=True)
def _screenshots(tmp_path_factory: pytest.TempPathFactory) -> None:
    chosen = os.environ.get(SCREENSHOTS_ENV)
    _folder[:] = [Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")]


def screenshot(driver: Browser, name: str) -> Path:
    """Save the window (:data:`WINDOW`, or the phone's) as NAME.png in the screenshots'
    folder; the file must be a PNG of some size."""
    folder = _folder[0]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    assert driver.save_screenshot(str(path)), f"no screenshot saved to {path}"
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 5000
    return path

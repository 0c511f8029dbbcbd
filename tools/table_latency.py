"""Measure the web table in headless Chromium: the bytes of JS and CSS the table's page loads,
and the time from "confirm" to the board showing the move (the median of N choices).

    python -m tools.table_latency              # 20 choices, 1280x800
    python -m tools.table_latency --choices 40

A real ``rr server`` on a temporary SQLite file, a practice game of Ana against a random bot,
others' moves told "off" (the ticker out of the way). Each choice: an option picked from the
list, then "confirm" clicked inside the page; the time is taken in the page, from the click to
the next animation frame after the decision shown has changed (the board redrawn).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.harness import Server
from tools.screenshots import _driver, _until

MEASURE = """
const done = arguments[arguments.length - 1];
const box = document.getElementById('decision');
const before = Number(box.dataset.decision);
const start = performance.now();
document.getElementById('confirm').click();
(function look() {
  if (Number(box.dataset.decision) > before || !document.getElementById('end').hidden) {
    requestAnimationFrame(() => done(performance.now() - start));
  } else requestAnimationFrame(look);
})();
"""

SIZES = """
return performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))
  .filter((e) => /\\.(js|css)$/.test(new URL(e.name).pathname))
  .map((e) => [new URL(e.name).pathname, e.decodedBodySize, e.transferSize]);
"""


def measure(choices: int, seed: int = 7) -> tuple[list[float], list[Any]]:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(str(Path(folder) / "games.sqlite"), Path(folder))
        driver = _driver((1280, 800))
        try:
            created = httpx.post(f"{server.url}/api/games", timeout=30, json={
                "players": ["Ana", "Bo"], "seed": seed, "practice": True,
                "bots": {"1": "random"}}).json()
            driver.get(f"{server.url}/")
            driver.execute_script("localStorage.setItem('rr.pace', 'off')")
            driver.get(f"{server.url}/#game={created['id']}"
                       f"&token={created['seats'][0]['token']}")
            times: list[float] = []
            sizes: list[Any] = []
            while len(times) < choices:
                _until(driver, "return (document.querySelector('button.option')"
                       " && document.getElementById('decision').dataset.armed === '1')"
                       " || !document.getElementById('end').hidden")
                if not sizes:  # each file's bytes as served (a cached entry may say 0)
                    sizes = [(path, len(httpx.get(f"{server.url}{path}", timeout=10).content), 0)
                             for path, _, _ in driver.execute_script(SIZES)]
                if driver.execute_script("return !document.getElementById('end').hidden"):
                    break
                if driver.execute_script("return Boolean(document.querySelector('.only-option'))"):
                    driver.execute_script("document.querySelector('.only-option').click()")
                    time.sleep(0.4)
                    continue
                driver.execute_script(
                    "const list = document.getElementById('option-list'); list.open = true;"
                    "document.querySelector('button.option').click()")
                _until(driver, "return !document.getElementById('confirm').hidden")
                times.append(driver.execute_async_script(MEASURE) / 1000)
            return times, sizes
        finally:
            driver.quit()
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--choices", type=int, default=20)
    args = parser.parse_args()
    times, sizes = measure(args.choices)
    total = sum(size for _, size, _ in sizes)
    for path, size, _ in sorted(sizes):
        print(f"{size:>8} B  {path}")
    print(f"{total:>8} B  JS and CSS the table's page loads ({len(sizes)} files)")
    print(f"confirm → board update: median {statistics.median(times):.3f} s over {len(times)}"
          f" choices (min {min(times):.3f}, max {max(times):.3f})")


if __name__ == "__main__":
    main()

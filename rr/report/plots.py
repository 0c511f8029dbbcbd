"""The PNG plots of a report, drawn from the numbers of its JSON (never from the games), so
a plot shows exactly what ``summary.json`` / ``impact.json`` holds.

matplotlib is an optional extra (``pip install 'red-rising-engine[report]'``), imported only
when a report is drawn. Figures are ``matplotlib.figure.Figure`` objects on the Agg canvas:
no pyplot, no display, no global backend switched. Sizes are fixed (``SIZES``, at ``DPI``), so a
file's pixel size is known in advance. Box plots are drawn from the JSON's five numbers
(``Axes.bxp``), with whiskers at the lowest and highest score, not matplotlib's own quartiles.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rr.errors import ReportUnavailableError
from rr.report.folder import write_bytes

HINT = "pip install 'red-rising-engine[report]'"
DPI = 100
SIZES: dict[str, tuple[int, int]] = {
    "win_rates.png": (1400, 550),
    "scores.png": (900, 550),
    "game_length.png": (1200, 500),
    "winning_cards.png": (1100, 750),
    "impact.png": (1500, 650),
}
"""The pixel size of each plot."""


def require() -> None:
    """Fail now, before any game is played, if matplotlib cannot be imported."""
    try:
        importlib.import_module("matplotlib")
    except ImportError:
        raise ReportUnavailableError(f"--report draws plots with matplotlib, which is not "
                                     f"installed: {HINT}") from None


def _figure(name: str) -> Any:
    require()
    figure = importlib.import_module("matplotlib.figure")
    agg = importlib.import_module("matplotlib.backends.backend_agg")
    width, height = SIZES[name]
    fig = figure.Figure(figsize=(width / DPI, height / DPI), dpi=DPI, layout="constrained")
    agg.FigureCanvasAgg(fig)
    return fig


def _save(fig: Any, folder: Path, name: str) -> Path:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI)
    return write_bytes(folder, name, buffer.getvalue())


def _title(parameters: dict[str, Any]) -> str:
    return (f"{parameters['games']} games, {parameters['players']} players, seeds "
            f"{parameters['first_seed']}-{parameters['last_seed']}, agents "
            f"{','.join(parameters['agents'])}, ruleset {parameters['ruleset']}")


def balance(summary: dict[str, Any], folder: Path) -> list[Path]:
    """The four plots of ``rr simulate --report``."""
    return [win_rates(summary, folder), scores(summary, folder),
            game_length(summary, folder), winning_cards(summary, folder)]


def win_rates(summary: dict[str, Any], folder: Path) -> Path:
    fig = _figure("win_rates.png")
    parameters = summary["parameters"]
    groups = [("house", summary["win_rate_by_house"]), ("seat", summary["win_rate_by_seat"])]
    if len(summary["win_rate_by_agent"]) > 1:
        groups.append(("agent", summary["win_rate_by_agent"]))
    axes = fig.subplots(1, len(groups), sharey=True, squeeze=False)[0]
    for ax, (name, rows) in zip(axes, groups):
        rates = [100 * r["rate"] for r in rows]
        below = [100 * (r["rate"] - r["low"]) for r in rows]
        above = [100 * (r["high"] - r["rate"]) for r in rows]
        labels = [f"{r[name]}\n{r['wins']}/{r['seats']}" for r in rows]
        ax.bar(range(len(rows)), rates, yerr=[below, above], capsize=4, color="tab:blue")
        ax.set_xticks(range(len(rows)), labels)
        ax.axhline(100 / parameters["players"], color="gray", linestyle="--",
                   label="even share (1/players)")
        ax.set_title(f"by {name}" + (" (place in turn order)" if name == "seat" else ""))
        ax.set_xlabel(f"{name}, wins/seats")
    axes[0].set_ylabel("win rate, % (95% Wilson interval)")
    axes[0].legend(loc="upper right")
    fig.suptitle(f"Win rate (a shared win counts for each winner)\n{_title(parameters)}")
    return _save(fig, folder, "win_rates.png")


def scores(summary: dict[str, Any], folder: Path) -> Path:
    fig = _figure("scores.png")
    ax = fig.subplots()
    boxes = [{"label": f"{agent}\n{s['count']} seats", "med": s["median"], "q1": s["q1"],
              "q3": s["q3"], "whislo": s["min"], "whishi": s["max"], "mean": s["mean"],
              "fliers": []} for agent, s in summary["scores_by_agent"].items()]
    if boxes:
        ax.bxp(boxes, showmeans=True)
    ax.set_ylabel("final score (box: quartiles; whiskers: min and max; triangle: mean)")
    ax.set_title(f"Scores by agent\n{_title(summary['parameters'])}", fontsize="medium")
    return _save(fig, folder, "scores.png")


def game_length(summary: dict[str, Any], folder: Path) -> Path:
    fig = _figure("game_length.png")
    axes = fig.subplots(1, 2)
    labels = {"turns": "turns per game (every player's, extra turns too)",
              "events": "events per game"}
    for ax, (measure, label) in zip(axes, labels.items()):
        data = summary["game_length"][measure]
        histogram = data["histogram"]
        lefts = [histogram["start"] + i * histogram["width"]
                 for i in range(len(histogram["counts"]))]
        ax.bar(lefts, histogram["counts"], width=histogram["width"], align="edge",
               color="tab:green", edgecolor="white")
        ax.axvline(data["mean"], color="black", linestyle="--",
                   label=f"mean {data['mean']:.1f}")
        ax.set_xlabel(label)
        ax.set_ylabel("games")
        ax.legend()
    fig.suptitle(f"Game length\n{_title(summary['parameters'])}")
    return _save(fig, folder, "game_length.png")


def winning_cards(summary: dict[str, Any], folder: Path) -> Path:
    fig = _figure("winning_cards.png")
    ax = fig.subplots()
    cards = summary["winning_cards"]
    rows = list(reversed(cards["top"]))  # the most frequent at the top
    y = range(len(rows))
    rates = [100 * r["rate"] for r in rows]
    error = [[100 * (r["rate"] - r["low"]) for r in rows],
             [100 * (r["high"] - r["rate"]) for r in rows]]
    ax.barh([i + 0.2 for i in y], rates, height=0.4, xerr=error, capsize=2,
            color="tab:orange", label=f"in winning hands ({cards['winning_hands']}), 95% Wilson")
    ax.barh([i - 0.2 for i in y], [100 * r["base_rate"] for r in rows], height=0.4,
            color="tab:gray", label=f"in all final hands ({cards['hands']}): base rate")
    ax.set_yticks(list(y), [f"{r['name']} ({r['card']})" for r in rows])
    ax.set_xlabel("% of hands holding the card")
    ax.legend(loc="lower right")
    ax.set_title(f"The {len(rows)} cards most often in winning hands\n"
                 f"{_title(summary['parameters'])}", fontsize="medium")
    return _save(fig, folder, "winning_cards.png")


def impact(report: dict[str, Any], folder: Path) -> Path:
    """The plot of ``rr regress --impact``: every change (B minus A) with its interval."""
    fig = _figure("impact.png")
    axes = fig.subplot_mosaic([["wins", "scores", "turns"], ["wins", "scores", "events"]],
                              width_ratios=[1.1, 1.1, 0.8])
    wins = _labelled(report, ("win_rate_by_house", "house"), ("win_rate_by_seat", "seat"),
                     ("win_rate_by_agent", "agent"))
    _changes(axes["wins"], wins, 100, "win rate change, percentage points", "{:.0%}")
    score = _labelled(report, ("mean_score", "group"), ("mean_score_by_house", "house"),
                      ("mean_score_by_agent", "agent"))
    _changes(axes["scores"], score, 1, "mean score change, points", "{:.0f}")
    for measure in ("turns", "events"):
        rows = [(name, row) for name, row in _labelled(report, ("game_length", "measure"))
                if name == measure]
        _changes(axes[measure], rows, 1, f"{measure} per game, change", "{:.0f}")
    parameters = report["parameters"]
    fig.suptitle(f"B = {parameters['against']} against A = {parameters['ruleset']}: "
                 f"{report['compared']} seeds played under both "
                 f"({parameters['players']} players, agents {','.join(parameters['agents'])}); "
                 f"{report['changed']} results changed, {len(report['changed_winner'])} "
                 f"changed winner\nchange = B minus A, mean of paired differences with its 95% "
                 f"normal interval")
    return _save(fig, folder, "impact.png")


def _labelled(report: dict[str, Any], *sections: tuple[str, str]
              ) -> list[tuple[str, dict[str, Any]]]:
    """The rows of ``sections``, named; one agent alone is left out (it is every seat)."""
    return [(f"{name} {row[name]}" if name not in ("group", "measure") else row[name], row)
            for section, name in sections for row in report[section]
            if name != "agent" or len(report[section]) > 1]


def _changes(ax: Any, rows: Sequence[tuple[str, dict[str, Any]]], scale: float,
             label: str, value: str) -> None:
    """One point per row at its change, with its interval; the label gives A → B."""
    rows = list(reversed(rows))  # the first row at the top
    y = range(len(rows))
    ax.errorbar([scale * r["change"] for _, r in rows], list(y),
                xerr=[scale * r["plus_minus"] for _, r in rows], fmt="o", capsize=3)
    ax.axvline(0, color="gray", linestyle="--")
    ax.set_yticks(list(y), [f"{name}\n{value.format(r['a'])} → {value.format(r['b'])}"
                            for name, r in rows])
    if rows:
        ax.set_ylim(-0.5, len(rows) - 0.5)
    ax.set_xlabel(label)

"""What a student waits for: the CPU time each widget control takes to answer a change, every control
of every widget moved to its extreme values (and the language switched both ways).

Run: ``python benchmarks/widget_controls.py [--repeats 3]``.

Each change is made as the page makes it (a control's ``value`` set, a button clicked) on a widget
built beforehand; the figure is the median CPU time (``time.process_time``) over the repetitions
of that change, and the slowest change of each control is listed. The target is under 100 ms each.

>>> sorted(CONTROLS)[:2]
['GameTable', 'InvestmentExplorer']
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

TARGET_MS = 100.0


def _landing() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import LandingExplorer

    w = LandingExplorer()
    return w, [
        ("board: Monopoly", lambda w: setattr(w.board_choice, "value", "monopoly-us")),
        ("board: Classic", lambda w: setattr(w.board_choice, "value", "millionaire-classic")),
        ("jail: long", lambda w: setattr(w.jail_choice, "value", "long")),
        ("jail: short", lambda w: setattr(w.jail_choice, "value", "short")),
        ("view: landing", lambda w: setattr(w.view_choice, "value", "landing")),
        ("view: roll", lambda w: setattr(w.view_choice, "value", "roll")),
        ("long run off", lambda w: setattr(w.long_run, "value", False)),
        ("turns 40", lambda w: setattr(w.turns_slider, "value", 40)),
        ("turns 0", lambda w: setattr(w.turns_slider, "value", 0)),
        ("long run on", lambda w: setattr(w.long_run, "value", True)),
        ("language ru", lambda w: w.set_lang("ru")),
        ("language en", lambda w: w.set_lang("en")),
    ]


def _jackpot() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import JackpotLab

    w = JackpotLab()
    return w, [
        ("bet 1", lambda w: setattr(w.bet_box, "value", 1)),
        ("bet 100000", lambda w: setattr(w.bet_box, "value", 100_000)),
        ("box 0", lambda w: setattr(w.box_box, "value", 0)),
        ("box 1000000", lambda w: setattr(w.box_box, "value", 1_000_000)),
        ("spin 100", lambda w: (setattr(w.spins_choice, "value", 100), w.spin_button.click())),
        ("language ru", lambda w: w.set_lang("ru")),
        ("language en", lambda w: w.set_lang("en")),
    ]


def _mortgage() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import MortgageLab

    w = MortgageLab()
    return w, [
        ("board: Monopoly", lambda w: setattr(w.board_choice, "value", "monopoly-us")),
        ("board: Classic", lambda w: setattr(w.board_choice, "value", "millionaire-classic")),
        ("plot: first", lambda w: setattr(w.cell_choice, "value", w.cell_choice.options[0][1])),
        ("plot: last", lambda w: setattr(w.cell_choice, "value", w.cell_choice.options[-1][1])),
        ("rounds 1", lambda w: setattr(w.rounds_slider, "value", 1)),
        ("rounds 30", lambda w: setattr(w.rounds_slider, "value", 30)),
        ("language ru", lambda w: w.set_lang("ru")),
        ("language en", lambda w: w.set_lang("en")),
    ]


def _investment() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import InvestmentExplorer

    w = InvestmentExplorer()
    return w, [
        ("level top", lambda w: setattr(w.level_slider, "value", w.level_slider.max)),
        ("level 0", lambda w: setattr(w.level_slider, "value", 0)),
        ("opponents 5", lambda w: setattr(w.opponents_slider, "value", 5)),
        ("opponents 1", lambda w: setattr(w.opponents_slider, "value", 1)),
        ("language ru", lambda w: w.set_lang("ru")),
        ("language en", lambda w: w.set_lang("en")),
    ]


def _table() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import GameTable

    w = GameTable(players=3, humans=[0], strategies=["human", "cautious", "aggressive"], seed=7)
    return w, [
        ("roll", lambda w: w.roll()),
        ("new game", lambda w: w.new_game()),
        ("language ru", lambda w: setattr(w.lang_choice, "value", "ru")),
        ("language en", lambda w: setattr(w.lang_choice, "value", "en")),
    ]


def _app() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import PlayApp

    w = PlayApp()
    return w, [
        ("language ru", lambda w: setattr(w.language, "value", "ru")),
        ("language en", lambda w: setattr(w.language, "value", "en")),
    ]


CONTROLS: dict[str, Callable[[], tuple[Any, list[tuple[str, Callable[[Any], None]]]]]] = {
    "LandingExplorer": _landing, "JackpotLab": _jackpot, "MortgageLab": _mortgage,
    "InvestmentExplorer": _investment, "GameTable": _table, "PlayApp": _app,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="repetitions of every change (default 3)")
    parser.add_argument("--widgets", nargs="+", default=list(CONTROLS), help="widgets (default: all)")
    args = parser.parse_args()

    print(f"CPU ms per change, median of {args.repeats}; load average {os.getloadavg()[0]:.1f}; target {TARGET_MS:.0f} ms")
    slow = 0
    for name in args.widgets:
        widget, changes = CONTROLS[name]()
        times: dict[str, list[float]] = {label: [] for label, _ in changes}
        for _ in range(args.repeats):
            for label, change in changes:
                start = time.process_time()
                change(widget)
                times[label].append(1000 * (time.process_time() - start))
        for label, spent in times.items():
            median = statistics.median(spent)
            slow += median >= TARGET_MS
            print(f"{name:<19} {label:<18} {median:8.1f} ms{'  over the target' if median >= TARGET_MS else ''}")
    print(f"changes over {TARGET_MS:.0f} ms: {slow}")


if __name__ == "__main__":
    main()

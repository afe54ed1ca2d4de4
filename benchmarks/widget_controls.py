"""What a student waits for: the CPU time each widget control takes to answer a change, every control
of every widget moved to its extreme values (and the language switched both ways).

Run: ``python benchmarks/widget_controls.py [--repeats 3] [--widgets NAME ...]``.

Each change is made as the page makes it (a control's ``value`` set, a button clicked) on a widget
built beforehand; the figure is the median CPU time (``time.process_time``, all threads) over the
repetitions of that change, beside the first time it was made (a board or a language not drawn
before is drawn then, once). The target is under 100 ms for the median of every control. A *run*
(simulate, spin, auto-play, a tournament) computes as much as the student asks for: it is listed with
its size and not held to the target.

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
        ("board: Elite", lambda w: setattr(w.board_choice, "value", "millionaire-elite")),
        ("view: turn", lambda w: setattr(w.view_choice, "value", "turn")),
        ("board: Classic", lambda w: setattr(w.board_choice, "value", "millionaire-classic")),
        ("rolls 10⁷", lambda w: setattr(w.rolls_choice, "value", 10**7)),
        ("rolls 10⁵", lambda w: setattr(w.rolls_choice, "value", 10**5)),
        ("run: simulate 10⁵", lambda w: w.simulate_button.click()),
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
        ("spins 100000", lambda w: setattr(w.spins_choice, "value", 100_000)),
        ("run: spin 100000", lambda w: w.spin_button.click()),
        ("spins 100", lambda w: setattr(w.spins_choice, "value", 100)),
        ("spin 100", lambda w: w.spin_button.click()),
        ("language ru", lambda w: w.set_lang("ru")),
        ("language en", lambda w: w.set_lang("en")),
    ]


def _mortgage() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import MortgageLab

    w = MortgageLab()
    return w, [
        ("board: Monopoly", lambda w: setattr(w.board_choice, "value", "monopoly-us")),
        ("board: Elite", lambda w: setattr(w.board_choice, "value", "millionaire-elite")),
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
        ("board: Monopoly", lambda w: setattr(w.board_choice, "value", "monopoly-us")),
        ("board: Elite", lambda w: setattr(w.board_choice, "value", "millionaire-elite")),
        ("board: Classic", lambda w: setattr(w.board_choice, "value", "millionaire-classic")),
        ("industry: last", lambda w: setattr(w.industry_choice, "value", w.industry_choice.options[-1][1])),
        ("industry: first", lambda w: setattr(w.industry_choice, "value", w.industry_choice.options[0][1])),
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
        ("first action offered", lambda w: w.primary_box.children[0].click()),
        ("bots until human", lambda w: w.bots_button.click()),
        ("undo", lambda w: w.undo_button.click()),
        ("new game", lambda w: w.new_button.click()),
        ("players 6", lambda w: setattr(w.players_choice, "value", 6)),
        ("seat 6: random", lambda w: setattr(w.seat_choices[5], "value", "random")),
        ("seed 2^31", lambda w: setattr(w.seed_choice, "value", 2**31 - 1)),
        ("board: Junior", lambda w: setattr(w.board_choice, "value", "millionaire-junior")),
        ("players 2", lambda w: setattr(w.players_choice, "value", 2)),
        ("new game: Junior", lambda w: w.new_button.click()),
        ("board: Elite", lambda w: setattr(w.board_choice, "value", "millionaire-elite")),
        ("new game: Elite", lambda w: w.new_button.click()),
        ("board: Classic", lambda w: setattr(w.board_choice, "value", "millionaire-classic")),
        ("seed 0", lambda w: setattr(w.seed_choice, "value", 0)),
        ("players 3", lambda w: setattr(w.players_choice, "value", 3)),
        ("new game: Classic", lambda w: w.new_button.click()),
        ("instant bots off", lambda w: setattr(w.instant_bots, "value", False)),
        ("instant bots on", lambda w: setattr(w.instant_bots, "value", True)),
        ("rounds 1000", lambda w: setattr(w.rounds_choice, "value", 1000)),
        ("rounds 1", lambda w: setattr(w.rounds_choice, "value", 1)),
        ("play 1 round", lambda w: w.auto_button.click()),
        ("run: play 20 rounds", lambda w: w.autoplay(20)),
        ("projector on", lambda w: setattr(w.projector_toggle, "value", True)),
        ("projector off", lambda w: setattr(w.projector_toggle, "value", False)),
        ("language ru", lambda w: setattr(w.lang_choice, "value", "ru")),
        ("language en", lambda w: setattr(w.lang_choice, "value", "en")),
    ]


def _app() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import PlayApp

    w = PlayApp()
    return w, [
        ("board: Monopoly", lambda w: setattr(w.table.board_choice, "value", "monopoly-us")),
        ("board: Classic", lambda w: setattr(w.table.board_choice, "value", "millionaire-classic")),
        ("language ru", lambda w: setattr(w.language, "value", "ru")),
        ("language en", lambda w: setattr(w.language, "value", "en")),
    ]


def _tournament() -> tuple[Any, list[tuple[str, Callable[[Any], None]]]]:
    from millionaire.widgets import TournamentRunner

    w = TournamentRunner(games=4, jobs=1)
    boxes = list(w.strategy_boxes.values())
    rules = list(w.rule_choices.values())
    return w, [
        ("board: Monopoly", lambda w: setattr(w.board_choice, "value", "monopoly-us")),
        ("board: Classic", lambda w: setattr(w.board_choice, "value", "millionaire-classic")),
        ("every strategy", lambda w: [setattr(box, "value", True) for box in boxes]),
        ("two strategies", lambda w: [setattr(box, "value", i < 2) for i, box in enumerate(boxes)]),
        ("games 10000", lambda w: setattr(w.games_box, "value", 10_000)),
        ("games 1", lambda w: setattr(w.games_box, "value", 1)),
        ("seed 2^31", lambda w: setattr(w.seed_box, "value", 2**31 - 1)),
        ("rules: last", lambda w: [setattr(c, "value", c.options[-1][1]) for c in rules]),
        ("rules: first", lambda w: [setattr(c, "value", c.options[0][1]) for c in rules]),
        ("run: 1 game", lambda w: w.run()),
        ("language ru", lambda w: w.set_lang("ru")),
        ("language en", lambda w: w.set_lang("en")),
    ]


CONTROLS: dict[str, Callable[[], tuple[Any, list[tuple[str, Callable[[Any], None]]]]]] = {
    "LandingExplorer": _landing, "JackpotLab": _jackpot, "MortgageLab": _mortgage,
    "InvestmentExplorer": _investment, "GameTable": _table, "PlayApp": _app, "TournamentRunner": _tournament,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="repetitions of every change (default 3)")
    parser.add_argument("--widgets", nargs="+", default=list(CONTROLS), help="widgets (default: all)")
    args = parser.parse_args()

    print(f"CPU ms per change, median of {args.repeats} (and the first time); load average "
          f"{os.getloadavg()[0]:.1f}; target {TARGET_MS:.0f} ms for a control")
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
            median, run = statistics.median(spent), label.startswith("run:")
            over = median >= TARGET_MS and not run
            slow += over
            note = "  a run of the size asked for" if run else "  over the target" if over else ""
            print(f"{name:<19} {label:<20} {median:8.1f} ms (first {spent[0]:6.1f}){note}")
    print(f"controls over {TARGET_MS:.0f} ms: {slow}")

if __name__ == "__main__":
    main()

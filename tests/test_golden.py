"""Golden playthroughs: a seeded game's whole event log, stored as text and diffed.

A deliberate change of the rules or of a strategy changes these files; regenerate them with
``python tests/test_golden.py`` and read the diff before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from millionaire import Game, load_board

GOLDEN = Path(__file__).parent / "data"
CASES = {
    "golden_classic_seed7.txt": ("millionaire-classic", ["cautious", "aggressive", "monopolist"], 7, 40),
    "golden_monopoly_seed3.txt": ("monopoly-us", ["aggressive", "cautious", "monopolist"], 3, 40),
    "golden_elite_seed5.txt": ("millionaire-elite", ["cautious", "aggressive", "monopolist"], 5, 40),
    "golden_junior_seed2.txt": ("millionaire-junior", ["cautious", "aggressive", "monopolist"], 2, 40),
}


def playthrough(board_name: str, strategies: list[str], seed: int, rounds: int) -> str:
    game = Game(load_board(board_name), agents=strategies, seed=seed)
    result = game.run(max_rounds=rounds)
    lines = game.log("en") + [f"RESULT {result.reason}; winner seat {result.winner}; net worth {list(result.net_worth)}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_the_golden_file(name):
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    assert playthrough(*CASES[name]) == expected


if __name__ == "__main__":  # regenerate
    for name, case in CASES.items():
        (GOLDEN / name).write_text(playthrough(*case), encoding="utf-8")
        print("wrote", GOLDEN / name, file=sys.stderr)


def test_every_event_kind_is_listed_and_has_sentences():
    from millionaire.events import EVENT_KINDS
    from millionaire.words import WORDS

    for lang in ("en", "ru"):
        kinds = {key.split(".", 1)[1] for key in WORDS[lang] if key.startswith("event.")}
        assert kinds - {"auction_none", "roll_one", "income_stop", "exchange_die"} == set(EVENT_KINDS)
    for board_name, strategies, seed, rounds in CASES.values():
        game = Game(load_board(board_name), agents=strategies, seed=seed)
        game.run(max_rounds=rounds)
        assert {event.kind for event in game.events} <= set(EVENT_KINDS)

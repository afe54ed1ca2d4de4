"""Saved games: damaged or hand-edited saves are refused with a SaveFileError naming the field.

Each case takes a real mid-game save (JSON), breaks one thing, and expects the loader to refuse it
with a message that names the broken field, never with a KeyError or TypeError later in the game.
"""

from __future__ import annotations

import copy
import io
import json
import os
import tokenize
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import millionaire
from helpers import played

from millionaire import Game, GameState, SaveFileError, load_board

CLASSIC = load_board("millionaire-classic")
MONOPOLY = load_board("monopoly-us")


def mid_game(board=CLASSIC, actions: int = 300, seed: int = 1, agents=("aggressive", "monopolist", "random")) -> Game:
    game = Game(board, agents=list(agents), seed=seed)
    game.round_limit = 200
    return played(game, actions)


_SAVE = mid_game().state.to_dict()


@pytest.fixture
def save() -> dict[str, Any]:
    """A fresh copy of a classic save: three players, kept cards, mortgages, a pending decision."""
    return copy.deepcopy(_SAVE)


def refused(data: Any, board=CLASSIC) -> str:
    """The message of the SaveFileError that loading ``data`` (a dict, or JSON text) raises."""
    with pytest.raises(SaveFileError) as info:
        if isinstance(data, str):
            GameState.from_json(data, board)
        else:
            GameState.from_dict(data, board)
    return str(info.value)


def test_the_base_save_is_valid(save: dict[str, Any]) -> None:
    state = GameState.from_dict(save, CLASSIC)
    assert state.to_dict() == save
    assert any(p["cards"] for p in save["players"]) and any(save["mortgaged"]) and save["pending"]


def test_not_json() -> None:
    assert "not valid JSON" in refused('{"format": 1, "board": ')
    assert "JSON object" in refused("[1, 2, 3]")
    assert "JSON object" in refused("null")


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """An edit of the save: put ``value`` at ``path`` (dots and [n]; ``DELETE`` removes the key)."""
    parts = path.replace("]", "").replace("[", ".").split(".")

    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for part in parts[:-1]:
            target = target[int(part)] if isinstance(target, list) else target[part]
        last: Any = int(parts[-1]) if isinstance(target, list) else parts[-1]
        if value is DELETE:
            del target[last]
        else:
            target[last] = value(target[last]) if callable(value) else value

    return edit


DELETE = object()


def _pending(value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["pending"] = value
    return edit


def _all_of_industry(level: int, owners: tuple[int, int, int] = (0, 0, 0), mortgaged_first: bool = False):
    """Hand seat 0 the Entertainment industry (cells 1, 2, 4) built to ``level``."""
    def edit(data: dict[str, Any]) -> None:
        for cell, seat in zip((1, 2, 4), owners):
            data["owner"][cell] = seat
            data["level"][cell] = level
            data["mortgaged"][cell] = False
        data["mortgaged"][1] = mortgaged_first
    return edit


def _many_enterprises(data: dict[str, Any]) -> None:
    """Thirteen enterprises: more than the bank's twelve (every plot whole-industry owned by seat 0)."""
    for cell in CLASSIC.plots:
        data["owner"][cell] = 0
        data["mortgaged"][cell] = False
        data["level"][cell] = 4 if cell < 30 else 0
    for cell in CLASSIC.ownable:
        data["owner"][cell] = 0


def _bankrupt_with(field: str, value: Any):
    def edit(data: dict[str, Any]) -> None:
        player = data["players"][1]
        data["bank_balance"] += player["cash"]  # keep the books balanced: only the named field is wrong
        player["cash"] = 0
        player["bankrupt"] = True
        player["detained"] = False
        player["cards"], cards = [], player["cards"]
        for deck, number in cards:
            data["decks"][deck].append(number)
        data["owner"] = [-1 if seat == 1 else seat for seat in data["owner"]]
        data["mortgaged"] = [m and seat >= 0 for m, seat in zip(data["mortgaged"], data["owner"])]
        if data["pending"] and data["pending"]["player"] == 1:
            data["pending"]["player"] = 0
        if field == "owner":
            data["owner"][CLASSIC.plots[-1]] = 1
        else:
            player[field] = value
    return edit


def _dup_card(data: dict[str, Any]) -> None:
    deck = data["decks"]["chance"]
    deck.append(deck[0])


def _drop_card(data: dict[str, Any]) -> None:
    data["decks"]["move"].pop()


def _detained_elsewhere(data: dict[str, Any]) -> None:
    player = data["players"][0]
    player["detained"] = True
    player["position"] = 11


def _mortgage_unowned(data: dict[str, Any]) -> None:
    data["owner"][1] = -1
    data["level"][1] = 0
    data["mortgaged"][1] = True


def _rich(data: dict[str, Any]) -> None:
    data["players"][0]["cash"] += 500


#: case id -> (edit, text that must be in the message: the field)
CASES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "format wrong": (_set("format", 2), "'format'"),
    "format missing": (_set("format", DELETE), "'format'"),
    "format a string": (_set("format", "1"), "'format'"),
    "board key wrong": (_set("board", "monopoly-us"), "'board'"),
    "unknown field": (_set("jackpotbox", 1), "'jackpotbox'"),
    "field missing": (_set("jackpot_box", DELETE), "'jackpot_box'"),
    "player field missing": (_set("players.1.cash", DELETE), "'players[1].cash'"),
    "player unknown field": (_set("players.1.lucky", True), "'players[1].lucky'"),
    "player not an object": (_set("players.1", "Boris"), "'players[1]'"),
    "too few players": (_set("players", lambda p: p[:1]), "'players'"),
    "negative cash": (_set("players.0.cash", -5), "'players[0].cash'"),
    "cash a float": (_set("players.0.cash", 1500.5), "'players[0].cash'"),
    "cash a bool": (_set("players.0.cash", True), "'players[0].cash'"),
    "name not a string": (_set("players.2.name", 7), "'players[2].name'"),
    "position off the board": (_set("players.1.position", 40), "'players[1].position'"),
    "position negative": (_set("players.1.position", -1), "'players[1].position'"),
    "detained not a bool": (_set("players.0.detained", "yes"), "'players[0].detained'"),
    "detained away from jail": (_detained_elsewhere, "'players[0].detained'"),
    "jail turns too many": (_set("players.0.jail_turns", 3), "'players[0].jail_turns'"),
    "card not in the deck": (_set("players.0.cards", [["chance", 99]]), "'players[0].cards'"),
    "card of no deck": (_set("players.0.cards", [["luck", 0]]), "'players[0].cards'"),
    "card not a pair": (_set("players.0.cards", ["chance"]), "'players[0].cards'"),
    "cards not a list": (_set("players.0.cards", "chance 6"), "'players[0].cards'"),
    "bankrupt with cash": (_bankrupt_with("cash", 5), "'players[1].cash'"),
    "bankrupt with cards": (_bankrupt_with("cards", [["chance", 2]]), "'players[1].cards'"),
    "bankrupt owner": (_bankrupt_with("owner", None), "'owner[39]'"),
    "owner seat that does not exist": (_set("owner.1", 7), "'owner[1]'"),
    "owner below -1": (_set("owner.1", -2), "'owner[1]'"),
    "owner of a non-ownable cell": (_set("owner.0", 0), "'owner[0]'"),
    "owner list too short": (_set("owner", lambda o: o[:-1]), "'owner'"),
    "level too high": (_set("level.1", 5), "'level[1]'"),
    "level negative": (_set("level.1", -1), "'level[1]'"),
    "level on a non-plot": (_set("level.3", 1), "'level[3]'"),
    "level on an incomplete industry": (_all_of_industry(2, owners=(0, 0, 1)), "'level[1]'"),
    "level beside a mortgage": (_all_of_industry(1, mortgaged_first=True), "'level[1]'"),
    "more enterprises than the supply": (_many_enterprises, "'level'"),
    "mortgaged non-ownable cell": (_set("mortgaged.0", True), "'mortgaged[0]'"),
    "mortgaged unowned plot": (_mortgage_unowned, "'mortgaged[1]'"),
    "mortgaged not a bool": (_set("mortgaged.1", 1), "'mortgaged[1]'"),
    "money does not add up": (_set("bank_balance", lambda v: v + 1), "'bank_balance'"),
    "cash conjured up": (_rich, "'bank_balance'"),
    "negative charity fund": (_set("charity_fund", -1), "'charity_fund'"),
    "bad rules option": (_set("rules.jail_fine", -5), "'rules'"),
    "unknown rules option": (_set("rules.house_rule", True), "'rules'"),
    "rules not an object": (_set("rules", "classic"), "'rules'"),
    "rules for another board": (_set("rules.small_per_large", 4), "'rules'"),
    "rate not a number": (_set("rules.mortgage_rate", "half"), "'rules'"),
    "deck missing": (_set("decks.move", DELETE), "'decks.move'"),
    "deck unknown": (_set("decks.luck", [0]), "'decks.luck'"),
    "deck card doubled": (_dup_card, "'decks.chance'"),
    "deck card lost": (_drop_card, "'decks.move'"),
    "deck not a list": (_set("decks.move", "shuffled"), "'decks.move'"),
    "current not a seat": (_set("current", 3), "'current'"),
    "round zero": (_set("round", 0), "'round'"),
    "doubles too many": (_set("doubles", 9), "'doubles'"),
    "last roll impossible": (_set("last_roll", 13), "'last_roll'"),
    "extra turn not a bool": (_set("extra_turn", 0), "'extra_turn'"),
    "winner not a seat": (_set("winner", 5), "'winner'"),
    "finished with a decision pending": (_set("finished", True), "'pending'"),
    "tasks not a list": (_set("tasks", {"roll": 1}), "'tasks'"),
    "task unknown": (_set("tasks", [["teleport", 5]]), "'tasks[0]'"),
    "task not a list": (_set("tasks", ["roll"]), "'tasks[0]'"),
    "task with too few values": (_set("tasks", [["pay", 0, -1]]), "'tasks[0]'"),
    "task value off the board": (_set("tasks", [["land", 40, False, "roll", 1, 0]]), "'tasks[0][1]'"),
    "task value of the wrong type": (_set("tasks", [["after_roll", "yes"]]), "'tasks[0][1]'"),
    "pending a string": (_pending("roll"), "'pending'"),
    "pending a list": (_pending(["roll", 0]), "'pending'"),
    "pending kind unknown": (_pending({"kind": "dance", "player": 0}), "'pending.kind'"),
    "pending player missing": (_pending({"kind": "roll"}), "'pending.player'"),
    "pending player not a seat": (_pending({"kind": "roll", "player": 4}), "'pending.player'"),
    "pending field missing": (_pending({"kind": "buy", "player": 0}), "'pending.cell'"),
    "pending cell off the board": (_pending({"kind": "buy", "player": 0, "cell": 99}), "'pending.cell'"),
    "pending bidder not bidding": (_pending({"kind": "bid", "player": 0, "cell": 1, "seller": -1, "bidders": [1, 2],
                                             "high": 0, "high_bidder": -1}), "'pending.bidders'"),
    "pending choice without options": (_pending({"kind": "choose", "player": 0, "purpose": "move", "options": [],
                                                 "card": None}), "'pending.options'"),
    "pending trade broken": (_pending({"kind": "trade_reply", "player": 1, "trade": [0, "x"], "from": 0,
                                       "resume": {"kind": "roll", "player": 0}}), "'pending.trade'"),
    "pending resume broken": (_pending({"kind": "trade_reply", "player": 1, "trade": [1, [], [], 5, 0, [], []],
                                        "from": 0, "resume": {"kind": "buy", "player": 0}}), "'pending.resume.kind'"),
    "dice not an object": (_set("dice", [1, 2]), "'dice'"),
    "dice bit_generator missing": (_set("dice.bit_generator", DELETE), "'dice.bit_generator'"),
    "dice used beyond the batch": (_set("dice.used", 5000), "'dice.used'"),
    "dice used a string": (_set("dice.used", "3"), "'dice.used'"),
    "dice scripted beside a generator": (_set("dice.scripted", 3), "'dice'"),
    "dice scripted negative": (lambda data: data.__setitem__("dice", {"scripted": -1}), "'dice.scripted'"),
    "dice buffer not a list": (_set("dice.buffer", "3,4"), "'dice.buffer'"),
    "dice face seven": (_set("dice.buffer", [3, 7, 2]), "'dice.buffer[1]'"),
    "dice face zero": (_set("dice.buffer", [0]), "'dice.buffer[0]'"),
    "dice face a string": (_set("dice.buffer", ["4"]), "'dice.buffer[0]'"),
    "dice face a bool": (_set("dice.buffer", [True]), "'dice.buffer[0]'"),
    "dice generator of another kind": (_set("dice.bit_generator.bit_generator", "MT19937"), "'dice.bit_generator"),
    "dice generator state missing": (_set("dice.bit_generator.state", DELETE), "'dice.bit_generator.state'"),
    "dice generator state negative": (_set("dice.bit_generator.state.state", -1), "'dice.bit_generator.state.state'"),
    "dice generator state a float": (_set("dice.bit_generator.state.inc", 1.5), "'dice.bit_generator.state.inc'"),
    "dice generator state too big": (_set("dice.bit_generator.state.state", 2**130), "'dice.bit_generator.state.state'"),
    "dice has_uint32 wrong": (_set("dice.bit_generator.has_uint32", 7), "'dice.bit_generator.has_uint32'"),
    "dice unknown field": (_set("dice.seed", 3), "'dice.seed'"),
}


@pytest.mark.parametrize("case", CASES)
def test_damaged_save_is_refused_naming_the_field(save: dict[str, Any], case: str) -> None:
    edit, field = CASES[case]
    edit(save)
    message = refused(save)
    assert field in message, message
    assert message.startswith("saved game")
    # The same damage through JSON text gives the same refusal.
    assert refused(json.dumps(save)) == message


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 15


def test_the_money_message_says_what_does_not_add_up(save: dict[str, Any]) -> None:
    save["players"][0]["cash"] += 500
    message = refused(save)
    assert "cash" in message and "charity_fund" in message and "jackpot_box" in message and "500" in message


def test_a_broken_dice_state_is_refused_at_load_not_later(save: dict[str, Any]) -> None:
    """Without the check, Game.from_state raised KeyError and a bad buffer crashed mid-game."""
    for edit in (_set("dice.bit_generator", DELETE), _set("dice.used", -1), _set("dice.buffer", [9] * 10)):
        data = copy.deepcopy(save)
        edit(data)
        with pytest.raises(SaveFileError):
            Game.from_state(CLASSIC, GameState.from_dict(data, CLASSIC), ["cautious"] * 3)


def test_legitimate_hand_edits_are_accepted(save: dict[str, Any]) -> None:
    """The loader refuses what is broken, not what is unusual: a built industry, an empty buffer."""
    _all_of_industry(3)(save)
    save["dice"]["buffer"] = []
    save["players"][0]["name"] = "Шарик"
    state = GameState.from_dict(save, CLASSIC)
    game = Game.from_state(CLASSIC, state, ["cautious"] * 3)
    game.run(max_rounds=state.round + 5)
    assert game.finished


@pytest.mark.parametrize("board", [CLASSIC, MONOPOLY], ids=lambda b: b.key)
def test_saves_at_every_kind_of_decision_load(board) -> None:
    """Real saves are never refused: at each decision of a long game and at its end."""
    game = Game(board, agents=["aggressive", "monopolist", "random", "random"], seed=12)
    game.round_limit = 150
    kinds = set()
    count = 0
    while not game.finished:
        decision = game.pending
        if decision.kind not in kinds or count % 97 == 0:
            kinds.add(decision.kind)
            assert GameState.from_json(game.state.to_json(), board) == game.state
        game.apply(game.agents[decision.player].choose(game, decision))
        count += 1
    assert GameState.from_json(game.state.to_json(), board) == game.state
    assert {"roll", "manage", "buy", "bid"} <= kinds


def test_a_save_of_the_other_board_is_refused() -> None:
    text = mid_game(MONOPOLY, actions=50, agents=("cautious", "random")).state.to_json()
    assert "'board'" in refused(text, CLASSIC)


# -------------------------------------------------------------------------- random damage
def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a save (the dice buffer only by its first entries)."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3] if prefix[-1:] == ("buffer",) else value):
            found += _paths(item, (*prefix, index))
    return found


_MONOPOLY_SAVE = mid_game(MONOPOLY, actions=300, seed=2, agents=("aggressive", "monopolist", "random", "cautious")).state.to_dict()
_BASES = [(_SAVE, CLASSIC), (_MONOPOLY_SAVE, MONOPOLY)]
_JUNK = [None, True, False, 0, -1, 1, 2, 7, 40, 10**40, 1.5, "", "x", "chance", [], [0], [-1, 2], {}, {"kind": "roll"}]


@settings(max_examples=int(os.environ.get("SAVE_FUZZ", "300")), deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(_BASES))), st.data())
def test_any_damage_is_refused_cleanly_or_loads(base: int, data: st.DataObject) -> None:
    """Whatever one value is replaced with (or removed), loading either works or raises
    SaveFileError: never a KeyError, TypeError or IndexError."""
    save, board = copy.deepcopy(_BASES[base][0]), _BASES[base][1]
    path = data.draw(st.sampled_from(_paths(save)))
    junk = data.draw(st.sampled_from([DELETE, *_JUNK]))
    target: Any = save
    for part in path[:-1]:
        target = target[part]
    if junk is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = copy.deepcopy(junk)
    try:
        state = GameState.from_dict(save, board)
    except SaveFileError:
        return
    game = Game.from_state(board, state, ["cautious"] * len(state.players))  # a loaded save can be carried on
    for _ in range(200):
        if game.finished:
            break
        if game.pending is None:  # a save made at a turn boundary
            game.advance()
            continue
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))


# -------------------------------------------------------------------------- never pickle
PACKAGE = Path(millionaire.__file__).resolve().parent


def _code_names(path: Path) -> set[str]:
    """The names used in a module's code (not in its strings or comments)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return {t.string for t in tokens if t.type == tokenize.NAME}


def test_the_package_never_pickles() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 5
    unsafe = {"pickle", "cPickle", "cloudpickle", "dill", "shelve", "marshal", "joblib"}
    for path in files:
        used = _code_names(path) & unsafe
        assert not used, f"{path.relative_to(PACKAGE.parent)} uses {sorted(used)}: saves must be JSON"
    # A plain text search too, apart from the docstrings that promise as much.
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "pickle" in line.lower():
                assert "never pickle" in line.lower() or "not pickle" in line.lower(), f"{path.name}:{number}: {line}"


def test_a_save_holds_only_json_values() -> None:
    def walk(value: Any, where: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                assert isinstance(key, str), f"{where}: key {key!r}"
                walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")
        else:
            assert value is None or type(value) in (str, int, bool), f"{where}: {type(value).__name__} {value!r}"

    for save, _ in _BASES:
        walk(save, "save")
        assert json.loads(json.dumps(save, allow_nan=False)) == save

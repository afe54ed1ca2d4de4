"""The engine's refusals: every one it can give is a catalogue key with words in English and Russian.

The keys are read from the package's source (every ``Refusal("key", ...)``), and every place a refusal
is made is checked to make it that way: a rule's ``*_problem`` or ``malformed`` that returned a sentence
of its own, or an ``IllegalActionError`` raised with one, fails here before a player meets it untranslated.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from millionaire import Action, Game, IllegalActionError, Trade, load_board
from millionaire.editions import EDITIONS
from millionaire.errors import Refusal
from millionaire.words import WORDS, refusal

PACKAGE = Path(__file__).resolve().parent.parent / "millionaire"


def sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(PACKAGE.rglob("*.py"))]


def called(node: ast.AST) -> str:
    """The name a call calls (``Refusal``, ``self.build_problem`` -> ``build_problem``), or ``""``."""
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return ""


def refusal_keys(call: ast.Call) -> list[str]:
    """The keys a ``Refusal(...)`` call can make: a literal, or either side of a literal ``if``."""
    first = call.args[0] if call.args else None
    options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
    assert all(isinstance(o, ast.Constant) and isinstance(o.value, str) for o in options), ast.unparse(call)
    return [o.value for o in options]  # type: ignore[union-attr]


MAKERS = ("Refusal", "kept_refusal")  # kept_refusal(key[, cell, name]): Refusal(key[, name=name, cell=cell]), kept


def refusal_calls() -> list[tuple[str, ast.Call]]:
    """Every call that makes a refusal, but those inside the makers themselves (errors.py, kept_refusal)."""
    found = []
    for path, tree in sources():
        inside = {id(node) for maker in ast.walk(tree) if isinstance(maker, ast.FunctionDef) and maker.name in MAKERS
                  for node in ast.walk(maker)}
        found += [(f"{path.name}:{node.lineno}", node) for node in ast.walk(tree)
                  if called(node) in MAKERS and isinstance(node.func, ast.Name) and path.name != "errors.py"
                  and id(node) not in inside]
    return found


def field_names(call: ast.Call) -> set[str]:
    if called(call) == "kept_refusal":
        return {"cell", "name"} if len(call.args) > 1 else set()
    return {keyword.arg for keyword in call.keywords}


def test_the_source_makes_refusals_in_many_places():
    assert len(refusal_calls()) > 60


def test_every_refusal_in_the_source_has_words_in_both_languages_for_its_fields():
    for where, call in refusal_calls():
        fields = dict.fromkeys(field_names(call), 7)
        for key in refusal_keys(call):
            for lang in ("en", "ru"):
                assert f"refuse.{key}" in WORDS[lang], (where, key, lang)
                template = WORDS[lang][f"refuse.{key}"]
                named = {name for _, name, _, _ in string.Formatter().parse(template) if name}
                assert named <= set(fields), (where, key, lang, named - set(fields))
            russian = refusal("ru", Refusal(key, **fields))
            assert re.search("[а-яё]", russian, re.IGNORECASE), (where, key, russian)


def test_no_refusal_key_is_left_without_a_place_that_makes_it():
    made = {key for _, call in refusal_calls() for key in refusal_keys(call)}
    listed = {key.removeprefix("refuse.") for key in WORDS["en"] if key.startswith("refuse.")}
    assert listed == made


def acceptable(node: ast.expr | None, assigned: dict[str, list[ast.expr]]) -> bool:
    """A refusal made the catalogue's way: none (``""``), a Refusal, another rule's answer, or a name
    set to one of these (``assigned``: what each name of the function is set to)."""
    if isinstance(node, ast.Constant):
        return node.value == ""
    if isinstance(node, ast.IfExp):
        return acceptable(node.body, assigned) and acceptable(node.orelse, assigned)
    if isinstance(node, ast.Name):
        values = assigned.get(node.id, [])
        return bool(values) and all(acceptable(value, {}) for value in values)
    name = called(node) if node is not None else ""
    return name in MAKERS or name.endswith("_problem") or name == "malformed"


def assignments(function: ast.AST) -> dict[str, list[ast.expr]]:
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
    return found


def test_every_rule_says_no_with_a_refusal_of_the_catalogue():
    checked = 0
    for path, tree in sources():
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef) and (function.name.endswith("_problem")
                                                          or function.name == "malformed"):
                assigned = assignments(function)
                for node in ast.walk(function):
                    if isinstance(node, ast.Return):
                        checked += 1
                        assert acceptable(node.value, assigned), f"{path.name}:{node.lineno}: {ast.unparse(node)}"
    assert checked > 60


def test_every_illegal_action_error_is_raised_with_a_refusal():
    raised = 0
    for path, tree in sources():
        functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        for function in functions:
            assigned = assignments(function)
            for node in ast.walk(function):
                if called(node) == "IllegalActionError" and isinstance(node, ast.Call) and path.name != "errors.py":
                    raised += 1
                    reason = node.args[1] if len(node.args) > 1 else None
                    assert reason is not None and not isinstance(reason, ast.Constant) \
                        and acceptable(reason, assigned), f"{path.name}:{node.lineno}: {ast.unparse(node)}"
    assert raised >= 3


def wrong_answers(game: Game) -> list[Action]:
    """Answers of every kind, most of them wrong for the decision at hand."""
    board = game.board
    cells = [0, 1, board.size // 2, board.size - 1]
    return ([Action.roll(), Action.end_turn(), Action.buy(), Action.decline(), Action.pass_(), Action.skip()]
            + [Action(kind, cell=c) for kind in ("build", "sell", "mortgage", "redeem", "choose") for c in cells]
            + [Action.bid(0), Action.bid(10**6), Action.bet(0), Action.bet(10**6), Action("build", cell=-5),
               Action("build", cell="3"), Action(3), Action("buy_shares", amount=10**6), Action("buy_policy", amount=9),
               Action("sell_shares", amount=0), Action.use_card(("chance", 0)), Action.use_card(("chance", 0), 3),
               Action.offer(Trade(partner=1, give_cash=10**7)), Action.offer(Trade(partner=0)),
               Action.offer(Trade(partner=1, give_cells=(1, 1))), Action.offer(Trade(partner=1, take_cells=(1,))),
               Action.offer(Trade(partner=1, give_cards=(("chance", 0),)))])


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.key)
def test_every_refusal_a_game_gives_is_said_in_russian(edition):
    """Wrong answers thrown at seeded games of each edition: each refusal has its key and Russian words."""
    seen: set[str] = set()
    for seed in range(3):
        game = Game(load_board(edition.key), agents=[None] * 3, seed=seed)
        bots = Game(game.board, agents=["random"] * 3, seed=seed).agents
        for _ in range(120):
            if game.finished:
                break
            for action in wrong_answers(game):
                try:
                    snapshot = game.snapshot()
                    game.apply(action)
                    game.restore(snapshot)
                except IllegalActionError as error:
                    assert error.key, error
                    seen.add(error.key)
                    russian = error.text("ru", game.board)
                    assert russian.endswith(".") and re.search("[а-яё]{3}", russian), (error, russian)
            decision = game.pending
            game.apply(bots[decision.player].choose(game, decision))
    assert len(seen) >= 12, seen

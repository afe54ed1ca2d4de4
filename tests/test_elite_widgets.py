"""The Elite board at the game table and on the projector board: its questions as buttons in both
languages, the share price and the plots waiting on the Auction drawn in the centre."""

from __future__ import annotations

import json
import re

import matplotlib
import pytest

matplotlib.use("Agg")

from millionaire import Action, Game, load_board  # noqa: E402
from millionaire.plotting import draw_board  # noqa: E402
from millionaire.widgets import GameTable, LandingExplorer  # noqa: E402
from millionaire.widgets.common import board_options  # noqa: E402

MARKET = ("exchange", "insurance", "lot")


def play_until(table: GameTable, kind: str, limit: int = 5000) -> None:
    """Human seats answer with the last legal action at the market cells (the biggest deal), else the
    first; bots play between; stop when the human is asked ``kind``."""
    game = table.game
    for _ in range(limit):
        pending = game.pending
        if pending is None:
            break
        if game.agents[pending.player] is not None:
            table.bots_until_human()
            continue
        if pending.kind == kind:
            return
        actions = game.legal_actions()
        table.do(actions[-1] if pending.kind in MARKET + ("buy",) else actions[0])
    raise AssertionError(f"no {kind!r} decision for the human in {limit} moves")


def labels(table: GameTable) -> list[str]:
    return [button.description for button in table.primary_box.children]


def test_the_table_offers_the_elite_board_in_both_languages():
    assert ("Millionaire Elite", "millionaire-elite") in board_options("en")
    assert ("Миллионер элит", "millionaire-elite") in board_options("ru")


def test_the_exchange_is_a_row_of_buttons_and_a_click_buys():
    table = GameTable(board="millionaire-elite", players=2, humans=[0], seed=1)
    play_until(table, "exchange")
    game = table.game
    price = game.state.market["price"]
    assert f"the share price is {price} fants" in table.status.value
    assert labels(table)[0] == "Nothing, thanks"
    most = game.state.players[0].cash // price
    assert f"Buy shares: {most} ({most * price} fants)" in labels(table)
    button = next(b for b in table.primary_box.children if b.description.startswith(f"Buy shares: {most} "))
    button.click()
    assert game.state.market["shares"][0] == most
    assert f"shares: {most}" in table.players_html.value
    table.set_lang("ru")
    assert f"акций: {most}" in table.players_html.value


def test_the_insurance_company_lists_the_policies_one_can_buy_in_russian():
    table = GameTable(board="millionaire-elite", players=2, humans=[0], seed=1, lang="ru")
    play_until(table, "insurance")
    names = labels(table)
    assert names[0] == "Ничего не нужно"
    game = table.game
    for number in (n for n in range(1, len(game.board.policies) + 1) if not game.policy_problem(0, n)):
        policy = game.board.policies[number - 1]
        assert f"Купить: {policy.name('ru')} ({policy.premium} фантов)" in names
    assert "купить страховой полис?" in table.status.value
    for name in names:
        assert not re.search(r"[A-Za-z]{3,}", name), name
    table.primary_box.children[-1].click()
    assert table.game.state.market["policies"][0]


def test_a_whole_elite_game_through_the_table():
    table = GameTable(board="millionaire-elite", players=3, humans=[0], seed=4)
    game = table.game
    for _ in range(20000):
        if game.finished or game.state.round > 120:
            break
        pending = game.pending
        if game.agents[pending.player] is not None:
            table.bots_until_human()
            continue
        actions = game.legal_actions()
        table.do(actions[-1] if pending.kind in MARKET else actions[0])
    assert game.state.total_money == 3 * 2000 + 200
    kinds = {e.kind for e in game.events}
    assert {"share_price", "buy_shares", "policy"} <= kinds


def test_the_projector_board_draws_the_share_price_and_the_waiting_plots():
    board = load_board("millionaire-elite")
    game = Game(board, agents=["cautious", "aggressive"], seed=2)
    game.run(max_rounds=30)
    game.state.market["waiting"] = [c for c in board.plots if game.state.owner[c] < 0][:2]
    for lang, price, waiting in (("en", "Share price: ", "On the Auction: 2"), ("ru", "Стоимость акций: ", "На аукционе: 2")):
        ax = draw_board(board, game.state, lang=lang, size_px=800)
        texts = " ".join(t.get_text() for t in ax.texts)
        assert f"{price}{game.state.market['price']}" in texts and waiting in texts
        assert board.cells[3].short(lang) in texts and board.cells[37].short(lang) in texts
        matplotlib.pyplot.close(ax.figure)


def test_the_classic_board_draws_no_share_price():
    board = load_board("millionaire-classic")
    game = Game(board, agents=["cautious", "aggressive"], seed=2)
    ax = draw_board(board, game.state, size_px=600)
    assert "Share price" not in " ".join(t.get_text() for t in ax.texts)
    matplotlib.pyplot.close(ax.figure)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_landing_explorer_shows_the_elite_board(lang):
    explorer = LandingExplorer(board="millionaire-elite", lang=lang)
    assert explorer.board_choice.value == "millionaire-elite"
    assert "millionaire-elite" in repr(explorer)


def test_a_bad_elite_answer_at_the_table_is_a_message():
    table = GameTable(board="millionaire-elite", players=2, humans=[0], seed=1)
    play_until(table, "exchange")
    state = table.game.state
    before = (json.dumps(state.market), [p.cash for p in state.players], len(table.game.events))
    assert not table.do(Action.sell_shares(5))
    assert "You hold only 0 shares." in table.message.value
    table.set_lang("ru")
    table.do(Action.sell_shares(5))
    assert "У вас только 0 акций." in table.message.value
    assert (json.dumps(state.market), [p.cash for p in state.players], len(table.game.events)) == before

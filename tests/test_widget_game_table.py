"""GameTable driven without a browser: a whole game by its methods, and every refusal path."""

from __future__ import annotations

import html
import re

import matplotlib
import pytest

matplotlib.use("Agg")

from millionaire import Action  # noqa: E402
from millionaire.agents import make_agent  # noqa: E402
from millionaire.widgets import GameTable  # noqa: E402


def human_move(table: GameTable) -> None:
    """A simple human: buy what is affordable, build when possible, pass auctions, first option."""
    pending = table.game.pending
    actions = table.game.legal_actions()
    kinds = {a.kind: a for a in actions}
    if pending.kind == "buy":
        table.buy() if "buy" in kinds else table.decline()
    elif pending.kind == "bid":
        table.pass_()
    elif pending.kind == "jackpot":
        table.do(Action.skip())
    elif "build" in kinds and pending.kind == "manage":
        table.do(kinds["build"])
    elif pending.kind in ("roll", "manage"):
        table.roll() if "roll" in kinds else table.end_turn()
    else:
        table.do(actions[0])


def test_a_whole_game_through_the_table():
    table = GameTable(players=2, humans=[0], strategies=["cautious", "aggressive"], seed=3)
    for _ in range(20000):
        if table.game.finished:
            break
        human_move(table)
        assert table.message.value == ""
    assert table.game.finished
    assert "Game over" in table.status.value
    assert table.primary_box.children == ()
    assert bytes(table.board_image.value).startswith(b"\x89PNG")


def test_buttons_are_the_legal_actions():
    table = GameTable(players=3, humans=[0], seed=4)
    assert [b.description for b in table.primary_box.children] == ["Roll the dice"]
    table.roll()
    labels = [b.description for b in table.primary_box.children]
    assert labels and all(isinstance(label, str) for label in labels)


def test_clicking_a_button_acts():
    table = GameTable(players=2, humans=[0], seed=4)
    events = len(table.game.events)
    table.primary_box.children[0].click()
    assert len(table.game.events) > events


def test_refused_bid_shows_a_message_and_changes_nothing():
    table = GameTable(players=2, humans=[0, 1], seed=2)
    while table.game.pending.kind != "buy":
        human_move(table) if table.game.pending.kind != "buy" else None
    table.decline()
    assert table.game.pending.kind == "bid"
    before = table.game.state.to_dict()
    table.bid(10**6)
    assert "exceed your cash" in table.message.value
    assert table.game.state.to_dict() == before
    table.bid(0)
    assert "at least" in table.message.value


def test_refused_trade_shows_a_message():
    table = GameTable(players=2, humans=[0], seed=2)
    before = table.game.state.to_dict()
    table.offer_trade(partner=1, take_cash=10**6)
    assert "has only" in table.message.value
    table.offer_trade(partner=1, give_cash=0, take_cash=0)
    assert "empty" in table.message.value
    assert table.game.state.to_dict() == before


def test_a_trade_offered_to_a_bot_is_answered():
    table = GameTable(players=2, humans=[0], strategies=["cautious", "cautious"], seed=2)
    table.offer_trade(partner=1, give_cash=100, take_cash=0)
    assert table.message.value == "" and table.game.state.players[1].cash == 2100


def test_undo_takes_back_the_last_move():
    table = GameTable(players=2, humans=[0], seed=5)
    before = table.game.state.to_dict()
    table.roll()
    assert table.game.state.to_dict() != before
    table.undo()
    assert table.game.state.to_dict() == before
    table.undo()
    assert "Nothing to undo" in table.message.value


def test_the_same_roll_after_undo():
    table = GameTable(players=2, humans=[0], seed=5)
    table.roll()
    first = table.game.log()
    table.undo()
    table.roll()
    assert table.game.log() == first


def test_bot_decisions_are_not_for_the_human():
    table = GameTable(players=2, humans=[0], seed=5)
    table.instant_bots.value = False
    table.roll()
    while table.game.pending.player == 0:
        human_move(table)
    table.roll()
    assert "bot" in table.message.value
    table.bots_until_human()
    assert table.game.pending.player == 0


def test_autoplay_rounds_and_bad_rounds():
    table = GameTable(players=3, humans=[0], seed=6)
    table.autoplay(3)
    assert table.game.state.round == 4 or table.game.finished
    table.autoplay(0)
    assert "Rounds must be a whole number" in table.message.value


def test_undo_after_autoplay_takes_back_one_turn():
    table = GameTable(players=3, humans=[0], seed=6)
    start = table.game.state.to_dict()
    table.autoplay(3)
    after, turns, log = table.game.state.to_dict(), table.game.state.turns, table.game.log()
    assert turns >= 9
    table.undo()
    assert table.game.state.turns == turns - 1 and table.game.state.round == 3
    assert table.game.log() == log[:len(table.game.log())] and len(table.game.log()) < len(log)
    # The same turn played again by the same players gives the same game (the dice were put back too).
    table.game.play_bots(stand_in=make_agent("cautious"), until_turn=turns)
    assert table.game.state.to_dict() == after
    for _ in range(turns - 1):  # the snapshots left: one a turn, back to the start of the auto-play
        table.undo()
    assert table.game.state.to_dict() == start and table.message.value == ""
    table.undo()
    assert "Nothing to undo" in table.message.value


def test_russian_table():
    table = GameTable(players=2, humans=[0], lang="ru", seed=1)
    assert "Бросить кубики" in [b.description for b in table.primary_box.children]
    table.roll()
    assert "Анна" in table.players_html.value


def test_new_game_from_the_controls():
    table = GameTable(players=2, humans=[0], seed=1)
    table.board_choice.value = "monopoly-us"
    table.players_choice.value = 4
    table.seat_choices[1].value = "human"
    table.new_game()
    assert table.game.board.key == "monopoly-us" and len(table.game.state.players) == 4
    assert table.humans == [0, 1]


def test_bad_language_is_refused():
    with pytest.raises(ValueError, match="lang"):
        GameTable(lang="de")


def test_a_table_of_bots_waits_for_auto_play():
    table = GameTable(players=3, humans=[], seed=2)
    assert table.game.state.turns == 0 and not table.game.finished
    table.autoplay(2)
    assert table.game.state.round == 3 or table.game.finished


def test_careless_input_is_a_message_and_changes_nothing():
    table = GameTable(players=2, humans=[0], seed=2)
    before = table.game.state.to_dict()
    table.seed_choice.value = -1
    table.new_button.click()
    assert "game number must be 0 or more" in table.message.value
    assert table.game.state.to_dict() == before
    table.offer_trade(partner=99)
    assert "partner" in table.message.value.lower() or "player" in table.message.value.lower()
    table.offer_trade(partner=1, give=[39])
    assert table.last_error and table.game.state.to_dict() == before
    table.bid("abc")
    assert "whole number" in table.message.value
    assert table.game.state.to_dict() == before


def test_bots_play_is_refused_with_its_reason_while_a_human_decides():
    table = GameTable(players=2, humans=[0], seed=5)
    table.roll()
    assert table.game.pending.player == 0
    table.bots_until_human()
    assert "Your decision comes first" in table.message.value
    assert table.bots_button.disabled and "Your decision comes first" in table.bots_reason.value


def test_seats_beyond_the_players_are_hidden_and_the_log_reads_in_time_order():
    table = GameTable(players=3, humans=[0], seed=5)
    assert [c.layout.display for c in table.seat_choices] == ["", "", "", "none", "none", "none"]
    table.players_choice.value = 5
    assert [c.layout.display for c in table.seat_choices][:5] == [""] * 5
    table.autoplay(2)
    newest_first = re.findall(r"<div>(.*?)</div>", table.log_html.value)
    assert newest_first[0] == html.escape(table.game.log(last=1)[0])  # the box lays lines bottom-up


def test_the_language_switches_mid_game():
    table = GameTable(players=3, humans=[0], seed=5)
    table.roll()
    table.set_lang("ru")
    assert table.game.names == ["Анна", "Борис", "Вера"]
    assert table.new_button.description == "Новая игра" and table.seat_choices[1].label == "осторожный"
    assert table.folds.titles[0] == "Строить, продать, заложить"


def test_monopoly_windows_between_turns_are_named_for_what_they_are():
    from millionaire.agents import make_agent

    table = GameTable(board="monopoly-us", players=3, humans=[0, 1, 2], seed=3)
    game, bot = table.game, make_agent("aggressive", seed=1)
    for _ in range(20000):  # bots' answers on the table's game until a window between turns opens
        pending = game.pending
        if pending is None or pending.kind == "manage" and pending.data.get("between"):
            break
        game.apply(bot.choose(game, pending))
    assert game.pending is not None and game.pending.data.get("between")
    table.refresh()
    assert "before the next turn" in table.status.value
    table.set_lang("ru")
    assert "до следующего хода" in table.status.value


def test_refusals_read_in_the_tables_language():
    table = GameTable(players=2, humans=[0, 1], seed=2, lang="ru")
    while table.game.pending.kind != "buy":
        human_move(table)
    table.decline()
    table.bid(10**6)
    assert "Ставка не может быть больше ваших наличных" in table.message.value
    table.bid(0)
    assert "Ставка должна быть не меньше" in table.message.value
    table.undo()
    table.undo()
    while table.game.pending.kind not in ("roll", "manage"):
        human_move(table)
    seat = table.game.pending.player
    other_plot = next((c for c in table.game.board.ownable if table.game.state.owner[c] not in (-1, seat)), None)
    table.offer_trade(partner=1 - seat, give_cash=10**6)
    assert "только" in table.message.value
    table.offer_trade(partner=7)
    assert "для сделки нет" in table.message.value
    if other_plot is not None:
        table.offer_trade(partner=1 - seat, give=[other_plot])
        assert "не принадлежит игроку" in table.message.value
    assert not re.search(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>", "", table.message.value))


def test_a_refusal_names_the_cell_as_the_board_does_in_each_language():
    from millionaire import load_board
    from millionaire.errors import Refusal
    from millionaire.words import refusal

    board = load_board("millionaire-classic")
    bakery = next(cell.index for cell in board.cells if cell.name_en == "Bakery")
    reason = Refusal("mortgaged", name="Bakery", cell=bakery)
    assert (refusal("ru", reason, board), refusal("en", reason, board)) == ("«Хлебопекарня» в залоге.",
                                                                           "Bakery is mortgaged.")
    assert refusal("ru", reason) == "«Bakery» в залоге."  # no board: the name as the engine gave it


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_widget_saved_in_a_notebook_says_to_run_its_cell(lang):
    """The plain text a notebook keeps beside a widget is a sentence in the widget's language, which
    JupyterLab shows until the cell runs again; the widget's own repr stays a developer's."""
    from millionaire.widgets import (InvestmentExplorer, JackpotLab, LandingExplorer, MortgageLab, Panel, PlayApp,
                                     TournamentRunner)
    from millionaire.words import word

    for widget, kind in ((GameTable(lang=lang), "board"), (PlayApp(lang=lang), "board"),
                         (LandingExplorer(lang=lang), "board"), (TournamentRunner(lang=lang), "tournament"),
                         (InvestmentExplorer(lang=lang), "explorer"), (MortgageLab(lang=lang), "explorer"),
                         (JackpotLab(lang=lang), "explorer"), (Panel([], lang=lang), "panel")):
        bundle = widget._repr_mimebundle_()
        assert bundle["text/plain"] == word(lang, f"until_run.{kind}"), type(widget).__name__
        assert "application/vnd.jupyter.widget-view+json" in bundle
        assert repr(widget).startswith(type(widget).__name__)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_apps_title_follows_the_board(lang):
    from millionaire import load_board
    from millionaire.widgets import PlayApp

    app = PlayApp(lang=lang)
    for board in ("millionaire-elite", "monopoly-us", "millionaire-classic"):
        app.table.board_choice.value = board
        title = app.title.value.split("</div>")[0]
        assert html.escape(load_board(board).name(lang)) in title, (board, title)


def test_projector_text_follows_one_switch_on_every_table():
    from millionaire.widgets import PlayApp, projector

    first, app = GameTable(players=2, seed=3), PlayApp(seed=3)
    try:
        switch = projector(True, lang="ru")
        later = GameTable(players=2, seed=3)
        for table in (first, app.table, later):
            assert "mln-projector" in table._dom_classes and table.projector_toggle.value
            assert table.view.text_scale == 1.3
        assert switch.button.description == "Крупный текст для проектора" and switch.button.tooltip
        first.projector_toggle.value = False  # the table's own toggle switches them all back
        assert not switch.button.value and "mln-projector" not in later._dom_classes and later.view.text_scale == 1.0
        with pytest.raises(ValueError, match="projector: True or False, got 'yes'"):
            projector("yes")
    finally:
        projector(False)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_control_has_a_name_and_a_tooltip_in_the_tables_language(lang):
    import ipywidgets

    from millionaire.widgets import PlayApp

    app = PlayApp(lang=lang, seed=2)
    table = app.table
    controls, stack = [], [app]
    while stack:
        widget = stack.pop()
        stack.extend(getattr(widget, "children", ()))
        if isinstance(widget, (ipywidgets.Button, ipywidgets.ToggleButton, ipywidgets.Dropdown, ipywidgets.SelectMultiple,
                               ipywidgets.IntText, ipywidgets.BoundedIntText, ipywidgets.Checkbox)):
            controls.append(widget)
    assert len(controls) >= 25
    other = re.compile(r"[А-Яа-яЁё]{3,}" if lang == "en" else r"[A-Za-z]{3,}")
    for control in controls:
        assert control.description and control.tooltip, control
        assert not other.search(control.tooltip.replace("Ctrl", "")), control.tooltip  # a key's name as printed on it
    assert len(app.language.tooltips) == 2 and all(app.language.tooltips)
    assert table.board_image.tooltip.startswith(table.game.board.name(lang))

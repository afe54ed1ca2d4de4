"""Millionaire Junior on the screen: the board drawing of a 24-cell park (a small centre, one die, a
kiosk legend) and the game table on the Junior board, in both languages."""

from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")

from millionaire import Action, Game, load_board  # noqa: E402
from millionaire.plotting import BoardLayout, BoardView  # noqa: E402
from millionaire.widgets import GameTable  # noqa: E402
from test_board_drawing import inside, pixel_box  # noqa: E402


@pytest.fixture(scope="module")
def junior():
    return load_board("millionaire-junior")


def four_player_view(junior, lang: str) -> BoardView:
    game = Game(junior, agents=["cautious"] * 4, seed=2, names=["Anna", "Boris", "Vera", "Gleb"])
    game.run(max_rounds=6)
    view = BoardView(junior, lang=lang, size_px=900)
    view.update(game.state, dice=(4,))
    return view


def test_a_board_of_24_cells_is_a_square_of_6_a_side(junior):
    layout = BoardLayout(junior)
    assert layout.per_side == 6 and [p.side for p in layout.plans].count("corner") == 4
    assert [c for c, p in enumerate(layout.plans) if p.side == "corner"] == [0, 6, 12, 18]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_everything_in_the_centre_stays_inside_it(junior, lang):
    """Title, headline, four players' rows, the die and the legend: inside the small centre, none on another."""
    view = four_player_view(junior, lang)
    renderer = view.ax.figure.canvas.get_renderer()
    centre = pixel_box(view, view.layout.centre)
    texts = [t for t in view.ax.texts if t.get_visible() and t.get_text()
             and inside(t.get_window_extent(renderer), centre, tolerance=0)]
    ring = [pixel_box(view, box) for plan in view.layout.plans for box in (plan.cell, plan.lane)]  # cells, token lanes
    centre_texts = [t for t in view.ax.texts if t.get_visible() and t.get_text() and not any(
        inside(t.get_window_extent(renderer), box) for box in ring)]
    assert centre_texts and all(t in texts for t in centre_texts), [t.get_text() for t in centre_texts if t not in texts]
    drawn = {(t.get_text(), tuple(t.get_window_extent(renderer).bounds)): t for t in centre_texts}  # each once
    boxes = [t.get_window_extent(renderer) for t in drawn.values()]
    for i, first in enumerate(boxes):
        for second in boxes[i + 1:]:
            overlap = min(first.x1, second.x1) - max(first.x0, second.x0), min(first.y1, second.y1) - max(first.y0, second.y0)
            assert min(overlap) <= 1, (first, second)


def test_one_die_and_a_kiosk_legend_no_pots(junior):
    view = four_player_view(junior, "en")
    words = [t.get_text() for t in view.ax.texts]
    assert "kiosk of the owner" in words and "mortgaged" not in words and "stall" not in words
    assert not any(w.startswith("Charity fund") for w in words)
    dice = [p for p in view.ax.patches if type(p).__name__ == "FancyBboxPatch"]
    assert len(dice) == 1
    x, y, w, h = dice[0].get_x(), dice[0].get_y(), dice[0].get_width(), dice[0].get_height()
    pips = {p.center for p in view.ax.patches if type(p).__name__ == "Circle"
            and x < p.center[0] < x + w and y < p.center[1] < y + h}
    assert len(pips) == 4  # the die shows four
    classic = BoardView(load_board("millionaire-classic"), lang="en")
    assert "owner" in [t.get_text() for t in classic.ax.texts]  # the Classic legend is untouched
    assert "mortgaged" in [t.get_text() for t in classic.ax.texts]


def test_attraction_halves_carry_their_colour(junior):
    view = BoardView(junior)
    colours = {matplotlib.colors.to_hex(p.get_facecolor()) for p in view.ax.patches}
    assert {industry.colour for industry in junior.industries} <= colours


# ---------------------------------------------------------------- the game table


def test_the_table_plays_junior_with_one_die():
    table = GameTable(board="millionaire-junior", players=3, humans=[0], seed=5)
    assert [b.description for b in table.primary_box.children] == ["Roll the die"]
    assert "roll the die" in table.status.value
    table.roll()
    assert len(table.last_dice()) == 1 and 1 <= table.last_dice()[0] <= 6
    assert table.game.log("en", last=10)[0].startswith("Anna rolls ") or any(
        line.startswith("Anna rolls ") for line in table.game.log("en"))


def test_the_tables_words_for_a_half_and_the_end_of_a_turn():
    table = GameTable(board="millionaire-junior", players=2, humans=[0], seed=5)
    table.game.state.dice["buffer"] = [1]  # the die shows 1: the Carousel's left half, free
    table.roll()
    assert table.game.pending.kind == "buy"
    assert "buy Carousel, left half and put a kiosk on it, or leave it free" in table.status.value
    assert [b.description for b in table.primary_box.children] == ["Buy (10)", "Leave it free"]
    table.decline()
    assert table.game.pending.kind == "manage" and "end the turn" in table.status.value
    table.set_lang("ru")
    assert "закончить ход" in table.status.value


def test_the_present_card_asks_for_a_free_half():
    table = GameTable(board="millionaire-junior", players=2, humans=[0], seed=5)
    game = table.game
    order = game.state.decks["adventure"]
    present = next(c.index for c in game.board.decks["adventure"].cards if c.effect == "free_half")
    order.remove(present)
    order.insert(0, present)
    game.state.dice["buffer"] = [3]
    table.roll()
    assert game.pending.kind == "choose" and "choose a free half: it is your present" in table.status.value
    table.do(Action.choose(23))
    assert game.state.owner[23] == 0


def test_more_players_than_the_junior_box_has_is_a_message():
    table = GameTable(players=2, humans=[0], seed=1)
    before = table.game
    table.board_choice.value = "millionaire-junior"
    table.players_choice.value = 5
    table.new_game()
    assert table.game is before
    assert "Millionaire Junior is for 2 to 4 players, got 5." in table.message.value
    table.set_lang("ru")
    table.new_game()
    assert "«Миллионер Джуниор» — игра для 2–4 игроков, а не 5." in table.message.value
    table.players_choice.value = 4
    table.new_game()
    assert table.game.board.key == "millionaire-junior" and len(table.game.state.players) == 4


def test_the_russian_table_speaks_russian():
    table = GameTable(board="millionaire-junior", players=3, humans=[0], seed=5, lang="ru")
    assert [b.description for b in table.primary_box.children] == ["Бросить кубик"]
    assert "бросить кубик" in table.status.value
    assert repr(table) == "GameTable(board='millionaire-junior', players=3, lang='ru')"


def test_an_unknown_board_is_refused():
    with pytest.raises(ValueError, match="millionaire-junior"):
        GameTable(board="millionaire-deluxe")

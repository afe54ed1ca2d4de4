"""The board drawing for a room: sizes, text that stays inside its cell, colours, heat maps, speed-free.

Every check measures the drawing as matplotlib renders it (text extents in pixels), at the size a
projector shows: 900 pixels wide.
"""

from __future__ import annotations

import matplotlib
import pytest
from matplotlib.patches import Rectangle

matplotlib.use("Agg")

from millionaire import Game, load_board  # noqa: E402
from millionaire.colour_vision import VISIONS, delta_e  # noqa: E402
from millionaire.markov import movement_chain  # noqa: E402
from millionaire.plotting import (  # noqa: E402
    PLAYER_COLOURS,
    BoardLayout,
    BoardView,
    colour_distance,
    draw_board,
    fit_label,
    wrap_label,
)

BOARDS = ("millionaire-classic", "monopoly-us", "millionaire-junior", "millionaire-elite")
LANGS = ("en", "ru")


def pixel_box(view: BoardView, box) -> tuple[float, float, float, float]:
    """A layout box in pixels: (x0, y0, x1, y1)."""
    transform = view.ax.transData
    x0, y0 = transform.transform((box.x, box.y))
    x1, y1 = transform.transform((box.x + box.w, box.y + box.h))
    return x0, y0, x1, y1


def inside(extent, box, tolerance: float = 1.0) -> bool:
    x0, y0, x1, y1 = box
    return (extent.x0 >= x0 - tolerance and extent.x1 <= x1 + tolerance
            and extent.y0 >= y0 - tolerance and extent.y1 <= y1 + tolerance)


def played(board_key: str, steps: int = 400) -> Game:
    game = Game(load_board(board_key), agents=["aggressive", "monopolist", "cautious", "aggressive"], seed=5)
    for _ in range(steps):
        if game.finished:
            break
        game.apply(game.agents[game.pending.player].choose(game, game.pending))
    return game


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_name_stays_inside_its_box_and_is_14_pixels_at_900(board_key, lang):
    board = load_board(board_key)
    view = BoardView(board, lang=lang, fast=True, size_px=900)
    renderer = view.ax.figure.canvas.get_renderer()
    for cell, text in view._name_texts.items():
        plan = view.layout.plans[cell]
        extent = text.get_window_extent(renderer)
        assert inside(extent, pixel_box(view, plan.name)), (cell, text.get_text(), extent)
        assert text.get_fontsize() * view.ax.figure.dpi / 72 >= 14, (cell, text.get_text())


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_projector_text_is_larger_where_it_fits_and_never_smaller(board_key, lang):
    board = load_board(board_key)
    normal = BoardView(board, lang=lang, fast=True, size_px=600)
    large = BoardView(board, lang=lang, fast=True, size_px=600, text_scale=1.3)
    renderer = large.ax.figure.canvas.get_renderer()
    larger = 0
    for cell, text in large._name_texts.items():
        extent = text.get_window_extent(renderer)
        assert inside(extent, pixel_box(large, large.layout.plans[cell].name)), (cell, text.get_text(), extent)
        assert text.get_fontsize() >= normal._name_texts[cell].get_fontsize() - 1e-9, (cell, text.get_text())
        larger += text.get_fontsize() > normal._name_texts[cell].get_fontsize() * 1.1
    assert larger >= len(large._name_texts) * 0.5  # most names are drawn larger (long Russian ones cannot be)
    sizes = {round(t.get_fontsize() / n.get_fontsize(), 2) for t, n in zip(large._strip_texts, normal._strip_texts)}
    assert sizes == {1.3}  # numbers and prices


def test_a_text_scale_out_of_range_is_refused():
    with pytest.raises(ValueError, match="text_scale must be from 1 to 1.6, got 3"):
        BoardView(load_board("millionaire-classic"), text_scale=3)


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_board_draws_each_cells_full_or_short_name(board_key, lang):
    board = load_board(board_key)
    view = BoardView(board, lang=lang)
    for cell, text in view._name_texts.items():
        drawn = text.get_text().replace("-\n", "").replace("\n", " ")
        info = board.cells[cell]
        names = {info.name(lang), info.short(lang)}
        assert drawn in names or drawn.replace(" ", "-") in names or text.get_text().replace("\n", "") in names, (cell, drawn)


def test_parts_of_a_cell_do_not_overlap():
    layout = BoardLayout(load_board("millionaire-classic"))
    for plan in layout.plans:
        parts = [p for p in (plan.band, plan.name, plan.strip) if p is not None]
        for i, first in enumerate(parts):
            for second in parts[i + 1:]:
                overlap_x = min(first.x + first.w, second.x + second.w) - max(first.x, second.x)
                overlap_y = min(first.y + first.h, second.y + second.h) - max(first.y, second.y)
                assert overlap_x <= 1e-9 or overlap_y <= 1e-9, (plan, first, second)
        # tokens stand beside the cell, never on it (corners excepted: they hold their tokens below the name)
        if plan.side != "corner":
            lane, cell = plan.lane, plan.cell
            assert (lane.x >= cell.x + cell.w - 1e-9 or lane.x + lane.w <= cell.x + 1e-9
                    or lane.y >= cell.y + cell.h - 1e-9 or lane.y + lane.h <= cell.y + 1e-9)
        else:
            assert plan.lane.y + plan.lane.h <= plan.name.y + 1e-9 or plan.lane.y >= plan.name.y + plan.name.h - 1e-9


def test_six_tokens_fit_in_every_lane():
    layout = BoardLayout(load_board("monopoly-us"))
    for cell, plan in enumerate(layout.plans):
        spots = layout.token_spots(cell, 6)
        for x, y, radius in spots:
            assert plan.lane.x - 1e-9 <= x - radius and x + radius <= plan.lane.x + plan.lane.w + 1e-9
            assert plan.lane.y - 1e-9 <= y - radius and y + radius <= plan.lane.y + plan.lane.h + 1e-9
        for i, (x1, y1, r1) in enumerate(spots):
            for x2, y2, r2 in spots[i + 1:]:
                assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (r1 + r2) ** 2 * 0.99


def test_player_colours_stand_apart_from_every_industry_colour():
    for key in BOARDS:
        for industry in load_board(key).industries:
            for colour in PLAYER_COLOURS:
                assert colour_distance(colour, industry.colour) >= 0.12, (key, industry.key, colour)
    for i, first in enumerate(PLAYER_COLOURS):
        for second in PLAYER_COLOURS[i + 1:]:
            assert colour_distance(first, second) >= 0.12, (first, second)


def test_player_colours_stay_apart_under_every_common_colour_vision():
    for vision in VISIONS:
        for i, first in enumerate(PLAYER_COLOURS):
            for second in PLAYER_COLOURS[i + 1:]:
                assert delta_e(first, second, vision) >= 30, (vision, first, second, delta_e(first, second, vision))


def test_colour_vision_refuses_an_unknown_vision():
    with pytest.raises(ValueError, match="vision must be one of normal, protanopia, deuteranopia, tritanopia"):
        delta_e("#000000", "#ffffff", "achromatopsia")


@pytest.mark.parametrize("board_key", BOARDS)
def test_industry_bands_carry_a_pattern_of_their_own(board_key):
    board = load_board(board_key)
    view = BoardView(board, fast=True, size_px=600)
    bands: dict[int, set[str]] = {}
    boxes = {(patch.get_x(), patch.get_y(), patch.get_width(), patch.get_height()): patch.get_hatch() or ""
             for patch in view.ax.patches if isinstance(patch, Rectangle)}
    for cell in board.cells:
        band = view.layout.plans[cell.index].band
        if band is not None and cell.industry >= 0:
            bands.setdefault(cell.industry, set()).add(boxes[tuple(band)])
    assert len(bands) == len(board.industries)
    assert all(len(hatches) == 1 for hatches in bands.values())  # one pattern per industry
    patterns = [next(iter(h)) for h in bands.values()]
    assert len(set(patterns)) == len(patterns) and "/" not in "".join(patterns)  # apart, and not the mortgage's


def test_a_played_position_draws_owners_buildings_mortgages_tokens_and_dice():
    game = played("millionaire-classic", 900)
    state = game.state
    owned = [c for c in game.board.ownable if state.owner[c] >= 0]
    state.mortgaged[owned[0]] = True
    view = BoardView(game.board, lang="ru", fast=True)
    view.update(state, dice=(3, 5))
    texts = [a.get_text() for a in view._holdings + view._dynamic if hasattr(a, "get_text")]
    initials = {p.name[0] for p, bankrupt in zip(state.players, [p.bankrupt for p in state.players])}
    assert initials & set(texts)  # owners and tokens carry the player's initial
    hatched = [a for a in view._holdings if getattr(a, "get_hatch", lambda: None)()]
    assert hatched  # the mortgaged plot
    assert f"Раунд {state.round}" in " ".join(texts) or any("Победитель" in t for t in texts)
    assert view.render_png().startswith(b"\x89PNG")


def test_ownership_is_redrawn_only_when_it_changes():
    game = played("monopoly-us", 200)
    view = BoardView(game.board, fast=True)
    view.update(game.state)
    view.render_png()
    holdings = list(view._holdings)
    view.update(game.state, dice=(1, 2))
    assert view._holdings == holdings  # same owners: the cached layer stays
    free = next(c for c in game.board.ownable if game.state.owner[c] < 0)
    game.state.owner[free] = 0
    view.update(game.state)
    assert view._holdings != holdings


@pytest.mark.parametrize("lang", LANGS)
def test_heat_map_values_stay_inside_their_cells(lang):
    board = load_board("millionaire-classic")
    chain = movement_chain(board, jail="short")
    view = BoardView(board, lang=lang, fast=True, size_px=900)
    values = chain.probabilities("turn")
    view.show_values(values, label="x")
    renderer = view.ax.figure.canvas.get_renderer()
    cells = [c for c in range(board.size)]
    assert len(view._value_texts) == board.size
    for cell, text in zip(cells, view._value_texts):
        extent = text.get_window_extent(renderer)
        assert inside(extent, pixel_box(view, view.layout.plans[cell].cell)), (cell, text.get_text())
    jail_text = view._value_texts[board.jail].get_text()
    assert ("инспекции" if lang == "ru" else "detained") in jail_text


@pytest.mark.parametrize("lang", LANGS)
def test_a_heat_map_of_a_board_where_nobody_is_detained_says_nothing_of_detention(lang):
    board = load_board("millionaire-junior")
    view = BoardView(board, lang=lang, fast=True, size_px=700)
    view.show_values(movement_chain(board).probabilities("turn"), label="x")
    jail_text = view._value_texts[board.jail].get_text()
    assert "%" in jail_text and "\n" not in jail_text


def test_wrap_and_fit():
    assert wrap_label("Night club", 10, 1) == ["Night club"]
    assert wrap_label("Night club", 3, 2) == ["Night", "club"]
    assert wrap_label("Night club", 3, 1) is None
    assert wrap_label("Интернет-провайдер", 6, 2, "ru") == ["Интернет-", "провайдер"]
    label, size = fit_label(["Пейджинговая компания", "Пейджинг"], 1.2, 0.5, 0.2, "ru")
    assert label == "Пейджинг" and size == 0.2
    label, _ = fit_label(["Averyveryverylongname"], 0.5, 0.3, 0.2, "en")
    assert label.endswith("…")


def test_the_drawing_scales_with_its_axes():
    import matplotlib.pyplot as plt

    board = load_board("millionaire-classic")
    figure, axes = plt.subplots(1, 2, figsize=(12, 6))
    small = BoardView(board, ax=axes[0])
    big = BoardView(board, size_px=1200)
    assert big.points(0.2) > small.points(0.2) * 1.5
    plt.close(figure)


def test_draw_board_refuses_a_state_of_another_board():
    game = played("monopoly-us", 5)
    with pytest.raises(ValueError, match="state is for board"):
        draw_board(load_board("millionaire-classic"), game.state)


def test_bad_values_are_refused():
    view = BoardView(load_board("millionaire-classic"))
    with pytest.raises(ValueError, match="40 entries"):
        view.show_values([0.1, 0.2])
    with pytest.raises(ValueError, match="finite"):
        view.show_values([float("nan")] * 40)
    with pytest.raises(ValueError, match="lang"):
        BoardView(load_board("millionaire-classic"), lang="de")


def test_heat_map_limits_fix_the_colour_scale():
    import numpy as np

    board = load_board("millionaire-classic")
    view = BoardView(board)
    z = np.linspace(-1.0, 2.0, board.size)
    view.show_values(z, cmap="RdBu_r", fmt="{:+.1f}", limits=(-3, 3))
    norm = view.colorbar.mappable.norm
    assert (norm.vmin, norm.vmax) == (-3, 3)
    middle = next(cell for cell in range(board.size) if abs(z[cell]) < 0.04)
    assert view._faces[middle].get_facecolor()[:3] == pytest.approx(plt_colour("RdBu_r", 0.5), abs=0.02)
    for bad in [(3, -3), (1, 1), (0,)]:
        with pytest.raises(ValueError, match="limits"):
            view.show_values(z, limits=bad)



def test_draw_board_passes_its_limits_to_the_heat_map():
    """Lesson 14's heat map starts its colour scale at 0, so 24 and 50 stops are not white and black."""
    import matplotlib.pyplot as plt
    import numpy as np

    board = load_board("millionaire-junior")
    stops = np.linspace(24.0, 50.0, board.size)
    ax = draw_board(board, values=stops, limits=(0, 50), size_px=300)
    scale = ax.child_axes[0].collections[-1].norm  # the colour bar in the centre of the board
    assert (scale.vmin, scale.vmax) == (0, 50)
    plt.close(ax.figure)
    ax = draw_board(board, values=stops, size_px=300)
    scale = ax.child_axes[0].collections[-1].norm
    assert (scale.vmin, scale.vmax) == (24, 50)
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="limits"):
        draw_board(board, values=stops, limits=(50, 0), size_px=300)

def plt_colour(cmap: str, at: float) -> tuple[float, float, float]:
    import matplotlib.pyplot as plt

    return tuple(plt.get_cmap(cmap)(at)[:3])


def _pixels(png_bytes: bytes):
    import io

    import numpy as np
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png_bytes)).convert("RGB")).astype(int)


@pytest.mark.parametrize("board_key", ["millionaire-classic", "monopoly-us", "millionaire-junior"])
def test_a_fast_heat_map_looks_like_the_full_drawing(board_key):
    """A fast view recolours a picture of the board made once instead of drawing it again: after
    several changes of the values each picture matches a fresh full drawing of the same values,
    to a step or two of a colour channel (the rounding of blending)."""
    board = load_board(board_key)
    fast = BoardView(board, lang="ru", fast=True, size_px=720)
    for jail, per, fmt in (("short", "roll", "{:.1%}"), ("long", "landing", "{:.2f}"), ("short", "turn", "{:.1%}")):
        values = movement_chain(board, jail=jail).probabilities(per)
        fast.show_values(values, fmt=fmt, label=per)
        full = BoardView(board, lang="ru", fast=False, size_px=720)
        full.show_values(values, fmt=fmt, label=per)
        difference = abs(_pixels(fast.render_png()) - _pixels(full.render_png()))
        assert difference.max() <= 4, (jail, per, difference.max())

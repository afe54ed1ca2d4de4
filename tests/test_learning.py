"""A bot that learns (``millionaire.learning``): the cross-entropy search, its measurement on fresh
seeds, its words and pictures, lesson 15's exercises, and the auction that could never end."""

from __future__ import annotations

import dataclasses
import math

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from millionaire import Game, load_board
from millionaire.agents import STRATEGIES, ThresholdAgent
from millionaire.errors import MillionaireError
from millionaire.events import BANK
from millionaire.exercises import EXERCISES
from millionaire.league import PairedComparison
from millionaire.pending import BidPending
from millionaire.learning import (
    DEFAULT_SETTINGS, SEARCH_SPACE, LearningError, LearningResult, elite_update, learn, measure, start_settings,
)
from millionaire.rules import RuleSet
from millionaire.simulate import game_seed
from millionaire.words import texts

#: A search of seconds: 2 generations of 4 candidates, 2 games each against one opponent.
TINY = dict(generations=2, candidates=4, games=1, opponents=["cautious"], max_rounds=25, jobs=1)


@pytest.fixture(scope="module")
def tiny() -> LearningResult:
    return learn("millionaire-classic", seed=5, **TINY)


def _same(a: LearningResult, b: LearningResult) -> None:
    assert a.learned == b.learned
    for x, y in zip(a.history, b.history, strict=True):
        assert np.array_equal(x.candidates, y.candidates) and np.array_equal(x.scores, y.scores)
        assert x.seeds == y.seeds and x.elite == y.elite


# ---------------------------------------------------------------- the search

def test_the_same_seed_gives_the_same_search_on_any_number_of_processes(tiny):
    _same(tiny, learn("millionaire-classic", seed=5, **TINY))
    _same(tiny, learn("millionaire-classic", seed=5, **{**TINY, "jobs": 2}))
    other = learn("millionaire-classic", seed=6, **TINY)
    assert not np.array_equal(other.history[0].candidates, tiny.history[0].candidates)


def test_every_candidate_of_a_generation_plays_the_same_seeds_and_each_generation_new_ones(tiny):
    first, second = tiny.history
    assert first.seeds == tuple(game_seed(game_seed(5, 1), g) for g in range(1))
    assert set(first.seeds).isdisjoint(second.seeds)
    assert tiny.training_seeds == set(first.seeds) | set(second.seeds)
    games = 2 * len(first.seeds) * len(tiny.opponents)  # each seed from both seats
    assert all(score * games == round(score * games) for score in first.scores)


def test_the_elite_update_by_hand():
    # scores 2, 5, 1, 4: the best two are candidates 1 (0.3, 2.0) and 3 (0.6, 1.5)
    candidates = np.array([[0.1, 1.0], [0.3, 2.0], [0.2, 0.5], [0.6, 1.5]])
    mean, spread, best = elite_update(candidates, [2, 5, 1, 4], elite=2, floor=[0.0, 0.5])
    assert best == [1, 3]
    assert mean == pytest.approx([0.45, 1.75])
    assert spread == pytest.approx([0.15, 0.5])  # 0.25 on the second is below its floor
    _, _, tied = elite_update(candidates, [3, 3, 3, 1], elite=2)
    assert tied == [0, 1], "a tie goes to the candidate drawn first"


def test_each_generation_moves_to_its_elite_and_the_next_starts_there(tiny):
    floor = {name: 0.05 * (high - low) for name, (low, high) in tiny.space.items()}
    for generation in tiny.history:
        elite = generation.candidates[list(generation.elite)]
        assert len(generation.elite) == 1  # a quarter of 4
        assert [generation.next_mean[n] for n in tiny.names] == pytest.approx(elite.mean(axis=0))
        assert [generation.next_spread[n] for n in tiny.names] == pytest.approx(
            np.maximum(elite.std(axis=0), [floor[n] for n in tiny.names]))
        assert generation.scores[generation.elite[0]] == generation.best_score == generation.elite_score
    assert tiny.history[1].mean == tiny.history[0].next_mean
    assert tiny.learned == tiny.history[-1].next_mean


def test_the_search_starts_at_the_strategy_and_keeps_its_flags(tiny):
    monopolist = STRATEGIES["monopolist"]
    assert tiny.history[0].mean == {name: monopolist[name] for name in DEFAULT_SETTINGS}
    assert tiny.history[0].spread == pytest.approx({n: 0.25 * (h - lo) for n, (lo, h) in SEARCH_SPACE.items()
                                                    if n in DEFAULT_SETTINGS})
    bot = tiny.bot()
    assert isinstance(bot, ThresholdAgent) and bot.name == "learned"
    assert (bot.pay_fine, bot.trades) == (monopolist["pay_fine"], monopolist["trades"])
    assert (bot.reserve_share, bot.bid_factor) == (tiny.learned["reserve"], tiny.learned["bid_factor"])
    assert tiny.start_bot().bid_factor == monopolist["bid_factor"]


def test_every_candidate_stays_within_its_bounds():
    bounds = {"reserve": (0.2, 0.3), "bid_factor": (0.9, 1.0)}  # the monopolist's 0.1 and 1.2 lie outside
    result = learn("millionaire-classic", settings=["reserve", "bid_factor"], bounds=bounds, seed=2, spread=1.0,
                   **TINY)
    assert result.history[0].mean == {"reserve": 0.2, "bid_factor": 1.0}  # the start, clipped to the bounds
    for generation in result.history:
        for column, name in enumerate(result.names):
            low, high = bounds[name]
            assert np.all((generation.candidates[:, column] >= low) & (generation.candidates[:, column] <= high))
    assert [row["setting"] for row in result.table()] == ["reserve", "bid_factor"]


def test_an_elite_board_starts_with_its_habits_and_may_search_the_share_invested():
    elite = load_board("millionaire-elite")
    assert start_settings("aggressive", elite)["invest"] == 0.5
    assert start_settings("aggressive", load_board("millionaire-classic"))["invest"] == 0.0
    result = learn(elite, start="aggressive", settings=["invest"], seed=1, **{**TINY, "generations": 1})
    assert result.history[0].mean == {"invest": 0.5} and result.bot().insure == ()


def test_no_bar_unless_asked(capfd):
    learn("millionaire-classic", seed=5, **{**TINY, "generations": 1})
    assert capfd.readouterr().err == ""
    learn("millionaire-classic", seed=5, progress=True, **{**TINY, "generations": 1})
    assert "generations" in capfd.readouterr().err


@pytest.mark.parametrize(("change", "message"), [
    ({"settings": ["reserv"]}, r"settings: unknown setting 'reserv' \(known: reserve, bid_factor"),
    ({"bounds": {"bidfactor": (0, 1)}}, r"bounds: unknown setting 'bidfactor'"),
    ({"bounds": {"invest": (0, 1)}}, r"bounds: 'invest' has bounds but is not among the settings searched"),
    ({"bounds": {"reserve": (0.5, 0.1)}}, r"bounds\['reserve'\]: low 0.5 must be below high 0.1"),
    ({"bounds": {"reserve": (0.2, 0.2)}}, r"bounds\['reserve'\]: low 0.2 must be below high 0.2"),
    ({"bounds": {"reserve": (-0.1, 0.2)}}, r"bounds\['reserve'\]: reserve is a share and cannot be negative"),
    ({"bounds": {"reserve": "wide"}}, r"bounds\['reserve'\] must be two numbers"),
    ({"settings": ["reserve", "reserve"]}, r"settings: a setting is named twice"),
    ({"settings": "reserve"}, r"settings must list the settings to search"),
    ({"generations": 0}, r"generations must be a whole number >= 1, got 0"),
    ({"generations": 2.5}, r"generations must be a whole number >= 1, got 2.5"),
    ({"candidates": 1}, r"candidates must be a whole number >= 2, got 1"),
    ({"elite": 0}, r"elite must be a share of the candidates above 0 and below 1, got 0"),
    ({"elite": 1}, r"elite must be a share of the candidates above 0 and below 1, got 1"),
    ({"elite": 1.5}, r"elite must be a share .* got 1.5"),
    ({"floor": -0.1}, r"floor must be a share of each setting's bounds from 0 to 1, got -0.1"),
    ({"games": 0}, r"games must be a whole number >= 1"),
    ({"seed": -1}, r"seed must be a whole number >= 0"),
    ({"jobs": 0}, r"jobs must be a whole number >= 1"),
    ({"board": "monopoly-uk"}, r"board: .*no such board file or built-in board"),
    ({"board": 7}, r"board must be a Board or a board's key"),
    ({"start": "lucky"}, r"start: unknown strategy 'lucky' \(known: cautious, aggressive, monopolist\)"),
    ({"opponents": ["cautious", "lucky"]}, r"opponents: unknown strategy 'lucky'"),
    ({"opponents": []}, r"opponents must be a list of built-in strategy names"),
    ({"rules": "fast"}, r"rules must be a RuleSet"),
    ({"rules": RuleSet(min_players=3)}, r"the games are heads-up, but these rules allow 3 to 6 players"),
])
def test_bad_input_is_refused_saying_what_and_where(change, message):
    arguments = {"board": "millionaire-classic", **TINY, **change}
    with pytest.raises(LearningError, match=message) as caught:
        learn(**arguments)
    assert isinstance(caught.value, MillionaireError)


# ---------------------------------------------------------------- the measurement

def test_the_measurement_pairs_both_bots_on_fresh_seeds(tiny):
    check = measure(tiny, games=2, seed=11, opponents=["cautious", "aggressive"])
    assert check.league.entrants == ["learned", "monopolist"]
    assert check.pair.games == 2 * 2 * 2 and check.pair.a == "learned" and check.pair.b == "monopolist"
    rows = {row["bot"]: row for row in check.rows}
    assert rows["learned"]["wins"] == check.pair.a_wins and rows["monopolist"]["wins"] == check.pair.b_wins
    assert rows["learned"]["low"] <= rows["learned"]["rate"] <= rows["learned"]["high"]
    us = measure(tiny, games=1, seed=11, board="monopoly-us")
    assert us.league.seeds == 1 and us.pair.games == 2 * len(us.league.opponents)


def test_a_seed_the_search_played_is_refused(tiny):
    trained = game_seed(5, 1)  # the league's game 0 would be the first generation's game 0
    with pytest.raises(LearningError, match=rf"seed {trained}: 1 of its games were played in training"):
        measure(tiny, games=1, seed=trained)
    with pytest.raises(LearningError, match="measure needs the result of learn"):
        measure("learned", games=1)


@pytest.mark.parametrize(("a_only", "b_only", "p", "verdict"), [
    (12, 1, 0.003, "measure_better"), (1, 12, 0.003, "measure_worse"), (7, 5, 0.77, "measure_unclear"),
    (3, 3, 1.0, "measure_unclear"),
])
def test_the_verdict_follows_the_paired_test(tiny, a_only, b_only, p, verdict):
    check = measure(tiny, games=1, seed=11, opponents=["cautious"])
    pair = PairedComparison("learned", "monopolist", 20, a_only, b_only, a_only, b_only, 0, 20 - a_only - b_only, p)
    judged = dataclasses.replace(check, pair=pair)
    assert judged.better == (verdict == "measure_better")
    for lang in ("en", "ru"):
        start = texts(lang, "strategy")["monopolist"]
        assert judged.format(lang).splitlines()[-1] == texts(lang, "learning")[verdict].format(start=start)


# ---------------------------------------------------------------- words and pictures

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_result_speaks_both_languages(tiny, lang):
    words = texts(lang, "learning")
    text = tiny.format(lang)
    assert text.splitlines()[0].startswith(words["title"].split("{")[0])
    for name in tiny.names:
        assert words[f"setting_{name}"] in text
    assert len(text.splitlines()) == 2 + len(tiny.history) + 1 + len(tiny.names)
    check = measure(tiny, games=1, seed=11, opponents=["cautious"]).format(lang)
    assert words["learned"] in check and texts(lang, "strategy")["monopolist"] in check


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_picture_names_everything_from_the_catalogue(tiny, lang):
    words = texts(lang, "learning")
    ax = tiny.plot(lang=lang)
    assert ax.get_title() == words["plot_title"].format(board=tiny.board.name(lang))
    assert (ax.get_xlabel(), ax.get_ylabel()) == (words["plot_x"], words["plot_y"])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [words[f"setting_{n}"] for n in tiny.names]
    line = ax.get_lines()[0]
    low, high = SEARCH_SPACE["reserve"]
    assert list(line.get_xdata()) == [0, 1, 2]
    assert line.get_ydata()[-1] == pytest.approx((tiny.learned["reserve"] - low) / (high - low))
    plt.close(ax.figure)
    _, given = plt.subplots()
    assert tiny.plot(given, lang) is given
    plt.close(given.figure)


def test_both_languages_name_the_same_things():
    assert texts("en", "learning").keys() == texts("ru", "learning").keys()
    for name in SEARCH_SPACE:
        assert f"setting_{name}" in texts("en", "learning")


# ---------------------------------------------------------------- the exercises of lesson 15

NAMES = ["Anna Petrova", "Boris", "Vera", "Egor", "Маша Иванова"]


def test_one_step_by_hand_averages_the_best_half():
    for name in NAMES:
        variant = EXERCISES["15.cem"].variant(name)
        values = [float(v) for v in variant.numbers["values"]["en"].split(", ")]
        scores = [int(s) for s in variant.numbers["scores"]["en"].split(", ")]
        assert len(set(scores)) == 6
        best = sorted(range(6), key=lambda i: -scores[i])[:3]
        assert variant.answer == pytest.approx(sum(values[i] for i in best) / 3)
        assert variant.hint(sum(values) / 6) in ("exercise.hint_cem_all", "exercise.hint_wrong",
                                                 "exercise.hint_rounding")
        assert "0,05" not in variant.text("en") and ";" in variant.text("ru")


def test_the_bid_on_another_board_is_the_bots_own():
    boards = set()
    for name in NAMES + ["Dima", "Lena", "Oleg"]:
        variant = EXERCISES["15.transfer"].variant(name)
        numbers = variant.numbers
        reserve = float(numbers["reserve"].rstrip("%")) / 100
        factor = float(numbers["factor"]["en"])
        spare = numbers["have"] - int(numbers["cash"] * reserve)
        assert variant.answer == min(int(numbers["price"] * factor), spare) > 0
        assert str(int(variant.answer)) not in variant.text("en")
        boards.add(numbers["board"]["en"])
        price = int(numbers["price"] * factor)
        if variant.answer != price:
            assert variant.hint(price) == "exercise.hint_transfer_price"
    assert len(boards) >= 2


# ---------------------------------------------------------------- the auction that could not end

def test_a_low_bidder_ends_a_building_shortage_game():
    """Three bots bidding at most 0.8 of a price on the Monopoly board (its building auctions): the
    one who ordered a scarce house passed its own auction, the others too, the order came back and
    was placed again, for ever. Each answer is applied by hand so that a loop fails instead of hanging."""
    settings = {**STRATEGIES["cautious"], "bid_factor": 0.8}
    agents = [ThresholdAgent(name=f"low {seat}", **settings) for seat in range(3)]
    game = Game(load_board("monopoly-us"), agents=agents, seed=15, record_events=False)
    assert game.rules.building_auctions
    building_auctions = 0
    for _ in range(100_000):
        if game.state.finished or game.state.round > 200:
            break
        decision = game.pending
        if decision is None:
            game.advance()
            continue
        building_auctions += decision.kind == "bid" and bool(decision.data.get("building"))
        game.apply(agents[decision.player].choose(game, decision))
    else:
        pytest.fail(f"100,000 decisions and round {game.state.round}: the game does not end")
    assert building_auctions > 0, "the seed no longer reaches a building auction: choose another"


def test_a_bot_bids_a_buildings_price_but_a_plots_at_its_own_factor():
    board = load_board("monopoly-us")
    bot = ThresholdAgent(name="low", **{**STRATEGIES["cautious"], "reserve": 0.0, "bid_factor": 0.8})
    game = Game(board, agents=[bot, "cautious"], seed=1, record_events=False)
    cell = board.plots[0]
    price = board.cells[cell].price
    plot = bot.answer(game, BidPending(player=0, cell=cell, seller=BANK, bidders=[0, 1]))
    assert (plot.kind, plot.amount) == ("bid", math.floor(price * 0.8))
    house = game.build_price(cell)
    building = bot.answer(game, BidPending(player=0, cell=cell, seller=BANK, bidders=[0, 1], high=house - 1, building=True))
    assert (building.kind, building.amount) == ("bid", house)

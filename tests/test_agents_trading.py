"""How the built-in bots trade: what they accept, what they offer, what they remember, how they
answer a refusal, and that their games end by the rules."""

from __future__ import annotations

from helpers import end_turn, new_game, roll

from millionaire import Action, Game, Trade, load_board
from millionaire.agents import Agent, _accepts, _price_accepted, make_agent
from millionaire.simulate import play_games

BALTIC, MEDITERRANEAN = 3, 1  # Monopoly's brown industry: two plots at 60


def brown_split(monopoly, strategy: str = "cautious") -> Game:
    """Seat 0 (answered by the test) holds Mediterranean, seat 1 (a bot) Baltic; seat 0 is to roll."""
    game = new_game(monopoly, 2)
    game.agents[1] = make_agent(strategy)
    game.state.owner[MEDITERRANEAN], game.state.owner[BALTIC] = 0, 1
    return game


def test_the_fairness_rule():
    # A gain of 100 against the partner's 120 passes at 0.75 (90 + 5), 80 does not.
    assert _accepts(100, 120, 0.75, 5) and not _accepts(80, 120, 0.75, 5)
    assert _accepts(5, -50, 0.75, 5) and not _accepts(4, -50, 0.75, 5)  # the partner's loss is no gain
    cash = _price_accepted(400, 100, 0.5, 5)
    assert _accepts(100 + cash, 400 - cash, 0.5, 5) and not _accepts(100 + cash - 1, 400 - cash + 1, 0.5, 5)


def test_a_bot_sells_the_plot_that_completes_a_rival_industry_only_at_its_price(monopoly):
    # Baltic completes seat 0's brown industry: worth 60 + 120 (the industry once more) to seat 0 and
    # -60 to the cautious bot, which asks 0.9 of seat 0's gain plus 3 (a twentieth of the plot): 119.
    for cash, answer in ((60, Action.reject()), (118, Action.reject()), (119, Action.accept())):
        game = brown_split(monopoly)
        game.apply(Action.offer(Trade(partner=1, take_cells=(BALTIC,), give_cash=cash)))
        assert game.agents[1].choose(game, game.pending) == answer, cash


def test_a_bot_refuses_to_break_its_own_industry_for_its_price(monopoly):
    game = brown_split(monopoly)
    game.state.owner[MEDITERRANEAN] = 1  # the bot holds the whole brown industry
    game.apply(Action.offer(Trade(partner=1, take_cells=(BALTIC,), give_cash=100)))
    assert game.agents[1].choose(game, game.pending) == Action.reject()


def test_a_refused_offer_is_answered_by_a_counter_offer_at_the_bot_s_price(monopoly):
    game = brown_split(monopoly)
    game.apply(Action.offer(Trade(partner=1, take_cells=(BALTIC,), give_cash=1)))
    game.apply(game.agents[1].choose(game, game.pending))  # refused
    assert game.state.owner[BALTIC] == 1
    roll(game, 1, 3)  # to the Income Tax
    end_turn(game)
    assert game.pending.kind == "roll" and game.pending.player == 1
    counter = game.agents[1].choose(game, game.pending)
    assert counter.kind == "offer"
    trade = counter.trade
    assert (trade.partner, trade.give_cells, trade.take_cells, trade.give_cash) == (0, (BALTIC,), (), 0)
    assert trade.take_cash >= 119  # the bot's own price, above what it would accept
    assert game.is_legal(counter)


class Refuser(Agent):
    """Plays as the cautious bot but refuses every trade."""

    name = "refuser"

    def __init__(self) -> None:
        self.inner = make_agent("cautious")

    def choose(self, game, decision):
        return Action.reject() if decision.kind == "trade_reply" else self.inner.choose(game, decision)


def test_a_refused_offer_is_made_again_only_at_a_better_price_until_the_board_changes():
    board = load_board("monopoly-us")
    repeated = 0
    for seed in range(6):
        game = Game(board, agents=["monopolist", Refuser()], seed=seed)
        game.round_limit = 150
        prices: dict[tuple, list[int]] = {}
        while not game.finished:
            decision = game.pending
            action = game.agents[decision.player].choose(game, decision)
            if action.kind == "offer":
                trade = action.trade
                board_now = (tuple(game.state.owner), tuple(game.state.mortgaged), tuple(game.state.level))
                key = (board_now, trade.partner, trade.take_cells, trade.give_cells)
                prices.setdefault(key, []).append(trade.give_cash - trade.take_cash)
            game.apply(action)
        for key, offered in prices.items():
            assert len(offered) <= 3 and offered == sorted(set(offered)), (seed, key, offered)
            repeated += len(offered) > 1
    assert repeated  # the monopolist did raise a refused offer


def test_offers_between_the_named_bots_are_accepted():
    offers = accepted = 0
    for board_key in ("monopoly-us", "millionaire-classic", "millionaire-elite"):
        for seed in range(3):
            game = Game(load_board(board_key), agents=["cautious", "aggressive", "monopolist", "monopolist"], seed=seed)
            game.run(max_rounds=300)
            offers += sum(action.kind == "offer" for _, action in game.actions)
            accepted += sum(action.kind == "accept" for _, action in game.actions)
    assert offers > 10 and accepted == offers


def test_games_between_trading_bots_end_by_the_rules():
    for board_key in ("monopoly-us", "millionaire-elite"):
        games = play_games(load_board(board_key), None, ["monopolist"] * 4, games=20, seed=3, max_rounds=1000)
        assert sum(g.stopped_by_limit for g in games) <= 1, board_key
        games = play_games(load_board(board_key), None, ["cautious"] * 4, games=20, seed=3, max_rounds=1000)
        assert sum(g.stopped_by_limit for g in games) <= 1, board_key


def test_a_bot_that_does_not_trade_makes_no_offer_but_answers():
    board = load_board("monopoly-us")
    quiet = make_agent("monopolist")
    quiet.trades = False
    game = Game(board, agents=[quiet, "cautious"], seed=2)
    game.run(max_rounds=200)
    seat = game.agents.index(quiet)
    assert not any(action.kind == "offer" for s, action in game.actions if s == seat)

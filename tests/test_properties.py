"""Invariants over many seeded games, checked after every single action.

The engine is driven by hand (``d = game.pending``; ``game.apply(agent.choose(game, d))``) so that
the whole state can be inspected between two actions: the ledger, the buildings, the ownership, the
players, the decks and the rent of mortgaged plots. At random moments the driver also throws a few
illegal actions at the engine and checks that each is refused and leaves the state untouched.

How many games per board: the environment variable ``MILLIONAIRE_FUZZ_GAMES`` (``make fuzz`` sets
2000). The default, 100 games per board (plus an eighth as many with random players only), capped
at 150 rounds, keeps this file under a minute in ``make test`` (a game of six random players runs
to the round limit and costs a second or two). With the variable set, games run to 300 rounds.

Why hypothesis rather than ``parametrize``: each example is a (seed, strategy per seat, rule variant)
triple, and when an invariant breaks hypothesis shrinks it to the fewest players, the plainest
strategies and the preset rules that still fail, and prints that example so it can be replayed with
:func:`play_checked`. ``derandomize=True`` makes the examples the same on every run (stable CI), and
``database=None`` keeps the repository free of a ``.hypothesis`` folder.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from millionaire import Action, CellKind, Game, GameState, IllegalActionError, RuleSet, Trade, load_board
from millionaire.pending import Pending

FUZZING = "MILLIONAIRE_FUZZ_GAMES" in os.environ
GAMES = int(os.environ.get("MILLIONAIRE_FUZZ_GAMES", "100"))
MAX_ROUNDS = 300 if FUZZING else 150
#: No real game needs this many answers; reaching it means the engine is going round in circles.
MAX_ACTIONS = 100_000
#: Chance, per action, that the driver tries a few illegal actions before the real one.
PROBE_RATE = 0.02
#: Chance, per action, that the state goes through a save and back (a save costs milliseconds).
SAVE_RATE = 0.002
BOARDS = ("millionaire-classic", "monopoly-us", "millionaire-junior", "millionaire-elite")
STRATEGIES = ("random", "cautious", "aggressive", "monopolist")
#: The options that differ between the two presets (Monopoly switches them on, Millionaire off).
MONOPOLY_WAYS = {"trade_mortgaged": True, "redeem_any_time": True, "build_between_turns": True,
                 "building_auctions": True, "debt_in_property": True}
#: Rule variants layered on the board's preset. A scarce supply makes the branch shortage (the sale
#: of an enterprise the bank cannot give all branches back for, a building auction) happen often;
#: "switched" turns the options above the other way from the board's preset; the others switch the
#: bankruptcy and rent options.
VARIANTS: dict[str, dict[str, object]] = {
    "preset": {},
    "scarce": {"small_supply": 13, "large_supply": 3},
    "switched": {"return_mortgaged_plot": "refuse"},  # plus MONOPOLY_WAYS, the other way (below)
    "switched_scarce": {"small_supply": 13, "large_supply": 3},  # likewise
    "unlimited": {"small_supply": None, "large_supply": None},
    "to_creditor": {"bankruptcy_to_player": "to_creditor", "bankruptcy_to_bank": "auction"},
    "to_board": {"bankruptcy_to_player": "to_board", "bankruptcy_to_bank": "to_board", "monopoly_scope": "all"},
    "timed": {"timed_rounds": 40},
    "house": {"min_bid": 10, "income_on_landing": False, "jail_max_turns": 1, "doubles_to_jail": 2,
              "monopoly_multiplier": 3, "shuffle_seats": False, "trade_offers_per_turn": 1},
}
_BOARDS = {key: load_board(key) for key in BOARDS}


def variant_rules(board_key: str, variant: str) -> RuleSet:
    """The board's preset with a variant's changes; the "switched" variants flip ``MONOPOLY_WAYS``."""
    preset = RuleSet.for_board(board_key)
    changes = dict(VARIANTS[variant])
    if variant.startswith("switched"):
        changes.update({name: not getattr(preset, name) for name in MONOPOLY_WAYS})
    return preset.replace(**changes)


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=max(1, examples), deadline=None, derandomize=True, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# ---------------------------------------------------------------------------------- invariants
class Checker:
    """Checks one game's state after each action and follows what needs history (rent, shortages)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        board, rules = game.board, game.rules
        self.top = rules.small_per_large + 1
        self.money = len(game.state.players) * rules.start_cash + rules.jackpot_start + rules.charity_start
        self.plots = frozenset(board.plots)
        self.deck_sizes = {key: len(deck.cards) for key, deck in board.decks.items()}
        self.seen_events = 0
        #: The last landing: (seat, cell, no rent is due because the plot is mortgaged by another).
        self.landing: tuple[int, int, bool] | None = None

    def before(self, action: Action) -> dict[str, object]:
        """Note what the invariants need from the state before ``action`` is applied."""
        state = self.game.state
        return {"owner": list(state.owner), "mortgaged": list(state.mortgaged)}

    def after(self, before: dict[str, object], where: str) -> None:
        game, state, board = self.game, self.game.state, self.game.board
        rules = game.rules
        # The ledger: money is only moved, never made or lost.
        assert state.total_money == self.money, f"{where}: the ledger is off by {state.total_money - self.money}"
        assert state.charity_fund >= 0 and state.jackpot_box >= 0, f"{where}: a pot is negative"
        players = state.players
        for seat, player in enumerate(players):
            assert player.cash >= 0, f"{where}: {player.name} has negative cash {player.cash}"
            assert 0 <= player.position < board.size, f"{where}: {player.name} is off the board"
            if player.detained:
                assert player.position == board.jail, f"{where}: {player.name} is detained away from jail"
                assert 0 <= player.jail_turns < rules.jail_max_turns, f"{where}: jail_turns {player.jail_turns}"
            if player.bankrupt:
                assert player.cash == 0, f"{where}: bankrupt {player.name} holds {player.cash}"
                assert not player.cards, f"{where}: bankrupt {player.name} keeps cards {player.cards}"
                assert seat not in state.owner, f"{where}: bankrupt {player.name} still owns cells"
                assert not player.detained, f"{where}: bankrupt {player.name} is still detained"
        market = state.market  # Millionaire Elite: shares, policies, plots waiting on the Auction cell
        if market is not None:
            for seat, player in enumerate(players):
                assert market["shares"][seat] >= 0, f"{where}: {player.name} holds {market['shares'][seat]} shares"
                kinds = [held[0] for held in market["policies"][seat]]
                assert len(set(kinds)) == len(kinds), f"{where}: {player.name} holds two policies of a kind"
                if player.bankrupt:
                    assert not market["shares"][seat] and not kinds, f"{where}: bankrupt {player.name} keeps shares or policies"
            if board.shares is not None:
                assert board.shares.on_ladder(market["price"]), f"{where}: share price {market['price']} off the ladder"
            for cell in market["waiting"]:
                assert state.owner[cell] < 0, f"{where}: waiting plot {cell} has an owner"
        owner, level, mortgaged = state.owner, state.level, state.mortgaged
        for cell in range(board.size):
            if owner[cell] >= 0:
                assert board.cells[cell].ownable, f"{where}: cell {cell} is not ownable but has an owner"
            if mortgaged[cell]:
                assert owner[cell] >= 0, f"{where}: cell {cell} is mortgaged but has no owner"
            if level[cell]:
                assert cell in self.plots, f"{where}: building on cell {cell}, which is not a plot"
                assert 0 < level[cell] <= self.top, f"{where}: cell {cell} at level {level[cell]}"
        # Buildings: only on a complete, unmortgaged industry, and evenly (also after a shortage). Where
        # only a built plot is locked (RuleSet.locked_by_building), its unbuilt neighbours may since have
        # been mortgaged or traded away: then the built plots are one player's and none is mortgaged.
        whole_industry = game.rules.locked_by_building == "industry"
        for industry in board.industries:
            levels = [level[c] for c in industry.cells]
            if not any(levels):
                continue
            locked = industry.cells if whole_industry else [c for c in industry.cells if level[c]]
            owners = {owner[c] for c in locked}
            assert len(owners) == 1 and min(owners) >= 0, \
                f"{where}: buildings on {industry.key} which is not owned by one player ({owners})"
            assert not any(mortgaged[c] for c in locked), f"{where}: buildings on {industry.key} beside a mortgage"
            assert max(levels) - min(levels) <= 1, f"{where}: uneven buildings on {industry.key}: {levels}"
        small_left, large_left = game.supply()
        assert small_left is None or small_left >= 0, f"{where}: {-small_left} small buildings too many"
        assert large_left is None or large_left >= 0, f"{where}: {-large_left} large buildings too many"
        # Every card is in its deck, in a hand or in play (a card being used), exactly once.
        found: dict[str, list[int]] = {key: list(order) for key, order in state.decks.items()}
        for player in players:
            for deck, number in player.cards:
                found[deck].append(number)
        pending = state.pending
        if pending is not None:
            assert not players[pending["player"]].bankrupt, f"{where}: a bankrupt player is asked {pending}"
        if pending is not None and pending.get("kind") == "choose" and pending.get("card"):
            found[pending["card"][0]].append(pending["card"][1])
        for key, size in self.deck_sizes.items():
            assert sorted(found.get(key, [])) == list(range(size)), f"{where}: deck {key!r} lost or doubled a card"
        self.rent_of_mortgaged(before, where)

    def rent_of_mortgaged(self, before: dict[str, object], where: str) -> None:
        """A landing on a plot mortgaged by another player is followed by no rent payment.

        The state is seen only between actions, so a landing counts as "on a mortgaged plot" when
        the plot was mortgaged, by the same other owner, both before and after the action that
        made the move (nothing in one action can redeem and re-mortgage a plot). The watch ends at
        the next landing, not at the next roll: a card that sends a token to a utility rolls the
        dice after the move and before the rent. A rent owed beyond the payer's cash is paid after
        his "raise" answers, still before the next landing.
        """
        state, events = self.game.state, self.game.events
        owner_before, mortgaged_before = before["owner"], before["mortgaged"]
        for event in events[self.seen_events:]:
            if event.kind == "move":
                cell, seat = event.cell, event.player
                free = (mortgaged_before[cell] and state.mortgaged[cell]  # type: ignore[index]
                        and owner_before[cell] == state.owner[cell] and state.owner[cell] not in (-1, seat))  # type: ignore[index]
                self.landing = (seat, cell, free)
            elif event.kind == "pay" and event.detail in ("rent", "ticket"):  # a Junior half's rent is its ticket
                assert self.landing is not None, f"{where}: rent paid without a landing: {event}"
                seat, cell, free = self.landing
                assert event.player == seat, f"{where}: {event} but the last landing was by seat {seat}"
                assert not free, f"{where}: rent {event} for landing on mortgaged cell {cell}"
                assert event.other >= 0, f"{where}: rent paid to a pot: {event}"
        self.seen_events = len(events)


# ---------------------------------------------------------------------------------- illegal actions
def illegal_actions(game: Game, rng: random.Random) -> Iterator[Action | object]:
    """Actions the pending decision cannot accept, by the rules (not by asking the engine)."""
    state, board = game.state, game.board
    data = state.pending
    seat, kind = data["player"], data["kind"]
    player = state.players[seat]
    answers = {
        "roll": {"roll", "pay_fine", "use_card"}, "manage": {"roll", "end_turn"}, "buy": {"buy", "decline"},
        "bid": {"bid", "pass"}, "jackpot": {"bet", "skip"}, "choose": {"choose"}, "raise": set(),
        "trade_reply": {"accept", "reject"}, "exchange": {"buy_shares", "sell_shares", "skip"},
        "insurance": {"buy_policy", "skip"}, "lot": {"choose", "skip"}, "claim": {"claim", "skip"},
        "present": {"accept", "decline"},
    }[kind]
    window = kind in ("roll", "manage")
    foreign = [Action.roll(), Action.end_turn(), Action.buy(), Action.decline(), Action.pass_(), Action.skip(),
               Action.accept(), Action.reject(), Action.pay_fine(), Action.bid(1), Action.bet(1), Action.choose(0)]
    yield rng.choice([a for a in foreign if a.kind not in answers])
    yield Action("fly")  # no such kind
    yield "roll"  # not an Action at all
    if kind == "manage":
        yield Action.end_turn() if data["again"] else Action.roll()
        if not game.rules.redeem_any_time:
            yield Action.redeem(rng.choice(board.ownable))  # redeem only before rolling
    if kind == "roll" and not player.detained:
        yield Action.pay_fine()
    if kind == "bid":
        low = max(data["high"] + 1, game.rules.min_bid)
        yield Action.bid(low - 1 - rng.randrange(3))
        yield Action.bid(player.cash + 1 + rng.randrange(100))
    if kind == "jackpot":
        yield Action.bet(0)
        yield Action.bet(player.cash + 1)
    if kind == "choose":
        outside = [c for c in range(board.size) if c not in data["options"]]
        if outside:
            yield Action.choose(rng.choice(outside))
        yield Action.choose(board.size)
    if kind == "buy" and player.cash < board.cells[data["cell"]].price:
        yield Action.buy()
    if kind == "exchange":  # Millionaire Elite: beyond the cash, beyond the shares held, none at all
        market = state.market
        yield Action.buy_shares(player.cash // market["price"] + 1 + rng.randrange(5))
        yield Action.sell_shares(market["shares"][seat] + 1 + rng.randrange(5))
        yield Action.buy_shares(0)
    if kind == "insurance":
        yield Action.buy_policy(rng.choice([0, len(board.policies) + 1]))
        held = {h[0] for h in state.market["policies"][seat]}
        for number, policy in enumerate(board.policies, start=1):
            if policy.kind in held or policy.premium > player.cash:
                yield Action.buy_policy(number)
    if kind == "lot":
        outside = [c for c in range(board.size) if c not in data["options"]]
        yield Action.choose(rng.choice(outside))
    # Management actions: outside a window, or on a cell that is not yours.
    others = [c for c in board.plots if state.owner[c] != seat]
    if others:
        yield Action.build(rng.choice(others))
        yield Action.mortgage(rng.choice(others))
    yield Action.build(rng.choice([c.index for c in board.cells if c.kind is not CellKind.PLOT]))
    yield Action.sell(board.size + rng.randrange(5))
    if not window and kind != "raise":
        mine = [c for c in board.ownable if state.owner[c] == seat]
        if mine:
            yield Action.mortgage(rng.choice(mine))
    if kind == "raise":
        yield Action.build(rng.choice(board.ownable))
    yield Action.use_card((next(iter(board.decks)), 999), rng.choice(board.ownable))
    yield Action.offer(Trade(partner=seat, give_cash=1))  # with yourself
    if window:
        partner = (seat + 1) % len(state.players)
        yield Action.offer(Trade(partner=partner, give_cash=player.cash + 1))


def _plain(value: object) -> object:
    if isinstance(value, RuleSet):
        return value.to_dict()
    if isinstance(value, Pending):
        return value.to_dict()
    return {f.name: getattr(value, f.name) for f in fields(value)}  # PlayerState


def fingerprint(game: Game) -> str:
    """Everything ``state.to_dict()`` holds, as JSON text, without its deep copies.

    ``to_dict`` deep-copies the dice buffer (thousands of ints) and costs milliseconds; the fuzz loop
    compares states thousands of times, so it serialises the live state directly instead. The plain
    illegal-action tests below compare ``state.to_dict()`` itself.
    """
    state = game.state
    return json.dumps({f.name: getattr(state, f.name) for f in fields(state) if f.compare}, default=_plain)


def legal_list_agrees(game: Game, where: str) -> None:
    """``legal_actions()`` and ``is_legal`` agree: on what is listed, and on every cell for the
    management actions (build, sell, mortgage, redeem), listed exactly when accepted."""
    legal = game.legal_actions()
    assert legal, f"{where}: a decision with no legal action"
    for action in legal:
        assert game.is_legal(action), f"{where}: {action!r} is listed but refused"
    listed = set(legal)
    for kind in ("build", "sell", "mortgage", "redeem"):
        for cell in range(game.board.size):
            action = Action(kind, cell=cell)
            assert game.is_legal(action) == (action in listed), f"{where}: {action!r} listed={action in listed}"


def probe_illegal(game: Game, rng: random.Random, where: str, exact: bool = False) -> None:
    """Try a few illegal actions; each must raise and leave the game exactly as it was.

    ``exact`` compares ``state.to_dict()`` (slow), otherwise :func:`fingerprint` (the same content).
    """
    legal_list_agrees(game, where)
    candidates = list(illegal_actions(game, rng))
    snapshot = (lambda: game.state.to_dict()) if exact else (lambda: fingerprint(game))
    saved = snapshot()
    counts = (len(game.events), len(game.actions))
    for action in rng.sample(candidates, min(3, len(candidates))):
        with pytest.raises(IllegalActionError):
            game.apply(action)  # type: ignore[arg-type]
        assert not game.is_legal(action)  # type: ignore[arg-type]
        assert snapshot() == saved, f"{where}: the refused {action!r} changed the state"
        assert (len(game.events), len(game.actions)) == counts, f"{where}: the refused {action!r} left a trace"


# ---------------------------------------------------------------------------------- the driver
def debt_offer(game: Game, rng: random.Random) -> Action | None:
    """Now and then, a debtor raising money for another player offers him a property for cash
    (``RuleSet.debt_in_property``; no built-in strategy does it). ``None``: the agent answers."""
    data = game.state.pending
    if data["kind"] != "raise" or data["payee"] < 0 or not game.rules.debt_in_property or rng.random() < 0.5:
        return None
    seat, creditor = data["player"], data["payee"]
    cells = [c for c in game.board.ownable if game.tradeable(c, seat, mortgaged_ok=game.rules.trade_mortgaged)]
    if not cells:
        return None
    cash = min(game.state.players[creditor].cash, rng.randrange(1, 2 * data["amount"] + 1))
    action = Action.offer(Trade(partner=creditor, give_cells=(rng.choice(cells),), take_cash=cash))
    return action if game.is_legal(action) else None


def play_checked(board_key: str, seed: int, strategies: list[str], variant: str = "preset",
                 probe: bool = True, max_rounds: int = MAX_ROUNDS) -> Game:
    """Play one game by hand, checking every invariant after every action.

    Replays a failing example printed by hypothesis: ``play_checked("monopoly-us", 17, ["random", "cautious"])``.
    """
    board = _BOARDS[board_key]
    rules = variant_rules(board_key, variant)
    strategies = strategies[:rules.max_players]  # Junior's box has 4 tokens
    game = Game(board, rules, agents=strategies, seed=seed)
    game.round_limit = max_rounds
    checker = Checker(game)
    rng = random.Random(seed)
    label = f"{board_key} seed={seed} {strategies} {variant}"
    checker.after(checker.before(Action("none")), f"{label} at the start")
    steps = 0
    while not game.finished:
        decision = game.pending
        assert decision is not None, f"{label}: no decision pending but the game is not over"
        where = f"{label} after action {steps} ({decision.kind} for seat {decision.player})"
        if probe and rng.random() < PROBE_RATE:
            probe_illegal(game, rng, where)
        if rng.random() < SAVE_RATE:
            assert GameState.from_json(game.state.to_json(), board) == game.state, f"{where}: the save does not round-trip"
        action = debt_offer(game, rng) or game.agents[decision.player].choose(game, decision)
        before = checker.before(action)
        game.apply(action)
        steps += 1
        checker.after(before, f"{where}: {action!r}")
        assert steps < MAX_ACTIONS, f"{label}: {steps} actions and the game goes on"
    state = game.state
    result = game.result()
    assert state.pending is None and state.reason and result.reason == state.reason
    assert result.reason in ("last player standing", "round limit: the richest", "timed game: the richest",
                             "first bankruptcy: the richest")
    assert state.round <= max_rounds + 1, f"{label}: round {state.round} past the limit {max_rounds}"
    if result.reason == "first bankruptcy: the richest":  # Junior (RuleSet.end_at_first_bankruptcy)
        assert rules.end_at_first_bankruptcy and len(state.active_seats()) == len(state.players) - 1
    if result.reason == "last player standing":
        assert len(state.active_seats()) == 1 and result.winner == state.active_seats()[0]
    else:
        assert 0 <= result.winner < len(state.players) and not state.players[result.winner].bankrupt
        assert result.net_worth[result.winner] == max(result.net_worth)
    with pytest.raises(IllegalActionError):
        game.apply(Action.roll())  # the game is over
    return game


games = st.tuples(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.lists(st.sampled_from(STRATEGIES), min_size=2, max_size=6),
    st.sampled_from(list(VARIANTS)),
)


@pytest.mark.parametrize("board_key", BOARDS)
def test_invariants_hold_after_every_action(board_key: str) -> None:
    @fuzz_settings(GAMES)
    @given(games)
    def check(example: tuple[int, list[str], str]) -> None:
        seed, strategies, variant = example
        play_checked(board_key, seed, strategies, variant)

    check()


@pytest.mark.parametrize("board_key", BOARDS)
def test_random_players_only(board_key: str) -> None:
    """Pure random play reaches the odd corners (auctions of every kind, the jackpot, cards)."""

    @fuzz_settings(max(4, GAMES // 8))
    @given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=2, max_value=6))
    def check(seed: int, players: int) -> None:
        play_checked(board_key, seed, ["random"] * players)

    check()


# ---------------------------------------------------------------------------------- plain cases
@pytest.mark.parametrize("board_key", BOARDS)
def test_every_decision_kind_refuses_illegal_answers(board_key: str) -> None:
    """Seeded games, probing every decision until each kind met has been probed several times."""
    met: dict[str, int] = {}
    rng = random.Random(4)
    for seed in range(6):
        game = Game(_BOARDS[board_key], agents=["random", "aggressive", "random", "monopolist"], seed=seed)
        game.round_limit = 200
        while not game.finished:
            decision = game.pending
            if met.get(decision.kind, 0) < 20:
                met[decision.kind] = met.get(decision.kind, 0) + 1
                probe_illegal(game, rng, f"{board_key} seed {seed} {decision!r}", exact=True)
            game.apply(game.agents[decision.player].choose(game, decision))
    # Junior has no auctions: its half not bought stays free (RuleSet.auction_unbought).
    assert {"roll", "manage", "buy"} | ({"bid"} if RuleSet.for_board(board_key).auction_unbought else set()) <= set(met), met


def test_illegal_bid_below_the_minimum_is_refused() -> None:
    game = Game(_BOARDS["millionaire-classic"], agents=[None, None], seed=5)
    while game.pending.kind != "buy":
        game.apply(Action.roll() if game.pending.kind == "roll" else game.legal_actions()[0])
    game.apply(Action.decline())
    assert game.pending.kind == "bid"
    first = game.pending.player
    game.apply(Action.bid(40))
    assert game.pending.kind == "bid" and game.pending.player != first
    saved = game.state.to_dict()
    for amount in (40, 39, 0, -1):
        with pytest.raises(IllegalActionError, match="at least 41"):
            game.apply(Action.bid(amount))
    assert game.state.to_dict() == saved
    game.apply(Action.bid(41))


def test_the_rent_check_is_not_vacuous(monkeypatch: pytest.MonkeyPatch) -> None:
    """A checked game has rents paid and landings on mortgaged plots of others (which pay none)."""
    landings_on_mortgages = 0
    original = Checker.rent_of_mortgaged

    def counting(self: Checker, before: dict[str, object], where: str) -> None:
        nonlocal landings_on_mortgages
        previous = self.landing
        original(self, before, where)
        if self.landing is not previous and self.landing and self.landing[2]:
            landings_on_mortgages += 1

    monkeypatch.setattr(Checker, "rent_of_mortgaged", counting)
    game = play_checked("millionaire-classic", 1, ["random", "aggressive", "random"], probe=False)
    rents = [e for e in game.events if e.kind == "pay" and e.detail == "rent"]
    assert rents and all(e.other >= 0 for e in rents)
    assert landings_on_mortgages > 0


# ---------------------------------------------------------------------------------- malformed answers
def _release_card_for_seat_zero(game: Game) -> tuple[str, int]:
    """Move a release card from its deck into seat 0's hand (a position set up by hand)."""
    for key, deck in game.board.decks.items():
        for card in deck.cards:
            if card.effect == "jail_free":
                game.state.decks[key].remove(card.index)
                game.state.players[0].cards.append([key, card.index])
                return key, card.index
    raise AssertionError("no release card on this board")


def _refused_unchanged(game: Game, action: object) -> None:
    saved = game.state.to_dict()
    counts = (len(game.events), len(game.actions))
    with pytest.raises(IllegalActionError):
        game.apply(action)  # type: ignore[arg-type]
    assert game.state.to_dict() == saved
    assert (len(game.events), len(game.actions)) == counts


@pytest.mark.parametrize("board_key", [key for key in BOARDS if key != "millionaire-junior"])  # no release card
def test_a_trade_listing_the_same_card_twice_is_refused(board_key: str) -> None:
    """Giving one release card twice must be refused when offered (it passes today, and accepting
    it then fails half-way: cash moved, one card moved, ValueError, no decision pending)."""
    game = Game(_BOARDS[board_key], RuleSet.for_board(board_key).replace(shuffle_seats=False),
                agents=[None, None], seed=1)
    card = _release_card_for_seat_zero(game)
    assert game.pending.kind == "roll" and game.pending.player == 0
    _refused_unchanged(game, Action.offer(Trade(partner=1, give_cards=(card, card), take_cash=10)))


MALFORMED = {
    "build on a cell given as text": Action("build", cell="3"),  # type: ignore[arg-type]
    "choose a cell given as text": Action("choose", cell="5"),  # type: ignore[arg-type]
    "mortgage a cell given as None": Action("mortgage", cell=None),  # type: ignore[arg-type]
    "use a card given as a number": Action("use_card", cell=3, card=5),  # type: ignore[arg-type]
    "trade a card given as a number": Action.offer(Trade(partner=1, give_cards=(5,))),  # type: ignore[arg-type]
    "bid an amount given as text": Action("bid", amount="50"),  # type: ignore[arg-type]
    "offer cash given as text": Action.offer(Trade(partner=1, give_cash="100")),  # type: ignore[arg-type]
    "offer to a partner given as text": Action.offer(Trade(partner="1", give_cash=10)),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("case", MALFORMED)
def test_malformed_actions_are_refused_as_illegal(case: str) -> None:
    """A widget or a script may pass text where a number belongs: the answer is an
    IllegalActionError (a ValueError) with the state unchanged, not a TypeError."""
    game = Game(_BOARDS["millionaire-classic"], agents=[None, None], seed=1)
    _refused_unchanged(game, MALFORMED[case])

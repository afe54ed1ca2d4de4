"""Helpers for scenario tests: games with human seats, rigged dice and stacked decks."""

from __future__ import annotations

from millionaire import Action, Game, RuleSet


def new_game(board, players: int = 2, source=None, **changes) -> Game:
    """A game whose seats are answered by the test (no bots), in agent order, no seating lot, with the
    rules ``changes`` (``dice=1``); ``source`` the dice's (``ScriptedDice([(3, 4)])``), seeded by default."""
    rules = RuleSet.for_board(board.key).replace(shuffle_seats=False, **changes)
    return Game(board, rules, agents=[None] * players, seed=0, dice=source)


def random_play(board, seeds: int, moves: int):
    """Each decision of seeded three-seat games whose seats answer as the random bot, ``moves`` at most a
    game: yields the game before each answer (the test reads it), then plays the answer."""
    for seed in range(seeds):
        game = Game(board, agents=[None] * 3, seed=seed)
        bots = Game(board, agents=["random"] * 3, seed=seed).agents
        for _ in range(moves):
            if game.finished:
                break
            yield game
            game.apply(bots[game.pending.player].choose(game, game.pending))


def rig(game: Game, *dice: int) -> None:
    """The next dice the game will read, in order."""
    game.state.dice["buffer"] = list(reversed(dice))


def roll(game: Game, *dice: int):
    """Rig the dice and answer the pending 'roll' (or 'manage' after a double) with a roll."""
    rig(game, *dice)
    return game.apply(Action.roll())


def stack(game: Game, deck: str, effect: str, **fields) -> tuple[str, int]:
    """Put the first card of ``deck`` with this effect (and fields) on top; return (deck, number)."""
    for card in game.board.decks[deck].cards:
        if card.effect == effect and all(getattr(card, k) == v for k, v in fields.items()):
            order = game.state.decks[deck]
            order.remove(card.index)
            order.insert(0, card.index)
            return deck, card.index
    raise AssertionError(f"no {effect} card {fields} in deck {deck}")


def give(game: Game, seat: int, *cells: int, level: int = 0) -> None:
    """Hand cells to a seat (for setting up positions)."""
    for cell in cells:
        game.state.owner[cell] = seat
        game.state.level[cell] = level


def end_turn(game: Game):
    """Finish the current turn from a 'manage' decision."""
    assert game.pending.kind == "manage", game.pending
    return game.apply(Action.end_turn())


def settle(game: Game):
    """Answer every question of the turn passively (decline, pass, skip, first option) up to 'manage'."""
    passive = {"buy": Action.decline(), "bid": Action.pass_(), "jackpot": Action.skip(),
               "trade_reply": Action.reject()}
    while game.pending is not None and game.pending.kind != "manage":
        kind = game.pending.kind
        game.apply(passive[kind] if kind in passive else game.legal_actions()[0])
    return game.pending


def pass_turn(game: Game, *dice: int):
    """Play the current player's turn with these dice, passively, and end it."""
    roll(game, *dice)
    settle(game)
    return end_turn(game)


def played(game: Game, actions: int) -> Game:
    """``game`` after ``actions`` answers of its own agents (fewer if it ends first)."""
    for _ in range(actions):
        if game.finished:
            break
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
    return game

"""What a tournament records of a game at its round boundaries (compiled, as the engine is): each seat's
cash and whether it is out, and each position of the properties once, from which
:func:`millionaire.simulate.observe_game` works out net worth and ownership for the whole game at once.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1, record_events=False)
>>> recorder = RoundRecorder(every=5)
>>> recorder(game)
>>> _ = game.run(max_rounds=12, each_round=recorder)
>>> recorder(game)
>>> recorder.rounds, len(recorder.cash) == 2 * len(recorder.rounds)
([0, 5, 10, 12], True)
"""

from __future__ import annotations

from .engine import Game
from .state import GameState


def rounds_played(state: GameState) -> int:
    """Rounds completed in a game state: at a round boundary the round just over, mid-round the
    rounds before it, and when a player is left alone the round in which the game ended
    (the same count as :attr:`millionaire.engine.GameResult.rounds`).

    >>> from millionaire import load_board
    >>> rounds_played(Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1).state)
    0
    """
    if state.finished and not state.reason.startswith(("round limit", "timed")):
        return state.round
    return state.round - 1


class RoundRecorder:
    """Called with the game at each round boundary it should see (``Game.run``'s ``each_round``), at
    the start and at the end: it keeps every ``every``-th boundary and the end.

    Kept, one entry an observation: ``rounds`` (rounds completed), ``seen`` (which position of the
    properties it saw); flat, a value a seat and observation: ``cash``, ``out`` (bankrupt);
    ``shares`` (the shares' worth, on a board with a market); a position of the properties each time
    one changes: ``owners``, ``mortgages``, ``levels`` (flat, a value a cell). ``first_bankruptcy``:
    the rounds completed when the first player went bankrupt (-1: nobody did). The positions are
    kept as bytes, a byte a cell (an owner as his seat + 1, 0 for none), which numpy reads as they
    are (``numpy.frombuffer``), without converting a Python number at a time.
    """

    def __init__(self, every: int = 1) -> None:
        self.every = every
        self.rounds: list[int] = []
        self.seen: list[int] = []
        self.cash: list[int] = []
        self.out: list[bool] = []
        self.shares: list[int] = []
        self.owners = bytearray()  # seats + 1 (RuleSet.max_players is at most 100)
        self.mortgages = bytearray()
        self.levels = bytearray()  # RuleSet.small_per_large is at most 100
        self.positions = 0
        self.first_bankruptcy = -1
        self._owner: list[int] = []
        self._mortgaged: list[bool] = []
        self._level: list[int] = []

    def __call__(self, game: Game) -> None:
        state = game.state
        done = rounds_played(state) if state.finished else state.round - 1  # the rounds before the one begun
        players = state.players
        if self.first_bankruptcy < 0:
            for player in players:
                if player.bankrupt:
                    self.first_bankruptcy = done
                    break
        if done % self.every and not state.finished:
            return
        self.rounds.append(done)
        if not self.positions or state.owner != self._owner or state.mortgaged != self._mortgaged \
                or state.level != self._level:
            self._owner, self._mortgaged, self._level = list(state.owner), list(state.mortgaged), list(state.level)
            self.owners.extend(bytes([holder + 1 for holder in self._owner]))
            self.mortgages.extend(bytes(self._mortgaged))
            self.levels.extend(bytes(self._level))
            self.positions += 1
        self.seen.append(self.positions - 1)
        for player in players:
            self.cash.append(player.cash)
            self.out.append(player.bankrupt)
        market = state.market
        if market is not None:
            price: int = market["price"]
            for count in market["shares"]:
                self.shares.append(count * price)

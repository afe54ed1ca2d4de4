"""Many seeded games at once: play them (on several cores or a cluster), then summarise who wins and how long it takes.

Game ``g`` of a run with seed ``S`` is seeded by :func:`game_seed` ``(S, g)`` alone, so the results do
not depend on how many processes play them or in which order they finish. The seed of every game is
kept in its :class:`GameSummary`; ``millionaire play --seed`` with it (and the same strategies in the
same order) replays that game event by event.

:func:`play_games` keeps one :class:`GameSummary` per game. :func:`tournament` also watches every game
round by round (:func:`play_by_round`, :func:`observe_game`) and returns a :class:`TournamentResult`
with win rates, game lengths, first bankruptcies, net-worth trajectories and inequality per round, as
plain tables; :func:`experiment` reruns a tournament over a grid of :class:`~millionaire.rules.RuleSet`
changes (the policy experiments of the lessons). All three run on a local process pool or on any
:class:`concurrent.futures.Executor`, a Dask cluster's included.

One topic a module, every public name importable from here (``from millionaire.simulate import tournament``
is the function; its module is ``importlib.import_module("millionaire.simulate.tournament")``):

==============  ======================================================================================
``checks``      the argument checks every module shares, :class:`SimulationError`, :func:`check_lineup`
``games``       seeds, one game, many games kept as summaries (:func:`play_games`)
``summary``     win rates with Wilson intervals, game lengths (:func:`summarise`)
``report``      the summary as text (:func:`format_summary`)
``observe``     a game round by round (:func:`play_by_round`, :func:`observe_game`)
``schedule``    games in chunks on a process pool or an executor, with a progress bar
``cluster``     the connection to a running Dask scheduler (:func:`scheduler_client`)
``tournament``  :func:`tournament` and its :class:`TournamentResult`
``experiment``  a tournament under each rule change of a grid (:func:`experiment`)
==============  ======================================================================================

Examples
--------
>>> from millionaire import load_board
>>> board = load_board("millionaire-classic")
>>> games = play_games(board, None, ["cautious", "aggressive"], games=4, seed=1, max_rounds=40)
>>> len(games), sorted(games[0].seat_strategies)
(4, ['aggressive', 'cautious'])
>>> summary = summarise(games)
>>> summary["games"], sum(s["wins"] for s in summary["strategies"].values()) <= 4
(4, True)
"""

from .checks import BOT_STRATEGIES, SimulationError, check_lineup
from .cluster import scheduler_client
from .experiment import experiment
from .games import DEFAULT_MAX_ROUNDS, GameSummary, game_seed, play_games, play_one
from .observe import ObservedGame, observe_game, play_by_round, rounds_played
from .report import format_summary
from .summary import Z95, summarise, wilson_interval
from .tournament import TournamentResult, tournament

__all__ = [
    "BOT_STRATEGIES", "DEFAULT_MAX_ROUNDS", "GameSummary", "ObservedGame", "SimulationError", "TournamentResult",
    "Z95", "check_lineup", "experiment", "format_summary", "game_seed", "observe_game", "play_by_round",
    "play_games", "play_one", "rounds_played", "scheduler_client", "summarise", "tournament", "wilson_interval",
]

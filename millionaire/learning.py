"""A bot that learns: the cross-entropy method over the settings of the rule-of-thumb strategy.

The built-in strategies are one :class:`~millionaire.agents.ThresholdAgent` with different numbers
(:data:`~millionaire.agents.STRATEGIES`). :func:`learn` searches those numbers for better ones:

1. keep, for every setting searched, a *mean* and a *spread* (it starts at a named strategy's value,
   with a quarter of its bounds as the spread);
2. each generation, draw ``candidates`` sets of settings from normal distributions with that mean and
   spread, clipped to the bounds of :data:`SEARCH_SPACE`;
3. play every candidate heads-up against each opponent of a built-in lineup, each game seed once from
   each seat; every candidate of a generation meets the *same* seeds (common dice, as in a league),
   and each generation new ones, so no candidate is chosen for the luck of one set of dice;
4. keep the best share of the candidates, the *elite* (:func:`elite_update`), and move the mean and
   the spread to the elite's own (the spread never below its floor, so the search keeps looking);
5. repeat; the learned settings are the last mean.

The flags (``pay_fine``, ``trades``) and an Elite board's habits stay those of the strategy it starts
from. The games of a generation run on the kit's process pool (``jobs``, as a tournament's), with a
progress bar by generation (``progress``); the same ``seed`` gives the same result on any ``jobs``.

A small search can be lucky: :func:`measure` plays the learned bot and the bot it started from in a
:func:`~millionaire.league.league` on seeds never used in training, and tests the difference on
those same games (:meth:`~millionaire.league.LeagueResult.compare`).

Examples
--------
>>> result = learn("millionaire-classic", generations=2, candidates=4, games=1, seed=3,
...                opponents=["cautious"], max_rounds=20, jobs=1)
>>> len(result.history), sorted(result.learned)
(2, ['bid_factor', 'fairness', 'jackpot_share', 'reserve'])
>>> result.bot().name
'learned'
>>> learn("millionaire-classic", settings=["reserv"])
Traceback (most recent call last):
...
millionaire.learning.LearningError: settings: unknown setting 'reserv' (known: reserve, bid_factor, jackpot_share, fairness, invest)
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .agents import ELITE_HABITS, STRATEGIES, ThresholdAgent, make_agent
from .board import Board, load_board
from .engine import Game
from .errors import MillionaireError
from .rules import RuleSet
from .league import _p_value, _percent, league
from .simulate import game_seed
from .simulate.schedule import _run_chunks
from .words import strategy_label, texts

#: The settings :func:`learn` may search, with their bounds (low, high), as :class:`ThresholdAgent` takes them:
#:
#: - ``reserve``: the share of the start cash kept in hand (0: spend everything, 0.6: keep most);
#: - ``bid_factor``: the most it bids in an auction, as a share of the price (0.5: half, 2: double);
#: - ``jackpot_share``: the share of spare cash bet on the slot machine (0: only bets worth it);
#: - ``fairness``: the share of the partner's gain a trade must bring it too (0.3: easy, 1.2: greedy);
#: - ``invest``: the share of spare cash put into cheap shares (a Millionaire Elite board only).
SEARCH_SPACE: dict[str, tuple[float, float]] = {
    "reserve": (0.0, 0.6),
    "bid_factor": (0.5, 2.0),
    "jackpot_share": (0.0, 0.2),
    "fairness": (0.3, 1.2),
    "invest": (0.0, 1.0),
}
#: The settings searched unless told otherwise (``invest`` counts only on an Elite board).
DEFAULT_SETTINGS = ("reserve", "bid_factor", "jackpot_share", "fairness")
#: The opponents a candidate meets unless told otherwise: the three built-ins that play to win.
DEFAULT_OPPONENTS = ("cautious", "aggressive", "monopolist")
#: The round limit of a training game (the richest player wins then), as in a league.
DEFAULT_MAX_ROUNDS = 150
#: The name of the learned bot (:meth:`LearningResult.bot`).
LEARNED = "learned"


class LearningError(MillionaireError):
    """Settings a search cannot run with; the message says which argument and what was wrong."""


@dataclass(frozen=True)
class Generation:
    """One generation of a search.

    Attributes
    ----------
    number : 1 for the first generation.
    mean, spread : the distribution the candidates were drawn from (setting -> value).
    candidates : one row per candidate, one column per setting searched (in ``LearningResult.names``).
    scores : each candidate's share of games won.
    elite : the indices of the elite candidates, best first.
    next_mean, next_spread : the distribution after the update (the next generation's).
    seeds : the game seeds every candidate of this generation played.
    """

    number: int
    mean: dict[str, float]
    spread: dict[str, float]
    candidates: np.ndarray
    scores: np.ndarray
    elite: tuple[int, ...]
    next_mean: dict[str, float]
    next_spread: dict[str, float]
    seeds: tuple[int, ...]

    @property
    def best_score(self) -> float:
        """The best candidate's share of games won."""
        return float(self.scores.max())

    @property
    def elite_score(self) -> float:
        """The elite's mean share of games won."""
        return float(self.scores[list(self.elite)].mean())


def elite_update(candidates: np.ndarray, scores: Sequence[float], elite: int,
                 floor: Sequence[float] | float = 0.0) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The cross-entropy step: the mean and spread of the ``elite`` best candidates, and who they are.

    ``candidates`` has one row per candidate; ``scores`` one number each (higher is better; a tie goes
    to the candidate drawn first). The spread is the elite's standard deviation, never below ``floor``.

    >>> mean, spread, best = elite_update(np.array([[0.1], [0.3], [0.2], [0.6]]), [2, 5, 1, 4], elite=2)
    >>> best, [round(float(x), 3) for x in mean], [round(float(x), 3) for x in spread]
    ([1, 3], [0.45], [0.15])
    """
    values = np.asarray(candidates, dtype=float)
    order = sorted(range(len(values)), key=lambda i: (-float(scores[i]), i))[:elite]
    chosen = values[order]
    return chosen.mean(axis=0), np.maximum(chosen.std(axis=0), np.asarray(floor, dtype=float)), order


def _board(board: Board | str, where: str = "board") -> Board:
    if isinstance(board, Board):
        return board
    if not isinstance(board, str):
        raise LearningError(f"{where} must be a Board or a board's key such as 'millionaire-classic', got {board!r}")
    try:
        return load_board(board)
    except MillionaireError as error:
        raise LearningError(f"{where}: {error}") from None


def _whole(name: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise LearningError(f"{name} must be a whole number >= {least}, got {value!r}")
    return value


def _opponents(opponents: Sequence[str]) -> tuple[str, ...]:
    if isinstance(opponents, str) or not opponents:
        raise LearningError(f"opponents must be a list of built-in strategy names, got {opponents!r}")
    known = (*STRATEGIES, "random")
    for name in opponents:
        if name not in known:
            raise LearningError(f"opponents: unknown strategy {name!r} (known: {', '.join(known)})")
    return tuple(opponents)


def _space(settings: Sequence[str], bounds: Mapping[str, tuple[float, float]] | None) -> dict[str, tuple[float, float]]:
    """The settings searched with their bounds: :data:`SEARCH_SPACE`'s, or those given in ``bounds``."""
    if isinstance(settings, str) or not settings:
        raise LearningError(f"settings must list the settings to search, got {settings!r}")
    given = dict(bounds or {})
    for where, names in (("settings", list(settings)), ("bounds", list(given))):
        for name in names:
            if name not in SEARCH_SPACE:
                raise LearningError(f"{where}: unknown setting {name!r} (known: {', '.join(SEARCH_SPACE)})")
    if len(set(settings)) != len(settings):
        raise LearningError(f"settings: a setting is named twice in {list(settings)!r}")
    for name in given:
        if name not in settings:
            raise LearningError(f"bounds: {name!r} has bounds but is not among the settings searched")
    space = {}
    for name in settings:
        pair = given.get(name, SEARCH_SPACE[name])
        try:
            low, high = (float(x) for x in pair)
        except (TypeError, ValueError):
            raise LearningError(f"bounds[{name!r}] must be two numbers (low, high), got {pair!r}") from None
        if not (math.isfinite(low) and math.isfinite(high)) or low >= high:
            raise LearningError(f"bounds[{name!r}]: low {low:g} must be below high {high:g}")
        if low < 0:
            raise LearningError(f"bounds[{name!r}]: {name} is a share and cannot be negative, got low {low:g}")
        space[name] = (low, high)
    return space


def start_settings(strategy: str, board: Board) -> dict[str, Any]:
    """Every setting of a :class:`ThresholdAgent` for a named strategy on ``board`` (its Elite habits
    only where the board has shares or policies), with the defaults it does not name.

    >>> start_settings("monopolist", load_board("millionaire-classic"))["bid_factor"]
    1.2
    """
    if strategy not in STRATEGIES:
        raise LearningError(f"start: unknown strategy {strategy!r} (known: {', '.join(STRATEGIES)})")
    settings: dict[str, Any] = {"invest": 0.0, "fairness": 0.75, "insure": (), **STRATEGIES[strategy]}
    if board.shares is not None or board.policies:
        settings.update(ELITE_HABITS.get(strategy, {}))
    return settings


def _play_candidate(board: Board, rules: RuleSet, settings: dict[str, Any], opponents: tuple[str, ...],
                    seeds: tuple[int, ...], max_rounds: int) -> list[bool]:
    """Whether the candidate won each of its games: each opponent, each seed, from seat 1 then seat 2
    (one chunk of a generation, played wherever the pool sends it)."""
    won = []
    for opponent in opponents:
        for seed in seeds:
            for seat in (0, 1):
                agents = [make_agent(opponent, game_seed(seed, 1)), ThresholdAgent(name=LEARNED, **settings)]
                if seat == 0:
                    agents.reverse()
                game = Game(board, rules, agents=agents, seed=seed, record_events=False)
                won.append(game.run(max_rounds=max_rounds).winner == seat)
    return won


def learn(
    board: Board | str = "millionaire-classic",
    start: str = "monopolist",
    settings: Sequence[str] = DEFAULT_SETTINGS,
    bounds: Mapping[str, tuple[float, float]] | None = None,
    generations: int = 5,
    candidates: int = 12,
    elite: float = 0.25,
    games: int = 4,
    opponents: Sequence[str] = DEFAULT_OPPONENTS,
    seed: int = 0,
    rules: RuleSet | None = None,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    spread: float = 0.25,
    floor: float = 0.05,
    jobs: int | None = None,
    progress: bool = False,
) -> LearningResult:
    """Search better settings for the strategy ``start`` by the cross-entropy method (see the module).

    Parameters
    ----------
    board, rules
        The board (or its key) and the rules (the board's preset when ``None``; seats are never drawn
        by lot, because every seed is played from both seats).
    start
        The named strategy the search starts from (its settings are the first mean; its flags stay).
    settings, bounds
        The settings searched (names of :data:`SEARCH_SPACE`) and, for any of them, other bounds.
    generations, candidates, elite
        How many generations, candidates in each (at least 2), and the share of them kept as the elite
        (above 0 and below 1; at least one candidate).
    games, opponents, max_rounds
        Seeds per opponent a candidate plays each generation (each from both seats, so ``2 * games *
        len(opponents)`` games a candidate), the built-in opponents, and each game's round limit.
    seed
        A non-negative integer: generation ``k`` plays the seeds ``game_seed(game_seed(seed, k), g)``.
    spread, floor
        The first spread and the least spread, as shares of each setting's bounds.
    jobs
        Worker processes (default: every core); the result is the same for every ``jobs``.
    progress
        Show a progress bar, one step a generation.

    Returns
    -------
    LearningResult
    """
    board = _board(board)
    space = _space(settings, bounds)
    _whole("generations", generations, 1)
    _whole("candidates", candidates, 2)
    _whole("games", games, 1)
    _whole("seed", seed, 0)
    _whole("max_rounds", max_rounds, 1)
    if jobs is not None:
        _whole("jobs", jobs, 1)
    if isinstance(elite, bool) or not isinstance(elite, (int, float)) or not 0 < elite < 1:
        raise LearningError(f"elite must be a share of the candidates above 0 and below 1, got {elite!r}")
    kept = max(1, round(elite * candidates))
    for name, value in (("spread", spread), ("floor", floor)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise LearningError(f"{name} must be a share of each setting's bounds from 0 to 1, got {value!r}")
    opponent_list = _opponents(opponents)
    if rules is None:
        rules = RuleSet.for_board(board.key)
    elif not isinstance(rules, RuleSet):
        raise LearningError(f"rules must be a RuleSet, got {rules!r}")
    if not rules.min_players <= 2 <= rules.max_players:
        raise LearningError(f"the games are heads-up, but these rules allow {rules.min_players} to {rules.max_players} players")
    rules = rules.replace(shuffle_seats=False)
    first = start_settings(start, board)

    names = list(space)
    low = np.array([space[n][0] for n in names])
    high = np.array([space[n][1] for n in names])
    mean = np.clip([float(first[n]) for n in names], low, high)
    width = (high - low) * spread
    least = (high - low) * floor
    rng = np.random.default_rng(seed)
    history: list[Generation] = []
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    from tqdm.auto import tqdm

    for number in tqdm(range(1, generations + 1), disable=not progress, unit="generation", desc="generations",
                       leave=False):
        drawn = np.clip(mean + width * rng.standard_normal((candidates, len(names))), low, high)
        base = game_seed(seed, number)
        seeds = tuple(game_seed(base, g) for g in range(games))
        chunks = [(board, rules, {**first, **dict(zip(names, map(float, row)))}, opponent_list, seeds, max_rounds)
                  for row in drawn]
        played = _run_chunks(_play_candidate, chunks, workers, None, False, len(chunks) * 2 * games * len(opponent_list))
        scores = np.array([sum(won) / len(won) for won in played])
        next_mean, next_width, order = elite_update(drawn, scores, kept, least)
        history.append(Generation(number, _named(names, mean), _named(names, width), drawn, scores, tuple(order),
                                  _named(names, next_mean), _named(names, next_width), seeds))
        mean, width = next_mean, next_width
    return LearningResult(board, rules, start, first, space, history, opponent_list, max_rounds, seed)


def _named(names: list[str], values: np.ndarray) -> dict[str, float]:
    return {name: float(value) for name, value in zip(names, values)}


class LearningResult:
    """What a search found: the learned settings, the bot made from them, and every generation.

    Attributes
    ----------
    board, rules : where it learned.
    start : the strategy it started from; ``start_values`` its settings.
    space : the settings searched with their bounds.
    history : one :class:`Generation` per generation.
    learned : the last mean (setting -> value); ``settings`` every setting of the learned bot.
    names : the settings searched, in the order of a candidate's columns.
    opponents, max_rounds, seed : the search's opponents, round limit and seed.
    """

    def __init__(self, board: Board, rules: RuleSet, start: str, start_values: dict[str, Any],
                 space: dict[str, tuple[float, float]], history: list[Generation], opponents: tuple[str, ...],
                 max_rounds: int, seed: int) -> None:
        self.board, self.rules, self.start = board, rules, start
        self.start_values = start_values
        self.space = space
        self.names = list(space)
        self.history = history
        self.opponents = opponents
        self.max_rounds = max_rounds
        self.seed = seed
        self.learned = dict(history[-1].next_mean)
        self.settings = {**start_values, **self.learned}

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={value:.3f}" for name, value in self.learned.items())
        return f"<LearningResult from {self.start!r} on {self.board.key}, {len(self.history)} generations: {values}>"

    @property
    def training_seeds(self) -> frozenset[int]:
        """Every game seed the search played."""
        return frozenset(s for generation in self.history for s in generation.seeds)

    def bot(self, name: str = LEARNED) -> ThresholdAgent:
        """A bot with the learned settings (the flags of the strategy it started from)."""
        return ThresholdAgent(name=name, **self.settings)

    def start_bot(self) -> ThresholdAgent:
        """The bot the search started from (the strategy ``start`` itself)."""
        return ThresholdAgent(name=self.start, **self.start_values)

    def table(self) -> list[dict[str, Any]]:
        """One row per setting searched: ``setting, low, high, start, learned, moved`` (``moved``: the
        change as a share of the bounds)."""
        rows = []
        for name in self.names:
            low, high = self.space[name]
            before, after = float(self.start_values[name]), self.learned[name]
            rows.append({"setting": name, "low": low, "high": high, "start": before, "learned": after,
                         "moved": (after - before) / (high - low)})
        return rows

    def format(self, lang: str = "en") -> str:
        """The search as text in ``lang``: each generation's scores, then each setting before and after."""
        text = texts(lang, "learning")
        first = self.history[0]
        games = 2 * len(first.seeds) * len(self.opponents)
        lines = [text["title"].format(board=self.board.name(lang), start=strategy_label(lang, self.start),
                                      generations=len(self.history), candidates=len(first.scores),
                                      elite=len(first.elite), games=games),
                 text["generation_header"]]
        for generation in self.history:
            lines.append(f"  {generation.number:>10}  {_percent(generation.best_score):>8}  "
                         f"{_percent(generation.elite_score):>8}  {_percent(float(generation.scores.mean())):>8}")
        width = max(len(text[f"setting_{n}"]) for n in self.names)
        lines.append(text["settings_header"].format(setting="", w=width))
        for row in self.table():
            lines.append(f"  {text['setting_' + row['setting']]:<{width}}  {row['low']:>5.2f}..{row['high']:<5.2f} "
                         f"{row['start']:>7.3f}  {row['learned']:>7.3f}  {100 * row['moved']:>+6.1f}%")
        return "\n".join(lines)

    def plot(self, ax: Any = None, lang: str = "en") -> Any:
        """The mean of each setting per generation, as a share of its bounds, with a band of one spread
        either side (generation 0: the start); returns the axes."""
        import matplotlib.pyplot as plt

        text = texts(lang, "learning")
        made = ax is None
        if made:
            _, ax = plt.subplots(figsize=(7, 4))
        steps = list(range(len(self.history) + 1))
        for name in self.names:
            low, high = self.space[name]
            means = [self.history[0].mean[name]] + [g.next_mean[name] for g in self.history]
            spreads = [self.history[0].spread[name]] + [g.next_spread[name] for g in self.history]
            centre = (np.array(means) - low) / (high - low)
            band = np.array(spreads) / (high - low)
            line, = ax.plot(steps, centre, marker="o", label=text[f"setting_{name}"])
            ax.fill_between(steps, np.clip(centre - band, 0, 1), np.clip(centre + band, 0, 1),
                            color=line.get_color(), alpha=0.15)
        ax.set_xticks(steps)
        ax.set_ylim(0, 1)
        ax.set_xlabel(text["plot_x"])
        ax.set_ylabel(text["plot_y"])
        ax.set_title(text["plot_title"].format(board=self.board.name(lang)))
        ax.legend(loc="best")
        if made:
            ax.figure.tight_layout()
        return ax


@dataclass(frozen=True)
class Measurement:
    """The learned bot and the bot it started from in one league on fresh seeds.

    Attributes
    ----------
    league : the :class:`~millionaire.league.LeagueResult` (entrants ``"learned"`` and the start).
    pair : the paired comparison, learned first (:class:`~millionaire.league.PairedComparison`).
    rows : each bot's ``bot, games, wins, rate, low, high`` (95% Wilson interval).
    """

    league: Any
    pair: Any
    rows: tuple[dict[str, Any], ...]
    start: str

    @property
    def better(self) -> bool:
        """Whether the learned bot won more of the paired games and the sign test says below 0.05."""
        return self.pair.a_only > self.pair.b_only and self.pair.p_value < 0.05

    def format(self, lang: str = "en") -> str:
        """The two win rates with their intervals, the paired test, and what it shows, in ``lang``."""
        text = texts(lang, "learning")
        label = {LEARNED: text["learned"], self.start: strategy_label(lang, self.start)}
        width = max(len(v) for v in label.values())
        lines = [text["measure_title"].format(games=self.pair.games, opponents=len(self.league.opponents),
                                              seeds=self.league.seeds)]
        for row in self.rows:
            lines.append(text["measure_row"].format(bot=label[row["bot"]], w=width, wins=row["wins"], games=row["games"],
                                                    rate=_percent(row["rate"]), low=_percent(row["low"]),
                                                    high=_percent(row["high"])))
        pair = self.pair
        lines.append(text["measure_pair"].format(a_only=pair.a_only, b_only=pair.b_only, p=_p_value(pair.p_value),
                                                 start=label[self.start]))
        verdict = ("measure_better" if self.better else
                   "measure_worse" if pair.b_only > pair.a_only and pair.p_value < 0.05 else "measure_unclear")
        lines.append(text[verdict].format(start=label[self.start]))
        return "\n".join(lines)


def measure(result: LearningResult, games: int = 20, seed: int = 1, opponents: Sequence[str] = DEFAULT_OPPONENTS,
            board: Board | str | None = None, rules: RuleSet | None = None) -> Measurement:
    """Play the learned bot and the bot it started from against ``opponents`` in a league of ``games``
    seeds (each from both seats) on ``board`` and ``rules`` (by default where it learned), and compare
    them on the same games. The league's seeds must be fresh: one the search played is refused.

    >>> result = learn("millionaire-classic", generations=1, candidates=2, games=1, seed=3,
    ...                opponents=["cautious"], max_rounds=20, jobs=1)
    >>> measure(result, games=2, seed=9, opponents=["cautious"]).pair.games
    4
    """
    if not isinstance(result, LearningResult):
        raise LearningError(f"measure needs the result of learn(), got {result!r}")
    _whole("games", games, 1)
    _whole("seed", seed, 0)
    opponent_list = _opponents(opponents)
    used = result.training_seeds.intersection(game_seed(seed, g) for g in range(games))
    if used:
        raise LearningError(f"seed {seed}: {len(used)} of its games were played in training; choose another seed")
    where = result.board if board is None else _board(board)
    if rules is None:
        rules = result.rules if board is None else RuleSet.for_board(where.key)
    played = league({LEARNED: result.bot, result.start: result.start_bot}, opponents=list(opponent_list),
                    games=games, seed=seed, board=where, rules=rules, max_rounds=result.max_rounds, isolate=False)
    pair = played.compare(LEARNED, result.start)
    rows = tuple({"bot": row["bot"], **{k: row[k] for k in ("games", "wins", "rate", "low", "high")}}
                 for row in played.standings())
    return Measurement(played, pair, rows, result.start)


__all__ = ["DEFAULT_OPPONENTS", "DEFAULT_SETTINGS", "SEARCH_SPACE", "Generation", "LearningError", "LearningResult",
           "Measurement", "elite_update", "learn", "measure", "start_settings"]

"""The class league: student bots against the built-ins, broken bots reported, the paired test."""

from __future__ import annotations

import math
import os
import re
import time

import matplotlib
import pytest

matplotlib.use("Agg")

import millionaire as mil  # noqa: E402
from millionaire.actions import Action  # noqa: E402
from millionaire.agents import Agent  # noqa: E402
from millionaire.league import (  # noqa: E402
    Fault, LeagueError, LeagueGame, LeagueResult, league, sign_test,
)
from millionaire.rules import RuleSet  # noqa: E402
from millionaire.simulate import wilson_interval  # noqa: E402
from millionaire.words import texts  # noqa: E402

SHORT = dict(max_rounds=30, seed=4)


class Landlord(Agent):
    """A student's bot: buys what it can afford, builds whenever allowed, never bids or gambles."""

    name = "landlord"

    def choose(self, game, decision):
        actions = decision.legal_actions()
        for action in actions:
            if action.kind in ("buy", "build"):
                return action
        if decision.kind == "bid":
            return Action.pass_()
        if decision.kind == "jackpot":
            return Action.skip()
        return actions[0]


class Raiser(Landlord):
    def choose(self, game, decision):
        if decision.kind == "buy":
            raise ZeroDivisionError("my bug in buy")
        return super().choose(game, decision)


class Sleeper(Landlord):
    def choose(self, game, decision):
        if decision.kind == "buy":
            time.sleep(0.3)
        return super().choose(game, decision)


class Looper(Landlord):
    def choose(self, game, decision):
        if decision.kind == "buy":
            while True:
                pass
        return super().choose(game, decision)


class Cheat(Landlord):
    def choose(self, game, decision):
        if decision.kind == "buy":
            return Action.bid(1)
        return super().choose(game, decision)


class Meddler(Landlord):
    def choose(self, game, decision):
        if decision.kind == "buy":
            game.apply(Action.decline())
        return super().choose(game, decision)


class Quitter(Landlord):
    def choose(self, game, decision):
        if decision.kind == "buy":
            os._exit(3)
        return super().choose(game, decision)


class BrokenAtBirth(Landlord):
    def __init__(self):
        raise RuntimeError("no start")


def test_a_student_bot_plays_a_league():
    result = league({"landlord": Landlord}, opponents=["random", "cautious"], games=3, **SHORT)
    assert result.faults == []
    assert len(result.games) == 2 * 3 * 2  # opponents x seeds x seats
    (row,) = result.standings()
    wins = sum(g.winner == "entrant" for g in result.games)
    assert (row["bot"], row["games"], row["wins"]) == ("landlord", 12, wins)
    assert (row["low"], row["high"]) == wilson_interval(wins, 12)
    # seats rotate: every seed is played once from each seat
    for opponent in ("random", "cautious"):
        seats = sorted((g.game, g.entrant_seat) for g in result.games if g.opponent == opponent)
        assert seats == [(g, s) for g in range(3) for s in (0, 1)]


def test_a_league_is_the_same_in_its_own_process_and_in_ours():
    kwargs = dict(opponents=["random", "monopolist"], games=2, **SHORT)
    watched = league({"landlord": Landlord, "copied": Landlord()}, isolate=True, **kwargs)
    here = league({"landlord": Landlord, "copied": Landlord()}, isolate=False, **kwargs)
    assert watched.games == here.games


def test_a_bot_made_from_a_built_in_plays_the_same_in_its_own_process_and_in_ours():
    # a bargaining built-in reads its partner's settings; both copies of the game must show it the same
    def twin():
        return mil.agents.ThresholdAgent(name="twin", **{**mil.agents.STRATEGIES["monopolist"], "trades": False})

    kwargs = dict(opponents=["cautious"], games=3, max_rounds=60, seed=2024)
    watched = league({"twin": twin}, isolate=True, **kwargs)
    here = league({"twin": twin}, isolate=False, **kwargs)
    assert watched.faults == []
    assert watched.games == here.games


def test_common_random_numbers_make_equal_bots_agree_game_by_game():
    result = league({"a": Landlord, "b": Landlord, "c": "cautious"}, opponents=["random", "aggressive"], games=3,
                    isolate=False, **SHORT)
    same = result.compare("a", "b")
    assert (same.a_only, same.b_only, same.games, same.p_value) == (0, 0, 12, 1.0)
    assert same.a_wins == result.standings()[0]["wins"]
    other = result.compare("a", "c")
    assert other.a_only + other.b_only + other.both + other.neither == 12


def test_the_seed_decides_the_dice():
    one = league({"landlord": Landlord}, opponents=["cautious"], games=3, isolate=False, **SHORT)
    again = league({"landlord": Landlord}, opponents=["cautious"], games=3, isolate=False, **SHORT)
    other = league({"landlord": Landlord}, opponents=["cautious"], games=3, isolate=False, max_rounds=30, seed=5)
    assert one.games == again.games
    assert [g.seed for g in one.games] != [g.seed for g in other.games]


def _faults_of(result, bot):
    return [f for f in result.faults if f.bot == bot]


@pytest.mark.parametrize("isolate", [True, False])
def test_a_bot_that_raises_is_reported_and_the_league_goes_on(isolate):
    result = league({"raiser": Raiser, "landlord": Landlord}, opponents=["cautious"], games=2, isolate=isolate,
                    **SHORT)
    faults = _faults_of(result, "raiser")
    assert len(faults) == 4  # every game it played
    assert {(f.kind, f.decision) for f in faults} == {("raised", "buy")}
    assert "ZeroDivisionError: my bug in buy" in faults[0].detail
    assert all(g.winner == "opponent" for g in result.games if g.entrant == "raiser")
    assert _faults_of(result, "landlord") == [] and result.standings()[1]["games"] == 4
    text = result.format()
    assert "raiser: raised ZeroDivisionError: my bug in buy at a 'buy' decision" in text


@pytest.mark.parametrize("isolate", [True, False])
def test_a_bot_that_sleeps_past_its_budget_loses_the_game(isolate):
    result = league({"sleeper": Sleeper, "landlord": Landlord}, opponents=["cautious"], games=1, budget=0.1,
                    isolate=isolate, **SHORT)
    faults = _faults_of(result, "sleeper")
    assert [(f.kind, f.decision) for f in faults] == [("slow", "buy")] * 2
    assert "budget 0.1 s" in faults[0].detail
    assert result.standings()[0]["faults"] == 2 and result.standings()[1]["faults"] == 0
    assert "took longer than 0.1 s at a 'buy' decision" in result.format()


def test_time_spent_waiting_for_a_busy_processor_is_not_charged_to_the_bot(monkeypatch):
    # A busy computer: every sleep of the bot is reported as time spent waiting for a processor.
    waiting = [0.0]

    class Paused(Landlord):
        def choose(self, game, decision):
            if decision.kind == "buy":
                time.sleep(0.3)
                waiting[0] += 0.3
            return super().choose(game, decision)

    monkeypatch.setattr("millionaire.league._time_waiting_for_a_processor", lambda: waiting[0])
    paused = league({"paused": Paused}, opponents=["cautious"], games=1, budget=0.1, isolate=False, **SHORT)
    assert paused.faults == []
    sleeping = league({"sleeper": Sleeper}, opponents=["cautious"], games=1, budget=0.1, isolate=False, **SHORT)
    assert [f.kind for f in sleeping.faults] == ["slow", "slow"]


def test_a_bot_that_calls_itself_trusted_is_still_timed():
    class Trusted(Sleeper):
        trusted = True  # the built-ins' mark; only the built-in classes themselves go untimed

    result = league({"trusted": Trusted}, opponents=["cautious"], games=1, budget=0.1, isolate=False, **SHORT)
    assert [f.kind for f in result.faults] == ["slow", "slow"]


def test_a_bot_in_an_endless_loop_is_stopped_and_the_league_goes_on():
    start = time.monotonic()
    result = league({"looper": Looper, "landlord": Landlord}, opponents=["cautious"], games=1, budget=0.1,
                    grace=0.3, isolate=True, **SHORT)
    assert time.monotonic() - start < 15  # two stops of 0.4 s each, plus the games
    faults = _faults_of(result, "looper")
    assert [(f.kind, f.decision) for f in faults] == [("hung", "buy")] * 2
    assert [f.seat for f in faults] == [0, 1]
    assert len(result.games) == 4 and _faults_of(result, "landlord") == []
    assert "did not answer a 'buy' decision and was stopped" in result.format()


def test_an_illegal_answer_is_reported_with_the_engine_reason():
    result = league({"cheat": Cheat, "landlord": Landlord}, opponents=["cautious"], games=1, isolate=False,
                    **SHORT)
    faults = _faults_of(result, "cheat")
    assert [(f.kind, f.decision) for f in faults] == [("illegal", "buy")] * 2
    assert "bid is not an answer to a 'buy' decision" in faults[0].detail
    assert faults[0].answer == "Action.bid(1)"
    assert "cheat: answered Action.bid(1) at a 'buy' decision, which the rules do not allow" in result.format()
    assert "cheat: ответил Action.bid(1) в решении «покупка»" in result.format("ru")
    assert len(result.games) == 4


def test_a_bot_that_plays_the_game_itself_is_caught():
    result = league({"meddler": Meddler}, opponents=["cautious"], games=1, isolate=False, **SHORT)
    assert [f.kind for f in result.faults] == ["meddled", "meddled"]


def test_a_bot_that_ends_the_process_is_reported_and_the_league_goes_on():
    result = league({"quitter": Quitter, "landlord": Landlord}, opponents=["cautious"], games=1, isolate=True,
                    **SHORT)
    faults = _faults_of(result, "quitter")
    assert [(f.kind, f.decision) for f in faults] == [("crashed", "buy")] * 2
    assert "exit code 3" in faults[0].detail
    assert len(result.games) == 4 and _faults_of(result, "landlord") == []


def test_a_bot_that_cannot_be_made_loses_at_the_start():
    result = league({"broken": BrokenAtBirth}, opponents=["cautious"], games=1, isolate=False, **SHORT)
    assert [(f.kind, f.decision, f.round) for f in result.faults] == [("raised", "start", 0)] * 2
    assert "RuntimeError: no start" in result.faults[0].detail


def test_a_function_that_makes_bots_enters_them():
    from millionaire.agents import STRATEGIES, ThresholdAgent

    def no_trading():
        return ThresholdAgent(name="no trading", **{**STRATEGIES["monopolist"], "trades": False})

    result = league({"no trading": no_trading, "made badly": lambda: 7}, opponents=["cautious"], games=1,
                    isolate=False, **SHORT)
    assert [f.bot for f in result.faults] == ["made badly", "made badly"]
    assert "TypeError: it made 7, which has no choose(game, decision) method" in result.faults[0].detail
    assert result.standings()[0]["faults"] == 0 and result.standings()[0]["games"] == 2


def test_faulty_opponents_are_reported_by_their_own_name():
    result = league({"landlord": Landlord}, opponents={"raiser": Raiser}, games=1, isolate=False, **SHORT)
    assert {f.bot for f in result.faults} == {"raiser"}
    assert all(g.winner == "entrant" for g in result.games)
    assert result.standings()[0]["faults"] == 0


# ------------------------------------------------------------------------------- the paired test


def _binomial_p(k, n):
    """Two-sided exact binomial p-value by summing every outcome as likely or less likely than k."""
    probability = [math.comb(n, j) / 2**n for j in range(n + 1)]
    return min(1.0, sum(p for p in probability if p <= probability[k] * (1 + 1e-12)))


@pytest.mark.parametrize("k, n, expected", [(0, 5, 0.0625), (0, 6, 0.03125), (1, 10, 0.021484375), (5, 10, 1.0),
                                            (10, 10, 0.001953125), (0, 0, 1.0)])
def test_sign_test_on_known_counts(k, n, expected):
    assert sign_test(k, n) == pytest.approx(expected)
    assert sign_test(n - k, n) == pytest.approx(expected)


@pytest.mark.parametrize("n", [1, 7, 20, 33])
def test_sign_test_agrees_with_the_binomial_distribution(n):
    for k in range(n + 1):
        assert sign_test(k, n) == pytest.approx(_binomial_p(k, n))


def _record(entrant, game, seat, won):
    return LeagueGame(entrant, "cautious", game, 0, seat, "entrant" if won else "opponent", 10, False)


def test_compare_counts_the_games_where_the_two_differ():
    # 10 seeds x 2 seats: a wins 14, b wins 8; only a: 9, only b: 3, both: 5, neither: 3
    a_won = [1] * 14 + [0] * 6
    b_won = [1] * 5 + [0] * 9 + [1] * 3 + [0] * 3
    records = [_record(name, g, s, bool(won[2 * g + s])) for name, won in (("a", a_won), ("b", b_won))
               for g in range(10) for s in (0, 1)]
    result = LeagueResult(records, ["a", "b"], ["cautious"], games=10, seed=0, budget=0.5)
    c = result.compare("a", "b")
    assert (c.games, c.a_wins, c.b_wins, c.a_only, c.b_only, c.both, c.neither) == (20, 14, 8, 9, 3, 5, 3)
    assert c.p_value == pytest.approx(sign_test(9, 12)) == pytest.approx(0.146, abs=5e-4)
    assert c.difference == pytest.approx(0.3)
    assert result.compare("a", "b", opponent="cautious") == c
    assert result.versus("a", "cautious")["p_value"] == pytest.approx(sign_test(14, 20))
    assert "only a won 9, only b won 3; sign test on those 12: p = 0.146" in result.format_compare("a", "b")
    assert "Побед: a — 14, b — 8; из них без другого: a — 9, b — 3; знаковый тест по этим 12 партиям: p = 0.146" \
        in result.format_compare("a", "b", lang="ru")
    one_sided = [_record(name, g, s, name == "a") for name in ("a", "b") for g in range(10) for s in (0, 1)]
    lopsided = LeagueResult(one_sided, ["a", "b"], ["cautious"], games=10, seed=0, budget=0.5)
    assert lopsided.format_compare("a", "b").endswith("sign test on those 20: p < 0.001")


# ------------------------------------------------------------------------------- bad input


class NoChoose:
    name = "silent"


class Uncopyable(Landlord):
    def __deepcopy__(self, memo):
        raise TypeError("holds an open file")


@pytest.mark.parametrize("kwargs, message", [
    (dict(entrants={}), "entrants: none given"),
    (dict(entrants="landlord"), "entrants must be a dict of name -> bot or a list of bots"),
    (dict(entrants=["cautious", "cautious"]), "the name 'cautious' is used twice"),
    (dict(entrants={"": Landlord}), "a bot's name must be a non-empty text"),
    (dict(entrants={"x": NoChoose}), "'x' has no choose(game, decision) method"),
    (dict(entrants={"x": NoChoose()}), "'x' is neither a bot (with a choose(game, decision) method) nor a class"),
    (dict(entrants={"x": 7}), "'x' is neither a bot"),
    (dict(entrants={"x": "lucky"}), "unknown strategy 'lucky'"),
    (dict(entrants={"x": Uncopyable()}), "cannot be copied for each game (holds an open file); pass its class, or a function"),
    (dict(opponents=[]), "opponents: none given"),
    (dict(games=0), "games must be a whole number >= 1, got 0"),
    (dict(games=True), "games must be a whole number >= 1, got True"),
    (dict(games=2.5), "games must be a whole number >= 1, got 2.5"),
    (dict(seed=-1), "seed must be a whole number >= 0, got -1"),
    (dict(max_rounds=0), "max_rounds must be a whole number >= 1, got 0"),
    (dict(budget=0), "budget must be a positive number of seconds, got 0"),
    (dict(budget=float("nan")), "budget must be a positive number of seconds, got nan"),
    (dict(grace=-1.0), "grace must be a positive number of seconds, got -1.0"),
    (dict(board=42), "board must be a Board or a board's key"),
    (dict(board="chess"), "chess"),
    (dict(rules="classic"), "rules must be a RuleSet, got 'classic'"),
    (dict(rules=RuleSet.classic().replace(min_players=3)), "a league plays two-player games"),
    (dict(isolate="yes"), "isolate must be True, False or None, got 'yes'"),
])
def test_bad_arguments_are_refused_with_a_clear_error(kwargs, message):
    arguments = dict(entrants={"landlord": Landlord}, games=1)
    arguments.update(kwargs)
    with pytest.raises(mil.MillionaireError) as error:
        league(**arguments)
    assert message in str(error.value)


def test_asking_about_a_bot_that_did_not_play_names_the_known_ones():
    result = league({"landlord": Landlord}, opponents=["cautious"], games=1, isolate=False, **SHORT)
    with pytest.raises(LeagueError, match=r"no entrant named 'Masha' in this league \(known: landlord\)"):
        result.compare("landlord", "Masha")
    with pytest.raises(LeagueError, match=r"no opponent named 'random'"):
        result.versus("landlord", "random")
    with pytest.raises(ValueError, match="de"):
        result.format("de")


@pytest.mark.parametrize("k, n, message", [(11, 10, "0 <= k <= n"), (-1, 3, "0 <= k <= n"),
                                           (1.5, 3, "whole numbers, got k=1.5")])
def test_sign_test_refuses_impossible_counts(k, n, message):
    with pytest.raises(LeagueError, match=re.escape(message)):
        sign_test(k, n)


# ------------------------------------------------------------------------------- both languages


def test_both_languages_have_the_same_texts():
    assert texts("en", "league").keys() == texts("ru", "league").keys()


def test_every_decision_has_a_russian_name():
    from millionaire.actions import DECISION_KINDS

    named = {key.removeprefix("decision_") for key in texts("ru", "league") if key.startswith("decision_")}
    assert named == {*DECISION_KINDS, "start"}


def test_russian_results_show_no_english_word():
    class Bug(Landlord):
        def choose(self, game, decision):
            if decision.kind == "buy":
                raise ValueError("ошибка в покупке")
            return super().choose(game, decision)

    result = league({"Маша": Landlord, "Петя": Bug, "Ваня": Cheat}, games=1, isolate=False, **SHORT)
    text = result.format("ru") + "\n" + result.format_compare("Маша", "Петя", lang="ru")
    latin = set(re.findall(r"[A-Za-z]{3,}", text))
    assert latin == {"ValueError", "Action", "bid"}  # the error's type and the illegal answer, as code
    english = result.format("en")
    assert not re.findall(r"[А-Яа-яЁё]{3,}", english.replace("Маша", "").replace("Петя", "").replace("Ваня", "")
                          .replace("ошибка в покупке", ""))
    assert "монополист" in text and "monopolist" in english


def test_the_plot_shows_every_entrant_in_its_language():
    result = league({"landlord": Landlord, "cautious": "cautious"}, opponents=["random"], games=1, isolate=False,
                    **SHORT)
    ax = result.plot(lang="ru")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["landlord", "осторожный"]
    assert ax.get_title() == texts("ru", "league")["plot_title"]
    assert repr(result) == "<LeagueResult: 2 bots, 1 opponents, 4 games, 0 faults>"


# ------------------------------------------------------------------------------- the trading switch


def test_no_bot_offers_a_trade_where_the_rules_allow_none():
    board = mil.load_board("millionaire-classic")
    rules = RuleSet.classic().replace(trade_offers_per_turn=0)
    offers = {}
    for name, game_rules in (("with", RuleSet.classic()), ("without", rules)):
        offers[name] = 0
        for seed in range(6):
            game = mil.Game(board, game_rules, agents=["monopolist", "cautious"], seed=seed, record_events=False)
            game.run(max_rounds=120)
            offers[name] += sum(1 for _, action in game.actions if action.kind == "offer")
    assert offers["with"] > 0 and offers["without"] == 0


def test_a_league_without_trading_runs_with_the_monopolist():
    rules = RuleSet.classic().replace(trade_offers_per_turn=0)
    result = league({"landlord": Landlord}, opponents=["monopolist"], games=2, rules=rules, isolate=False, **SHORT)
    assert result.faults == []


def test_fault_records_name_the_game():
    result = league({"raiser": Raiser}, opponents=["cautious"], games=1, isolate=False, **SHORT)
    first = result.faults[0]
    assert isinstance(first, Fault)
    assert (first.bot, first.entrant, first.opponent, first.game, first.entrant_seat, first.seat) == \
        ("raiser", "raiser", "cautious", 0, 0, 0)


# ------------------------------------------------------------------------------- hostile bots
# Each bot below attacks the league from its own process; the league must finish, with the attacker
# losing its games and nothing of the attack reaching this process. Small games, short timeouts.

HOSTILE = dict(opponents=["cautious"], games=1, isolate=True, budget=0.2, grace=0.4, **SHORT)


def _signals_are_fenced():
    """True when a confined process cannot signal its parent here (Linux x86-64/ARM64 with seccomp)."""
    from millionaire.confinement import forbid_signals

    pid = os.fork()
    if pid == 0:
        code = 2
        try:
            if forbid_signals():
                try:
                    os.kill(os.getppid(), 0)
                    code = 1
                except PermissionError:
                    code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) == 0


needs_fence = pytest.mark.skipif(not hasattr(os, "fork") or not _signals_are_fenced(),
                                 reason="the signal fence needs Linux on x86-64 or ARM64")


def _pipes():
    """Every pipe this process holds but the standard streams, as (descriptor, whether it writes)."""
    import fcntl

    found = []
    for name in os.listdir("/proc/self/fd"):
        end = int(name)
        try:
            if end > 2 and os.readlink(f"/proc/self/fd/{end}").startswith("pipe:"):
                found.append((end, fcntl.fcntl(end, fcntl.F_GETFL) & os.O_ACCMODE == os.O_WRONLY))
        except OSError:  # the listing's own descriptor, gone
            pass
    return found


def _read_by_the_league():
    """The pipes this process writes whose other end the league (its parent) reads: where an
    attacker's messages go (and not, say, into the output of the test run)."""
    parent = os.getppid()
    read_there = set()
    for name in os.listdir(f"/proc/{parent}/fd"):
        try:
            link = os.readlink(f"/proc/{parent}/fd/{name}")
            with open(f"/proc/{parent}/fdinfo/{name}") as info:
                flags = int(info.read().split("flags:")[1].split()[0], 8)
        except (OSError, IndexError, ValueError):
            continue
        if link.startswith("pipe:") and flags & os.O_ACCMODE == os.O_RDONLY:
            read_there.add(link)
    return [end for end, writes in _pipes() if writes and os.readlink(f"/proc/self/fd/{end}") in read_there]


def _write_everywhere(data):
    ends = _read_by_the_league()
    if not ends:  # the attack would test nothing
        raise RuntimeError("no pipe to the league found")
    for end in ends:
        try:
            os.write(end, data)
        except OSError:
            pass


class ClockStopper(Landlord):
    """Stops every clock it can reach and zeroes every shared memory it finds, then never answers."""

    def choose(self, game, decision):
        if decision.kind == "buy":
            import ctypes
            import gc
            import mmap

            time.monotonic = time.perf_counter = time.time = lambda: 0.0
            for thing in gc.get_objects():
                if isinstance(thing, mmap.mmap) and thing.writable():
                    thing.seek(0)
                    thing.write(b"\0" * len(thing))
                elif isinstance(thing, ctypes.Array):
                    ctypes.memset(thing, 0, ctypes.sizeof(thing))
            while True:
                pass
        return super().choose(game, decision)


def test_a_bot_that_stops_the_clocks_and_zeroes_shared_memory_cannot_hang_the_league():
    start = time.monotonic()
    result = league({"stopper": ClockStopper, "landlord": Landlord}, **HOSTILE)
    assert time.monotonic() - start < 15
    assert [(f.kind, f.decision) for f in _faults_of(result, "stopper")] == [("hung", "buy")] * 2
    assert _faults_of(result, "landlord") == [] and len(result.games) == 4


class Forger(Landlord):
    """Sends the league, on every pipe it holds, a won game in each form it might be taken: the
    records the league once took from its worker, a pickle that runs code, and made-up JSON."""

    marker = ""

    def choose(self, game, decision):
        import pickle

        from millionaire.league import LeagueGame

        class Bomb:
            def __reduce__(self):
                return (open, (self.marker, "w"))

        Bomb.marker = self.marker
        won = LeagueGame("forger", "cautious", 0, 0, 0, "entrant", 1, False)
        for message in ((0, won), (1, won), Bomb()):
            _write_everywhere(pickle.dumps(message))
        _write_everywhere(b'{"result": "won", "winner": 0}\n{"ready": true}\n')
        os._exit(0)


def test_a_bot_cannot_forge_its_results_nor_send_code(tmp_path):
    marker = tmp_path / "ran_in_the_league"

    class Bomber(Forger):
        pass

    Bomber.marker = str(marker)
    result = league({"forger": Bomber}, **HOSTILE)
    assert [g.winner for g in result.games] == ["opponent", "opponent"]
    assert {f.kind for f in result.faults} == {"meddled"}
    assert result.standings()[0]["wins"] == 0
    assert not marker.exists()   # the pickle was never unpickled here


class Flooder(Landlord):
    def choose(self, game, decision):
        _write_everywhere(b"[" * 10_000_000)
        return super().choose(game, decision)


class Staller(Landlord):
    """Starts an answer and never finishes it."""

    def choose(self, game, decision):
        if decision.kind == "buy":
            _write_everywhere(b'{"action": ["buy", -1, 0, null')
            time.sleep(60)
        return super().choose(game, decision)


def test_a_bot_that_starts_an_answer_and_stops_is_stopped():
    start = time.monotonic()
    result = league({"staller": Staller}, **HOSTILE)
    assert time.monotonic() - start < 10
    assert [(f.kind, f.decision) for f in result.faults] == [("hung", "buy")] * 2


def test_a_bot_that_floods_the_league_loses_and_the_league_reads_no_more_than_an_answer():
    result = league({"flooder": Flooder}, **HOSTILE)
    assert [f.kind for f in result.faults] == ["meddled", "meddled"]
    assert all(g.winner == "opponent" for g in result.games)


class Pretender(Landlord):
    """Drives the other player into debt in the game it was given, then plays on."""

    def choose(self, game, decision):
        game.state.players[1 - decision.player].cash = -10**6
        return super().choose(game, decision)


def test_a_bot_that_rewrites_its_copy_of_the_game_changes_nothing_real():
    kwargs = dict(opponents=["cautious", "random"], games=2, **SHORT)
    result = league({"pretender": Pretender, "landlord": Landlord}, isolate=True, **kwargs)
    pretender = [g for g in result.games if g.entrant == "pretender"]
    assert len(pretender) == 8 and all(g.fault is not None and g.winner == "opponent" for g in pretender)
    honest = league({"landlord": Landlord}, isolate=False, **kwargs)
    assert [g for g in result.games if g.entrant == "landlord"] == honest.games
    # In the notebook's own process (isolate=False) the same bot wins every game: the real game is its to change.
    here = league({"pretender": Pretender}, isolate=False, **kwargs)
    assert all(g.winner == "entrant" for g in here.games)


@needs_fence
@pytest.mark.parametrize("attack", ["kill the parent", "kill the parent's group", "kill from a shell"])
def test_a_bot_cannot_kill_the_notebook(attack):
    import signal
    import subprocess

    class Killer(Landlord):
        def choose(self, game, decision):
            if attack == "kill the parent":
                os.kill(os.getppid(), signal.SIGKILL)
            elif attack == "kill the parent's group":
                os.killpg(os.getpgid(os.getppid()), signal.SIGKILL)
            else:
                subprocess.run(["sh", "-c", f"kill -9 {os.getppid()}"], check=True, capture_output=True)
            return super().choose(game, decision)

    result = league({"killer": Killer}, **HOSTILE)
    faults = result.faults
    assert [f.kind for f in faults] == ["raised", "raised"]   # this process lives on to tell it
    assert ("PermissionError" in faults[0].detail) or ("CalledProcessError" in faults[0].detail)
    assert all(g.winner == "opponent" for g in result.games)


def test_a_bot_that_kills_its_own_group_loses_only_its_game():
    import signal

    class GroupKiller(Landlord):
        def choose(self, game, decision):
            if decision.kind == "buy":
                os.killpg(0, signal.SIGKILL)
            return super().choose(game, decision)

    result = league({"group killer": GroupKiller, "landlord": Landlord}, **HOSTILE)
    faults = _faults_of(result, "group killer")
    assert [(f.kind, f.decision) for f in faults] == [("crashed", "buy")] * 2
    assert "exit code -9" in faults[0].detail
    assert _faults_of(result, "landlord") == [] and len(result.games) == 4


class Hog(Landlord):
    def choose(self, game, decision):
        if decision.kind == "buy":
            self.hoard = bytearray(300 * 2**20)
        return super().choose(game, decision)


def test_a_bot_over_its_memory_limit_loses_that_game_with_the_reason():
    result = league({"hog": Hog, "landlord": Landlord}, memory_mb=100, **HOSTILE)
    faults = _faults_of(result, "hog")
    assert [(f.kind, f.decision) for f in faults] == [("memory", "buy")] * 2
    assert "MemoryError" in faults[0].detail
    assert _faults_of(result, "landlord") == []
    assert "hog: asked for more than the 100 MiB of memory a bot may take at a 'buy' decision" in result.format()
    assert "hog: запросил больше памяти, чем позволено боту (100 МиБ), в решении «покупка»" in result.format("ru")
    roomy = league({"hog": Hog}, memory_mb=1024, **dict(HOSTILE, budget=5.0))   # the same bot, with room enough
    assert roomy.faults == []


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"   # a zombie is dead, waiting to be collected
    except FileNotFoundError:
        return False


@pytest.mark.parametrize("escape", ["stay", "new session", "double fork"])
def test_processes_a_bot_starts_do_not_outlive_its_game(tmp_path, escape):
    pids = tmp_path / "pids"

    class Spawner(Landlord):
        def choose(self, game, decision):
            if decision.kind == "buy" and not pids.exists():
                child = os.fork()
                if child == 0:
                    try:
                        if escape == "new session":
                            try:
                                os.setsid()
                            except OSError:
                                pass
                        if escape == "double fork" and os.fork():
                            os._exit(0)
                        with open(pids, "a") as out:
                            out.write(f"{os.getpid()}\n")
                        time.sleep(60)
                    finally:
                        os._exit(0)
                while not pids.exists():
                    time.sleep(0.01)
            return super().choose(game, decision)

    result = league({"spawner": Spawner}, **HOSTILE)
    assert result.faults == []
    (pid,) = [int(line) for line in pids.read_text().split()]
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def test_memory_limit_is_checked():
    for bad in (0, -5, 2.5, True, "1G"):
        with pytest.raises(LeagueError, match="memory_mb must be a whole number of megabytes"):
            league({"landlord": Landlord}, games=1, memory_mb=bad)


def test_two_students_bots_play_each_other_in_processes_of_their_own():
    kwargs = dict(opponents={"other landlord": Landlord, "raiser": Raiser}, games=2, **SHORT)
    watched = league({"landlord": Landlord}, isolate=True, **kwargs)
    here = league({"landlord": Landlord}, isolate=False, **kwargs)
    assert watched.games == here.games and {f.bot for f in watched.faults} == {"raiser"}


class Thief(Landlord):
    """Reads, from a thread of its own, every pipe it holds but its own: to take the other bot's
    answers before the league does."""

    def choose(self, game, decision):
        if not getattr(self, "started", False):
            import threading

            self.started = True
            others = [end for end, writes in _pipes() if not writes and not _is_mine(end)]

            def steal():
                while True:
                    for end in others:
                        try:
                            os.set_blocking(end, False)
                            os.read(end, 65536)
                        except OSError:  # nothing there, or gone
                            pass
                    time.sleep(0.0005)

            threading.Thread(target=steal, daemon=True).start()
        return super().choose(game, decision)


def _is_mine(end):
    """The bot's own inbound pipe: the one its process reads, in the frames that called it."""
    import sys

    frame = sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "_host" and frame.f_locals.get("inbound") == end:
            return True
        frame = frame.f_back
    return False


def test_a_bot_cannot_reach_the_other_bots_answers():
    result = league({"landlord": Landlord}, **dict(HOSTILE, opponents={"thief": Thief}))
    assert _faults_of(result, "landlord") == [] and len(result.games) == 2


class EndlessBirth(Landlord):
    def __init__(self):
        while True:
            pass


def test_a_bot_that_is_never_made_is_stopped_at_the_start():
    result = league({"endless": EndlessBirth, "landlord": Landlord}, **HOSTILE)
    faults = _faults_of(result, "endless")
    assert [(f.kind, f.decision, f.round) for f in faults] == [("hung", "start", 0)] * 2
    assert _faults_of(result, "landlord") == []

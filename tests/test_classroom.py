"""The classroom game without a browser: joining, who may act, the teacher's commands, the store,
and a restart that resumes the same game at the same decision with the same seats."""

from __future__ import annotations

import json
import re
import sqlite3
import threading

import pytest

from millionaire.actions import Action
from millionaire.board import load_board
from millionaire.class_data import load_class_data
from millionaire.classroom import ClassroomGame, IllegalMove, Refused
from millionaire.classroom.seats import CODE_DIGITS, TEAM_NAME_MOST, clean_team_name, same_secret
from millionaire.classroom.store import FILE_NAME, ClassroomStore
from millionaire.editions import keys
from millionaire.errors import MillionaireError
from millionaire.state import GameState
from millionaire.words import WORDS


@pytest.fixture()
def lesson(tmp_path):
    game = ClassroomGame.open(tmp_path / "games", seats=4, seed=11, lang="en")
    yield game
    game.close()


def joined(lesson, *teams):
    """Join ``teams`` in seats 0, 1, ...; return their secrets."""
    return [lesson.join(lesson.join_code, seat, team) for seat, team in enumerate(teams)]


def refusal(call, key):
    """Run ``call``, which must be refused for ``key``; return the refusal."""
    with pytest.raises(Refused) as caught:
        call()
    assert caught.value.key == key, caught.value
    return caught.value


def snapshot(lesson):
    return lesson.game.state.to_json(), [(s.kind, s.team, s.secret) for s in lesson.seats], lesson.phase, len(lesson.game.events)


# ---------------------------------------------------------------------- joining
def test_a_new_game_has_a_code_free_seats_and_waits(lesson):
    assert re.fullmatch(rf"\d{{{CODE_DIGITS}}}", lesson.join_code)
    assert [s.kind for s in lesson.seats] == ["open"] * 4
    assert lesson.phase == "joining" and lesson.game.pending.kind == "roll"
    assert lesson.teacher_secret and lesson.is_teacher(lesson.teacher_secret) and not lesson.is_teacher("guess")


def test_join_gives_the_seat_its_own_secret_and_name(lesson):
    foxes, owls = joined(lesson, "Foxes", "  Owls ")
    assert foxes != owls and len(foxes) >= 16
    assert lesson.seat_of(foxes).number == 0 and lesson.seat_of(owls).team == "Owls"
    assert lesson.game.names[:2] == ["Foxes", "Owls"]
    assert lesson.seat_of("") is None and lesson.seat_of("not a secret") is None


@pytest.mark.parametrize("code", ["", "0000x", None, 1234, "12345678901234567890"])
def test_a_wrong_code_is_refused_and_changes_nothing(lesson, code):
    before = snapshot(lesson)
    wrong = code if code != lesson.join_code else "x"
    error = refusal(lambda: lesson.join(wrong, 0, "Foxes"), "wrong_code")
    assert snapshot(lesson) == before
    assert error.text("en").startswith("Wrong code") and error.text("ru").startswith("Неверный код")


def test_a_seat_held_by_a_team_cannot_be_taken_by_another_device(lesson):
    joined(lesson, "Foxes")
    before = snapshot(lesson)
    error = refusal(lambda: lesson.join(lesson.join_code, 0, "Wolves"), "seat_taken")
    assert "Foxes" in error.text("en") and "Foxes" in error.text("ru") and "учитель" in error.text("ru")
    assert snapshot(lesson) == before


@pytest.mark.parametrize("seat", [-1, 4, 99, "1", None, True, 1.0])
def test_no_such_seat(lesson, seat):
    before = snapshot(lesson)
    refusal(lambda: lesson.join(lesson.join_code, seat, "Foxes"), "no_seat")
    assert snapshot(lesson) == before


@pytest.mark.parametrize("name", ["", "   ", "x" * (TEAM_NAME_MOST + 1), None, 7, "bell\x07"])
def test_a_bad_team_name_is_refused(lesson, name):
    before = snapshot(lesson)
    refusal(lambda: lesson.join(lesson.join_code, 1, name), "bad_team")
    assert snapshot(lesson) == before


def test_a_name_already_taken_is_refused_whatever_its_case(lesson):
    joined(lesson, "Foxes")
    refusal(lambda: lesson.join(lesson.join_code, 1, "FOXES"), "team_taken")


def test_team_names_are_trimmed_and_secrets_compared_exactly():
    assert clean_team_name(" Red   Foxes ") == "Red Foxes"
    assert same_secret("abc", "abc") and not same_secret("abc", "ab") and not same_secret(None, "abc")


# ---------------------------------------------------------------------- acting for a seat
def test_a_team_acts_only_for_its_seat_on_its_decision(lesson):
    foxes, owls = joined(lesson, "Foxes", "Owls")
    lesson.start()
    before = snapshot(lesson)
    refusal(lambda: lesson.act(owls, Action.roll()), "not_your_turn")              # Foxes decide first
    refusal(lambda: lesson.act(owls, Action.roll(), seat=0), "not_your_seat")      # Owls' secret, Foxes' seat
    refusal(lambda: lesson.act("forged", Action.roll(), seat=0), "not_your_seat")
    refusal(lambda: lesson.act("forged", Action.roll()), "lost_seat")
    assert snapshot(lesson) == before
    assert lesson.legal_actions(owls) == [] and Action.roll() in lesson.legal_actions(foxes)
    lesson.act(foxes, Action.roll(), seat=0)
    assert lesson.game.events[0].kind == "roll" and lesson.game.events[0].player == 0


def test_not_your_seat_is_said_in_both_languages(lesson):
    foxes, owls = joined(lesson, "Foxes", "Owls")
    lesson.start()
    error = refusal(lambda: lesson.act(owls, Action.roll(), seat=0), "not_your_seat")
    assert "seat 1" in error.text("en") and "места 1" in error.text("ru")
    error = refusal(lambda: lesson.act(owls, Action.roll()), "not_your_turn")
    assert "Foxes" in error.text("en") and "Foxes" in error.text("ru")


def test_an_illegal_move_is_refused_by_the_engine_in_both_languages(lesson):
    (foxes,) = joined(lesson, "Foxes")
    lesson.start()
    before = snapshot(lesson)
    with pytest.raises(IllegalMove) as caught:
        lesson.act(foxes, Action.buy())
    assert snapshot(lesson) == before
    assert caught.value.text("en") and re.search("[А-Яа-я]", caught.value.text("ru"))
    with pytest.raises(IllegalMove):
        lesson.act(foxes, "roll")  # not an Action: the engine refuses it too


def test_nothing_is_played_before_the_start_during_a_pause_or_after_the_end(lesson):
    (foxes,) = joined(lesson, "Foxes")
    refusal(lambda: lesson.act(foxes, Action.roll()), "not_started")
    refusal(lesson.pause, "not_started")
    refusal(lesson.end_now, "not_started")
    lesson.start()
    refusal(lesson.start, "already_started")
    lesson.pause()
    refusal(lambda: lesson.act(foxes, Action.roll()), "is_paused")
    assert not lesson.bot_to_move()
    lesson.resume()
    lesson.act(foxes, Action.roll())
    lesson.end_now()
    refusal(lambda: lesson.act(foxes, Action.end_turn()), "is_over")
    refusal(lambda: lesson.join(lesson.join_code, 1, "Owls"), "is_over")
    refusal(lesson.pause, "is_over")


# ---------------------------------------------------------------------- bots and the teacher
def test_free_seats_are_the_bots_and_play_until_a_team_decides(lesson):
    lesson.join(lesson.join_code, 2, "Owls")
    lesson.start()
    assert lesson.game.names == ["Bot 1", "Bot 2", "Owls", "Bot 4"]
    steps = 0
    while lesson.bot_step():
        steps += 1
    assert steps > 0 and lesson.game.pending.player == 2
    assert not lesson.bot_to_move() and lesson.bot_step() is False


def test_a_bot_takes_over_a_seat_whose_team_walked_away(lesson):
    foxes, owls = joined(lesson, "Foxes", "Owls")
    lesson.start()
    refusal(lambda: lesson.takeover(2), "not_a_team")
    lesson.takeover(0)
    assert lesson.seats[0].kind == "bot" and lesson.seat_of(foxes) is None
    refusal(lambda: lesson.act(foxes, Action.roll()), "lost_seat")
    assert lesson.bot_step() and lesson.game.events[0].player == 0     # the bot rolled for seat 1
    refusal(lambda: lesson.join(lesson.join_code, 0, "Foxes"), "seat_taken")  # only the teacher frees it
    lesson.free(0)
    again = lesson.join(lesson.join_code, 0, "New foxes")
    assert lesson.seat_of(again).number == 0 and again != foxes


def test_the_teacher_chooses_each_bot(lesson):
    lesson.set_strategy(1, "monopolist")
    assert lesson.seats[1].strategy == "monopolist"
    error = refusal(lambda: lesson.set_strategy(1, "lucky"), "bad_strategy")
    assert "lucky" in error.text("ru")
    refusal(lambda: lesson.set_strategy(9, "cautious"), "no_seat")


def test_end_now_is_the_rules_timed_ending_the_richest_wins(lesson):
    joined(lesson, "Foxes")
    lesson.start()
    lesson.takeover(0)
    for _ in range(60):
        lesson.bot_step()
    worth = [lesson.game.net_worth(seat) for seat in range(4)]
    lesson.end_now()
    result = lesson.game.result()
    assert lesson.phase == "finished" and lesson.game.finished
    assert result.reason == "timed game: the richest"
    assert worth[result.winner] == max(worth) and result.winner == worth.index(max(worth))
    assert lesson.game.events[-1].kind == "game_over"
    assert "wins" in lesson.status("en") and "побеждает" in lesson.status("ru")


def test_export_writes_what_lesson_11_reads(lesson, tmp_path):
    lesson.start()
    refusal(lesson.export, "not_over")
    for _ in range(40):
        lesson.bot_step()
    lesson.end_now()
    save, events, tallies = lesson.export(tmp_path / "out")
    state = GameState.from_json(save.read_text(encoding="utf-8"), lesson.board)
    assert state.finished and state.reason == "timed game: the richest"
    log = json.loads(events.read_text(encoding="utf-8"))
    assert len(log["events"]) == len(lesson.game.events) and log["events"][0]["kind"] == "roll"
    data = load_class_data(tallies, load_board("millionaire-classic"))
    assert data.rolls == sum(1 for e in lesson.game.events if e.kind == "roll") > 0


# ---------------------------------------------------------------------- the store and a restart
def test_a_restart_resumes_the_same_game_decision_and_seats(tmp_path):
    folder = tmp_path / "games"
    first = ClassroomGame.open(folder, seats=3, seed=4, lang="en")
    foxes = first.join(first.join_code, 0, "Foxes")
    first.start()
    for _ in range(30):
        if not first.bot_step():
            first.act(foxes, first.legal_actions(foxes)[0])
    saved = snapshot(first), first.join_code, first.teacher_secret, first.game.pending.data, first.game.log("en")
    first.close()
    second = ClassroomGame.open(folder, board="monopoly-us", seats=6)  # set-up options do not touch a stored game
    try:
        assert (snapshot(second), second.join_code, second.teacher_secret, second.game.pending.data,
                second.game.log("en")) == saved
        assert second.seat_of(foxes).team == "Foxes" and second.board.key == "millionaire-classic"
    finally:
        second.close()


def test_a_game_stopped_and_resumed_plays_on_exactly_as_one_never_stopped(tmp_path):
    def play(folder, stop_after):
        lesson = ClassroomGame.open(folder, seats=3, seed=9, lang="en")
        secret = lesson.join(lesson.join_code, 1, "Owls")
        lesson.start()
        for step in range(120):
            if step == stop_after:
                lesson.close()
                lesson = ClassroomGame.open(folder)
            if lesson.game.finished:
                break
            if not lesson.bot_step():
                lesson.act(secret, lesson.legal_actions(secret)[0])
        try:
            return lesson.game.state.to_json(), lesson.game.log("en")
        finally:
            lesson.close()

    assert play(tmp_path / "once", stop_after=-1) == play(tmp_path / "twice", stop_after=37)


def test_every_change_is_one_transaction_and_a_failed_one_leaves_nothing(tmp_path):
    store = ClassroomStore(tmp_path)
    lesson = ClassroomGame.open(tmp_path, seats=2, seed=1)
    before = store.latest()
    with pytest.raises(sqlite3.Error):
        store.save(lesson.game_id, "playing", "{}", lesson.seats, [("roll", 0, -1)])  # a broken event row
    after = store.latest()
    assert (after.phase, after.state, after.changes, after.events) == (before.phase, before.state, before.changes, [])
    lesson.join(lesson.join_code, 0, "Foxes")
    assert store.latest().changes == before.changes + 1 and store.latest().seats[0].team == "Foxes"
    assert (tmp_path / FILE_NAME).exists()
    lesson.close()
    store.close()


@pytest.mark.parametrize("damage", ["UPDATE games SET phase = 'dancing'", "UPDATE seats SET kind = 'ghost' WHERE seat = 1",
                                    "DELETE FROM seats WHERE seat = 0"])
def test_a_damaged_store_is_refused_with_what_is_wrong(tmp_path, damage):
    ClassroomGame.open(tmp_path, seats=3, seed=1).close()
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute(damage)
    with pytest.raises(MillionaireError, match=r"classroom.sqlite3: game 1 is damaged"):
        ClassroomGame.open(tmp_path)


def test_new_starts_another_game_in_the_same_store(tmp_path):
    first = ClassroomGame.open(tmp_path, seats=2, seed=1)
    first.close()
    second = ClassroomGame.open(tmp_path, seats=5, new=True)
    assert second.game_id == first.game_id + 1 and len(second.seats) == 5
    second.close()
    with pytest.raises(ValueError, match="seats must be 2 to 6, got 7"):
        ClassroomGame.open(tmp_path / "other", seats=7)


# ---------------------------------------------------------------------- views
def test_every_subscriber_sees_every_change_in_order(lesson):
    seen = [[], [], []]
    for mine in seen:
        lesson.subscribe(mine.append)
    joined(lesson, "Foxes")
    lesson.start()
    lesson.takeover(0)
    turns = lesson.game.state.turns
    while lesson.game.state.turns < turns + 10:
        assert lesson.bot_step()
    lesson.wait_shown()
    assert seen[0] == seen[1] == seen[2] == list(range(1, lesson.version + 1))


def test_the_bot_thread_plays_and_waits_for_every_view(tmp_path):
    lesson = ClassroomGame.open(tmp_path, seats=2, seed=3, bot_delay=0)
    shown = threading.Event()
    lesson.subscribe(lambda version: shown.set() if lesson.game.state.turns >= 4 else None)
    lesson.start()
    lesson.run_bots()
    assert shown.wait(30)
    lesson.close()


def test_views_say_everything_in_both_languages(lesson):
    (foxes,) = joined(lesson, "Foxes")
    assert lesson.status("en") == "Waiting for the teacher to start the game."
    lesson.start()
    assert lesson.status("en", seat=0).startswith("Your decision: roll the dice")
    assert lesson.status("ru", seat=1).startswith("Ждём игрока Foxes")
    assert "команда" in lesson.players_html("ru") and "осторожный" in lesson.players_html("ru")
    assert lesson.board_picture("ru")[:4] == b"\x89PNG" and lesson.board_picture("ru") is lesson.board_picture("ru")
    assert lesson.board_picture("ru") != lesson.board_picture("en")  # the cells' names are in the picture
    assert "Foxes" in lesson.board_overlay("ru") and "фантов" in lesson.board_overlay("ru")
    assert "fants" in lesson.board_overlay("en") and lesson.board_overlay("en") is lesson.board_overlay("en")
    labels = [lesson.action_label(action, "ru") for action in lesson.legal_actions(foxes)]
    assert "Бросить кубики" in labels


def test_every_refusal_has_words_in_both_languages():
    import inspect

    import millionaire.classroom.lesson as lesson_module
    import millionaire.classroom.seats as seats_module

    keys = set(re.findall(r'Refused\("(\w+)"', inspect.getsource(lesson_module) + inspect.getsource(seats_module)))
    assert len(keys) >= 12
    for key in keys:
        assert f"classroom.{key}" in WORDS["en"] and f"classroom.{key}" in WORDS["ru"], key


def test_a_team_bids_in_an_auction_with_an_amount(tmp_path):
    lesson = ClassroomGame.open(tmp_path, seats=2, seed=2, lang="en")
    foxes, owls = joined(lesson, "Foxes", "Owls")
    lesson.start()
    secrets = {0: foxes, 1: owls}
    for _ in range(200):  # roll, decline every purchase: the plot goes to auction and both teams bid
        pending = lesson.game.pending
        mine = secrets[pending.player]
        if pending.kind == "bid":
            lowest = min(a.amount for a in lesson.legal_actions(mine) if a.kind == "bid")
            before = snapshot(lesson)
            with pytest.raises(IllegalMove):
                lesson.act(mine, Action("bid", amount=lowest - 1))
            assert snapshot(lesson) == before
            seat = pending.player
            lesson.act(mine, Action("bid", amount=lowest))
            after = lesson.game.pending
            if after.kind == "bid":  # the auction goes on, with this bid the highest
                assert (after.data["high"], after.data["high_bidder"]) == (lowest, seat)
            else:  # the other team had passed: the plot is this team's
                assert lesson.game.events[-1].player == seat
            return
        kinds = [a.kind for a in lesson.legal_actions(mine)]
        lesson.act(mine, Action.decline() if "decline" in kinds else lesson.legal_actions(mine)[0])
    pytest.fail("no auction in 200 decisions")


@pytest.mark.parametrize("board", keys("classroom"))
def test_every_edition_plays_in_class_with_words_for_every_decision(tmp_path, board):
    """Every board of the kit plays in class; each decision a team meets, and each of its answers, has
    words in both languages (the presenter's, as at the game table)."""
    from millionaire.agents import make_agent

    lesson = ClassroomGame.open(tmp_path, board=board, seats=3, seed=6)
    try:
        secret = lesson.join(lesson.join_code, 0, "Foxes")
        lesson.start()
        bot = make_agent("aggressive", seed=1)
        kinds = set()
        for _ in range(400):
            if lesson.phase == "finished":
                break
            if lesson.bot_to_move():
                lesson.bot_step()
                continue
            actions = lesson.legal_actions(secret)
            kinds.add(lesson.game.pending.kind)
            for lang in ("en", "ru"):
                assert lesson.decision_text(lang) and "{" not in lesson.decision_text(lang)
                assert all(lesson.action_label(action, lang) for action in actions)
            lesson.act(secret, bot.choose(lesson.game, lesson.game.pending))
        assert {"roll"} <= kinds
    finally:
        lesson.close()


def test_a_team_offers_a_trade_and_the_other_team_answers(tmp_path):
    lesson = ClassroomGame.open(tmp_path, seats=2, seed=3)
    try:
        foxes, owls = lesson.join(lesson.join_code, 0, "Foxes"), lesson.join(lesson.join_code, 1, "Owls")
        lesson.start()
        state = lesson.game.state
        state.owner[1], state.owner[4] = 0, 1  # each team owns one plot
        partners, give, take = lesson.trade_choices(foxes, "en")
        assert partners == [("Owls", 1)] and (lesson.board.cells[1].name("en"), 1) in give
        assert any(cell == 4 for _, cell in take)
        assert lesson.trade_choices(owls, "en") == ([], [], [])  # not the Owls' decision
        before = lesson.version
        lesson.offer_trade(foxes, 1, give=[1], take=[4], give_cash=50)
        assert lesson.version == before + 1 and lesson.game.pending.kind == "trade_reply"
        assert lesson.game.pending.player == 1 and "Foxes" in lesson.decision_text("en")
        lesson.act(owls, Action("accept"))
        assert state.owner[1] == 1 and state.owner[4] == 0
    finally:
        lesson.close()


@pytest.mark.parametrize("bad", [dict(partner="1"), dict(partner=1, give=[1.5]), dict(partner=1, give_cash=-5),
                                 dict(partner=1, give="1"), dict(partner=True), dict(partner=1, take=[10 ** 12]),
                                 dict(partner=0, give_cash=5), dict(partner=1)])
def test_a_forged_trade_is_refused_and_changes_nothing(tmp_path, bad):
    lesson = ClassroomGame.open(tmp_path, seats=2, seed=3)
    try:
        foxes = lesson.join(lesson.join_code, 0, "Foxes")
        lesson.start()
        before = (lesson.version, lesson.game.state.to_json())
        with pytest.raises(Refused):
            lesson.offer_trade(foxes, **bad)
        assert (lesson.version, lesson.game.state.to_json()) == before
    finally:
        lesson.close()

"""A lesson of several tables without a browser: one code for all, each table its own game, seats and
rules; picking and assigning tables; treatments; the results' figures; the export; a restart."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from millionaire.actions import Action
from millionaire.board import load_board
from millionaire.class_data import load_class_data
from millionaire.classroom import Refused
from millionaire.classroom.lesson import ClassroomGame
from millionaire.classroom.results import Expectations, class_figures, expected_at
from millionaire.classroom.tables import MOST_TABLES, ClassLesson
from millionaire.classroom.treatments import TREATMENTS, treatment_rules, treatment_text, treatments_for
from millionaire.economics import gini, inequality
from millionaire.editions import keys
from millionaire.rules import RuleSet
from millionaire.state import GameState
from millionaire.words import WORDS

THREE = ["standard", "no_start_income", "no_monopoly_doubling"]


@pytest.fixture()
def lesson(tmp_path):
    opened = ClassLesson.open(tmp_path / "games", tables=3, seats=3, seed=21, lang="en", treatments=THREE)
    yield opened
    opened.close()


def refusal(call, key):
    with pytest.raises(Refused) as caught:
        call()
    assert caught.value.key == key, caught.value
    return caught.value


def picture(lesson):
    """Everything a refusal must leave as it was: every table's game and seats, the code, the treatments."""
    return ([(t.game.state.to_json(), [(s.kind, s.team, s.secret) for s in t.seats], t.phase) for t in lesson.tables],
            lesson.join_code, list(lesson.treatments))


def play(lesson, steps):
    for _ in range(steps):
        for table in lesson.tables:
            table.bot_step()


# ---------------------------------------------------------------------- opening
def test_a_lesson_has_one_code_and_tables_with_their_own_games_and_rules(lesson):
    assert len(lesson.tables) == 3 and len({t.game_id for t in lesson.tables}) == 3
    assert {t.join_code for t in lesson.tables} == {lesson.join_code}
    assert [t.game.rules.circular_income for t in lesson.tables] == [200, 0, 200]
    assert [t.game.rules.monopoly_multiplier for t in lesson.tables] == [2, 2, 1]
    assert [t.seed for t in lesson.tables] == [21, 22, 23]  # each table its own dice


@pytest.mark.parametrize("count", [0, 9, -1, True, "3"])
def test_a_lesson_has_1_to_8_tables(tmp_path, count):
    with pytest.raises(ValueError, match=f"tables must be 1 to {MOST_TABLES}"):
        ClassLesson.open(tmp_path, tables=count)


@pytest.mark.parametrize("treatments", [["standard"], ["standard", "land_tax"], ["standard", "__import__('os')"]])
def test_a_new_lesson_refuses_treatments_that_do_not_fit(tmp_path, treatments):
    with pytest.raises(ValueError):
        ClassLesson.open(tmp_path, tables=2, treatments=treatments)


def test_eight_tables_of_every_board(tmp_path):
    for board in keys("classroom"):
        lesson = ClassLesson.open(tmp_path / board, tables=8, board=board, seats=2, seed=1, lang="ru")
        try:
            lesson.everywhere("start")
            play(lesson, 5)
            assert len(lesson.tables) == 8 and all(t.game.events for t in lesson.tables)
            assert {t.board.key for t in lesson.tables} == {board}
        finally:
            lesson.close()


def test_a_store_of_one_game_opens_as_a_lesson_of_one_table(tmp_path):
    single = ClassroomGame.open(tmp_path, seats=2, seed=5, lang="en")
    secret = single.join(single.join_code, 0, "Foxes")
    code = single.join_code
    single.close()
    lesson = ClassLesson.open(tmp_path)
    try:
        assert len(lesson.tables) == 1 and lesson.join_code == code and lesson.seat_of(secret)[1].team == "Foxes"
    finally:
        lesson.close()


# ---------------------------------------------------------------------- joining a table
def test_a_team_picks_its_table_or_leaves_it_to_the_teacher(lesson):
    table, foxes = lesson.join(lesson.join_code, 1, 2, "Foxes")
    assert table == 1 and lesson.tables[1].seats[2].team == "Foxes" and lesson.seat_of(foxes) == (1, lesson.tables[1].seats[2])
    placed = [lesson.join(lesson.join_code, None, None, name)[0] for name in ("Owls", "Bears", "Wolves")]
    assert placed == [0, 2, 0]  # the fewest teams first, the first of equals
    assert [sum(s.kind == "team" for s in t.seats) for t in lesson.tables] == [2, 1, 1]


@pytest.mark.parametrize("table", [3, 8, -1, 99, "1", 1.0, True, [0], "__class__"])
def test_a_table_that_does_not_exist_is_refused_and_changes_nothing(lesson, table):
    before = picture(lesson)
    error = refusal(lambda: lesson.join(lesson.join_code, table, 0, "Foxes"), "no_table")
    assert picture(lesson) == before
    assert "1 to 3" in error.text("en") and "от 1 до 3" in error.text("ru")


@pytest.mark.parametrize("seat", [3, -1, 10 ** 12, "0", True])
def test_a_seat_out_of_range_at_a_table_is_refused(lesson, seat):
    before = picture(lesson)
    refusal(lambda: lesson.join(lesson.join_code, 2, seat, "Foxes"), "no_seat")
    assert picture(lesson) == before


def test_a_name_is_the_lessons_own_across_tables(lesson):
    lesson.join(lesson.join_code, 0, 0, "Foxes")
    before = picture(lesson)
    refusal(lambda: lesson.join(lesson.join_code, 2, 0, "F0XES"), "team_taken")
    refusal(lambda: lesson.join(lesson.join_code, 1, 0, "Bot 2"), "team_reserved")
    refusal(lambda: lesson.join(lesson.join_code, 1, 0, "x" * 40), "bad_team")
    assert picture(lesson) == before


def test_wrong_codes_count_for_the_whole_lesson(lesson):
    device = "10.0.0.9"
    for table in (0, 1, 2):
        refusal(lambda: lesson.join("000000" if lesson.join_code != "000000" else "111111", table, 0, "Foxes", device=device),
                "wrong_code")
    refusal(lambda: lesson.join("not it", None, None, "Foxes", device=device), "wrong_code")
    refusal(lambda: lesson.join(lesson.join_code, 0, 0, "Foxes", device=device), "wait_to_try")
    assert lesson.failed_joins() == (4, 1)
    old = lesson.join_code
    new = lesson.new_code()
    assert new != old and {t.join_code for t in lesson.tables} == {new} and lesson.failed_joins() == (0, 0)
    refusal(lambda: lesson.join(old, 0, 0, "Foxes"), "wrong_code")
    assert lesson.join(new, 0, 0, "Foxes", device=device)[0] == 0


def test_a_full_table_and_a_full_lesson_are_refused(tmp_path):
    lesson = ClassLesson.open(tmp_path, tables=2, seats=2, seed=1, lang="en")
    try:
        lesson.join(lesson.join_code, 0, 0, "A")
        lesson.join(lesson.join_code, 0, 1, "B")
        refusal(lambda: lesson.join(lesson.join_code, 0, None, "C"), "table_full")
        assert lesson.join(lesson.join_code, None, None, "C")[0] == 1
        lesson.join(lesson.join_code, None, None, "D")
        refusal(lambda: lesson.join(lesson.join_code, None, None, "E"), "lesson_full")
    finally:
        lesson.close()


def test_the_teacher_moves_a_team_to_another_table_before_the_start(lesson):
    _, foxes = lesson.join(lesson.join_code, 0, 0, "Foxes")
    lesson.join(lesson.join_code, 2, 1, "Owls")
    lesson.move(0, 0, 2, 0)
    assert lesson.seat_of(foxes) == (2, lesson.tables[2].seats[0]) and lesson.tables[0].seats[0].kind == "open"
    assert lesson.tables[2].game.names[0] == "Foxes" and lesson.tables[0].game.names[0] == "Seat 1"
    before = picture(lesson)
    refusal(lambda: lesson.move(2, 0, 2, 1), "seat_taken")
    refusal(lambda: lesson.move(0, 0, 1, 0), "not_a_team")
    refusal(lambda: lesson.move(2, 0, 7, 0), "no_table")
    refusal(lambda: lesson.move(2, 0, 1, 9), "no_seat")
    lesson.tables[1].start()
    refusal(lambda: lesson.move(2, 0, 1, 0), "already_started")
    assert picture(lesson)[1:] == before[1:]


def test_each_table_plays_alone_and_a_team_acts_only_at_its_own(lesson):
    _, foxes = lesson.join(lesson.join_code, 0, 0, "Foxes")
    _, owls = lesson.join(lesson.join_code, 1, 0, "Owls")
    lesson.tables[0].start()
    refusal(lambda: lesson.tables[1].act(owls, Action.roll()), "not_started")
    refusal(lambda: lesson.tables[0].act(owls, Action.roll()), "lost_seat")  # Owls' key opens no seat of table 1
    lesson.tables[0].act(foxes, Action.roll())
    assert lesson.tables[0].game.events and not lesson.tables[1].game.events


def test_commands_for_every_table(lesson):
    lesson.tables[2].start()
    lesson.everywhere("start")  # starts the two that wait
    assert lesson.phases() == ("playing",) * 3
    lesson.tables[1].pause()
    lesson.everywhere("resume")
    assert lesson.phases() == ("playing",) * 3
    play(lesson, 3)
    lesson.everywhere("end_now")
    assert lesson.phases() == ("finished",) * 3
    refusal(lambda: lesson.everywhere("pause"), "is_over")
    refusal(lambda: lesson.everywhere("close"), "no_command")
    refusal(lesson.new_code, "is_over")


# ---------------------------------------------------------------------- treatments
def test_every_treatment_has_words_and_changes_the_rules_it_names():
    for key in TREATMENTS:
        for lang in ("en", "ru"):
            assert f"treatment.{key}" in WORDS[lang] and f"treatment_about.{key}" in WORDS[lang]
            assert "{" not in treatment_text(lang, key, "millionaire-classic")
    base = RuleSet.classic()
    changed = {key: {name for name, value in treatment_rules(key, base).to_dict().items() if base.to_dict()[name] != value}
               for key in TREATMENTS}
    assert changed == {"standard": set(), "no_start_income": {"circular_income"}, "double_start_income": {"circular_income"},
                       "no_monopoly_doubling": {"monopoly_multiplier"}, "monopoly_tripled": {"monopoly_multiplier"},
                       "poor_start": {"start_cash"}, "rich_start": {"start_cash"}, "dear_credit": {"redemption_fee"},
                       "wealth_tax": {"wealth_tax"}, "rent_control": {"rent_cap"}}
    assert treatment_rules("rich_start", RuleSet.junior()).start_cash == 80
    assert "dear_credit" not in treatments_for("millionaire-junior") and "dear_credit" in treatments_for("monopoly-us")


def test_the_policy_treatments_are_offered_where_they_change_play():
    for board in ("millionaire-classic", "millionaire-elite", "monopoly-us"):
        assert {"wealth_tax", "rent_control"} <= set(treatments_for(board))
    junior = treatments_for("millionaire-junior")
    assert "wealth_tax" in junior and "rent_control" not in junior  # Junior has attractions, no plots
    assert treatment_text("en", "wealth_tax", "monopoly-us") == (
        "Wealth tax: each time a player collects the income for START, he pays the bank 2% of his net worth.")
    assert treatment_text("ru", "rent_control", "millionaire-classic") == (
        "Контроль аренды: аренда участка не больше 50% его цены, как бы он ни был застроен.")


def test_a_table_under_a_policy_treatment_plays_it(lesson):
    lesson.set_treatment(0, "rent_control")
    lesson.set_treatment(1, "wealth_tax")
    assert lesson.tables[0].game.rules.rent_cap == Fraction(1, 2) and lesson.tables[0].game.rules.wealth_tax == 0
    assert lesson.tables[1].game.rules.wealth_tax == Fraction(1, 50) and lesson.tables[1].game.rules.rent_cap == 0


def test_the_teacher_sets_a_tables_treatment_before_it_starts(lesson):
    lesson.join(lesson.join_code, 0, 1, "Foxes")
    lesson.set_treatment(0, "rich_start")
    table = lesson.tables[0]
    assert table.game.state.players[0].cash == 4000 and table.game.names[1] == "Foxes" and lesson.treatments[0] == "rich_start"
    table.start()
    before = picture(lesson)
    refusal(lambda: lesson.set_treatment(0, "standard"), "already_started")
    assert picture(lesson) == before


@pytest.mark.parametrize("treatment", ["land_tax", "", None, 3, "__import__('os').system('id')", "Standard", ["standard"]])
def test_an_injected_treatment_is_refused_and_changes_nothing(lesson, treatment):
    before = picture(lesson)
    error = refusal(lambda: lesson.set_treatment(1, treatment), "no_treatment")
    assert picture(lesson) == before and "standard" in error.text("ru")


def test_a_treatment_for_a_table_that_does_not_exist(lesson):
    before = picture(lesson)
    refusal(lambda: lesson.set_treatment(5, "standard"), "no_table")
    assert picture(lesson) == before


def test_every_refusal_of_the_lesson_has_words():
    import inspect
    import re

    import millionaire.classroom.tables as tables
    import millionaire.classroom.treatments as treatments

    found = set(re.findall(r'Refused\("(\w+)"', inspect.getsource(tables) + inspect.getsource(treatments)))
    assert {"no_table", "table_full", "lesson_full", "no_treatment", "no_command"} <= found
    for key in found:
        assert f"classroom.{key}" in WORDS["en"] and f"classroom.{key}" in WORDS["ru"], key


# ---------------------------------------------------------------------- results
def test_the_results_are_the_class_own_figures(lesson):
    lesson.everywhere("start")
    play(lesson, 150)
    for table in lesson.tables:
        figures = class_figures(table)
        worths = [table.game.net_worth(seat) for seat in range(3)]
        assert figures["gini"] == pytest.approx(gini(worths)) and figures["leader_share"] == pytest.approx(max(worths) / sum(worths))
        assert sorted(figures["gini_by_round"]) == sorted(table.worths) and 0 in table.worths
        assert set(range(figures["rounds"] + 1)) <= set(table.worths)  # every round began with its worths kept
        assert table.worths[0] == [table.game.rules.start_cash] * 3


def test_the_simulated_expectation_is_read_at_the_round_the_table_reached(lesson):
    expectations = Expectations(games=30, max_rounds=40, seed=1)
    simulated = expectations.compute(lesson.tables[1])
    assert simulated.worth.shape == (30, 41, 3) and expectations.get(lesson.tables[1]) is simulated
    assert expectations.get(lesson.tables[0]) is None  # other rules, not yet played
    start = expected_at(simulated, 0)
    assert start["gini"] == pytest.approx(0) and start["leader_share"] == pytest.approx(1 / 3) and start["bankrupt"] == 0
    later = expected_at(simulated, 40)
    assert later["gini"] > start["gini"] and 0 < later["half_over"] <= 40


@pytest.mark.parametrize("lang, point, other", [("ru", ",", "."), ("en", ".", ",")])
def test_the_results_plot_writes_its_ticks_as_the_language_writes_numbers(lesson, lang, point, other):
    from millionaire.classroom.overview import results_figure

    lesson.everywhere("start")
    play(lesson, 40)
    figure = results_figure(lesson, lang)
    figure.canvas.draw()
    axes = figure.axes[0]
    gini = [label.get_text() for label in axes.get_yticklabels() if label.get_text()]
    assert len(gini) >= 3 and all(point in text and other not in text for text in gini[1:]), gini  # 0,1 0,2 … (0 may be bare)
    rounds = [label.get_text() for label in axes.get_xticklabels() if label.get_text()]
    assert rounds and not [text for text in rounds if other in text], rounds


# ---------------------------------------------------------------------- export and restart
def test_the_lesson_exports_what_lessons_09_and_11_read(lesson, tmp_path):
    lesson.everywhere("start")
    refusal(lesson.export, "not_over")
    play(lesson, 60)
    lesson.everywhere("end_now")
    files = lesson.export(tmp_path / "out")
    assert len(files) == 3 * 3 + 3 and files[-1].name == "predictions.json"  # each table's three, tallies, lesson, predictions
    states = [GameState.from_json((tmp_path / "out" / f"table-{n}" / "save.json").read_text(encoding="utf-8"), lesson.board)
              for n in (1, 2, 3)]
    assert [s.rules.circular_income for s in states] == [200, 0, 200] and all(s.finished for s in states)
    rows = inequality(states, lesson.board)  # lesson 09's measure of the exported games
    assert len(rows) == 3
    data = load_class_data(tmp_path / "out" / "tallies.csv", load_board("millionaire-classic"))
    assert data.rolls == sum(1 for t in lesson.tables for e in t.game.events if e.kind == "roll")
    about = json.loads((tmp_path / "out" / "lesson.json").read_text(encoding="utf-8"))
    assert [t["treatment"] for t in about["tables"]] == THREE
    assert about["tables"][1]["rules"]["circular_income"] == 0
    assert about["tables"][0]["worths"]["0"] == [2000] * 3
    events = json.loads((tmp_path / "out" / "table-2" / "events.json").read_text(encoding="utf-8"))
    assert len(events["events"]) == len(lesson.tables[1].game.events)


def test_a_restart_resumes_every_table_with_no_move_lost(tmp_path):
    def run(folder, stop_after):
        lesson = ClassLesson.open(folder, tables=3, seats=3, seed=8, lang="en", treatments=THREE)
        secrets = [lesson.join(lesson.join_code, n, 1, f"Team {chr(65 + n)}")[1] for n in range(3)]
        lesson.set_treatment(2, "rich_start")
        lesson.everywhere("start")
        for step in range(90):
            if step == stop_after:
                lesson.close()
                lesson = ClassLesson.open(folder)
            for table, secret in zip(lesson.tables, secrets):
                if table.game.finished:
                    continue
                if not table.bot_step():
                    table.act(secret, table.legal_actions(secret)[0])
        try:
            return ([(t.game.state.to_json(), t.game.log("en"), t.worths) for t in lesson.tables], lesson.treatments,
                    lesson.join_code)
        finally:
            lesson.close()

    once, twice = run(tmp_path / "once", -1), run(tmp_path / "twice", 41)
    assert once[:2] == twice[:2]
    assert twice[1] == ["standard", "no_start_income", "rich_start"]

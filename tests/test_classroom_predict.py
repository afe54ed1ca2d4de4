"""Predict, then reveal without a browser: the questions of the bank and their answers, the teacher's
own questions and their errors, a round's rules (one answer per team, nothing after it closes, nothing
that is not an answer), the class's bars, and the rounds kept with the lesson through a restart and in
its export."""

from __future__ import annotations

import json
import sqlite3

import pytest

from millionaire.board import load_board
from millionaire.classroom import Refused
from millionaire.classroom.tables import ClassLesson
from millionaire.classroom.questions import (MOST_CHOICES, MOST_QUESTIONS, Predictions, Question, QuestionError, Round,
                                             TableFacts, bank, load_questions, own_question, parse_number, settle)
from millionaire.classroom.store import FILE_NAME
from millionaire.economics.inequality import gini
from millionaire.economics.rent import landing_rates, plot_rent
from millionaire.editions import keys
from millionaire.markov import movement_chain
from millionaire.rules import RuleSet
from millionaire.words import WORDS

NAMES = (("Foxes", "Foxes"), ("Owls", "Owls"), ("Bot 3", "Бот 3"))


def facts(board_key="millionaire-classic", **fields):
    board = load_board(board_key)
    return TableFacts(board, RuleSet.for_board(board.key), fields.pop("names", NAMES), **fields)


def refused(call, key):
    with pytest.raises(Refused) as caught:
        call()
    assert caught.value.key == key, caught.value
    return caught.value


def choice_round(answer=3):
    return Round(1, own_question({"en": "Which?", "ru": "Какой?", "choices": ["A", "B", "C / В"], "answer": answer}))


def number_round(answer=50.0):
    return Round(1, own_question({"en": "How many?", "low": 0, "high": 100, "answer": answer}))


# ---------------------------------------------------------------------- the bank
@pytest.mark.parametrize("board_key", keys("classroom"))
def test_the_bank_has_questions_that_fit_each_board(board_key):
    questions = {q.key: q for q in bank([facts(board_key)])}
    board = load_board(board_key)
    assert "winner" in questions and "most_landed" in questions
    assert ("plot_rent" in questions) == bool(board.plots)  # Junior has no plots to rent
    assert ("dice_total" in questions) == (RuleSet.for_board(board_key).dice == 2)
    assert "most_unequal" not in questions  # one table: no treatments to compare
    for question in questions.values():
        assert question.text[0] and question.text[1] and question.text[0] != question.text[1]
        assert all(en and ru for en, ru in question.choices)


def test_the_dice_question_is_answered_by_the_36_rolls():
    question = next(q for q in bank([facts()]) if q.key == "dice_total")
    assert question.show(question.answer, "en") == "7"
    assert question.detail[5] == ("6 of 36 rolls", "6 из 36 бросков")


@pytest.mark.parametrize("board_key", keys("classroom"))
def test_the_most_landed_cell_is_the_exact_chains(board_key):
    table = facts(board_key)
    question = next(q for q in bank([table]) if q.key == "most_landed")
    landings = movement_chain(table.board, table.rules).probabilities(per="landing")[:table.board.size]
    best = int(landings.argmax())
    assert question.show(question.answer, "en") == table.board.cells[best].name("en")
    assert 4 <= len(question.choices) <= 5 and question.answer_by == "chain"


def test_the_rent_question_is_the_expected_rent_over_ten_rounds():
    table = facts(names=NAMES + (("Wolves", "Wolves"),))
    question = next(q for q in bank([table]) if q.key == "plot_rent")
    board = table.board
    dearest = max(board.plots, key=lambda c: board.cells[c].price)
    expected = landing_rates(board, table.rules)[dearest] * plot_rent(board, dearest, 0, table.rules) * 3 * 10
    assert question.answer == round(expected)  # whole money
    assert question.show(question.answer, "ru") == board.money(round(expected), "ru")
    assert board.cells[dearest].name("en") in question.say("en") and "3 opponents" in question.say("en")
    assert "от 3 соперников" in question.say("ru") and "10 раундов" in question.say("ru")
    assert question.low < question.answer < question.high


def test_the_winner_is_asked_once_the_game_has_started(lesson):
    assert "winner" not in [q.key for q in bank(lesson.facts())]  # the free seats have no players' names yet
    lesson.everywhere("start")
    winner = next(q for q in bank(lesson.facts()) if q.key == "winner")
    assert winner.choices == (("Bot 1", "Бот 1"), ("Bot 2", "Бот 2"), ("Bot 3", "Бот 3"))


def test_the_winner_is_answered_when_the_game_ends():
    question = next(q for q in bank([facts()]) if q.key == "winner")
    assert question.answer is None and question.choices == NAMES
    assert settle(question, [facts()]) is question  # the game runs: no answer yet
    done = settle(question, [facts(winner=1, worths=(10.0, 900.0, 5.0))])
    assert done.answer == 1 and done.detail[1] == ("net worth 900", "капитал 900")


def test_the_most_unequal_treatment_is_answered_from_the_games():
    equal, unequal = (100.0, 100.0, 100.0), (0.0, 0.0, 300.0)
    tables = [facts(treatment="", winner=0, worths=equal),
              facts(treatment="tax", treatment_name=("Wealth tax", "Налог на богатство"), winner=0, worths=unequal),
              facts(treatment="tax", treatment_name=("Wealth tax", "Налог на богатство"), worths=equal)]
    question = next(q for q in bank(tables) if q.key == "most_unequal")
    assert [en for en, _ in question.choices] == ["the board's own rules", "Wealth tax"]
    named = [facts(treatment="", treatment_name=("Standard rules", "Обычные правила"), worths=equal), *tables[1:]]
    assert [en for en, _ in next(q for q in bank(named) if q.key == "most_unequal").choices] == ["Standard rules", "Wealth tax"]
    assert settle(question, tables).answer is None  # one table of the tax still plays
    tables[2] = facts(treatment="tax", treatment_name=("Wealth tax", "Налог на богатство"), winner=2, worths=equal)
    done = settle(question, tables)
    assert done.answer == 1
    assert done.detail[1][0] == f"Gini {(gini(unequal) + gini(equal)) / 2:.2f}"


# ---------------------------------------------------------------------- a round
def test_one_answer_per_team_then_closed_then_revealed():
    round_ = choice_round()
    round_.answer("Foxes", 2)
    round_.answer("Owls", 0)
    refused(lambda: round_.answer("Foxes", 1), "predict_twice")
    assert round_.answers == {"Foxes": 2.0, "Owls": 0.0}
    refused(round_.reveal, "predict_close_first")
    refused(round_.put_away, "predict_not_revealed")
    round_.close()
    refused(lambda: round_.answer("Wolves", 1), "predict_closed")
    refused(round_.close, "predict_not_open")
    round_.reveal()
    refused(lambda: round_.answer("Wolves", 1), "predict_closed")
    refused(round_.reveal, "predict_not_closed")
    assert round_.right() == ["Foxes"]
    assert [(bar.count, bar.right) for bar in round_.bars()] == [(1, False), (0, False), (1, True)]
    assert round_.bars()[2].label == ("C", "В")


@pytest.mark.parametrize("raw", [-1, 3, 99, 10 ** 30, "1", None, True, 1.5, [0], {"index": 0}, ""])
def test_a_choice_that_does_not_exist_is_refused(raw):
    round_ = choice_round()
    error = refused(lambda: round_.answer("Foxes", raw), "predict_no_choice")
    assert round_.answers == {}
    assert error.text("ru").startswith("Ответа") and "3" in error.text("en")


@pytest.mark.parametrize("raw", ["1e999", "1e3", "nan", "inf", "-inf", "abc", "", "  ", "12abc", "1,2,3", "9" * 40,
                                 "0x10", "½", "١٢", "101", "-0.5", 101, -1, float("nan"), float("inf"), True, None, [5]])
def test_a_number_that_is_not_one_or_out_of_bounds_is_refused(raw):
    round_ = number_round()
    error = refused(lambda: round_.answer("Foxes", raw), "predict_bad_number")
    assert round_.answers == {} and "0" in error.text("en") and "100" in error.text("ru")


@pytest.mark.parametrize("raw, value", [("12,5", 12.5), (" 7 ", 7.0), ("100", 100.0), ("0", 0.0), ("+3.", 3.0),
                                        (".5", 0.5), ("1 00", 100.0), (42, 42.0), (2.25, 2.25)])
def test_a_number_is_read_with_a_point_or_a_comma(raw, value):
    assert parse_number(raw, number_round().question) == value


def test_a_team_without_a_name_cannot_answer():
    refused(lambda: number_round().answer("", "5"), "lost_seat")


def test_numbers_are_shown_as_ranges_with_the_answer_marked():
    round_ = number_round(answer=150 / 2)
    for team, value in (("A", "12"), ("B", "18"), ("C", "61"), ("D", "64"), ("E", "99")):
        round_.answer(team, value)
    round_.close()
    bars = round_.bars()
    assert sum(bar.count for bar in bars) == 5 and len(bars) <= 8
    assert [bar.right for bar in bars].count(True) == 1
    right = next(bar for bar in bars if bar.right)
    assert right.label[0].startswith("60") and right.count == 2  # 60 to 80 holds 61, 64 and the answer 75
    assert round_.median() == 61 and round_.closest() == ["D"]
    assert bars[0].label[1].startswith("от ")


def test_a_question_with_no_answer_written_shows_the_answers_only():
    round_ = Round(1, own_question({"en": "Guess", "low": 1, "high": 9}))
    round_.answer("A", "3")
    round_.close()
    round_.reveal()
    assert round_.right() == [] and round_.closest() == [] and not any(bar.right for bar in round_.bars())


def test_predictions_take_one_round_at_a_time_and_save_each_change():
    saved, told = {}, []
    predictions = Predictions(save=saved.__setitem__, changed=lambda: told.append(1))
    refused(predictions.close, "predict_none")
    predictions.open(choice_round().question)
    refused(lambda: predictions.open(number_round().question), "predict_busy")
    predictions.answer("Foxes", 1)
    predictions.close()
    refused(lambda: predictions.open(number_round().question), "predict_busy")
    predictions.reveal()
    second = predictions.open(number_round().question)  # the revealed round is put away
    assert predictions.rounds[0].phase == "done" and predictions.current() is second
    assert sorted(saved) == [1, 2] and json.loads(saved[1])["answers"] == {"Foxes": 1.0}
    assert len(told) == 5
    predictions.close(), predictions.reveal(), predictions.put_away()
    assert predictions.current() is None
    refused(lambda: predictions.answer("Owls", "4"), "predict_none")


@pytest.mark.parametrize("board_key", keys("classroom"))
def test_every_question_of_the_bank_survives_its_json(board_key):
    for question in bank([facts(board_key)]):
        round_ = Round(3, question)
        assert Round.from_dict(json.loads(json.dumps(round_.to_dict())), "here") == round_


def test_a_round_survives_its_json():
    round_ = choice_round()
    round_.answer("Лисы", 1)
    again = Round.from_dict(json.loads(json.dumps(round_.to_dict())), "here")
    assert again == round_


@pytest.mark.parametrize("damage", [{"phase": "sideways"}, {"answers": {"A": "x"}}, {"question": {"kind": "choice"}},
                                    {"number": None}])
def test_a_damaged_round_is_refused_with_where(damage):
    data = {**choice_round().to_dict(), **damage}
    with pytest.raises(QuestionError, match="^store: game 1: .*damaged"):
        Round.from_dict(data, "store: game 1")


# ---------------------------------------------------------------------- the teacher's own questions
def test_a_question_in_a_few_lines_of_toml(tmp_path):
    path = tmp_path / "questions.toml"
    path.write_text('''
[[question]]
en = "How many rounds will our game last?"
ru = "Сколько раундов продлится наша партия?"
low = 1
high = 100
unit = { en = "rounds", ru = "раундов" }
answer = 25

[[question]]
key = "first_industry"
ru = "Какую отрасль скупят первой?"
choices = [{ en = "Light industry", ru = "Лёгкая промышленность" }, "Telecom / Телеком", "Oil"]
answer = 2
lesson = 6
''', encoding="utf-8")
    rounds, industry = load_questions(path)
    assert rounds.kind == "number" and rounds.answer == 25 and rounds.show(25, "ru") == "25 раундов"
    assert rounds.key == "own_1" and rounds.answer_by == "given"
    assert industry.text == ("Какую отрасль скупят первой?",) * 2 and industry.lesson == 6
    assert industry.choices == (("Light industry", "Лёгкая промышленность"), ("Telecom", "Телеком"), ("Oil", "Oil"))
    assert industry.show(industry.answer, "ru") == "Телеком"


BAD_QUESTIONS = [
    ("not_table", ["just text"]),
    ("unknown", {"en": "?", "low": 0, "high": 1, "anwser": 1}),
    ("no_text", {"low": 0, "high": 1}),
    ("text", {"en": "", "low": 0, "high": 1}),
    ("text", {"en": "x" * 301, "low": 0, "high": 1}),
    ("text", {"en": "bell\x07", "low": 0, "high": 1}),
    ("text", {"en": 5, "low": 0, "high": 1}),
    ("kind", {"en": "?"}),
    ("kind", {"en": "?", "low": 0}),
    ("both", {"en": "?", "low": 0, "high": 1, "choices": ["a", "b"]}),
    ("choices", {"en": "?", "choices": ["only one"]}),
    ("choices", {"en": "?", "choices": [str(i) for i in range(MOST_CHOICES + 1)]}),
    ("choices", {"en": "?", "choices": "a, b"}),
    ("label", {"en": "?", "choices": [{"de": "A"}, "B"]}),
    ("text", {"en": "?", "choices": ["", "B"]}),
    ("text", {"en": "?", "choices": ["x" * 41, "B"]}),
    ("answer_choice", {"en": "?", "choices": ["a", "b"], "answer": 0}),
    ("answer_choice", {"en": "?", "choices": ["a", "b"], "answer": "a"}),
    ("answer_choice", {"en": "?", "choices": ["a", "b"], "answer": True}),
    ("number_field", {"en": "?", "low": "zero", "high": 1}),
    ("number_field", {"en": "?", "low": 0, "high": float("inf")}),
    ("number_field", {"en": "?", "low": 0, "high": 1e13}),
    ("number_field", {"en": "?", "low": True, "high": 3}),
    ("bounds", {"en": "?", "low": 5, "high": 5}),
    ("answer_number", {"en": "?", "low": 0, "high": 10, "answer": 11}),
    ("answer_number", {"en": "?", "low": 0, "high": 10, "answer": "5"}),
    ("key", {"key": "Has Space", "en": "?", "low": 0, "high": 1}),
    ("lesson", {"en": "?", "low": 0, "high": 1, "lesson": 100}),
]


@pytest.mark.parametrize("problem, fields", BAD_QUESTIONS)
def test_a_bad_question_says_what_and_where(problem, fields):
    with pytest.raises(QuestionError) as caught:
        own_question(fields, "questions.toml: question 3")
    assert caught.value.key == problem
    assert str(caught.value).startswith("questions.toml: question 3: ")
    assert caught.value.text("ru").startswith("questions.toml: question 3: ")


@pytest.mark.parametrize("problem, content", [
    ("not_toml", "[[question]\nen = 'x'"),
    ("no_questions", "title = 'mine'"),
    ("no_questions", "question = 'x'"),
    ("no_questions", "question = []"),
    ("no_questions", "[[question]]\nen = '?'\nlow = 0\nhigh = 1\n[other]\nx = 1"),
    ("too_many", "".join("[[question]]\nen = '?'\nlow = 0\nhigh = 1\n" for _ in range(MOST_QUESTIONS + 1))),
    ("same_key", "[[question]]\nkey = 'a'\nen = '?'\nlow = 0\nhigh = 1\n[[question]]\nkey = 'a'\nen = '!'\nlow = 0\nhigh = 1\n"),
    ("unknown", "[[question]]\nen = '?'\nlow = 0\nhigh = 1\n[[question]]\nen = '?'\nlow = 0\nhigh = 1\nanswr = 1\n"),
])
def test_a_bad_question_file_says_what_and_where(tmp_path, problem, content):
    path = tmp_path / "questions.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(QuestionError) as caught:
        load_questions(path, lang="ru")
    assert caught.value.key == problem and str(caught.value).startswith(str(path))
    if problem in ("same_key", "unknown"):
        assert "вопрос 2" in str(caught.value)


def test_a_question_file_that_is_not_text_or_not_there(tmp_path):
    binary = tmp_path / "questions.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(QuestionError, match="UTF-8"):
        load_questions(binary)
    with pytest.raises(QuestionError, match="cannot be read"):
        load_questions(tmp_path / "missing.toml")
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * 1_000_001, encoding="utf-8")
    with pytest.raises(QuestionError, match="larger than 1 MB"):
        load_questions(big)


def test_every_word_of_predictions_is_in_both_languages():
    keys_en = {k for k in WORDS["en"] if k.startswith(("predict.", "classroom.predict_", "classroom.tip_predict"))}
    keys_ru = {k for k in WORDS["ru"] if k.startswith(("predict.", "classroom.predict_", "classroom.tip_predict"))}
    assert keys_en == keys_ru and len(keys_en) > 60
    assert not any("(а)" in WORDS["ru"][k] for k in keys_ru)


# ---------------------------------------------------------------------- with the lesson
@pytest.fixture()
def lesson(tmp_path):
    game = ClassLesson.open(tmp_path / "games", seats=3, seed=6, lang="en")
    yield game
    game.close()


def test_a_team_answers_with_its_seats_secret_only(lesson):
    foxes = lesson.join(lesson.join_code, 0, 0, "Foxes")[1]
    lesson.everywhere("start")
    lesson.predictions.open(next(q for q in bank(lesson.facts()) if q.key == "winner"))
    refused(lambda: lesson.predict("forged", 0), "lost_seat")
    version = lesson.version
    lesson.predict(foxes, 2)
    assert lesson.predictions.current().answers == {"Foxes": 2.0} and lesson.version > version
    lesson.tables[0].free(0)  # the seat's device is gone: its secret answers nothing
    refused(lambda: lesson.predict(foxes, 1), "lost_seat")


def test_rounds_survive_a_restart_and_go_into_the_export(tmp_path):
    folder = tmp_path / "games"
    first = ClassLesson.open(folder, seats=3, seed=6, lang="en")
    foxes, owls = first.join(first.join_code, 0, 0, "Foxes")[1], first.join(first.join_code, 0, 1, "Owls")[1]
    first.everywhere("start")
    first.predictions.open(next(q for q in bank(first.facts()) if q.key == "winner"))
    first.predict(foxes, 0)
    first.close()
    again = ClassLesson.open(folder)
    round_ = again.predictions.current()
    assert round_.answers == {"Foxes": 0.0} and round_.phase == "open"
    again.predict(owls, 1)  # the round goes on after the restart
    refused(lambda: again.predict(foxes, 1), "predict_twice")
    again.predictions.close()
    again.predictions.reveal(again.facts())
    assert again.predictions.current().question.answer is None  # the game has not ended
    again.everywhere("end_now")
    winner = again.tables[0].game.result().winner
    paths = again.export(tmp_path / "out")
    exported = json.loads(paths[-1].read_text(encoding="utf-8"))
    assert paths[-1].name == "predictions.json" and len(exported) == 1
    assert exported[0]["answers"] == {"Foxes": 0.0, "Owls": 1.0}
    assert exported[0]["question"]["answer"] == winner and [bar["count"] for bar in exported[0]["bars"]] == [1, 1, 0]
    assert exported[0]["right"] == [["Foxes", "Owls", ""][winner]] if winner < 2 else exported[0]["right"] == []
    again.close()


def test_a_store_from_before_predictions_opens_and_gains_them(tmp_path):
    folder = tmp_path / "games"
    ClassLesson.open(folder, seats=2, seed=1).close()
    with sqlite3.connect(folder / FILE_NAME) as db:
        db.execute("DROP TABLE predictions")
    lesson = ClassLesson.open(folder)
    try:
        assert lesson.predictions.rounds == []
        lesson.predictions.open(number_round().question)
    finally:
        lesson.close()


def test_a_damaged_saved_round_is_refused_and_kept(tmp_path):
    folder = tmp_path / "games"
    lesson = ClassLesson.open(folder, seats=2, seed=1)
    lesson.predictions.open(number_round().question)
    lesson.close()
    with sqlite3.connect(folder / FILE_NAME) as db:
        db.execute("UPDATE predictions SET round = '{not json'")
    with pytest.raises(QuestionError, match="question 1: a saved question or round is damaged"):
        ClassLesson.open(folder)
    with sqlite3.connect(folder / FILE_NAME) as db:
        assert db.execute("SELECT round FROM predictions").fetchone()[0] == "{not json"


def test_a_question_built_from_python_is_checked_as_a_files():
    assert isinstance(own_question({"en": "?", "choices": ["a", "b"]}), Question)
    with pytest.raises(QuestionError):
        own_question({"en": "?", "choices": ["a", "b"], "answer": 3})


def test_a_revealed_winner_question_gets_its_answer_on_the_screens_when_the_game_ends(lesson):
    predict = pytest.importorskip("millionaire.classroom.predict", reason="the classroom group is not installed")
    foxes = lesson.join(lesson.join_code, 0, 0, "Foxes")[1]
    lesson.everywhere("start")
    lesson.predictions.open(next(q for q in bank(lesson.facts()) if q.key == "winner"))
    lesson.predict(foxes, 0)
    lesson.predictions.close()
    lesson.predictions.reveal(lesson.facts())
    shown = predict.snapshot(lesson)
    assert shown[1] == "revealed" and shown[3] is None
    assert "The answer comes when the game ends." in predict.chart_html(lesson.predictions.current(), "en", lesson.teams())
    lesson.everywhere("end_now")
    winner = lesson.tables[0].game.result().winner
    assert predict.snapshot(lesson)[3] == winner
    chart = predict.chart_html(lesson.predictions.current(), "ru", lesson.teams())
    assert f"Ответ: {lesson.tables[0].display_names('ru')[winner]}" in chart and "капитал" in chart


def test_the_charts_show_names_as_text_and_no_answers_while_open():
    predict = pytest.importorskip("millionaire.classroom.predict", reason="the classroom group is not installed")
    round_ = Round(1, own_question({"en": "<i>Which</i>?", "choices": ["<b>A</b>", "B"], "answer": 1}))
    round_.answer("<script>", 0)
    open_chart = predict.chart_html(round_, "en", ["<script>", "Owls"])
    assert "<script>" not in open_chart and "&lt;script&gt;" in open_chart and "&lt;b&gt;A&lt;/b&gt;" in open_chart
    assert "Answered: 1 of 2" in open_chart and "width:0%" in open_chart and "mln-bar-right" not in open_chart
    round_.close()
    closed = predict.chart_html(round_, "ru", ["<script>", "Owls"])
    assert "width:100%" in closed and "mln-bar-right" not in closed and "Ответ:" not in closed

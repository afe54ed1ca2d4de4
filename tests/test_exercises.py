"""Self-checking exercises: variants from names, checking, the pupils' files, the teacher's key, the widget."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import ipywidgets as widgets
from ipywidgets.widgets.widget import _instances
import pytest

from millionaire import economics, movement
from millionaire.board import load_board
from millionaire.cli import main
from millionaire.exercises import (
    EXERCISES, MOST_NAME, WINDOWS_DEVICES, ExerciseError, answer_key, clean_name, collected, exercise, file_name,
    format_number, read_number, record_try, variant_seed,
)
from millionaire.simulate import wilson_interval
from millionaire.widgets import ExerciseBox
from millionaire.words import LANGS, WORDS, word

NAMES = ["Anna Petrova", "Boris Ivanov", "Vera Smirnova", "Гриша Соколов", "Дарья Кузнецова", "Egor", "Фёдор Ёлкин",
         "Zoë O'Neil", "Li Wei", "Мария-Луиза", "Timur 7B", "Олег"]
KEYS = list(EXERCISES)


def numbers(key, name):
    """The question's numbers of ``name``'s variant, as the question shows them in English."""
    return EXERCISES[key].variant(name).text("en")


# ---------------------------------------------------------------- variants

@pytest.mark.parametrize("key", KEYS)
def test_a_name_gives_the_same_variant_however_it_is_typed(key):
    for name, again in [("Anna Petrova", "  anna   PETROVA "), ("Фёдор Ёлкин", "федор елкин"), ("Egor", "Egor\t")]:
        assert EXERCISES[key].variant(name) == EXERCISES[key].variant(again)


def test_the_variant_seed_is_the_same_in_another_python_run():
    code = "from millionaire.exercises import variant_seed; print(variant_seed('Anna Petrova', '07.jackpot'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "123", "PATH": "", "PYTHONPATH": str(Path(__file__).parent.parent)})
    assert int(out.stdout) == variant_seed("Anna Petrova", "07.jackpot")
    assert variant_seed("Anna Petrova", "07.jackpot") == 0x1065F5139592E46  # stable across machines and versions


@pytest.mark.parametrize("key", KEYS)
def test_most_pairs_of_names_get_different_numbers(key):
    pairs = list(itertools.combinations(NAMES, 2))
    same = sum(numbers(key, a) == numbers(key, b) for a, b in pairs)
    assert same <= len(pairs) // 5, f"{same} of {len(pairs)} pairs share their numbers"


def test_neighbours_differ_on_every_exercise_but_the_smallest():
    differ = [key for key in KEYS if numbers(key, "Anna Petrova") != numbers(key, "Boris Ivanov")]
    assert len(differ) >= 4


# ---------------------------------------------------------------- the answers agree with the lessons' functions

def test_the_answers_come_from_the_kits_functions():
    totals = movement.sum_distribution()
    for name in NAMES:
        dice = EXERCISES["02.dice"].variant(name)
        side = dice.question.removeprefix("exercise.q_dice_")
        low, high = {"at_least": (dice.numbers.get("k"), 12), "at_most": (2, dice.numbers.get("k")),
                     "between": (dice.numbers.get("a"), dice.numbers.get("b"))}[side]
        assert dice.answer == pytest.approx(float(sum(totals[t] for t in range(low, high + 1))))
        jackpot = EXERCISES["07.jackpot"].variant(name)
        assert jackpot.answer == pytest.approx(float(economics.jackpot_expected_value(jackpot.numbers["bet"],
                                                                                       jackpot.numbers["box"])))
        wilson = EXERCISES["08.wilson"].variant(name)
        assert wilson.answer == wilson_interval(wilson.numbers["wins"], wilson.numbers["games"])[0]
        gini = EXERCISES["09.gini"].variant(name)
        worths = [int(x) for x in gini.numbers["worths"]["en"].split(", ")]
        assert gini.answer == economics.gini(worths) and gini.numbers["worths"]["ru"] == "; ".join(map(str, worths))


def test_the_payback_is_the_investment_tables():
    board = load_board("millionaire-classic")
    for name in NAMES:
        variant = EXERCISES["04.payback"].variant(name)
        industry = next(ind for ind in board.industries if ind.name("en") == variant.numbers["industry"]["en"])
        rows = economics.investment_table(board, opponents=variant.numbers["opponents"], industry=industry.key)
        assert variant.answer == rows[variant.numbers["n"]]["payback_rounds"]


def test_a_worked_dice_variant_by_hand():
    variant = EXERCISES["02.dice"].variant("Vera")  # at least 8: 5 + 4 + 3 + 2 + 1 outcomes of 36
    assert variant.text("en").startswith("Two dice are rolled. What is the probability that their total is at least 8?")
    assert variant.answer == pytest.approx(15 / 36)


# ---------------------------------------------------------------- reading and checking an answer

@pytest.mark.parametrize("typed, value", [("0,25", 0.25), ("0.25", 0.25), (" 1/4 ", 0.25), ("25%", 0.25), ("25 %", 0.25),
                                          ("−8,50", -8.5), ("-8.5", -8.5), ("1 234,5", 1234.5), (",5", 0.5), ("7", 7.0),
                                          ("3/8", 0.375), ("12,5%", 0.125), ("0,25\x1b[31m", 0.25)])
def test_an_answer_is_read_with_a_comma_or_a_point(typed, value):
    assert read_number(typed) == pytest.approx(value)


@pytest.mark.parametrize("typed", ["", "  ", "abc", "1,234.5", "0.2.5", "1/0", "1/2/3", "1e400", "nan", "inf", "½",
                                   "9" * 100, "=1+1", "0,25 0,5"])
def test_what_is_not_a_number_is_refused_by_name(typed):
    with pytest.raises(ExerciseError) as refused:
        read_number(typed)
    assert refused.value.key in ("exercise.no_answer", "exercise.not_number")
    for lang in LANGS:
        assert refused.value.text(lang)


@pytest.mark.parametrize("key", KEYS)
def test_the_right_answer_rounded_as_asked_is_right_with_a_comma_too(key):
    for name in NAMES:
        variant = EXERCISES[key].variant(name)
        assert variant.is_right(read_number(format_number(variant.answer, variant.places, "ru")))
        assert variant.is_right(read_number(format_number(variant.answer, variant.places, "en")))
        assert not variant.is_right(variant.answer + 5 * variant.tolerance)


def test_a_probability_as_a_fraction_or_a_percentage_is_right():
    variant = EXERCISES["02.dice"].variant("Vera")  # 15/36
    assert variant.is_right(read_number("5/12")) and variant.is_right(read_number("41,67%"))


def test_each_kind_of_mistake_gets_its_own_hint():
    dice = EXERCISES["02.dice"].variant("Vera")  # at least 8: 15/36
    hint = dice.hint
    assert hint(100 * dice.answer) == "exercise.hint_percent"
    assert hint(5 / 36) == "exercise.hint_dice_one"          # the total 8 alone
    assert hint(10 / 36) == "exercise.hint_dice_edge"        # more than 8
    assert hint(21 / 36) == "exercise.hint_dice_other"
    assert hint(15) == "exercise.hint_dice_count"
    assert hint(1.5) == "exercise.hint_range"
    assert hint(0.41) == "exercise.hint_rounding"
    assert hint(0.9) == "exercise.hint_wrong"
    between = EXERCISES["02.dice"].variant("Egor")  # from 8 to 10: 5 + 4 + 3 outcomes
    assert between.numbers == {"a": 8, "b": 10} and between.answer == pytest.approx(12 / 36)
    assert between.hint(4 / 36) == between.hint(9 / 36) == between.hint(7 / 36) == "exercise.hint_dice_edge"
    assert between.hint(24 / 36) == "exercise.hint_dice_other"
    jackpot = EXERCISES["07.jackpot"].variant("Anna Petrova")  # bet 20, empty box: a loss
    assert jackpot.numbers == {"bet": 20, "box": 0}
    assert jackpot.hint(-jackpot.answer) == "exercise.hint_sign"
    assert jackpot.hint(jackpot.answer + 20) == "exercise.hint_jackpot_payout"
    assert jackpot.hint(1 + jackpot.answer / 20) == "exercise.hint_jackpot_return"
    assert jackpot.hint(jackpot.answer - 10 / 216 * 20) == "exercise.hint_jackpot_box"
    assert jackpot.hint(jackpot.answer * 10) == "exercise.hint_factor"
    gini = EXERCISES["09.gini"].variant("Anna Petrova")
    assert gini.hint(gini.answer * 4 / 3) == "exercise.hint_gini_corrected"
    assert gini.hint(gini.answer / 2) == "exercise.hint_gini_half"
    wilson = EXERCISES["08.wilson"].variant("Anna Petrova")
    rate = wilson.numbers["wins"] / wilson.numbers["games"]
    assert wilson.hint(rate) == "exercise.hint_wilson_rate"
    assert wilson.hint(rate - 1.96 * (rate * (1 - rate) / wilson.numbers["games"]) ** 0.5) == "exercise.hint_wilson_normal"
    payback = EXERCISES["04.payback"].variant("Anna Petrova")
    assert payback.hint(payback.answer * payback.numbers["opponents"]) == "exercise.hint_payback_opponents"
    assert payback.hint(1 / payback.answer) == "exercise.hint_payback_return"


@pytest.mark.parametrize("key", KEYS)
def test_no_hint_holds_the_answer(key):
    for name in NAMES[:4]:
        variant = EXERCISES[key].variant(name)
        for lang in LANGS:
            answer = format_number(variant.answer, variant.places, lang)
            for given in (variant.answer * 100, -variant.answer, variant.answer + 1, variant.answer * 1.001, 0.0):
                assert answer not in word(lang, variant.hint(given))


# ---------------------------------------------------------------- hostile names

@pytest.mark.parametrize("name", ["../../etc/passwd", "..", ".", "...", "a/b\\c", "C:\\Windows\\evil", "/absolute",
                                  "CON", "nul", "com1", "LPT9", "con.txt", "aux ", "\x00zero", "<script>alert(1)</script>",
                                  "Anna\x1b[31m red\x07", "\u202eevil", "x" * 60, "я" * 60, "😀 emoji"])
def test_a_hostile_name_gets_a_safe_file_of_its_own(name, tmp_path):
    safe = file_name(name)
    assert re.fullmatch(r"[^\W_][\w-]*-[0-9a-f]{8}\.jsonl|_[\w-]+-[0-9a-f]{8}\.jsonl|pupil-[0-9a-f]{8}\.jsonl", safe), safe
    assert safe.count(".") == 1 and "/" not in safe and "\\" not in safe and len(safe) <= 60
    assert safe.split(".")[0].split("-")[0].upper().strip("_") not in WINDOWS_DEVICES or safe.startswith("_")
    assert safe.split(".")[0].upper() not in WINDOWS_DEVICES
    path = record_try(tmp_path / "answers", name, EXERCISES["02.dice"], "0,5", 0.5, False)
    assert path.parent == tmp_path / "answers" and path.name == safe
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == [safe]


def test_different_names_that_clean_alike_differ_in_their_hash():
    assert file_name("a/b") != file_name("a_b") != file_name("a b")
    assert file_name("Anna") == file_name("ANNA") == file_name(" anna ")


@pytest.mark.parametrize("name, key", [("", "exercise.no_name"), ("   \n\t", "exercise.no_name"), ("\x1b[2J", "exercise.no_name"),
                                       ("x" * 10_000, "exercise.long_name"), ("y" * (MOST_NAME + 1), "exercise.long_name")])
def test_an_empty_or_too_long_name_is_refused(name, key, tmp_path):
    with pytest.raises(ExerciseError) as refused:
        EXERCISES["02.dice"].variant(name)
    assert refused.value.key == key
    with pytest.raises(ExerciseError):
        record_try(tmp_path, name, EXERCISES["02.dice"], "1", 1.0, False)
    assert not any(tmp_path.iterdir())


def test_a_name_is_made_one_plain_line():
    assert clean_name("Anna\x1b[31m  Petrova\n\u202e") == "Anna Petrova"
    assert clean_name("x" * MOST_NAME) == "x" * MOST_NAME


def test_the_widget_shows_a_hostile_name_escaped(tmp_path):
    box = ExerciseBox("02.dice", folder=tmp_path)
    box.set_name("<img src=x onerror=alert(1)>")
    assert "<img" not in box.question.value and "&lt;img src=x onerror=alert(1)&gt;" in box.question.value
    box.set_name("x" * 10_000)
    assert "at most 60 characters" in box.feedback.value and "this one has 10000" in box.feedback.value
    box.set_answer("0,5")
    box.check()
    assert not any(tmp_path.iterdir()), "a refused name writes nothing"


# ---------------------------------------------------------------- the pupil's file

def test_each_try_is_one_line_of_json_without_the_correct_answer(tmp_path):
    box = ExerciseBox("07.jackpot", lang="ru", folder=tmp_path / "answers")
    box.set_name("Anna Petrova")
    variant = EXERCISES["07.jackpot"].variant("Anna Petrova")
    box.set_answer("5")
    box.check()
    box.set_answer(format_number(variant.answer, 2, "ru"))
    box.check()
    path = tmp_path / "answers" / file_name("Anna Petrova")
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [(line["answer"], line["right"]) for line in lines] == [("5", False), ("-1,94", True)]
    assert {key for key in lines[0]} == {"lesson", "exercise", "name", "variant", "answer", "value", "right", "time"}
    assert lines[0]["lesson"] == "07" and lines[0]["exercise"] == "07.jackpot" and lines[0]["name"] == "Anna Petrova"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", lines[0]["time"])
    assert "-1.94" not in lines[0].__repr__() and str(variant.answer) not in path.read_text(encoding="utf-8")
    assert "Верно!" in box.feedback.value and "Проверено ответов: 2." in box.feedback.value


def test_a_try_that_cannot_be_saved_is_said_and_still_checked(tmp_path):
    blocker = tmp_path / "answers"
    blocker.write_text("a file where the folder should be")
    box = ExerciseBox("02.dice", folder=blocker)
    box.set_name("Vera")
    box.set_answer("5/12")
    box.check()
    assert "Right!" in box.feedback.value and "could not be saved" in box.feedback.value


def test_a_link_in_place_of_a_pupils_file_is_not_followed(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("kept")
    (tmp_path / "answers").mkdir()
    (tmp_path / "answers" / file_name("Vera")).symlink_to(target)
    with pytest.raises(OSError):
        record_try(tmp_path / "answers", "Vera", EXERCISES["02.dice"], "1", 1.0, False)
    assert target.read_text() == "kept"
    rows, notes = collected(tmp_path / "answers")
    assert rows == [] and notes == [f"{file_name('Vera')}: not a plain file, skipped"]


def test_another_name_in_the_same_box_starts_its_count_again(tmp_path):
    box = ExerciseBox("09.gini", folder=tmp_path)
    box.set_name("Vera")
    box.set_answer("0,1")
    box.check()
    box.check()
    assert box.tries == 2
    box.set_name("vera ")  # the same pupil
    assert box.tries == 2
    box.set_name("Boris Ivanov")
    box.set_answer("0,1")
    box.check()
    assert box.tries == 1 and "Answers checked so far: 1." in box.feedback.value


def test_a_long_answer_is_cut_in_the_file(tmp_path):
    path = record_try(tmp_path, "Vera", EXERCISES["02.dice"], "1" * 5000 + "\x1b[31m", None, False)
    assert len(json.loads(path.read_text(encoding="utf-8"))["answer"]) == 40


# ---------------------------------------------------------------- the teacher's view

def test_the_key_gives_each_names_variant_and_its_answer():
    rows = answer_key("08", ["Anna Petrova", "Boris Ivanov"], lang="ru")
    assert [row["name"] for row in rows] == ["Anna Petrova", "Boris Ivanov"]
    for row in rows:
        variant = EXERCISES["08.wilson"].variant(row["name"])
        assert row["question"] == variant.text("ru") and row["shown"] == format_number(variant.answer, 3, "ru")
    assert len(answer_key(None, ["Egor"])) == len(EXERCISES)
    with pytest.raises(ExerciseError, match="name number 2"):
        answer_key("02", ["Anna", ""])
    with pytest.raises(ExerciseError, match="lessons with one are 02, 04, 07, 08, 09, 15"):
        answer_key("05", ["Anna"])


def test_the_collected_answers_show_each_pupils_tries_and_answer(tmp_path):
    dice = EXERCISES["02.dice"]
    record_try(tmp_path, "Vera", dice, "0,5", 0.5, False)
    record_try(tmp_path, "vera ", dice, "5/12", 5 / 12, True)
    record_try(tmp_path, "Boris Ivanov", EXERCISES["09.gini"], "0,3", 0.3, False)
    (tmp_path / "broken.jsonl").write_text('not json\n{"lesson": "02"}\n', encoding="utf-8")
    forged = json.loads((tmp_path / file_name("Vera")).read_text(encoding="utf-8").splitlines()[0])
    forged["name"] = "Boris Ivanov"
    (tmp_path / "forged.jsonl").write_text(json.dumps(forged) + "\n", encoding="utf-8")
    (tmp_path / "huge.jsonl").write_bytes(b"x" * 1_000_001)
    (tmp_path / "notes.txt").write_text("not a pupil's file")
    rows, notes = collected(tmp_path, lang="en")
    assert [(row["name"], row["exercise"], row["tries"], row["right"]) for row in rows] == [
        ("Boris Ivanov", "09.gini", ["0,3"], False), ("Vera", "02.dice", ["0,5", "5/12"], True)]
    assert rows[1]["shown"] == "0.417"
    assert notes == ["broken.jsonl: line 1: not a line of JSON, skipped",
                     "broken.jsonl: line 2: a field is missing or of the wrong kind, skipped",
                     "forged.jsonl: line 1: the variant does not match the name (the line was changed by hand?), skipped",
                     "huge.jsonl: larger than 1000000 bytes (not written by the kit), skipped"]
    record_try(tmp_path, "Egor", dice, "0,9", 0.9, True)  # "right" as if edited into the file
    edited, _ = collected(tmp_path, lesson="02")
    assert [(row["name"], row["right"]) for row in edited] == [("Egor", False), ("Vera", True)]  # by file name
    only, _ = collected(tmp_path, lesson="9", lang="ru")
    assert [row["exercise"] for row in only] == ["09.gini"]


def test_the_command_prints_the_key_and_the_collected_answers(tmp_path, capsys):
    record_try(tmp_path / "answers", "<b>Vera</b>\x07", EXERCISES["02.dice"], "0,5", 0.5, False)
    assert main(["exercises", "--answers", str(tmp_path / "answers"), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "учеников: 1" in out and "<b>Vera</b> · 02.dice: ответ" in out and "\x07" not in out and "пока не решено" in out
    names = tmp_path / "class.txt"
    names.write_text("\ufeffAnna Petrova\n\nBoris Ivanov\n", encoding="utf-8")
    assert main(["exercises", "--lesson", "07", "--names-file", str(names), "--names", "Vera"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" · ")[0] for line in lines] == ["Vera", "Anna Petrova", "Boris Ivanov"]
    assert lines[1].endswith("Answer: -1.94")


@pytest.mark.parametrize("argv, message", [
    (["exercises"], "give the pupils' names"), (["exercises", "--answers", "/no/such/folder"], "no such folder"),
    (["exercises", "--lesson", "03", "--names", "A"], "no self-checking exercise in lesson '03'"),
    (["exercises", "--names-file", "/no/such/file"], "cannot read the names"),
    (["exercises", "--names", "x" * 10_000], "name number 1: A name of at most 60 characters"),
])
def test_the_command_refuses_bad_input_in_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


# ---------------------------------------------------------------- the words

def test_both_languages_have_every_word_an_exercise_uses():
    used = {"until_run.exercise", *(each.title for each in EXERCISES.values())}
    for key in KEYS:
        for name in NAMES:
            variant = EXERCISES[key].variant(name)
            used |= {variant.question, *(hint for _, hint in variant.mistakes)}
    used |= {f"exercise.hint_{kind}" for kind in ("percent", "range", "sign", "rounding", "factor", "wrong")}
    for lang in LANGS:
        assert used <= set(WORDS[lang]), used - set(WORDS[lang])
    exercise_words = [key for key in WORDS["en"] if key.startswith("exercise.")]
    assert all(WORDS["ru"][key] != WORDS["en"][key] for key in exercise_words)
    assert not [key for key in exercise_words if re.search("[A-Za-z]{4,}", re.sub(r"\{\w+\}|--[\w-]+|JSON|UTF-8", "", WORDS["ru"][key]))]


@pytest.mark.parametrize("lang", LANGS)
def test_the_widget_speaks_its_language_and_switches(lang, tmp_path):
    box = ExerciseBox("04.payback", lang=lang, folder=tmp_path)
    box.set_name("Дарья Кузнецова")
    other = "ru" if lang == "en" else "en"
    assert EXERCISES["04.payback"].variant("Дарья Кузнецова").text(lang) in box.question.value.replace("&quot;", '"')
    box.set_lang(other)
    assert box.check_button.description == word(other, "exercise.check")
    assert box._repr_mimebundle_()["text/plain"] == word(other, "until_run.exercise")
    for control in (box.name_box, box.answer_box, box.check_button):
        assert control.description and control.tooltip


# ---------------------------------------------------------------- the answer is never in a widget

def widget_states(root: widgets.Widget) -> dict[str, dict]:
    """The synced state of ``root`` and of every widget it refers to (children, layout, style)."""
    found: dict[str, dict] = {}
    todo = [root]
    while todo:
        widget = todo.pop()
        if widget.model_id in found:
            continue
        state = widget.get_state()
        found[widget.model_id] = state
        for value in state.values():
            for each in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(each, str) and each.startswith("IPY_MODEL_"):
                    todo.append(_instances[each[len("IPY_MODEL_"):]])
    return found


def readable(state: object) -> str:
    """A widget state as text without its references to other widgets (``IPY_MODEL_`` and a random hex
    id, whose digits may spell any number)."""
    return re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", json.dumps(state, ensure_ascii=False, default=str))


def answer_forms(answer: float) -> set[str]:
    """Ways the answer could be written down: its repr, 2 to 4 decimals with a point or a comma, as a percentage."""
    forms = {repr(answer), repr(float(answer))}
    for places in (2, 3, 4):
        for text in (f"{answer:.{places}f}", f"{100 * answer:.{max(places - 2, 1)}f}%"):
            forms |= {text, text.replace(".", ",")}
    return {form for form in forms if form.strip("-0.,%")}


@pytest.mark.parametrize("key", KEYS)
def test_no_widget_state_holds_the_answer(key, tmp_path):
    for name in NAMES[:6]:
        variant = EXERCISES[key].variant(name)
        box = ExerciseBox(key, lang="ru" if "а" in name else "en", folder=tmp_path)
        box.set_name(name)
        for typed in ("0", "abc", format_number(variant.answer * 100, 2, "en"), str(-variant.answer)):
            box.set_answer(typed)
            box.check()
            found = widget_states(box)
            assert len(found) >= 10
            assert found.pop(box.answer_box.model_id)["value"] == typed  # what the pupil typed is theirs
            states = readable(found)
            leaked = [form for form in answer_forms(variant.answer) if form in states]
            assert not leaked, f"{key} for {name}: {leaked} in the widget's state"
        box.set_answer(format_number(variant.answer, variant.places, "en"))
        box.check()
        assert "Right" in box.feedback.value or "Верно" in box.feedback.value
        right = format_number(variant.answer, variant.places, "en")
        holding = [state for state in widget_states(box).values() if right in readable(state)]
        assert holding == [box.answer_box.get_state()], "only what the pupil typed holds it"


def test_the_saved_notebook_cell_shows_only_the_sentence(tmp_path):
    box = ExerciseBox("09.gini", lang="ru", folder=tmp_path)
    box.set_name("Anna Petrova")
    bundle = box._repr_mimebundle_()
    assert bundle["text/plain"] == "Запустите эту ячейку, чтобы увидеть задание."
    assert repr(box) == "ExerciseBox('09.gini', lang='ru')"


def test_an_unknown_exercise_is_refused():
    with pytest.raises(ExerciseError, match="no exercise '02.nothing': the exercises are 02.dice"):
        exercise("02.nothing")
    with pytest.raises(ExerciseError):
        ExerciseBox("../../x")


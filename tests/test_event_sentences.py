"""The log's Russian as a class reads it aloud: every kind of event, on every board, for every cell and
several kinds of names, reads as one grammatical sentence (the cell's noun before its quoted name, no
"(а)" forms, no English left over); the English sentences stay as they were (the golden files)."""

from __future__ import annotations

import json
import re

import pytest

from millionaire import load_board
from millionaire.board import BUILTIN_BOARDS, CellKind
from millionaire.events import BANK, BOX, EVENT_KINDS, FUND, CellPhrase, Event, cell_noun, describe, reason_text
from millionaire.words import CELL_NOUNS_RU, WORDS, plural_ru, word

#: A woman's name, a man's, one in Latin letters, one ending in a consonant, and one that looks like a field.
NAMES = ["Анна", "Борис", "Michael", "Глеб", "{p} Зоя"]
RESULTS = ["last player standing", "timed game: the richest", "round limit: the richest", "first bankruptcy: the richest"]
REASONS = [key.split(".", 1)[1] for key in WORDS["en"] if key.startswith("reason.")]
JACKPOT = ["1-2-3 → no win", "2-2-5 → a pair", "4-4-4 → three of a kind", "7-7-3 → two sevens: the whole box",
           "7-7-7 → three sevens"]


def every_event(board):
    """One or more events of every kind, with every cell that kind can name, for seats 0 to 4."""
    jail, ownable = board.jail, board.ownable
    for seat in range(len(NAMES)):
        other = (seat + 1) % len(NAMES)
        yield Event("roll", seat, -1, 7, -1, "3+4")
        yield Event("roll", seat, -1, 5, -1, "5")
        for cell in range(board.size):
            yield Event("move", seat, cell)
        yield Event("income", seat, 0, 200)
        yield Event("income", seat, 3, 200)
        for reason in REASONS:
            for payer, payee in ((seat, other), (seat, BANK), (seat, FUND), (seat, BOX), (BANK, seat), (BOX, seat)):
                yield Event("pay", payer, -1, 21, payee, reason)
        for cell in ownable:
            for kind in ("buy", "build", "sell", "mortgage", "redeem", "return_plot", "to_start", "no_kiosk",
                         "free_half", "lot_waits"):
                yield Event(kind, seat, cell, 3)
            yield Event("auction", seat, cell, 112, BANK)
            yield Event("auction", -1, cell, 0, BANK)
            yield Event("auction", -1, cell, 0, other)
            yield Event("take_plot", seat, cell, 0, other)
        for key, deck in board.decks.items():
            for number in range(len(deck.cards)):
                yield Event("card", seat, -1, 0, -1, f"{key}:{number}")
        yield Event("keep_card", seat)
        yield Event("trade", seat, -1, 0, other, json.dumps([other, list(ownable[:2]), list(ownable[-1:]), 100, 0, [], [1]]))
        yield Event("trade", seat, -1, 0, other, json.dumps([other, [], [], 0, 5, [1, 2, 3, 4, 5], []]))
        yield Event("detain", seat, jail)
        for how in ("paid the fine", "release card", "rolled a double"):
            yield Event("release", seat, jail, 0, -1, how)
        yield Event("wait", seat, jail)
        for outcome in JACKPOT:
            yield Event("jackpot", seat, -1, 50, -1, outcome)
        yield Event("collect_fund", seat, 5, 100)
        yield Event("swap", seat, -1, 0, other)
        for reason in REASONS:
            yield Event("bankrupt", seat, -1, 1001, other, reason)
            yield Event("bankrupt", seat, -1, 1001, BANK, reason)
        for count in (2, 3, 5):
            yield Event("tie", seat, -1, 2000, count)
        for result in RESULTS:
            yield Event("game_over", seat, -1, 0, -1, result)
        yield Event("share_price", seat, 3, 120, -1, "Exchange:4")
        yield Event("share_price", seat, -1, 90, -1, "a card")
        for count in (1, 2, 5, 11, 21, 104):
            yield Event("buy_shares", seat, -1, count * 10, count)
            yield Event("sell_shares", seat, -1, count * 10, count)
        for policy in ("short_rent", "long_rent", "short_tax", "long_tax", "short_auction", "long_auction",
                       "short_shares", "long_shares"):
            yield Event("policy", seat, -1, 50, -1, policy)
            yield Event("claim", seat, -1, 30, other, policy)
            yield Event("policy_ends", seat, -1, 0, -1, policy)
            yield Event("keep_policy", seat, -1, 0, -1, policy)
            for cell in ownable:
                yield Event("shield", seat, cell, 0, -1, policy)
        for key in board.decks:
            yield Event("kept_card_due", seat, -1, 0, -1, f"{key}:0")
        for cell in ownable:
            yield Event("present_taken", seat, cell)
            yield Event("auction_draw", seat, cell, 0, -1, "2-5-6")


def without_names(sentence: str) -> str:
    for name in sorted(NAMES, key=len, reverse=True):
        sentence = sentence.replace(name, "")
    return sentence


@pytest.fixture(scope="module", params=sorted(BUILTIN_BOARDS))
def board(request):
    return load_board(request.param)


def test_every_kind_of_event_reads_as_one_russian_sentence_on_every_board(board):
    kinds = set()
    for event in every_event(board):
        sentence = describe(event, board, NAMES, "ru")
        kinds.add(event.kind)
        assert "(а)" not in sentence and "(ы)" not in sentence and "/" not in sentence.split("→")[0], sentence
        assert sentence.count("«") == sentence.count("»") and sentence.count("„") == sentence.count("“"), sentence
        assert not re.search(r"[A-Za-z]{2,}", without_names(sentence)), sentence  # no English left over
        assert re.fullmatch(r"[А-ЯЁA-Z{].*", sentence) and sentence[-1] in ".!?»", sentence  # one whole sentence
        assert "  " not in sentence and " ," not in sentence and " ." not in sentence, sentence
        assert not re.search(r"\b[Тт]ы\s+\w+л\b", sentence), sentence  # a card's «ты уронил» is a boy's
    assert kinds == set(EVENT_KINDS)


def test_a_cell_is_named_by_the_noun_of_its_kind_with_its_name_in_the_nominative_in_quotes(board):
    for cell in board.cells:
        noun = CELL_NOUNS_RU[cell_noun(board, cell.index)]
        bought = describe(Event("buy", 0, cell.index, 60), board, NAMES, "ru")
        assert bought.startswith(f"Анна покупает {noun['acc']} «"), bought
        assert describe(Event("move", 1, cell.index), board, NAMES, "ru").startswith("Борис переходит на клетку «")
        assert f"{CellPhrase(board, cell.index, 'en'):acc}" == cell.name("en")
        quoted = f"{CellPhrase(board, cell.index, 'ru')}"
        assert quoted[1:-1].replace("„", "«").replace("“", "»") == cell.name("ru")


def test_the_nouns_follow_the_kind_of_cell_on_each_board():
    monopoly, elite, junior = load_board("monopoly-us"), load_board("millionaire-elite"), load_board("millionaire-junior")
    assert describe(Event("buy", 0, 5, 200), monopoly, NAMES, "ru") == \
        "Анна покупает железнодорожную компанию «Железная дорога Рединг» за 200 долларов."
    assert describe(Event("mortgage", 2, 28, 75), monopoly, NAMES, "ru") == \
        "Michael закладывает коммунальную службу «Водопровод» и получает 75 долларов."
    assert describe(Event("buy", 0, 5, 200), elite, NAMES, "ru") == "Анна покупает предприятие «Авиаконцерн» за 200 фантов."
    assert describe(Event("free_half", 1, 1), junior, NAMES, "ru") == \
        "Борис получает клетку «Карусель, левая половина» в подарок."
    assert {cell_noun(junior, c.index) for c in junior.cells if c.kind is CellKind.ATTRACTION} == {"cell"}


def test_a_payment_names_who_is_paid_in_the_dative_and_why():
    classic = load_board("millionaire-classic")

    def pay(payer, payee, reason, amount=40):
        return describe(Event("pay", payer, -1, amount, payee, reason), classic, NAMES, "ru")

    assert pay(0, 1, "rent") == "Анна платит 40 фантов игроку Борис (аренда)."
    assert pay(3, BANK, "tax", 200) == "Глеб платит 200 фантов банку (налог)."
    assert pay(2, FUND, "fine", 21) == "Michael платит 21 фант в благотворительный фонд (штраф)."
    assert pay(BOX, 0, "jackpot", 3) == "Касса Джекпота платит 3 фанта игроку Анна (выигрыш)."
    assert describe(Event("bankrupt", 0, -1, 1500, 1, "rent"), classic, NAMES, "ru") == \
        "Анна не может заплатить 1500 фантов игроку Борис (аренда), становится банкротом и выходит из игры."


def test_the_sentences_need_no_gender_of_a_name():
    classic = load_board("millionaire-classic")
    for seat in (0, 1):
        detained = describe(Event("detain", seat, 10), classic, NAMES, "ru")
        assert detained == f"{NAMES[seat]} попадает под задержание на клетке «Налоговая инспекция»."
        assert describe(Event("release", seat, 10, 0, -1, "release card"), classic, NAMES, "ru") == \
            f"{NAMES[seat]} покидает клетку «Налоговая инспекция» (по карточке освобождения)."
    for result in RESULTS:
        assert not re.search(r"(ил|ал|ый|ой)\b", reason_text(result, "ru")), reason_text(result, "ru")
    assert describe(Event("game_over", 0, -1, 0, -1, RESULTS[0]), classic, NAMES, "ru") == \
        "Игра окончена: побеждает Анна (все остальные разорились)."


def test_counts_take_the_russian_plural():
    elite = load_board("millionaire-elite")
    bought = [describe(Event("buy_shares", 0, -1, 10 * n, n), elite, NAMES, "ru") for n in (1, 3, 5, 21, 112)]
    assert [s.split(" за ")[0].removeprefix("Анна покупает ") for s in bought] == \
        ["1 акцию", "3 акции", "5 акций", "21 акцию", "112 акций"]
    assert word("ru", "econ.mortgage_summary", name="Казино", raised=30, cost=33, fee=3, rate=0.1, rounds=1,
                compound=0.1, simple=0.1).count("через 1 раунд:") == 1
    assert plural_ru(22, "раунд", "раунда", "раундов") == "22 раунда"


def test_the_english_sentences_keep_their_words():
    classic = load_board("millionaire-classic")
    names = ["Anna", "Boris"]
    assert describe(Event("pay", 0, -1, 40, 1, "rent"), classic, names, "en") == "Anna pays Boris 40 fants (rent)."
    assert describe(Event("pay", 1, -1, 40, FUND, "fine"), classic, names, "en") == \
        "Boris pays the charity fund 40 fants (a fine)."
    assert describe(Event("release", 1, 10, 0, -1, "release card"), classic, names, "en") == \
        "Boris leaves Tax Inspection (release card)."


def test_a_trade_and_a_roll_are_written_in_the_log_as_when_they_happened():
    """Recording keeps a trade as its Trade and a roll's faces from a table made once; the log read
    afterwards says each trade as the JSON of the trade accepted and each roll as its faces."""
    from millionaire import Game

    trades = rolls = 0
    for seed in range(8):
        game = Game(load_board("monopoly-us"), agents=["monopolist"] * 4, seed=seed)
        game.run(max_rounds=300)
        accepted = []
        for (seat, action), (_, reply) in zip(game.actions, game.actions[1:]):
            if action.kind == "offer" and reply.kind == "accept":
                accepted.append((seat, action.trade))
        events = game.events
        logged = [(event.player, json.loads(event.detail)) for event in events if event.kind == "trade"]
        assert logged == [(seat, trade.to_list()) for seat, trade in accepted]
        for event in events:
            if event.kind == "roll":
                first, second = (int(face) for face in event.detail.split("+"))
                assert 1 <= first <= 6 and 1 <= second <= 6 and first + second == event.amount
                rolls += 1
        trades += len(logged)
        assert all(isinstance(event.detail, str) for event in events)
    assert trades > 0 and rolls > 0

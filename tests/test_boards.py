"""The shipped boards against the kit's rules pages (``docs/rules/``).

Every name, price, rent, special cell and card is read from the rules pages and compared with the
board files, so the data and the pages cannot drift apart unnoticed.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from millionaire import BoardFileError, CellKind, load_board
from millionaire.board import BUILTIN_BOARDS, OWNABLE_KINDS, Cell
from millionaire.cards import EFFECTS
from rules_pages import REPO, flat, numbered_list, section, table_rows
from rules_pages import page as rules_page

TOY = Path(__file__).resolve().parent / "data" / "toy4.toml"


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def check_deck(board, key: str, phrases: list[str], expected: list[dict]) -> None:
    """Card i of the deck is phrase i of the page and has the effect written beside it.

    The money, steps and percentages on a card must be numbers the page's phrase prints, and a
    ``move_to`` card must name its target cell in the phrase.
    """
    deck = board.decks[key]
    assert len(deck.cards) == len(phrases) == len(expected)
    for card, phrase, wanted in zip(deck.cards, phrases, expected):
        data = card.to_data()
        assert {k: data[k] for k in wanted} == wanted, (phrase, data)
        for name in ("amount", "per_small", "per_large", "percent"):
            if name in data:
                assert data[name] in numbers(phrase), (phrase, name, data[name])
        if "steps" in data:
            assert abs(data["steps"]) in numbers(phrase), (phrase, data)
            assert ("back" in phrase.lower()) == (data["steps"] < 0), (phrase, data)
        if card.effect == "move_to":
            target = board.cells[card.target]
            spoken = phrase.casefold().replace("avenue", "ave")
            assert target.name_en.casefold().replace("avenue", "ave") in spoken or f"({target.index})" in phrase
        assert card.text_en.strip() and card.text_ru.strip()


# ---------------------------------------------------------------------------------------------
# Both boards
# ---------------------------------------------------------------------------------------------


# Size and jail cell of each built-in board (Junior's park is smaller: 6 cells a side).
SHAPES = {"millionaire-classic": (40, 10), "monopoly-us": (40, 10), "millionaire-junior": (24, 6),
          "millionaire-elite": (40, 10)}


@pytest.mark.parametrize("key", sorted(BUILTIN_BOARDS))
def test_builtin_board_loads(key: str) -> None:
    board = load_board(key)
    size, jail = SHAPES[key]
    assert board.key == key
    assert board.size == size
    assert board.cells[0].kind is CellKind.START
    assert board.cells[board.jail].kind is CellKind.JAIL and board.jail == jail
    assert [cell.index for cell in board.cells] == list(range(size))
    assert repr(board).startswith(f"<Board {key!r}: {size} cells")


@pytest.mark.parametrize("key", sorted(BUILTIN_BOARDS))
def test_builtin_board_loads_from_its_path(key: str) -> None:
    path = REPO / "millionaire" / "boards" / BUILTIN_BOARDS[key]
    assert load_board(path) == load_board(key)


@pytest.mark.parametrize("key", sorted(BUILTIN_BOARDS))
def test_every_plot_has_its_industry(key: str) -> None:
    board = load_board(key)
    for industry in board.industries:
        assert board.industries[industry.index] is industry
        for index in industry.cells:
            assert board.cells[index].industry == industry.index
    in_industries = sorted(i for industry in board.industries for i in industry.cells)
    halves = [cell.index for cell in board.cells if cell.kind is CellKind.ATTRACTION]  # Junior's attractions
    assert in_industries == sorted([*board.plots, *halves])
    colours = [industry.colour for industry in board.industries]
    assert len(set(colours)) == len(colours)


@pytest.mark.parametrize("key", sorted(BUILTIN_BOARDS))
def test_every_card_cell_names_a_deck_and_every_card_a_known_effect(key: str) -> None:
    board = load_board(key)
    card_cells = [cell for cell in board.cells if cell.kind is CellKind.CARD]
    assert {cell.deck for cell in card_cells} == set(board.decks)
    for deck in board.decks.values():
        assert [card.index for card in deck.cards] == list(range(len(deck.cards)))
        for card in deck.cards:
            assert card.deck == deck.key and card.effect in EFFECTS


@pytest.mark.parametrize("kind", list(CellKind))
def test_a_cell_is_ownable_exactly_when_its_kind_is_among_the_ownable_kinds(kind: CellKind) -> None:
    """``Cell.ownable`` compares the kind by identity (no Enum hashed in a turn): it must say what
    ``OWNABLE_KINDS``, from which the board's list of properties is made, says."""
    cell = Cell(index=0, kind=kind, name_en="A cell", name_ru="Клетка", short_en="A", short_ru="К")
    assert cell.ownable == (kind in OWNABLE_KINDS)


def test_cell_helpers() -> None:
    board = load_board("millionaire-classic")
    oil = board.cells[39]
    assert (oil.name("en"), oil.name("ru"), oil.short("en"), oil.short("ru")) == (
        "Oil holding", "Нефтяной холдинг", "Oil", "Нефтяной")
    assert oil.ownable and oil.mortgage_value == 175
    assert not board.cells[0].ownable
    assert board.name("ru") == "Миллионер классик" and board.currency("en") == "fants"
    assert board.industries[0].name("ru") == "Индустрия развлечений"
    assert board.decks["move"].name("ru") == "Перемещение"


def test_toy_board_loads() -> None:
    board = load_board(TOY)
    assert board.size == 4 and board.levels == 5
    assert [cell.kind for cell in board.cells] == [CellKind.START, CellKind.PLOT, CellKind.JAIL, CellKind.PLOT]
    assert board.plots == (1, 3) and board.jail == 2
    assert board.decks == {} and board.provenance["reconstructed"] == []
    assert [cell.industry for cell in board.cells] == [-1, 0, -1, 0]
    assert board.cells[1].short("en") == "Doll shop"  # the short label defaults to the name


def test_unknown_board_name() -> None:
    with pytest.raises(BoardFileError, match="no such board file or built-in board"):
        load_board("millionaire-deluxe")


# ---------------------------------------------------------------------------------------------
# Millionaire Classic against docs/rules/millionaire-classic.md
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def classic_page() -> str:
    return rules_page("millionaire-classic.md")


@pytest.fixture(scope="module")
def classic():
    return load_board("millionaire-classic")


def classic_table(page: str) -> list[dict]:
    """The rows of the page's plot table; an industry is written ``ru / en`` on its first row."""
    rows, industry_ru = [], {}
    for parts in table_rows(page):
        if len(parts) != 6 or not parts[0].isdigit():
            continue
        cell, plot, industry, price, build, rent = parts
        name_ru, name_en = (s.strip() for s in plot.split(" / "))
        if " / " in industry:
            ru, industry = (s.strip() for s in industry.split(" / "))
            industry_ru[industry] = ru
        rows.append({"cell": int(cell), "name_ru": name_ru, "name_en": name_en, "industry": industry,
                     "price": int(price), "build": int(build), "rent": tuple(numbers(rent))})
    for row in rows:
        row["industry_ru"] = industry_ru[row["industry"]]
    return rows


def classic_other_cells(page: str) -> list[dict]:
    """The rows of the page's table of cells other than plots: cell, names, kind (and deck)."""
    rows = []
    for parts in table_rows(section(page, "The board")):
        if len(parts) != 3 or not parts[0].isdigit():
            continue
        name_ru, name_en = (s.strip() for s in parts[1].split(" / "))
        kind, _, deck = parts[2].partition(": ")
        rows.append({"cell": int(parts[0]), "name_ru": name_ru, "name_en": name_en, "kind": CellKind(kind), "deck": deck})
    return rows


def test_classic_shape(classic, classic_page: str) -> None:
    text = flat(classic_page)
    size = int(re.search(r"The board has (\d+) cells", text).group(1))
    plots, industries, per = numbers(re.search(r"The (\d+) plots form (\d+) industries of (\d+) plots each", text).group(0))
    assert (classic.size, len(classic.plots), len(classic.industries)) == (size, plots, industries) == (40, 24, 8)
    assert all(len(industry.cells) == per == 3 for industry in classic.industries)
    assert classic.small_per_large == 3 and classic.levels == 5
    assert classic.railroads == () and classic.utilities == ()
    assert classic.ownable == classic.plots


def test_classic_plots_match_the_rules_table(classic, classic_page: str) -> None:
    rows = classic_table(classic_page)
    assert len(rows) == 24
    assert [row["cell"] for row in rows] == list(classic.plots)
    for row in rows:
        cell = classic.cells[row["cell"]]
        industry = classic.industries[cell.industry]
        where = f"cell {cell.index}"
        assert cell.kind is CellKind.PLOT, where
        assert (cell.name_ru, cell.name_en) == (row["name_ru"], row["name_en"]), where
        assert cell.price == row["price"], where
        assert cell.rent == row["rent"] and len(cell.rent) == 5, where
        assert industry.build_price == row["build"], where
        assert (industry.name_en, industry.name_ru) == (row["industry"], row["industry_ru"]), where


def test_classic_industries_match_the_rules_table(classic, classic_page: str) -> None:
    members = defaultdict(list)
    for row in classic_table(classic_page):
        members[row["industry"]].append(row["cell"])
    assert {ind.name_en: list(ind.cells) for ind in classic.industries} == dict(members)
    assert [ind.name_en for ind in classic.industries] == list(members)  # in board order


def test_classic_special_cells_match_the_rules_page(classic, classic_page: str) -> None:
    rows = classic_other_cells(classic_page)
    assert [row["cell"] for row in rows] == [c.index for c in classic.cells if c.kind is not CellKind.PLOT]
    for row in rows:
        cell = classic.cells[row["cell"]]
        where = f"cell {cell.index}"
        assert (cell.kind, cell.deck) == (row["kind"], row["deck"]), where
        assert (cell.name_ru.casefold(), cell.name_en) == (row["name_ru"].casefold(), row["name_en"]), where
    corners = re.search(r"The corners are (.*?)\.", flat(classic_page)).group(1)
    named = re.findall(r"(\d+) ([A-Za-z ]+?)(?:,| and|$)", corners)
    assert [(int(i), name.strip()) for i, name in named] == [(c, classic.cells[c].name_en) for c in (0, 10, 20, 30)]
    # Every cell is in the table of other cells or in the plot table: nothing left over, nothing twice.
    listed = [row["cell"] for row in rows] + [row["cell"] for row in classic_table(classic_page)]
    assert sorted(listed) == list(range(40))
    assert sorted(row["cell"] for row in rows if row["kind"] is CellKind.CARD) == [3, 8, 13, 18, 22, 27, 32, 37]


def test_classic_black_business_sends_to_the_fund_with_a_fine(classic, classic_page: str) -> None:
    text = flat(classic_page)
    target, fine = numbers(re.search(r"he goes straight to the Charity fund \((\d+)\) and pays a fine of (\d+) into the fund", text).group(0))
    fund = [row["cell"] for row in classic_other_cells(classic_page) if row["name_en"] == "Charity fund"]
    assert fund == [target] == [5] and fine == 50
    black = [cell for cell in classic.cells if cell.kind is CellKind.FUND_FINE]
    assert [cell.index for cell in black] == [15, 35]
    for cell in black:
        assert (cell.target, cell.amount) == (target, fine)
        assert cell.name_ru == "«Чёрный» бизнес" and cell.name_en == "Black business"
    white = classic.cells[25]
    assert white.kind is CellKind.FUND_COLLECT and white.name_en == "White business"


MOVE_EFFECTS = [
    {"effect": "move_to", "target": 0},
    {"effect": "move_to", "target": 0},
    {"effect": "move_to", "target": 20},
    {"effect": "go_to_jail"},
    {"effect": "move_to", "target": 5},
    {"effect": "move_to", "target": 25},
    {"effect": "nearest", "what": "fund_fine"},
    {"effect": "nearest", "what": "corner"},
    {"effect": "move_choice", "among": "own_industry"},
    {"effect": "move_choice", "among": "others_plots"},
    {"effect": "swap_nearest"},
    {"effect": "move_by", "steps": 3},
    {"effect": "move_by", "steps": 5},
    {"effect": "move_by", "steps": 10},
    {"effect": "move_by", "steps": -3},
    {"effect": "move_by", "steps": -5},
    {"effect": "nearest", "what": "card:chance"},
    {"effect": "nearest", "what": "unowned_plot"},
    {"effect": "move_to", "target": 1},
    {"effect": "move_to", "target": 36},
]

CLASSIC_CHANCE_EFFECTS = [
    {"effect": "extra_turn"},
    {"effect": "take_plot"},
    {"effect": "free_building"},
    {"effect": "return_plot"},
    {"effect": "auction_others_plot"},
    {"effect": "double_rent"},
    {"effect": "jail_free"},
    {"effect": "go_to_jail"},
    {"effect": "receive", "amount": 200},
    {"effect": "receive", "amount": 100},
    {"effect": "receive", "amount": 50},
    {"effect": "pay", "amount": 100, "to": "fund"},
    {"effect": "pay", "amount": 50, "to": "fund"},
    {"effect": "pay", "amount": 150, "to": "bank"},
    {"effect": "collect_from_each", "amount": 20},
    {"effect": "pay_each", "amount": 25},
    {"effect": "repairs", "per_small": 25, "per_large": 100},
    {"effect": "auction_unowned"},
    {"effect": "pay_percent_cash", "percent": 10},
    {"effect": "receive_per_plot", "amount": 10},
]


def classic_deck_phrases(page: str) -> dict[str, tuple[int, list[str]]]:
    """Each deck's card count and its numbered list of cards, from the section "The decks"."""
    text = section(page, "The decks")
    move_part, chance_part = text.split("Chance (ШАНС)")
    move_count = int(re.search(r"Move \(ПЕРЕМЕЩЕНИЕ\), (\d+) cards", flat(move_part)).group(1))
    chance_count = int(re.match(r", (\d+) cards", chance_part).group(1))
    return {"move": (move_count, numbered_list(move_part)), "chance": (chance_count, numbered_list(chance_part))}


def test_classic_decks_match_the_rules_page(classic, classic_page: str) -> None:
    phrases = classic_deck_phrases(classic_page)
    assert set(classic.decks) == {"move", "chance"}
    for key, effects in (("move", MOVE_EFFECTS), ("chance", CLASSIC_CHANCE_EFFECTS)):
        count, items = phrases[key]
        assert count == len(items) == len(classic.decks[key].cards) == 20, key
        check_deck(classic, key, items, effects)


def test_classic_move_cards_never_pay_circular_income(classic, classic_page: str) -> None:
    assert "Each one moves the token and never pays circular income" in flat(classic_page)
    for card in classic.decks["move"].cards:
        assert card.moves_token and not card.salary, card.text_en


def test_classic_provenance_marks_the_reconstructed_values(classic, classic_page: str) -> None:
    text = flat(classic_page)
    # The page calls the layout, names and numbers, the colours, the card texts and the slot machine
    # reconstructed; the board file's provenance must say so too.
    assert "The layout, the names and every number in the table below are *reconstructed*" in text
    assert "Nobody records the industry colours" in text
    assert "Both decks are *reconstructed*" in text
    assert "Everything about the machine is *reconstructed*" in text
    provenance = classic.provenance
    assert {"names", "rent", "layout", "colours", "deck_texts", "slot_machine"} <= set(provenance["reconstructed"])
    assert len(provenance["sources"]) >= 2 and "reconstruct" in provenance["note"]


def test_classic_slot_machine_matches_the_rules_page(classic, classic_page: str) -> None:
    text = flat(section(classic_page, "The slot machine"))
    faces = re.search(r"for faces 1 to 6: ([a-z, ]+)\.", text).group(1).split(", ")
    machine = classic.slot_machine
    assert all(list(reel) == faces for reel in machine.reels)

    def paytable(phrase: str) -> dict[str, int]:  # "cherries 5, plums 10" -> {"cherry": 5, "plum": 10}
        found = re.findall(r"([a-z]+) (\d+)", phrase)
        return {re.sub(r"ies$", "y", word).removesuffix("s"): int(times) for word, times in found}

    three = paytable(re.search(r"all three reels pays (.*?) times the bet", text).group(1))
    pairs = paytable(re.search(r"neighbouring reels .*? pays (.*?) times the bet", text).group(1))
    assert three == dict(machine.all_reels) and pairs == dict(machine.adjacent_pair)
    assert "two sevens win the whole box" in text and machine.jackpot_symbol == "seven"


# ---------------------------------------------------------------------------------------------
# US Monopoly against docs/rules/monopoly.md
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def monopoly_page() -> str:
    return rules_page("monopoly.md")


@pytest.fixture(scope="module")
def monopoly():
    return load_board("monopoly-us")


def monopoly_cells(page: str) -> list[dict]:
    """The rows of the table in "The board": cell, name, kind, price, house price, rent."""
    cells = []
    for parts in table_rows(section(page, "The board")):
        index, name, kind, price, house, rent = parts
        cells.append({
            "index": int(index), "name": name.split(" / ")[0], "kind": kind,
            "price": int(price) if price else None, "house": int(house) if house else None,
            "rent": tuple(numbers(rent)) if rent else None,
        })
    return cells


def test_monopoly_names_prices_and_rents_match_the_rules_page(monopoly, monopoly_page: str) -> None:
    cells = monopoly_cells(monopoly_page)
    assert [c["index"] for c in cells] == list(range(40))
    for row in cells:
        cell = monopoly.cells[row["index"]]
        where = f"cell {cell.index}"
        assert cell.name_en == row["name"], where
        kind, _, deck = row["kind"].partition(": ")
        assert (cell.kind, cell.deck) == (CellKind(kind), deck), where
        if row["rent"]:
            assert cell.kind is CellKind.PLOT, where
            assert (cell.price, cell.rent) == (row["price"], row["rent"]), where
            assert len(cell.rent) == 6, where
            assert monopoly.industries[cell.industry].build_price == row["house"], where
        elif row["price"]:
            assert cell.kind in (CellKind.RAILROAD, CellKind.UTILITY), where
            assert cell.price == row["price"], where
        else:
            assert not cell.ownable, where
    assert len(monopoly.ownable) == sum(1 for c in cells if c["price"]) == 28
    assert len(monopoly.plots) == sum(1 for c in cells if c["rent"]) == 22


def test_monopoly_railroads_and_utilities(monopoly, monopoly_page: str) -> None:
    text = flat(monopoly_page)
    railroad_rent = tuple(numbers(re.search(r"Railroads: ([\d, or]+) as the owner holds 1 to 4", text).group(1)))
    one, both = numbers(re.search(r"Utilities: (\d+) times the dice for one owned, (\d+) times for both", text).group(0))
    assert railroad_rent == (25, 50, 100, 200) and (one, both) == (4, 10)
    assert monopoly.railroads == (5, 15, 25, 35)
    assert monopoly.utilities == (12, 28)
    for index in monopoly.railroads:
        assert monopoly.cells[index].rent == railroad_rent and monopoly.cells[index].price == 200
    for index in monopoly.utilities:
        cell = monopoly.cells[index]
        assert cell.dice_multipliers == (one, both) and cell.price == 150
        assert cell.industry == -1
    assert all(monopoly.cells[i].industry == -1 for i in monopoly.railroads)


def test_monopoly_colour_groups_match_the_rules_page(monopoly, monopoly_page: str) -> None:
    text = flat(monopoly_page)
    groups_text = re.search(r"Colour groups: (.*?)\.", text).group(1)
    groups = {}
    for item in groups_text.split(" · "):
        name, members = re.fullmatch(r"([a-z ]+?) ([\d, ]+)", item).groups()
        groups[name.replace(" ", "_")] = tuple(numbers(members))
    assert {ind.key: ind.cells for ind in monopoly.industries} == groups
    assert len(groups) == 8


def test_monopoly_corners_and_taxes(monopoly, monopoly_page: str) -> None:
    text = flat(monopoly_page)
    kinds = {0: CellKind.START, 10: CellKind.JAIL, 20: CellKind.REST, 30: CellKind.GO_TO_JAIL}
    assert {i: monopoly.cells[i].kind for i in kinds} == kinds
    for name in ("Income Tax", "Luxury Tax"):
        index, amount = numbers(re.search(rf"\*\*{name} \((\d+)\)\*\*: pay (\d+)", text).group(0))
        cell = monopoly.cells[index]
        assert (cell.kind, cell.name_en, cell.amount) == (CellKind.TAX, name, amount)
    decks = {cell.index: cell.deck for cell in monopoly.cells if cell.kind is CellKind.CARD}
    assert decks == {2: "chest", 17: "chest", 33: "chest", 7: "chance", 22: "chance", 36: "chance"}


MONOPOLY_CHANCE_EFFECTS = [
    {"effect": "move_to", "target": 39, "salary": True},
    {"effect": "move_to", "target": 0, "salary": True},
    {"effect": "move_to", "target": 24, "salary": True},
    {"effect": "move_to", "target": 11, "salary": True},
    {"effect": "nearest", "what": "railroad", "salary": True, "rent_multiplier": 2},
    {"effect": "nearest", "what": "railroad", "salary": True, "rent_multiplier": 2},
    {"effect": "nearest", "what": "utility", "salary": True, "dice_multiplier": 10},
    {"effect": "receive", "amount": 50},
    {"effect": "jail_free"},
    {"effect": "move_by", "steps": -3},
    {"effect": "go_to_jail"},
    {"effect": "repairs", "per_small": 25, "per_large": 100},
    {"effect": "pay", "amount": 15, "to": "bank"},
    {"effect": "move_to", "target": 5, "salary": True},
    {"effect": "pay_each", "amount": 50},
    {"effect": "receive", "amount": 150},
]

CHEST_EFFECTS = [
    {"effect": "move_to", "target": 0, "salary": True},
    {"effect": "receive", "amount": 200},
    {"effect": "pay", "amount": 50, "to": "bank"},
    {"effect": "receive", "amount": 50},
    {"effect": "jail_free"},
    {"effect": "go_to_jail"},
    {"effect": "receive", "amount": 100},
    {"effect": "receive", "amount": 20},
    {"effect": "collect_from_each", "amount": 10},
    {"effect": "receive", "amount": 100},
    {"effect": "pay", "amount": 100, "to": "bank"},
    {"effect": "pay", "amount": 50, "to": "bank"},
    {"effect": "receive", "amount": 25},
    {"effect": "repairs", "per_small": 40, "per_large": 115},
    {"effect": "receive", "amount": 10},
    {"effect": "receive", "amount": 100},
]


def monopoly_deck_phrases(page: str) -> tuple[int, dict[str, list[str]]]:
    """The cards per deck (from the heading) and each deck's numbered list, from the section "Cards"."""
    count = numbers(re.search(r"^## Cards \((\d+) each\)", page, re.M).group(1))[0]
    text = section(page, "Cards")
    chance, chest = text.split("Community Chest, in the board file's order:")
    return count, {"chance": numbered_list(chance), "chest": numbered_list(chest)}


def test_monopoly_decks_match_the_rules_page(monopoly, monopoly_page: str) -> None:
    count, phrases = monopoly_deck_phrases(monopoly_page)
    assert set(monopoly.decks) == {"chance", "chest"}
    for key, effects in (("chance", MONOPOLY_CHANCE_EFFECTS), ("chest", CHEST_EFFECTS)):
        assert count == len(phrases[key]) == len(monopoly.decks[key].cards) == 16, key
        check_deck(monopoly, key, phrases[key], effects)


def test_monopoly_provenance(monopoly) -> None:
    assert monopoly.provenance["reconstructed"] == []
    assert monopoly.provenance["sources"]


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
def test_boards_pickle_for_worker_processes(key: str) -> None:
    """Simulations send the board to worker processes; the compiled, frozen records must survive."""
    import pickle

    board = load_board(key)
    copy = pickle.loads(pickle.dumps(board))
    assert copy == board and copy.jail == board.jail and copy.ownable == board.ownable
    assert copy.decks[next(iter(copy.decks))].cards == board.decks[next(iter(board.decks))].cards

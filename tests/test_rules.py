"""RuleSet: the presets against the rules pages, validation of every option, round trips."""

from __future__ import annotations

import dataclasses
import json
import re
from fractions import Fraction

import pytest

from millionaire import RuleSet, load_board
from rules_pages import flat, options_table, page

PAGES = {"millionaire-classic.md": RuleSet.classic(), "monopoly.md": RuleSet.monopoly(),
         "millionaire-junior.md": RuleSet.junior(),
         "millionaire-elite.md": RuleSet.elite()}
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "third": 3, "half": Fraction(1, 2), "twice": 2,
         "six": 6, "eight": 8, "Two": 2}


def value(text: str) -> int | Fraction:
    if text.endswith("%"):
        return Fraction(int(text[:-1]), 100)
    return WORDS[text] if text in WORDS else int(text)


# ---------------------------------------------------------------------------------------------
# The presets against the kit's rules pages (docs/rules)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_options_table_lists_every_option_with_the_preset_value(name: str) -> None:
    table = options_table(page(name))
    preset = PAGES[name]
    assert sorted(table) == sorted(f.name for f in dataclasses.fields(RuleSet)), "options missing or unknown"
    for option, (listed, _) in table.items():
        assert listed == getattr(preset, option), f"{name}: {option} is {listed!r} on the page"


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_decision_names_its_option_in_the_rules(name: str) -> None:
    """A decision of the options table is also explained in the page's prose, by its option's name."""
    text = page(name)
    prose = text.split("## Options and decisions")[0]
    decisions = [option for option, (_, what) in options_table(text).items() if "**decision**" in what]
    assert decisions, "no decision marked"
    for option in decisions:
        assert f"`{option}`" in prose, f"{name}: the decision {option} is not explained in the rules"


# option, a pattern on the rules page (prose) whose first group is the option's value
CLASSIC_ON_PAGE = [
    ("start_cash", r"Each starts with (\d+) fants"),
    ("circular_income", r"he collects (\d+) circular income"),
    ("jail_fine", r"he either pays (\d+) to the bank and rolls as usual"),
    ("jail_max_turns", r"After his (third) roll without a double"),
    ("doubles_to_jail", r"The (third) double in a row sends him straight to Tax Inspection"),
    ("small_supply", r"The bank holds (\d+) branches"),
    ("large_supply", r"The bank holds \d+ branches \(филиалы\) and (\d+) enterprises"),
    ("small_per_large", r"an enterprise may replace the (three) branches of a plot"),
    ("jackpot_start", r"The jackpot box \(касса «Джекпот»\) starts with (\d+)"),
    ("monopoly_multiplier", r"its plots without buildings earn (twice) the rent"),
    ("mortgage_rate", r"the bank pays (half) the price"),
    ("redemption_fee", r"by paying back half the price plus (10%) of the price"),
    ("building_sell_rate", r"sold back to the bank at (half) the building price"),
    ("min_bid", r"Anyone may open at (\d+) fant"),
    ("min_players", r"(Two) to six players"),
    ("max_players", r"Two to (six) players"),
]

MONOPOLY_ON_PAGE = [
    ("start_cash", r"Each player starts with (\d+) dollars"),
    ("circular_income", r"Passing or stopping on GO pays a salary of (\d+)"),
    ("jail_fine", r"He leaves by paying (\d+) before he rolls"),
    ("jail_max_turns", r"by rolling a double within (three) turns"),
    ("doubles_to_jail", r"the (third) double in a row sends the player to Jail"),
    ("small_per_large", r"After (4) houses a hotel replaces them"),
    ("small_supply", r"It holds (\d+) houses"),
    ("large_supply", r"It holds \d+ houses and (\d+) hotels"),
    ("monopoly_multiplier", r"holds whole earns (twice) its rent"),
    ("mortgage_rate", r"Mortgage value is (half) the price"),
    ("building_sell_rate", r"Buildings sell to the bank at (half) price"),
    ("min_bid", r"bidding may open at (\d+) dollar"),
    ("min_players", r"(Two) to eight players"),
    ("max_players", r"Two to (eight) players"),
]


def read_option(text: str, pattern: str) -> int | Fraction:
    match = re.search(pattern, flat(text))
    assert match, f"the rules page no longer says {pattern!r}"
    return value(match.group(1))


@pytest.mark.parametrize(("option", "pattern"), CLASSIC_ON_PAGE, ids=[o for o, _ in CLASSIC_ON_PAGE])
def test_classic_preset_matches_the_rules_page(option: str, pattern: str) -> None:
    assert getattr(RuleSet.classic(), option) == read_option(page("millionaire-classic.md"), pattern)


@pytest.mark.parametrize(("option", "pattern"), MONOPOLY_ON_PAGE, ids=[o for o, _ in MONOPOLY_ON_PAGE])
def test_monopoly_preset_matches_the_rules_page(option: str, pattern: str) -> None:
    assert getattr(RuleSet.monopoly(), option) == read_option(page("monopoly.md"), pattern)


def test_classic_preset_decisions() -> None:
    text = flat(page("millionaire-classic.md"))
    rules = RuleSet.classic()
    assert "stopping on START by a roll pays it too (**decision**" in text and rules.income_on_landing
    assert 'detains the player (**decision**: the board has no "just visiting"' in text and rules.detain_on_landing
    assert "its plots without buildings earn twice the rent (**decision**" in text and rules.monopoly_scope == "unbuilt"
    assert "the bank pays the creditor the rest of the debt" in text and rules.bankruptcy_to_player == "to_board"
    assert "his plots return to the board unowned" in text and rules.bankruptcy_to_bank == "to_board"
    assert rules.timed_rounds is None and rules.shuffle_seats


def test_classic_preset_numbers() -> None:
    rules = RuleSet.classic()
    assert (rules.start_cash, rules.circular_income, rules.jail_fine) == (2000, 200, 50)
    assert (rules.small_supply, rules.large_supply, rules.small_per_large) == (24, 12, 3)
    assert (rules.jackpot_start, rules.charity_start) == (200, 0)
    assert rules.detain_on_landing is True
    assert RuleSet.classic() == RuleSet()


def test_monopoly_preset_numbers_and_decisions() -> None:
    text = flat(page("monopoly.md"))
    rules = RuleSet.monopoly()
    assert (rules.start_cash, rules.circular_income, rules.jail_fine) == (1500, 200, 50)
    assert (rules.small_supply, rules.large_supply, rules.small_per_large) == (32, 12, 4)
    assert "stopping there by a roll is *Just Visiting*" in text and rules.detain_on_landing is False
    assert "Bankruptcy to a player: he receives all cash and property" in text
    assert rules.bankruptcy_to_player == "to_creditor"
    assert "Bankruptcy to the bank: the bank auctions the property" in text and rules.bankruptcy_to_bank == "auction"
    assert rules.jackpot_start == 0 and rules.income_on_landing
    assert rules.max_players == 8 and "the box holds eight tokens" in text


def test_monopoly_mortgage_fees_are_ten_percent_of_the_mortgage_value() -> None:
    text = flat(page("monopoly.md"))
    assert "Lifting it costs the mortgage value plus 10% of it" in text
    assert "pays the bank 10% of the mortgage value at once" in text
    rules = RuleSet.monopoly()
    price = 200  # a lot whose mortgage value is 100
    lifting = price * rules.mortgage_rate + price * rules.redemption_fee
    assert lifting == 110
    assert price * rules.transfer_mortgage_fee == 10


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
def test_preset_for_board_agrees_with_the_board_file(key: str) -> None:
    rules = RuleSet.for_board(key)
    assert rules.small_per_large == load_board(key).small_per_large
    assert rules == (RuleSet.monopoly() if key == "monopoly-us" else RuleSet.classic())


# ---------------------------------------------------------------------------------------------
# Validation: every bad value raises ValueError naming the option
# ---------------------------------------------------------------------------------------------

FIELDS = {f.name: f.type for f in dataclasses.fields(RuleSet)}
INT_OPTIONS = [name for name, kind in FIELDS.items() if kind.startswith("int")]
BOOL_OPTIONS = [name for name, kind in FIELDS.items() if kind == "bool"]
CHOICE_OPTIONS = [name for name, kind in FIELDS.items() if kind == "str"]
RATE_OPTIONS = [name for name, kind in FIELDS.items() if kind == "Fraction"]


def test_every_option_has_a_known_type() -> None:
    assert set(FIELDS) == set(INT_OPTIONS) | set(BOOL_OPTIONS) | set(CHOICE_OPTIONS) | set(RATE_OPTIONS)
    assert {"start_cash", "small_supply", "timed_rounds"} <= set(INT_OPTIONS)
    assert {"detain_on_landing", "income_on_landing"} <= set(BOOL_OPTIONS)
    assert {"monopoly_scope", "bankruptcy_to_player", "bankruptcy_to_bank"} <= set(CHOICE_OPTIONS)
    assert {"mortgage_rate", "redemption_fee", "building_sell_rate"} <= set(RATE_OPTIONS)


def bad(option: str, wrong) -> str:
    with pytest.raises(ValueError) as caught:
        RuleSet.classic().replace(**{option: wrong})
    message = str(caught.value)
    assert f"RuleSet.{option}" in message, message
    return message


@pytest.mark.parametrize("option", INT_OPTIONS)
def test_int_options_reject_negatives_bools_floats_and_text(option: str) -> None:
    assert "-1" in bad(option, -1)
    bad(option, True)
    bad(option, False)
    bad(option, 2.5)
    bad(option, "3")


@pytest.mark.parametrize("option", INT_OPTIONS)
def test_int_options_accept_a_larger_value(option: str) -> None:
    rules = RuleSet.classic()
    larger = (getattr(rules, option) or 1) + 1
    if option == "min_players":
        larger = rules.max_players
    if option == "dice":  # one or two dice: Classic's two is the most
        larger = 2
    assert getattr(rules.replace(**{option: larger}), option) == larger


def test_dice_are_one_or_two() -> None:
    assert RuleSet.classic().replace(dice=1).dice == 1
    assert "at most 2" in bad("dice", 3)
    assert ">= 1" in bad("dice", 0)


def test_optional_limits_accept_none_and_counts_start_at_one() -> None:
    rules = RuleSet.classic().replace(small_supply=None, large_supply=None, timed_rounds=None)
    assert (rules.small_supply, rules.large_supply, rules.timed_rounds) == (None, None, None)
    for option in ("jail_max_turns", "doubles_to_jail", "small_per_large", "min_bid", "timed_rounds"):
        assert ">= 1" in bad(option, 0)
    for option in ("start_cash", "jail_fine", "circular_income"):
        bad(option, None)


@pytest.mark.parametrize("option", BOOL_OPTIONS)
def test_bool_options_reject_other_values(option: str) -> None:
    for wrong in (1, 0, "yes", None):
        assert "True or False" in bad(option, wrong)


@pytest.mark.parametrize("option", CHOICE_OPTIONS)
def test_choice_options_reject_unknown_words(option: str) -> None:
    message = bad(option, "sometimes")
    assert "'sometimes'" in message and str(getattr(RuleSet.classic(), option)) in message
    bad(option, None)


@pytest.mark.parametrize("option", RATE_OPTIONS)
def test_rate_options(option: str) -> None:
    most = 10 if option == "rent_cap" else 1  # a rent may be capped above the price, a share not above the whole
    assert f"between 0 and {most}" in bad(option, Fraction(2 * most + 1, 2))
    bad(option, most + 0.5)
    bad(option, -0.1)
    bad(option, "a lot")
    bad(option, True)
    rules = RuleSet.classic()
    assert getattr(rules.replace(**{option: 0.25}), option) == Fraction(1, 4)
    assert getattr(rules.replace(**{option: "3/10"}), option) == Fraction(3, 10)
    assert getattr(rules.replace(**{option: 1}), option) == 1


def test_max_players_below_min_players() -> None:
    with pytest.raises(ValueError, match=r"RuleSet\.max_players \(2\) is below min_players \(3\)"):
        RuleSet(min_players=3, max_players=2)


def test_replace_rejects_an_unknown_option() -> None:
    with pytest.raises(ValueError, match=r"RuleSet has no option 'start_money'"):
        RuleSet.classic().replace(start_money=100)


def test_from_dict_rejects_a_non_dict_and_unknown_options() -> None:
    with pytest.raises(ValueError, match=r"RuleSet\.from_dict needs a dict, got list"):
        RuleSet.from_dict([("start_cash", 100)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"'jail_fee'"):
        RuleSet.from_dict({"jail_fee": 50})
    with pytest.raises(ValueError, match=r"RuleSet\.start_cash"):
        RuleSet.from_dict({"start_cash": "lots"})


# ---------------------------------------------------------------------------------------------
# Round trips and immutability
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [RuleSet.classic(), RuleSet.monopoly(),
                                   RuleSet.classic().replace(timed_rounds=40, small_supply=None, mortgage_rate="2/5")],
                         ids=["classic", "monopoly", "house rules"])
def test_to_dict_from_dict_round_trip(rules: RuleSet) -> None:
    data = rules.to_dict()
    assert set(data) == set(FIELDS)
    assert RuleSet.from_dict(data) == rules
    assert RuleSet.from_dict(json.loads(json.dumps(data))) == rules  # JSON-safe
    assert all(isinstance(data[name], str) for name in RATE_OPTIONS)


def test_partial_dict_fills_in_the_classic_defaults() -> None:
    assert RuleSet.from_dict({"start_cash": 3000}) == RuleSet.classic().replace(start_cash=3000)
    assert RuleSet.from_dict({}) == RuleSet.classic()


def test_rules_are_frozen() -> None:
    rules = RuleSet.classic()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.start_cash = 5000  # type: ignore[misc]
    changed = rules.replace(start_cash=5000)
    assert rules.start_cash == 2000 and changed.start_cash == 5000
    assert hash(rules) == hash(RuleSet.classic())
    assert len({RuleSet.classic(), RuleSet.classic(), RuleSet.monopoly()}) == 2


def test_every_default_passes_the_checks_and_a_field_given_otherwise_is_checked():
    """A field left at its default is not checked again on each rule set: every default was, when the
    table of checks was made. A value given, even one equal to the default, is checked (and a number
    for a fraction made one)."""
    from millionaire.rules import _checked, _checks

    for name, kind, least, most, allowed, default in _checks():
        assert _checked(name, kind, least, most, allowed, default) is default
    assert RuleSet(mortgage_rate="1/2").mortgage_rate == Fraction(1, 2)
    assert type(RuleSet(wealth_tax=0).wealth_tax) is Fraction
    assert RuleSet(wealth_tax=0) == RuleSet()
    with pytest.raises(ValueError, match="dice must be at most 2"):
        RuleSet(dice=3)
    with pytest.raises(ValueError, match="income_on_landing must be True or False"):
        RuleSet(income_on_landing=1)

"""Write the broken board files and damaged saves of the hostile-input suite (run once; the files are committed).

``python tests/hostile/make_cases.py`` rewrites ``boards/`` and ``saves/`` from the toy boards and from
real positions of seeded games, so a case can be remade after a change of the save format. What
each file must give is listed in ``cases.toml``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TOY = (HERE.parent / "data" / "toy4.toml").read_text(encoding="utf-8")
EIGHT = (HERE / "boards" / "eight_cells.toml").read_text(encoding="utf-8")
JUNIOR = (HERE.parents[1] / "millionaire" / "boards" / "millionaire_junior.toml").read_text(encoding="utf-8")


def card(effect: str, **fields: Any) -> str:
    """A ``[[decks.cards]]`` table for the eight-cell board's deck."""
    lines = ["", "[[decks.cards]]", 'text_en = "A card."', 'text_ru = "Карточка."', f'effect = "{effect}"']
    lines += [f"{name} = {json.dumps(value)}" for name, value in fields.items()]
    return "\n".join(lines) + "\n"


def boards() -> dict[str, str]:
    """File name -> text of each broken board file."""
    deep = 5_000
    return {
        "deep_nesting.toml": TOY + "\nx = " + "[" * deep + "]" * deep + "\n",
        "deep_rent.toml": TOY.replace("rent = [10, 50, 150, 300, 500]", "rent = " + "[" * deep + "]" * deep),
        "deep_inline_tables.toml": TOY.replace("rent = [10, 50, 150, 300, 500]",
                                               "rent = " + "{ a = " * deep + "1" + " }" * deep),
        "long_dotted_key.toml": "x" + ".x" * 20_000 + " = 1\n" + TOY,
        "price_5000_digits.toml": TOY.replace("price = 100", "price = " + "9" * 5_000),
        "rent_5000_digits.toml": TOY.replace("rent = [10, 50, 150, 300, 500]", "rent = [10, 50, 150, 300, " + "9" * 5_000 + "]"),
        "price_hexadecimal_huge.toml": TOY.replace("price = 100", "price = 0x" + "f" * 5_000),
        "price_too_big.toml": TOY.replace("price = 100", "price = 10_000_000_000"),
        "junior_ticket_5000_digits.toml": JUNIOR.replace("ticket = 2\n", "ticket = " + "9" * 5_000 + "\n", 1),
        "junior_ticket_hexadecimal_huge.toml": JUNIOR.replace("ticket = 2\n", "ticket = 0x" + "f" * 5_000 + "\n", 1),
        "junior_ticket_as_text.toml": JUNIOR.replace("ticket = 2\n", 'ticket = "two"\n', 1),
        "size_a_billion.toml": TOY.replace("size = 4", "size = 1000000000"),
        "size_twenty_million.toml": TOY.replace("size = 4", "size = 20000000"),
        "cards_move_in_a_circle.toml": EIGHT + card("nearest", what="card:move"),
        "cards_circle_beside_a_stop.toml": EIGHT + card("receive", amount=10) + card("nearest", what="card:move"),
        "jumps_in_a_circle.toml": EIGHT.replace('kind = "rest"\nname_en = "Park"\nname_ru = "Парк"',
                                                'kind = "fund_fine"\nname_en = "Fine"\nname_ru = "Штраф"\ntarget = 7\namount = 10')
                                  + card("receive", amount=10),
        "swaps_for_ever.toml": EIGHT + card("swap_nearest"),
        "deck_of_kept_cards.toml": EIGHT + card("jail_free") + card("double_rent"),
        "card_rent_multiplier_huge.toml": EIGHT + card("nearest", what="unowned_plot", rent_multiplier=10**6),
        "card_steps_huge.toml": EIGHT + card("move_by", steps=10**9),
        "name_200000_characters.toml": TOY.replace('name_en = "Doll shop"', 'name_en = "' + "x" * 200_000 + '"'),
        "industry_key_200000_characters.toml": TOY.replace('key = "toys"', 'key = "' + "k" * 200_000 + '"'),
        "card_text_5000_characters.toml": EIGHT + card("receive", amount=10).replace("A card.", "y" * 5_000),
        "name_with_a_terminal_escape.toml": TOY.replace('name_en = "Doll shop"', r'name_en = "Doll\u001b[31m shop"'),
        "name_with_a_line_break.toml": TOY.replace('name_ru = "Магазин кукол"', r'name_ru = "Магазин\nкукол"'),
        "short_name_with_a_direction_override.toml": TOY.replace('name_en = "Doll shop"',
                                                                 'name_en = "Doll shop"\nshort_en = "\\u202epohs"'),
        "board_name_with_a_bell.toml": TOY.replace('name_en = "Toy board"', r'name_en = "Toy\u0007 board"'),
        "key_up_a_folder.toml": TOY.replace('key = "toy4"', 'key = "../x"'),
        "key_an_absolute_path.toml": TOY.replace('key = "toy4"', 'key = "/tmp/x"'),
        "card_effect_an_empty_list.toml": EIGHT + card("receive").replace('effect = "receive"', "effect = []"),
    }


def _game(board_name: str, seed: int, agents: list[str], until: Callable[[Any], bool]) -> Any:
    """A seeded game played by bots until ``until(game)`` holds at a decision."""
    from millionaire import Game, load_board

    game = Game(load_board(board_name), agents=agents, seed=seed)
    game.round_limit = 300
    while not until(game):
        decision = game.pending
        assert decision is not None, "the game ended before the position was reached: pick another seed"
        game.apply(game.agents[decision.player].choose(game, decision))
    return game


def _save(game: Any) -> dict[str, Any]:
    data = game.state.to_dict()
    data["dice"]["buffer"] = []  # a legal save (the dice are drawn afresh), and a short file
    return data


def _pending(kind: str, purpose: str = "") -> Callable[[Any], bool]:
    def reached(game: Any) -> bool:
        data = game.state.pending
        return data is not None and data["kind"] == kind and (not purpose or data.get("purpose") == purpose)
    return reached


def saves() -> dict[str, dict[str, Any] | str]:
    """File name -> the damaged save (a dict, or raw text for damage JSON cannot express)."""
    rolling = _save(_game("millionaire-classic", 5, ["aggressive", "monopolist", "random"],
                          lambda g: g.state.round >= 12 and g.state.pending["kind"] == "roll"))
    buying = _save(_game("millionaire-classic", 3, ["cautious", "cautious", "cautious"], _pending("buy")))
    bidding = _save(_game("millionaire-classic", 3, ["random", "random", "random"], _pending("bid")))
    replying = _save(_game("millionaire-classic", 1, ["monopolist", "monopolist", "monopolist"], _pending("trade_reply")))
    found: dict[str, dict[str, Any] | str] = {"real_save_rolling.json": rolling, "real_save_buying.json": buying,
                                              "real_save_bidding.json": bidding, "real_save_trade_reply.json": replying}

    def damaged(name: str, base: dict[str, Any], edit: Callable[[dict[str, Any]], None]) -> None:
        data = copy.deepcopy(base)
        edit(data)
        found[name] = data

    text = json.dumps(rolling)
    found["round_5000_digits.json"] = text.replace(f'"round": {rolling["round"]}', '"round": ' + "9" * 5_000)
    found["tasks_100000_deep.json"] = text.replace('"tasks": []', '"tasks": ' + "[" * 100_000 + "]" * 100_000)
    found["pending_key_800_deep.json"] = text.replace('"pending": {', '"pending": {"note": ' + "[" * 800 + "]" * 800 + ", ")
    damaged("pending_unknown_key.json", rolling, lambda d: d["pending"].update(note="hello"))

    def rich(data: dict[str, Any]) -> None:
        data["players"][0]["cash"] += 10**30
        data["bank_balance"] -= 10**30
    damaged("cash_10_to_the_30.json", rolling, rich)

    def buy_start(data: dict[str, Any]) -> None:
        seat = data["pending"]["player"]
        data["pending"]["cell"] = 0
        data["players"][seat]["position"] = 0
    damaged("buy_pending_on_start.json", buying, buy_start)

    def buy_owned(data: dict[str, Any]) -> None:
        seat = data["pending"]["player"]
        other = (seat + 1) % len(data["players"])
        data["owner"][data["pending"]["cell"]] = other
    damaged("buy_pending_on_an_owned_plot.json", buying, buy_owned)

    def take_start(data: dict[str, Any]) -> None:
        data["pending"] = {"kind": "choose", "player": data["current"], "purpose": "take_plot", "options": [0], "card": None}
    damaged("choose_take_plot_of_start.json", rolling, take_start)

    def high_bid(data: dict[str, Any]) -> None:
        pending = data["pending"]
        pending["high"] = 10**9
        pending["high_bidder"] = next(s for s in pending["bidders"] if s != pending["player"])
    damaged("bid_higher_than_the_bidders_cash.json", bidding, high_bid)

    def roll_other(data: dict[str, Any]) -> None:
        data["pending"]["player"] = (data["current"] + 1) % len(data["players"])
    damaged("roll_pending_for_another_seat.json", rolling, roll_other)

    def reply_other(data: dict[str, Any]) -> None:
        pending = data["pending"]
        pending["player"] = next(s for s in range(len(data["players"]))
                                 if s not in (pending["player"], pending["from"]))
    damaged("trade_reply_by_a_seat_not_the_partner.json", replying, reply_other)

    def bankrupt_current(data: dict[str, Any]) -> None:
        player = data["players"][data["current"]]
        data["bank_balance"] += player["cash"]
        for deck, number in player["cards"]:
            data["decks"][deck].append(number)
        player.update(cash=0, bankrupt=True, detained=False, cards=[])
        data["owner"] = [-1 if seat == data["current"] else seat for seat in data["owner"]]
        data["level"] = [level if seat >= 0 else 0 for level, seat in zip(data["level"], data["owner"])]
        data["mortgaged"] = [m and seat >= 0 for m, seat in zip(data["mortgaged"], data["owner"])]
        data["pending"] = None
    damaged("bankrupt_current_seat_at_a_turn_boundary.json", rolling, bankrupt_current)

    def queued_take(data: dict[str, Any]) -> None:
        data["tasks"] = [["choose", "take_plot", None, [0]]]
        data["pending"] = None
    damaged("task_take_plot_of_start.json", rolling, queued_take)

    def queued_landing(data: dict[str, Any]) -> None:
        data["tasks"] = [["land", 1, False, "card", 10**12, 0]]
        data["pending"] = None
    damaged("task_landing_with_a_huge_rent_multiplier.json", rolling, queued_landing)
    return found


def main() -> None:
    for name, text in boards().items():
        (HERE / "boards" / name).write_text(text, encoding="utf-8")
    for name, data in saves().items():
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        (HERE / "saves" / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

"""Card effects as data: a small vocabulary that board files use and the engine carries out.

A card is a frozen :class:`Card` with an ``effect`` name from :data:`EFFECTS` and the few fields
that effect needs. Movement effects are resolved by :mod:`millionaire.movement`, the rest by the engine.

Examples
--------
>>> card = Card(deck="move", index=0, text_en="Advance to START.", text_ru="Перейдите на СТАРТ.",
...             effect="move_to", target=0)
>>> card.moves_token
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# Each effect with its fields: name -> (type, required). Types are checked when a board loads.
EFFECTS: dict[str, dict[str, tuple[type, bool]]] = {
    "move_to": {"target": (int, True), "salary": (bool, False)},
    "move_by": {"steps": (int, True), "salary": (bool, False)},
    "nearest": {
        "what": (str, True),
        "salary": (bool, False),
        "rent_multiplier": (int, False),
        "dice_multiplier": (int, False),
    },
    "move_choice": {"among": (str, True)},
    "swap_nearest": {},
    "go_to_jail": {},
    "extra_turn": {},
    "take_plot": {},
    "free_building": {},
    "return_plot": {},
    "auction_others_plot": {},
    "double_rent": {},
    "jail_free": {},
    "receive": {"amount": (int, True)},
    "pay": {"amount": (int, True), "to": (str, True)},
    "collect_from_each": {"amount": (int, True)},
    "pay_each": {"amount": (int, True)},
    "repairs": {"per_small": (int, True), "per_large": (int, True)},
    "auction_unowned": {},
    "pay_percent_cash": {"percent": (int, True)},
    "receive_per_plot": {"amount": (int, True)},
    "free_half": {},
    "share_price": {"amount": (int, True)},
    "share_points": {"points": (int, True)},
}

#: Effects that move the token (resolved by :mod:`millionaire.movement`).
MOVING_EFFECTS = frozenset({"move_to", "move_by", "nearest", "move_choice", "swap_nearest", "go_to_jail"})
#: Effects whose card stays with the player until it can be used.
KEPT_EFFECTS = frozenset({"take_plot", "free_building", "double_rent", "jail_free"})
#: Targets that the ``nearest`` effect understands (plus ``card:<deck>``).
NEAREST_TARGETS = frozenset({"railroad", "utility", "fund_fine", "corner", "unowned_plot"})
MOVE_CHOICES = frozenset({"own_industry", "others_plots"})
PAYEES = frozenset({"bank", "fund"})
#: Effects that change the share price (Millionaire Elite; the board needs a ``[shares]`` table).
SHARE_EFFECTS = frozenset({"share_price", "share_points"})


class Frozen:
    """Base of the board's frozen records (cards, cells, industries, decks, boards): copied to a
    worker process as a call of their constructor (``__reduce__``), compiled or not."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), tuple(getattr(self, f.name) for f in fields(self) if f.init)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Card(Frozen):
    """One card of a deck.

    ``index`` is the card's position in the deck as printed in the board file; the engine keeps
    decks as lists of these indices.
    """

    deck: str
    index: int
    text_en: str
    text_ru: str
    effect: str
    target: int | None = None
    steps: int = 0
    salary: bool = False
    what: str = ""
    among: str = ""
    amount: int = 0
    to: str = ""
    per_small: int = 0
    per_large: int = 0
    percent: int = 0
    rent_multiplier: int = 1
    dice_multiplier: int = 0
    points: int = 0

    @property
    def moves_token(self) -> bool:
        """True when the card moves the drawer's token."""
        return self.effect in MOVING_EFFECTS

    @property
    def is_kept(self) -> bool:
        """True when the player keeps the card until it can be used."""
        return self.effect in KEPT_EFFECTS

    def text(self, lang: str = "en") -> str:
        """The card's text in ``"en"`` or ``"ru"``."""
        return self.text_ru if lang == "ru" else self.text_en

    def to_data(self) -> dict[str, Any]:
        """The card's effect fields as written in a board file (for display and tests)."""
        fields = {"effect": self.effect}
        for name in EFFECTS[self.effect]:
            fields[name] = getattr(self, name)
        return fields

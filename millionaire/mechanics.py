"""The hooks where an edition's own mechanics plug into the engine: passing START, landing on a kind
of cell, owing money, a plot the bank could not sell, a bankruptcy.

:class:`Mechanics` is the plain game (Millionaire Classic, Monopoly): every hook leaves the
engine's course as it is. An edition with mechanics of its own overrides the hooks it needs
(Millionaire Elite's market, insurance and Auction cell: :class:`millionaire.elite.Elite`; Junior's
limits on buying: :class:`millionaire.junior.Junior`); the
engine picks one per game (``Game.mechanics``) and calls the hooks where they apply.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 2, seed=1)
>>> type(game.mechanics).__name__, game.mechanics.claim(game, 0, "rent", 120, 1)
('Mechanics', 120)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import CellKind
from .cards import Card
from .events import BANK

if TYPE_CHECKING:  # the engine calls the hooks: no import at run time
    from .engine import Game


class Mechanics:
    """The hooks, as the plain game has them (nothing of its own)."""

    #: Shares may be sold to pay a debt (Elite under ``RuleSet.shares_pay_debts``).
    shares_for_debts: bool = False
    #: A tax policy may pay the fine for leaving detention (Elite under ``RuleSet.tax_policy_covers_fine``).
    fine_covered: bool = False

    def start_tax(self, game: Game, seat: int) -> int:
        """Passing START: what ``seat`` owes for it (none)."""
        return 0

    def holding_tax(self, game: Game, seat: int, tax: int) -> list[Any]:
        """The step that charges a tax ``start_tax`` named."""
        return ["pay", seat, BANK, tax, "holding_tax"]

    def asks_claim(self, game: Game, seat: int, kind: str, covered: bool) -> bool:
        """Whether what ``seat`` owes is first put to him as a claim on a policy (never)."""
        return False

    def claim(self, game: Game, seat: int, kind: str, loss: int, payee: int) -> int:
        """What is left for ``seat`` to pay of ``loss`` owed for an event of ``kind`` (all of it)."""
        return loss

    def rent_due(self, game: Game, seat: int, owner: int, amount: int) -> int:
        """Rent ``seat`` owes ``owner``: what he pays now (all of it; 0 when a hook takes it in hand)."""
        return amount

    def landed(self, game: Game, seat: int, cell: int, kind: CellKind) -> None:
        """``seat`` has landed on a cell of ``kind`` the engine itself leaves alone."""

    def may_offer(self, game: Game, seat: int, cell: int) -> bool:
        """True when the unowned ``cell`` ``seat`` has landed on is offered to him for sale (always)."""
        return True

    def unsold(self, game: Game, cell: int) -> None:
        """The bank auctioned ``cell`` and nobody bid."""

    def sold(self, game: Game, cell: int) -> None:
        """``cell`` was sold at an auction."""

    def shielded(self, game: Game, owner: int, cell: int) -> bool:
        """True when something of ``owner``'s stops a card from auctioning his plot ``cell`` (never)."""
        return False

    def bankrupt(self, game: Game, seat: int) -> None:
        """``seat`` has gone bankrupt: what the edition keeps of his goes back to the bank."""

    def own_card(self, game: Game, seat: int, card: Card) -> None:
        """``seat`` drew a card whose effect is the edition's own (none: the board loader admits none)."""


def insured_step(seat: int, kind: str, loss: int, payee: int, reason: str) -> list[Any]:
    """The step that asks ``seat`` whether his policy of ``kind`` pays ``loss`` owed to ``payee``.

    >>> insured_step(0, "tax", 300, -1, "tax")
    ['insured', 0, 'tax', 300, -1, 'tax', -1]
    """
    return ["insured", seat, kind, loss, payee, reason, -1]

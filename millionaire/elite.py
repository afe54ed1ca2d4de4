"""Millionaire Elite's mechanics: the share market and the Exchange, insurance policies and their
claims, the Auction cell and the central industry's holding tax, plugged into the engine at the
hooks of :class:`millionaire.mechanics.Mechanics`, and the answers to Elite's own decisions
(``exchange``, ``insurance``, ``lot``, ``claim``).

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-elite"), agents=["cautious"] * 2, seed=1)
>>> type(game.mechanics).__name__, game.mechanics.policy(game, 0, "rent")
('Elite', None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import card_play, junior
from .actions import Action
from .board import Board, CellKind
from .cards import Card
from .events import BANK
from .insurance import claim_split
from .mechanics import Mechanics, insured_step
from .pending import ChoosePending, ClaimPending, ExchangePending, InsurancePending, LotPending, Pending
from .rules import RuleSet

if TYPE_CHECKING:  # the engine calls the mechanics: no import at run time
    from .engine import Game


class Elite(Mechanics):
    """The mechanics of a board with any of Elite's: shares, insurance, the Auction cell, the central industry's tax."""

    def __init__(self, board: Board, rules: RuleSet) -> None:
        self.fine_covered = rules.tax_policy_covers_fine
        self.purchase_limits: bool = junior.purchase_limits(rules)
        self.claims_asked: bool = rules.claim_by_choice
        self.shares_for_debts = board.shares is not None and rules.shares_pay_debts
        self.unsold_wait: bool = rules.unsold_to_auction_cell and any(
            cell.kind is CellKind.AUCTION for cell in board.cells)

    # -------------------------------------------------------------- the hooks
    def rent_due(self, game: Game, seat: int, owner: int, amount: int) -> int:
        """Rent a rent policy may cover: asked of the holder (a ``claim`` decision) or claimed unasked."""
        if self.asks_claim(game, seat, "rent", True):
            game.state.tasks.append(insured_step(seat, "rent", amount, owner, "rent"))
            return 0
        return self.claim(game, seat, "rent", amount, owner)

    def landed(self, game: Game, seat: int, cell: int, kind: CellKind) -> None:
        if kind is CellKind.EXCHANGE or kind is CellKind.INSURANCE or kind is CellKind.AUCTION:
            self.market_cell(game, seat, cell, kind)

    def may_offer(self, game: Game, seat: int, cell: int) -> bool:
        """A plot waiting on the Auction cell is bought there, not where it lies; Junior's limits on
        buying hold here too when the rules have them."""
        if self.unsold_wait and cell in game.state.market["waiting"]:  # type: ignore[index]
            return False
        return not self.purchase_limits or junior.may_buy(game, seat, cell)

    def unsold(self, game: Game, cell: int) -> None:
        if self.unsold_wait:
            self.to_auction_cell(game, cell)

    def sold(self, game: Game, cell: int) -> None:
        waiting = game.state.market["waiting"]  # type: ignore[index]
        if cell in waiting:
            waiting.remove(cell)

    def bankrupt(self, game: Game, seat: int) -> None:
        """Shares and policies go back to the bank, as buildings do."""
        market = game.state.market
        assert market is not None
        market["shares"][seat] = 0
        market["policies"][seat] = []

    def own_card(self, game: Game, seat: int, card: Card) -> None:
        """A Fortune card that sets the share price or moves it (:meth:`share_card`)."""
        self.share_card(game, seat, card)

    # -------------------------------------------------------------- the market, the policies, the Auction cell
    def market_actions(self, game: Game, seat: int, data: Pending) -> list[Action]:
        """The answers to an Elite question (amounts: the lowest and highest)."""
        actions = [Action.skip()]
        if isinstance(data, ExchangePending):
            market = game.state.market
            assert market is not None
            most, held = game.state.players[seat].cash // market["price"], market["shares"][seat]
            actions += [Action.buy_shares(n) for n in sorted({1, most}) if n >= 1 and n <= most]
            actions += [Action.sell_shares(n) for n in sorted({1, held}) if n >= 1 and n <= held]
        elif isinstance(data, InsurancePending):
            actions += [Action.buy_policy(n) for n in range(1, len(game.board.policies) + 1)
                        if not game.policy_problem(seat, n)]
        elif isinstance(data, LotPending):
            actions += [Action.choose(c) for c in data.options]
        return actions

    def market_cell(self, game: Game, seat: int, cell: int, kind: CellKind) -> None:
        """Arriving on an Exchange (the price moves, then shares may change hands), an insurance
        company (a policy may be bought) or the Auction cell (a waiting plot may be bought)."""
        state = game.state
        market = state.market
        assert market is not None
        if kind is CellKind.EXCHANGE:
            shares = game.board.shares
            assert shares is not None  # the loader requires [shares] with an exchange cell
            if "card_base" in market:  # the price card loses its effect (RuleSet.price_card_lasts)
                market["price"] = market.pop("card_base")
                game._event("share_price", seat, cell, market["price"], -1, "the card's effect ends")
            face = game._die()
            market["price"] = shares.after_roll(market["price"], face)
            game._event("share_price", seat, cell, market["price"], -1, f"Exchange:{face}")
            if state.players[seat].cash >= market["price"] or market["shares"][seat]:
                state.pending = ExchangePending(seat, cell)
        elif kind is CellKind.INSURANCE:
            if any(not game.policy_problem(seat, n) for n in range(1, len(game.board.policies) + 1)):
                state.pending = InsurancePending(seat, cell)
        elif game.rules.auction_cell_draw:
            self.auction_draw(game, seat, cell)
        else:
            options = game.lot_options(seat)
            if options:
                state.pending = LotPending(seat, cell, options)

    def auction_draw(self, game: Game, seat: int, cell: int) -> None:
        """The Auction cell's draw (``RuleSet.auction_cell_draw``): three rolls of one die read as a
        number 0..215 in base 6 pick a plot in board order (with 24 plots, each 9 numbers of 216). A
        waiting plot may be bought at its price; another player's plot that could be traded is
        auctioned for him (an auction policy may shield it); anything else: nothing."""
        board, state = game.board, game.state
        faces = (game._die(), game._die(), game._die())
        plots = board.plots
        drawn = plots[(36 * (faces[0] - 1) + 6 * (faces[1] - 1) + faces[2] - 1) % len(plots)]
        game._event("auction_draw", seat, drawn, 0, -1, "-".join(map(str, faces)))
        if drawn in game.lot_options(seat):
            state.pending = LotPending(seat, cell, [drawn])
        elif state.owner[drawn] not in (-1, seat) and game.tradeable(drawn, state.owner[drawn]):
            card_play.chosen(game, seat, ChoosePending(seat, "auction_others_plot", [drawn], None), drawn)

    def market_answer(self, game: Game, seat: int, kind: str, action: Action) -> None:
        """Carry out a deal at the Exchange, the insurance company or the Auction cell."""
        state = game.state
        market = state.market
        assert market is not None
        if kind == "exchange":
            count, price = action.amount, market["price"]
            if action.kind == "buy_shares":
                market["shares"][seat] += count
                game._transfer(seat, BANK, count * price, "shares", ("buy_shares", seat, -1, count * price, count))
            else:
                market["shares"][seat] -= count
                game._transfer(BANK, seat, count * price, "shares", ("sell_shares", seat, -1, count * price, count))
        elif kind == "insurance":
            policy = game.board.policies[action.amount - 1]
            market["policies"][seat].append([policy.kind, policy.term])
            game._transfer(seat, BANK, policy.premium, "premium",
                           ("policy", seat, -1, policy.premium, -1, f"{policy.term}_{policy.kind}"))
        else:
            cell = action.cell
            price = game.board.cells[cell].price
            market["waiting"].remove(cell)
            game._transfer(seat, BANK, price, "buy", ("buy", seat, cell, price))
            state.owner[cell] = seat
            state.board_changes += 1

    def to_auction_cell(self, game: Game, cell: int) -> None:
        """A plot the bank could not sell waits on the Auction cell (``RuleSet.unsold_to_auction_cell``)."""
        market = game.state.market
        assert market is not None
        if cell not in market["waiting"]:
            market["waiting"].append(cell)
            game._event("lot_waits", -1, cell)

    def policy(self, game: Game, seat: int, kind: str) -> list[Any] | None:
        """The policy of ``kind`` that ``seat`` holds, as ``[kind, term]``, or ``None``."""
        market = game.state.market
        assert market is not None
        for held in market["policies"][seat]:
            if held[0] == kind:
                return held
        return None

    def claim(self, game: Game, seat: int, kind: str, loss: int, payee: int) -> int:
        """``seat`` owes ``loss`` to ``payee`` for an event his policy of ``kind`` may cover: the
        insurer (the bank) pays ``payee`` up to the cover and the policy ends. Returns what is left
        for ``seat`` to pay (all of it without a policy)."""
        held = self.policy(game, seat, kind) if loss > 0 else None
        if held is None:
            return loss
        policy = next(p for p in game.board.policies if [p.kind, p.term] == held)
        paid, rest = claim_split(policy, loss)
        game.state.market["policies"][seat].remove(held)  # type: ignore[index]
        game._event("claim", seat, -1, paid, payee, f"{held[1]}_{held[0]}")
        game._transfer(BANK, payee, paid, "claim")
        return rest

    def shielded(self, game: Game, owner: int, cell: int) -> bool:
        """A card would auction ``owner``'s plot: his auction policy stops it, and ends (the claim)."""
        held = self.policy(game, owner, "auction")
        if held is None:
            return False
        game.state.market["policies"][owner].remove(held)  # type: ignore[index]
        game._event("shield", owner, cell, 0, -1, f"{held[1]}_{held[0]}")
        return True

    def asks_claim(self, game: Game, seat: int, kind: str, covered: bool) -> bool:
        """Whether a covered event (``covered``) is put to ``seat`` as a ``claim`` decision: he holds a
        policy of ``kind`` and the holder decides (``RuleSet.claim_by_choice``)."""
        return self.claims_asked and covered and self.policy(game, seat, kind) is not None

    def holding_tax(self, game: Game, seat: int, tax: int) -> list[Any]:
        """The step that charges the holding tax: put to a long-term tax policy first, if he holds one."""
        if self.asks_claim(game, seat, "tax", True):
            return insured_step(seat, "tax", tax, BANK, "holding_tax")
        return ["pay", seat, BANK, tax, "holding_tax"]

    def insured_task(self, game: Game, seat: int, kind: str, loss: int, payee: int, reason: str, cell: int) -> None:
        """Ask the holder whether his policy pays for the event; without the policy (it has ended
        since), the event takes its course."""
        state = game.state
        if state.players[seat].bankrupt:
            return
        held = self.policy(game, seat, kind)
        data = ClaimPending(seat, kind, "" if held is None else held[1], loss, payee, reason, cell)
        if held is None:
            self.claim_answer(game, seat, data, False)
            return
        state.pending = data

    def claim_answer(self, game: Game, seat: int, data: ClaimPending, claimed: bool) -> None:
        """The holder hands the policy in (it pays, and ends) or keeps it (the event takes its course)."""
        kind, loss, payee, cell = data.policy, data.loss, data.payee, data.plot
        if claimed and kind == "auction":
            self.shielded(game, seat, cell)
            return
        rest = self.claim(game, seat, kind, loss, payee) if claimed else loss
        if not claimed and data.term:
            game._event("keep_policy", seat, -1, loss, -1, f"{data.term}_{kind}")
        if kind == "auction":
            game.state.tasks.append(["auction", cell, seat])
        elif rest and payee != seat:  # a shares policy pays its holder: nothing is owed
            game.state.tasks.append(["pay", seat, payee, rest, data.reason])

    def share_card(self, game: Game, seat: int, card: Any) -> None:
        """A Fortune card sets the share price or moves it by points; when it lowers the price, each
        holder of a shares policy is paid his shares' loss (up to the cover) and the policy ends."""
        state = game.state
        market, shares = state.market, game.board.shares
        assert market is not None and shares is not None
        old = market["price"]
        new = card.amount if card.effect == "share_price" else shares.after_points(old, card.points)
        market["price"] = new
        if game.rules.price_card_lasts:  # the price before the card, moved by later points, comes back
            if card.effect == "share_price":
                market.setdefault("card_base", old)
            elif "card_base" in market:
                market["card_base"] = shares.after_points(market["card_base"], card.points)
        game._event("share_price", seat, -1, new, -1, "a card")
        if new < old:
            asked = []
            for holder, count in enumerate(market["shares"]):
                if count and not state.players[holder].bankrupt:
                    if self.asks_claim(game, holder, "shares", True):
                        asked.append(insured_step(holder, "shares", count * (old - new), holder, "claim"))
                    else:
                        self.claim(game, holder, "shares", count * (old - new), holder)
            state.tasks.extend(reversed(asked))  # asked in seat order

    def start_tax(self, game: Game, seat: int) -> int:
        """Passing START (Elite), by a roll or a card, with the circular income or without it: the
        central industry's holding tax falls due (a tax policy pays it first), then the holder's
        short-term policies end. Returns the tax left for the player to pay; the caller schedules
        it before or after the cell is dealt with (``RuleSet.holding_tax_first``)."""
        state, board = game.state, game.board
        central = board.central_industry
        tax = 0
        if central is not None:
            owned = sum(1 for c in board.railroads if state.owner[c] == seat)
            tax = central.tax_for(owned)
            held = self.policy(game, seat, "tax")
            if not (self.claims_asked and held is not None and held[1] == "long"):
                tax = self.claim(game, seat, "tax", tax, BANK)  # a short-term policy ends here: claimed unasked
        market = state.market
        assert market is not None
        for held in [h for h in market["policies"][seat] if h[1] == "short"]:
            market["policies"][seat].remove(held)
            game._event("policy_ends", seat, -1, 0, -1, f"{held[1]}_{held[0]}")
        return tax


def elite_of(game: Game) -> Elite:
    """The Elite mechanics of ``game`` (which asks an Elite question, so has them)."""
    mechanics = game.mechanics
    assert isinstance(mechanics, Elite)
    return mechanics

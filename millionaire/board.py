"""Boards as validated data: cells, industries, decks, provenance.

A board comes from a TOML file (format in ``millionaire/boards/FORMAT.md``). Loading checks every
field and raises :class:`~millionaire.errors.BoardFileError` naming the file, the place and the field.

Examples
--------
>>> board = load_board("millionaire-classic")
>>> board.size, len(board.plots), len(board.industries)
(40, 24, 8)
>>> board.cells[39].name("en"), board.cells[39].price
('Oil holding', 350)
"""

from __future__ import annotations

import enum
import re
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from .cards import EFFECTS, MOVE_CHOICES, NEAREST_TARGETS, PAYEES, SHARE_EFFECTS, Card, Frozen
from .errors import BoardFileError, shown
from .plain_text import first_control
from .jackpot import SlotMachine, SlotMachineError
from .rules import MAX_AMOUNT
from .insurance import CentralIndustry, InsuranceError, Policy, parse_central_industry, parse_policies
from .shares import ShareMarket, ShareMarketError
from .words import plural_ru as plural_ru  # the plurals live with the words; the name stays here too

#: Names accepted by :func:`load_board`, with their files in ``millionaire/boards/``.
BUILTIN_BOARDS = {"millionaire-classic": "millionaire_classic.toml", "monopoly-us": "monopoly_us.toml",
                  "millionaire-junior": "millionaire_junior.toml",
                  "millionaire-elite": "millionaire_elite.toml"}


class CellKind(enum.Enum):
    """What a cell is, and so what arriving on it does."""

    START = "start"
    PLOT = "plot"
    RAILROAD = "railroad"
    UTILITY = "utility"
    TAX = "tax"
    CARD = "card"
    FUND_COLLECT = "fund_collect"
    FUND_FINE = "fund_fine"
    JAIL = "jail"
    GO_TO_JAIL = "go_to_jail"
    JACKPOT = "jackpot"
    REST = "rest"
    ATTRACTION = "attraction"  # Junior: one half of an attraction, bought for its price, earning its ticket
    EXCHANGE = "exchange"  # Millionaire Elite: the share price moves (``[shares]``)
    INSURANCE = "insurance"  # Elite: the insurance company sells policies (``[insurance]``)
    AUCTION = "auction"  # Elite: plots nobody bought wait here for a buyer


OWNABLE_KINDS = frozenset({CellKind.PLOT, CellKind.RAILROAD, CellKind.UTILITY, CellKind.ATTRACTION})

# Fields each cell kind needs beyond index, kind and names: name -> required.
_KIND_FIELDS: dict[CellKind, dict[str, bool]] = {
    CellKind.START: {},
    CellKind.PLOT: {"price": True, "rent": True},
    CellKind.RAILROAD: {"price": True, "rent": True},
    CellKind.UTILITY: {"price": True, "dice_multipliers": True},
    CellKind.TAX: {"amount": True},
    CellKind.CARD: {"deck": True},
    CellKind.FUND_COLLECT: {},
    CellKind.FUND_FINE: {"target": True, "amount": True},
    CellKind.JAIL: {},
    CellKind.GO_TO_JAIL: {},
    CellKind.JACKPOT: {},
    CellKind.REST: {},
    CellKind.ATTRACTION: {"price": True, "ticket": True},
    CellKind.EXCHANGE: {},
    CellKind.INSURANCE: {},
    CellKind.AUCTION: {},
}
_NAME_FIELDS = {"index", "kind", "name_en", "name_ru", "short_en", "short_ru"}
_BOARD_FIELDS = {
    "key": str, "name_en": str, "name_ru": str, "currency_en": str, "currency_ru": str,
    "small_building_en": str, "small_building_ru": str, "large_building_en": str,
    "large_building_ru": str, "size": int, "small_per_large": int,
}
# Optional: the other grammatical forms of the currency, for sentences ("1 fant", "3 фанта").
_CURRENCY_FORMS = ("currency_one_en", "currency_one_ru", "currency_few_ru")
_INDUSTRY_FIELDS = {"key": str, "name_en": str, "name_ru": str, "colour": str, "build_price": int, "cells": list}
_PROVENANCE_FIELDS = {"sources": list, "reconstructed": list, "note": str}
_TOP_LEVEL = ("board", "provenance", "slot_machine", "industries", "cells", "decks", "shares", "insurance",
              "central_industry")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

# Bounds of a board file, checked before anything is built from it: the text before TOML reads it
# (the reader recurses into nested arrays and tables, and slows down with the square of a dotted
# key's length), the values before a list or a table the size of one is made.
MAX_FILE_CHARS = 1_000_000  # the built-in boards have about 21,000
MAX_NESTING = 8  # arrays and tables inside each other; the built-in boards go 2 deep
MAX_KEY_PARTS = 8  # parts of a dotted key such as decks.cards
MAX_DIGITS = 30  # digits in a row in a number (money is at most MAX_AMOUNT)
MAX_CELLS = 400
MAX_DECKS = 16
MAX_CARDS = 200  # in one deck
MAX_MULTIPLIER = 100  # a card's rent_multiplier and dice_multiplier
# Texts: a name (of a cell, an industry, a deck, the board), a key or a word is at most MAX_NAME
# characters (the built-in boards' longest is 35), a card's text MAX_CARD_TEXT (146), provenance
# longer; each is plain text: no control character (the provenance may break lines) and no
# direction mark, so no name can reach a screen as a terminal code. A board's key names the files
# the kit writes for it, so it is letters, digits, '-' and '_' only.
MAX_NAME = 60
MAX_CARD_TEXT = 400
_TEXT_LIMITS = {"text_en": MAX_CARD_TEXT, "text_ru": MAX_CARD_TEXT, "note": 4000, "sources": 1000, "reconstructed": 1000}
_MULTILINE = frozenset({"note", "sources", "reconstructed"})
_KEY = re.compile(r"[A-Za-z0-9_-]+")
# The strings (each of TOML's four kinds) and comments of a file: their brackets, dots and digits are text.
_TEXT = re.compile(r'"""(?:[^\\]|\\[\s\S])*?"""(?!")' r"|'''[\s\S]*?'''(?!')" r'|"(?:[^"\\\n]|\\.)*"' r"|'[^'\n]*'|#[^\n]*")
_BRACKET = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(rf"[0-9_]{{{MAX_DIGITS + 1},}}")
_LONG_KEY = re.compile(rf"(?<![\w-])[\w-]++(?:[ \t]*+\.[ \t]*+[\w-]++){{{MAX_KEY_PARTS},}}")


@dataclass(frozen=True)
class Cell(Frozen):
    """One cell of the board. Fields a kind does not use keep their defaults."""

    index: int
    kind: CellKind
    name_en: str
    name_ru: str
    short_en: str
    short_ru: str
    price: int = 0
    rent: tuple[int, ...] = ()
    dice_multipliers: tuple[int, ...] = ()
    amount: int = 0
    deck: str = ""
    target: int = -1
    industry: int = -1
    ticket: int = 0

    def name(self, lang: str = "en") -> str:
        """The cell's full name in ``"en"`` or ``"ru"``."""
        return self.name_ru if lang == "ru" else self.name_en

    def short(self, lang: str = "en") -> str:
        """The short label drawn on the board."""
        return self.short_ru if lang == "ru" else self.short_en

    @property
    def ownable(self) -> bool:
        """True for plots, railroads, utilities and attractions (:data:`OWNABLE_KINDS`)."""
        kind = self.kind  # compared by identity: a set look-up would hash the Enum (a Python call)
        return kind is CellKind.PLOT or kind is CellKind.RAILROAD or kind is CellKind.UTILITY or kind is CellKind.ATTRACTION

    @property
    def mortgage_value(self) -> int:
        """Half the price: what the bank lends on it (see ``RuleSet.mortgage_rate``)."""
        return self.price // 2


@dataclass(frozen=True)
class Industry(Frozen):
    """A colour group of plots that one owner completes to build and to double rents."""

    index: int
    key: str
    name_en: str
    name_ru: str
    colour: str
    build_price: int
    cells: tuple[int, ...]

    def name(self, lang: str = "en") -> str:
        """The industry's name in ``"en"`` or ``"ru"``."""
        return self.name_ru if lang == "ru" else self.name_en


@dataclass(frozen=True)
class Deck(Frozen):
    """A deck of cards, in the order the board file prints them."""

    key: str
    name_en: str
    name_ru: str
    cards: tuple[Card, ...]

    def name(self, lang: str = "en") -> str:
        """The deck's name in ``"en"`` or ``"ru"``."""
        return self.name_ru if lang == "ru" else self.name_en


@dataclass(frozen=True)
class Board(Frozen):
    """A validated board. Build one with :func:`load_board`."""

    key: str
    name_en: str
    name_ru: str
    currency_en: str
    currency_ru: str
    small_building_en: str
    small_building_ru: str
    large_building_en: str
    large_building_ru: str
    small_per_large: int
    cells: tuple[Cell, ...]
    industries: tuple[Industry, ...]
    decks: dict[str, Deck]
    provenance: dict[str, Any]
    source: str = ""
    slot_machine: SlotMachine | None = None
    currency_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shares: ShareMarket | None = None
    policies: tuple[Policy, ...] = ()
    central_industry: CentralIndustry | None = None
    jail: int = field(init=False)
    plots: tuple[int, ...] = field(init=False)
    ownable: tuple[int, ...] = field(init=False)
    railroads: tuple[int, ...] = field(init=False)
    utilities: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        def of_kind(*kinds: CellKind) -> tuple[int, ...]:
            return tuple(c.index for c in self.cells if c.kind in kinds)

        object.__setattr__(self, "jail", of_kind(CellKind.JAIL)[0])
        object.__setattr__(self, "plots", of_kind(CellKind.PLOT))
        object.__setattr__(self, "ownable", of_kind(*OWNABLE_KINDS))
        object.__setattr__(self, "railroads", of_kind(CellKind.RAILROAD))
        object.__setattr__(self, "utilities", of_kind(CellKind.UTILITY))

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    @property
    def levels(self) -> int:
        """Building levels of a plot: empty, 1..small_per_large small buildings, the large one."""
        return self.small_per_large + 2

    def name(self, lang: str = "en") -> str:
        """The board's name in ``"en"`` or ``"ru"``."""
        return self.name_ru if lang == "ru" else self.name_en

    def currency(self, lang: str = "en") -> str:
        """The money's name, for sentences."""
        return self.currency_ru if lang == "ru" else self.currency_en

    def money(self, amount: int, lang: str = "en") -> str:
        """An amount with the currency in the form that agrees with it.

        >>> board = load_board("millionaire-classic")
        >>> board.money(1), board.money(3, "ru"), board.money(21, "ru"), board.money(250, "ru")
        ('1 fant', '3 фанта', '21 фант', '250 фантов')
        """
        if lang == "ru":
            return plural_ru(amount, *self.currency_forms["ru"])
        one, many = self.currency_forms["en"]
        return f"{amount} {one if amount == 1 else many}"

    def __repr__(self) -> str:
        return f"<Board {self.key!r}: {self.size} cells, {len(self.ownable)} properties>"


def load_board(name_or_path: str | Path) -> Board:
    """Load and validate a board by built-in name or from a TOML file.

    Parameters
    ----------
    name_or_path
        ``"millionaire-classic"``, ``"monopoly-us"``, or the path of a board file.

    Raises
    ------
    BoardFileError
        The file is missing, is not TOML, or breaks a rule of the format; the message names the
        file, the cell and the field.

    Examples
    --------
    >>> load_board("monopoly-us").cells[39].name()
    'Boardwalk'
    """
    name = str(name_or_path)
    if name in BUILTIN_BOARDS:
        resource = resources.files("millionaire") / "boards" / BUILTIN_BOARDS[name]
        return parse_board(resource.read_text(encoding="utf-8"), source=BUILTIN_BOARDS[name])
    path = Path(name_or_path)
    if not path.is_file():
        known = ", ".join(BUILTIN_BOARDS)
        raise BoardFileError(name, "", f"no such board file or built-in board (built-in: {known})")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BoardFileError(path.name, "", f"cannot be read: {error}") from None
    return parse_board(text, source=path.name)


def parse_board(text: str, source: str = "<board>") -> Board:
    """Validate the text of a board file and build the :class:`Board` (see :func:`load_board`)."""
    check_text_bounds(text, source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardFileError(source, "", f"not valid TOML: {error}") from None
    return _BoardParser(source, data).board()


def check_text_bounds(text: str, source: str = "<board>") -> None:
    """Refuse the text of a board file that is too long, nested too deep, or holds a number or a
    dotted key too long to read, before TOML reads it (:class:`BoardFileError` naming the line).

    >>> check_text_bounds("x = " + "[" * 50 + "]" * 50, "deep.toml")
    Traceback (most recent call last):
    ...
    millionaire.errors.BoardFileError: deep.toml: line 1: arrays and tables are nested more than 8 deep
    """
    if len(text) > MAX_FILE_CHARS:
        raise BoardFileError(source, "", f"the file has {len(text):,} characters, more than the {MAX_FILE_CHARS:,} "
                             "a board file may have")
    # Strings become one letter (they may be keys) and their line breaks, comments nothing: what is
    # left is TOML's own syntax, on the same lines.
    code = _TEXT.sub(lambda found: "" if found.group(0).startswith("#") else "s" + "\n" * found.group(0).count("\n"), text)
    depth = 0
    for bracket in _BRACKET.finditer(code):
        depth = depth + 1 if bracket.group(0) in "[{" else max(depth - 1, 0)
        if depth > MAX_NESTING:
            raise BoardFileError(source, _line(code, bracket.start()),
                                 f"arrays and tables are nested more than {MAX_NESTING} deep")
    found = _LONG_NUMBER.search(code)
    if found:
        raise BoardFileError(source, _line(code, found.start()),
                             f"a number of more than {MAX_DIGITS} digits (amounts go up to {MAX_AMOUNT:,})")
    found = _LONG_KEY.search(code)
    if found:
        raise BoardFileError(source, _line(code, found.start()), f"a dotted key of more than {MAX_KEY_PARTS} parts")


def _line(code: str, offset: int) -> str:
    """``"line N"`` of a place in the text."""
    return f"line {code.count(chr(10), 0, offset) + 1}"


class _BoardParser:
    """Checks a board file's data piece by piece; every error names its place."""

    def __init__(self, source: str, data: dict[str, Any]) -> None:
        self.source = source
        self.data = data

    def fail(self, where: str, message: str) -> BoardFileError:
        return BoardFileError(self.source, where, message)

    def table(self, data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
        value = data.get(key)
        if not isinstance(value, dict):
            raise self.fail(where, f"missing table [{key}]")
        return value

    def array(self, key: str, required: bool = True) -> list[dict[str, Any]]:
        value = self.data.get(key, None if required else [])
        if not isinstance(value, list) or (required and not value):
            raise self.fail("", f"missing array of tables [[{key}]]")
        for position, entry in enumerate(value):
            if not isinstance(entry, dict):
                raise self.fail(f"[[{key}]] entry {position + 1}", f"must be a table, got {entry!r}")
        return value

    def field(self, data: dict[str, Any], name: str, kind: type, where: str) -> Any:
        if name not in data:
            raise self.fail(where, f"field {name!r} is missing")
        return self.check_type(data[name], name, kind, where)

    def check_type(self, value: Any, name: str, kind: type, where: str) -> Any:
        if kind is int:
            return self.money(value, name, where)
        if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
            wanted = {str: "a non-empty string", list: "a list", bool: "true or false"}[kind]
            raise self.fail(where, f"field {name!r} must be {wanted}, got {shown(value)}")
        if isinstance(value, str):
            self.check_text(value, name, where)
        return value

    def check_text(self, value: str, name: str, where: str) -> None:
        """A text field of at most its length, with no control character or direction mark."""
        limit = _TEXT_LIMITS.get(name, MAX_NAME)
        if len(value) > limit:
            raise self.fail(where, f"field {name!r} is {len(value):,} characters long, more than the {limit} allowed")
        at = first_control(value, "\n\t" if name in _MULTILINE else "")
        if at >= 0:
            raise self.fail(where, f"field {name!r} holds the control character {value[at]!r} at character {at + 1}: "
                            "a name or a text is plain text (no line breaks, tabs, terminal escapes or direction marks)")

    def money(self, value: Any, name: str, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"field {name!r} must be an integer, got {value!r}")
        if value < 0:
            raise self.fail(where, f"field {name!r} must not be negative, got {value}")
        if value > MAX_AMOUNT:  # a hexadecimal number may be long yet short to write
            raise self.fail(where, f"field {name!r} must be at most {MAX_AMOUNT:,}, got {shown(value)}")
        return value

    def unknown_fields(self, data: dict[str, Any], allowed: set[str], where: str) -> None:
        extra = sorted(set(data) - allowed)
        if extra:
            raise self.fail(where, f"unknown field {extra[0]!r} (allowed: {', '.join(sorted(allowed))})")

    def board(self) -> Board:
        extra = sorted(set(self.data) - set(_TOP_LEVEL))
        if extra:
            raise self.fail("top level", f"unknown table {extra[0]!r} (allowed: {', '.join(_TOP_LEVEL)})")
        head = self.table(self.data, "board", "")
        self.unknown_fields(head, set(_BOARD_FIELDS) | set(_CURRENCY_FORMS), "[board]")
        info = {name: self.field(head, name, kind, "[board]") for name, kind in _BOARD_FIELDS.items()}
        forms = {name: self.check_type(head[name], name, str, "[board]") for name in _CURRENCY_FORMS if name in head}
        if not _KEY.fullmatch(info["key"]):
            raise self.fail("[board]", "field 'key' must be letters, digits, '-' and '_' only (it names the files "
                            f"the kit writes for the board), got {shown(info['key'])}")
        if info["small_per_large"] < 1:
            raise self.fail("[board]", f"field 'small_per_large' must be at least 1, got {info['small_per_large']}")
        provenance = self.provenance()
        decks = self.decks(info["size"])
        cells = self.cells(info["size"], info["small_per_large"] + 2, decks)
        industries, cells = self.industries(cells)
        self.check_names(cells, industries)
        machine = self.slot_machine(cells)
        market = self.shares(cells, decks)
        policies = self.insurance(cells, market)
        central = self.central_industry(cells)
        board = Board(
            small_per_large=info.pop("small_per_large"),
            cells=tuple(cells),
            industries=tuple(industries),
            decks=decks,
            provenance=dict(provenance),
            source=self.source,
            slot_machine=machine,
            shares=market,
            policies=policies,
            central_industry=central,
            currency_forms={"en": (forms.get("currency_one_en", info["currency_en"]), info["currency_en"]),
                            "ru": (forms.get("currency_one_ru", info["currency_ru"]),
                                   forms.get("currency_few_ru", info["currency_ru"]), info["currency_ru"])},
            **{k: v for k, v in info.items() if k != "size"},
        )
        self.check_draws_end(board)
        return board

    def check_draws_end(self, board: Board) -> None:
        """Refuse decks whose cards could move a token on for ever (the game would never go on)."""
        from .movement import card_circle, draw_may_not_end  # movement reads boards: imported when used

        circle = card_circle(board)
        if circle:
            path = " → ".join(map(str, circle))
            what = "the cards" if any(board.cells[c].kind is CellKind.CARD for c in circle) else "the jumps of 'fund_fine' cells"
            raise self.fail(f"cell {circle[0]} ({board.cells[circle[0]].name_en})",
                            f"{what} can move a token round in a circle ({path}); a move must end somewhere")
        deck = draw_may_not_end(board)
        if deck:
            raise self.fail(f"deck {deck!r}", "its cards can move a token on for ever: a swap can put it on a card cell "
                            "and no card of the deck always stops it (add one that does not move the token, or goes to jail)")

    def provenance(self) -> dict[str, Any]:
        info = self.table(self.data, "provenance", "")
        self.unknown_fields(info, set(_PROVENANCE_FIELDS), "[provenance]")
        for name, kind in _PROVENANCE_FIELDS.items():
            if name == "note" and name not in info:
                continue
            value = self.field(info, name, kind, "[provenance]")
            if kind is list and not all(isinstance(v, str) and v.strip() for v in value):
                raise self.fail("[provenance]", f"field {name!r} must list non-empty strings, got {shown(value)}")
            if kind is list:
                for entry in value:
                    self.check_text(entry, name, "[provenance]")
        return dict(info)

    def shares(self, cells: list[Cell], decks: dict[str, Deck]) -> ShareMarket | None:
        """The ``[shares]`` table (Elite): required with an ``exchange`` cell or a share card, refused
        without one; a card's price must be on the ladder."""
        exchanges = [cell.index for cell in cells if cell.kind is CellKind.EXCHANGE]
        share_cards = [(deck.key, card) for deck in decks.values() for card in deck.cards
                       if card.effect in SHARE_EFFECTS]
        if "shares" not in self.data:
            if exchanges:
                raise self.fail("[shares]", f"missing table: cell {exchanges[0]} is an 'exchange' cell and needs the share price's rules")
            if share_cards:
                deck, card = share_cards[0]
                raise self.fail("[shares]", f"missing table: deck {deck!r} card {card.index + 1} moves the share price")
            return None
        if not exchanges:
            raise self.fail("[shares]", "the board has no 'exchange' cell to trade shares on")
        try:
            market = ShareMarket.from_table(self.data["shares"])
        except ShareMarketError as error:
            raise self.fail("[shares]", str(error)) from None
        for deck, card in share_cards:
            if card.effect == "share_price" and not market.on_ladder(card.amount):
                raise self.fail(f"deck {deck!r} card {card.index + 1}", f"field 'amount': {card.amount} is not a share price "
                                f"of the ladder {market.minimum}, {market.minimum + market.point}, ..., {market.maximum}")
        return market

    def insurance(self, cells: list[Cell], market: ShareMarket | None) -> tuple[Policy, ...]:
        """The ``[insurance]`` table (Elite): required with an ``insurance`` cell, refused without one."""
        offices = [cell.index for cell in cells if cell.kind is CellKind.INSURANCE]
        if "insurance" not in self.data:
            if offices:
                raise self.fail("[insurance]", f"missing table: cell {offices[0]} is an 'insurance' cell and needs the policies it sells")
            return ()
        if not offices:
            raise self.fail("[insurance]", "the board has no 'insurance' cell to sell policies at")
        try:
            return parse_policies(self.data["insurance"], market is not None)
        except InsuranceError as error:
            raise self.fail("[insurance]", str(error)) from None

    def central_industry(self, cells: list[Cell]) -> CentralIndustry | None:
        """The optional ``[central_industry]`` table: a holding tax on the ``railroad`` cells."""
        if "central_industry" not in self.data:
            return None
        railroads = sum(1 for cell in cells if cell.kind is CellKind.RAILROAD)
        try:
            return parse_central_industry(self.data["central_industry"], railroads)
        except InsuranceError as error:
            raise self.fail("[central_industry]", str(error)) from None

    def slot_machine(self, cells: list[Cell]) -> SlotMachine | None:
        """The ``[slot_machine]`` table: required with a ``jackpot`` cell, refused without one."""
        jackpot = [cell.index for cell in cells if cell.kind is CellKind.JACKPOT]
        if "slot_machine" not in self.data:
            if jackpot:
                raise self.fail("[slot_machine]", f"missing table: cell {jackpot[0]} is a 'jackpot' cell and needs the machine's reels and paytable")
            return None
        if not jackpot:
            raise self.fail("[slot_machine]", "the board has no 'jackpot' cell to play it on")
        try:
            return SlotMachine.from_table(self.data["slot_machine"])
        except SlotMachineError as error:
            raise self.fail("[slot_machine]", str(error)) from None

    def cells(self, size: int, levels: int, decks: dict[str, Deck]) -> list[Cell]:
        if not 4 <= size <= MAX_CELLS:
            raise self.fail("[board]", f"field 'size' must be 4..{MAX_CELLS}, got {size}")
        raw_cells = self.array("cells")
        self.check_indices(raw_cells, size)
        cells = [self.cell(raw, f"cell {raw['index']}", size, levels, decks) for raw in raw_cells]
        self.check_special_cells(cells)
        return cells

    def check_indices(self, raw_cells: list[dict[str, Any]], size: int) -> None:
        """Every cell 0..size-1 listed once, in order; each complaint names the cell it is about."""
        span = f"cells 0..{size - 1}"
        seen: set[int] = set()
        for position, raw in enumerate(raw_cells):
            index = raw.get("index")
            if isinstance(index, bool) or not isinstance(index, int):
                raise self.fail(f"[[cells]] entry {position + 1}", f"field 'index' must be an integer, got {index!r}")
            if not 0 <= index < size:
                raise self.fail(f"cell {index}", f"field 'index': extra cell, outside the board of size {size} ({span})")
            if index in seen:
                raise self.fail(f"cell {index}", "field 'index': listed twice")
            seen.add(index)
        missing = sorted(set(range(size)) - seen)
        if missing:
            raise self.fail(f"cell {missing[0]}", f"field 'index': missing, the board has size {size} but no [[cells]] table has index {missing[0]}")
        for position, raw in enumerate(raw_cells):
            if raw["index"] != position:
                raise self.fail(f"cell {raw['index']}", f"field 'index': out of order, listed where cell {position} belongs ({span} must come in order)")

    def cell(self, raw: dict[str, Any], where: str, size: int, levels: int, decks: dict[str, Deck]) -> Cell:
        kind_name = raw.get("kind")
        try:
            kind = CellKind(kind_name)
        except ValueError:
            known = ", ".join(k.value for k in CellKind)
            raise self.fail(where, f"field 'kind': unknown cell kind {kind_name!r} (known: {known})") from None
        name_en = self.field(raw, "name_en", str, where)
        where = f"{where} ({name_en})"
        name_ru = self.field(raw, "name_ru", str, where)
        wanted = _KIND_FIELDS[kind]
        self.unknown_fields(raw, _NAME_FIELDS | set(wanted), where)
        values: dict[str, Any] = {}
        for name in wanted:
            if name in ("rent", "dice_multipliers"):
                values[name] = self.money_list(raw, name, where)
            elif name == "deck":
                values[name] = self.field(raw, name, str, where)
                if values[name] not in decks:
                    raise self.fail(where, f"field 'deck': unknown deck {values[name]!r} (decks: {', '.join(decks)})")
            elif name == "target":
                values[name] = self.cell_index(raw, name, where, size)
            else:
                values[name] = self.field(raw, name, int, where)
        if kind is CellKind.PLOT:
            rent = values["rent"]
            if len(rent) != levels:
                raise self.fail(where, f"field 'rent': expected {levels} values (empty plot, 1..{levels - 2} small buildings, large building), got {len(rent)}")
        if kind is CellKind.ATTRACTION and values["price"] == 0:
            raise self.fail(where, "field 'price' must be positive, got 0")
        if kind in (CellKind.PLOT, CellKind.RAILROAD, CellKind.UTILITY):
            name = "rent" if kind is not CellKind.UTILITY else "dice_multipliers"
            series = values[name]
            if any(b <= a for a, b in zip(series, series[1:])):
                raise self.fail(where, f"field {name!r}: values must increase, got {list(series)}")
            if values["price"] == 0:
                raise self.fail(where, "field 'price' must be positive, got 0")
        short_en = raw.get("short_en", name_en)
        short_ru = raw.get("short_ru", name_ru)
        for name, value in (("short_en", short_en), ("short_ru", short_ru)):
            self.check_type(value, name, str, where)
        return Cell(index=raw["index"], kind=kind, name_en=name_en, name_ru=name_ru,
                    short_en=short_en, short_ru=short_ru, **values)

    def money_list(self, raw: dict[str, Any], name: str, where: str) -> tuple[int, ...]:
        values = self.field(raw, name, list, where)
        if not values:
            raise self.fail(where, f"field {name!r} must not be empty")
        return tuple(self.money(v, name, where) for v in values)

    def cell_index(self, raw: dict[str, Any], name: str, where: str, size: int) -> int:
        value = self.field(raw, name, int, where)
        if value >= size:
            raise self.fail(where, f"field {name!r}: cell {value} is outside the board (0..{size - 1})")
        return value

    def check_special_cells(self, cells: list[Cell]) -> None:
        if cells[0].kind is not CellKind.START:
            raise self.fail(f"cell 0 ({cells[0].name_en})", f"field 'kind': cell 0 must be 'start', got {cells[0].kind.value!r}")
        for kind, count_needed in ((CellKind.START, 1), (CellKind.JAIL, 1)):
            found = [c for c in cells if c.kind is kind]
            if len(found) != count_needed:
                place = f"cell {found[1].index} ({found[1].name_en})" if len(found) > 1 else "[[cells]]"
                raise self.fail(place, f"field 'kind': the board needs exactly one {kind.value!r} cell, found {len(found)}")

    def industries(self, cells: list[Cell]) -> tuple[list[Industry], list[Cell]]:
        industries: list[Industry] = []
        owner: dict[int, str] = {}
        for position, raw in enumerate(self.array("industries")):
            key = raw.get("key")
            where = f"industry {shown(key)}" if isinstance(key, str) else f"[[industries]] entry {position + 1}"
            self.unknown_fields(raw, set(_INDUSTRY_FIELDS), where)
            halves = self.attraction_halves(raw, cells)
            values = {name: self.field(raw, name, kind, where) for name, kind in _INDUSTRY_FIELDS.items()
                      if not (halves and name == "build_price")}
            if halves:  # an attraction: its halves take no buildings
                if "build_price" in raw:
                    raise self.fail(where, "field 'build_price': an attraction has no buildings, leave it out")
                values["build_price"] = 0
            if any(ind.key == values["key"] for ind in industries):
                raise self.fail(where, f"field 'key': duplicate industry key {values['key']!r}")
            if not _COLOUR.match(values["colour"]):
                raise self.fail(where, f"field 'colour' must look like '#1a2b3c', got {values['colour']!r}")
            if values["build_price"] == 0 and not halves:
                raise self.fail(where, "field 'build_price' must be positive, got 0")
            members = values["cells"]
            if not members:
                raise self.fail(where, "field 'cells' must list at least one plot")
            for index in members:
                if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(cells):
                    raise self.fail(where, f"field 'cells': {index!r} is not a cell of the board (0..{len(cells) - 1})")
                wanted = CellKind.ATTRACTION if halves else CellKind.PLOT
                if cells[index].kind is not wanted:
                    raise self.fail(where, f"field 'cells': cell {index} ({cells[index].name_en}) is a "
                                    f"{cells[index].kind.value!r}, not a{'n' if halves else ''} {wanted.value}"
                                    f"{' half like the first cell listed' if halves else ''}")
                if index in owner:
                    raise self.fail(where, f"field 'cells': cell {index} ({cells[index].name_en}) is already in industry {owner[index]!r}")
                owner[index] = values["key"]
            values["cells"] = tuple(members)
            industries.append(Industry(index=len(industries), **values))
        by_key = {ind.key: ind.index for ind in industries}
        for cell in cells:
            if cell.kind is CellKind.PLOT and cell.index not in owner:
                raise self.fail(f"cell {cell.index} ({cell.name_en})", "field 'kind': this plot is in no industry (list it in the field 'cells' of one [[industries]] table)")
            if cell.kind is CellKind.ATTRACTION and cell.index not in owner:
                raise self.fail(f"cell {cell.index} ({cell.name_en})", "field 'kind': this attraction half belongs to "
                                "no attraction (list it in the field 'cells' of one [[industries]] table)")
        cells = [
            replace(cell, industry=by_key[owner[cell.index]]) if cell.index in owner else cell
            for cell in cells
        ]
        return industries, cells

    @staticmethod
    def attraction_halves(raw: dict[str, Any], cells: list[Cell]) -> bool:
        """Whether an ``[[industries]]`` table is an attraction (Junior): its first cell is an attraction half."""
        members = raw.get("cells")
        first = members[0] if isinstance(members, list) and members else None
        return (isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(cells)
                and cells[first].kind is CellKind.ATTRACTION)

    def check_names(self, cells: list[Cell], industries: list[Industry]) -> None:
        for lang in ("en", "ru"):
            seen: dict[str, str] = {}
            places = [(f"cell {c.index}", c.name(lang)) for c in cells if c.ownable]
            places += [(f"industry {i.key!r}", i.name(lang)) for i in industries]
            for where, name in places:
                if name in seen:
                    raise self.fail(where, f"field 'name_{lang}': duplicate name {name!r} (also {seen[name]})")
                seen[name] = where

    def decks(self, size: int) -> dict[str, Deck]:
        decks: dict[str, Deck] = {}
        raw_decks = self.array("decks", required=False)
        if len(raw_decks) > MAX_DECKS:
            raise self.fail(f"[[decks]] entry {MAX_DECKS + 1}", f"a board may have at most {MAX_DECKS} decks, got {len(raw_decks)}")
        for position, raw in enumerate(raw_decks):
            key = raw.get("key")
            where = f"deck {shown(key)}" if isinstance(key, str) else f"[[decks]] entry {position + 1}"
            self.unknown_fields(raw, {"key", "name_en", "name_ru", "cards"}, where)
            key = self.field(raw, "key", str, where)
            if key in decks:
                raise self.fail(where, f"field 'key': duplicate deck {key!r}")
            names = {n: self.field(raw, n, str, where) for n in ("name_en", "name_ru")}
            raw_cards = self.field(raw, "cards", list, where)
            if not 1 <= len(raw_cards) <= MAX_CARDS:
                raise self.fail(where, f"field 'cards': a deck needs 1..{MAX_CARDS} cards, got {len(raw_cards)}")
            cards = tuple(self.card(key, i, c, size) for i, c in enumerate(raw_cards))
            if all(card.is_kept for card in cards):
                raise self.fail(where, "field 'cards': every card is kept by the player who draws it, so the deck "
                                "can run out; it needs a card that goes back under the deck")
            decks[key] = Deck(key=key, cards=cards, **names)
        for deck in decks.values():
            for card in deck.cards:
                if card.what.startswith("card:") and card.what[5:] not in decks:
                    raise self.fail(f"deck {deck.key!r} card {card.index + 1}", f"field 'what': unknown deck {card.what[5:]!r}")
        return decks

    def card(self, deck: str, index: int, raw: dict[str, Any], size: int) -> Card:
        where = f"deck {deck!r} card {index + 1}"
        if not isinstance(raw, dict):
            raise self.fail(where, "a card must be a table")
        effect = raw.get("effect")
        if effect is None:
            raise self.fail(where, "field 'effect' is missing")
        if not isinstance(effect, str) or effect not in EFFECTS:
            raise self.fail(where, f"field 'effect': unknown effect {shown(effect)} (known: {', '.join(EFFECTS)})")
        spec = EFFECTS[effect]
        self.unknown_fields(raw, {"text_en", "text_ru", "effect"} | set(spec), where)
        values: dict[str, Any] = {}
        for name, (kind, required) in spec.items():
            if name in ("steps", "points"):  # the signed numbers: back 3 is steps = -3
                if name not in raw:
                    raise self.fail(where, f"field {name!r} is missing")
                steps = raw[name]
                if isinstance(steps, bool) or not isinstance(steps, int) or steps == 0 or abs(steps) > MAX_CELLS:
                    raise self.fail(where, f"field {name!r} must be a non-zero integer -{MAX_CELLS}..{MAX_CELLS}, got {shown(steps)}")
                values[name] = steps
            elif name in raw or required:
                values[name] = self.field(raw, name, kind, where)
        if "target" in values and values["target"] >= size:
            raise self.fail(where, f"field 'target': cell {values['target']} is outside the board (0..{size - 1})")
        checks = (
            ("what", lambda v: v in NEAREST_TARGETS or v.startswith("card:"), sorted(NEAREST_TARGETS) + ["card:<deck>"]),
            ("among", lambda v: v in MOVE_CHOICES, sorted(MOVE_CHOICES)),
            ("to", lambda v: v in PAYEES, sorted(PAYEES)),
        )
        for name, ok, allowed in checks:
            if name in values and not ok(values[name]):
                raise self.fail(where, f"field {name!r}: {values[name]!r} is not one of {', '.join(allowed)}")
        for name in ("rent_multiplier", "dice_multiplier"):
            if values.get(name, 0) > MAX_MULTIPLIER:
                raise self.fail(where, f"field {name!r} must be at most {MAX_MULTIPLIER}, got {values[name]}")
        if "percent" in values and not 0 < values["percent"] <= 100:
            raise self.fail(where, f"field 'percent' must be 1..100, got {values['percent']}")
        texts = {n: self.field(raw, n, str, where) for n in ("text_en", "text_ru")}
        return Card(deck=deck, index=index, effect=effect, **texts, **values)

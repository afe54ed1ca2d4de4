"""The ``millionaire`` command.

Examples
--------
>>> main(["board", "show", "--board", "millionaire-classic"])  # doctest: +ELLIPSIS
Millionaire Classic: 40 cells, 24 plots in 8 industries.
Rent by level: empty plot, 1, 2, 3 branches, enterprise.
   #  cell ...
  39  Oil holding ...
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .board import Board, Cell, CellKind, load_board
from .errors import MillionaireError
from .plain_text import one_line, terminal
from .words import WORDS, counted, noun_form, strategy_label, word
from .words import plural_en as plural_en, plural_ru as plural_ru  # the command's plurals, by their old names

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game, GameResult
    from .rules import RuleSet


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


_COLUMNS = ("cell", "kind", "industry", "price", "build", "effect")  # cli.column_<name> in words.py


def _summary(board: Board, lang: str) -> list[str]:
    """The line under the title (what the board holds) and the line that explains the rent levels."""
    cells, plots, industries, railroads, utilities = (len(board.cells), len(board.plots), len(board.industries),
                                                      len(board.railroads), len(board.utilities))
    parts = [counted(lang, "cell", cells),
             word(lang, "cli.plots_in", plots=counted(lang, "plot", plots), industries=counted(lang, "industry_in", industries))]
    if railroads and board.central_industry is not None:  # Millionaire Elite
        parts.append(word(lang, "cli.central_companies", companies=counted(lang, "company", railroads)))
    elif railroads:
        parts.append(counted(lang, "railroad", railroads))
    if utilities:
        parts.append(counted(lang, "utility", utilities))
    small = board.small_building_ru if lang == "ru" else board.small_building_en
    levels = word(lang, "cli.levels", steps=", ".join(str(n) for n in range(1, board.small_per_large + 1)),
                  small=noun_form(lang, small, board.small_per_large),
                  large=board.large_building_ru if lang == "ru" else board.large_building_en)
    halves = sum(1 for cell in board.cells if cell.kind is CellKind.ATTRACTION)
    if halves:  # Junior: attractions of two halves, no buildings
        parts = [parts[0], word(lang, "cli.halves_of", halves=counted(lang, "half", halves),
                                attractions=counted(lang, "attraction", industries))]
        levels = word(lang, "cli.levels_halves")
    return [word(lang, "cli.summary", board=board.name(lang), parts=", ".join(parts)), levels]


def _effect(board: Board, cell: Cell, lang: str) -> str:
    """The last column: the rent list of a property, or what the cell does."""
    if cell.kind is CellKind.UTILITY:
        return word(lang, "cli.effect_dice", multipliers=" / ".join(map(str, cell.dice_multipliers)))
    if cell.rent:
        return " / ".join(map(str, cell.rent))
    if cell.kind is CellKind.ATTRACTION:
        return word(lang, "cli.effect_ticket", ticket=cell.ticket)
    if cell.kind is CellKind.CARD:
        deck = board.decks[cell.deck].name(lang)
        return word(lang, "cli.effect_card_an" if deck[:1] in "AEIOU" else "cli.effect_card_a", deck=deck)
    if cell.kind is CellKind.TAX:
        return word(lang, "cli.effect_tax", amount=cell.amount)
    if cell.kind is CellKind.FUND_FINE:
        return word(lang, "cli.effect_fund_fine", target=cell.target, amount=cell.amount)
    if cell.kind is CellKind.GO_TO_JAIL:
        return word(lang, "cli.effect_go_to_jail", jail=board.jail)
    key = f"cli.effect_{cell.kind.name.lower()}"  # fund_collect, jackpot, exchange, insurance, auction
    return word(lang, key) if key in WORDS[lang] else ""


def board_table(board: Board, lang: str = "en") -> str:
    """The board's cells as a plain-text table, in English (``"en"``) or Russian (``"ru"``).

    >>> lines = board_table(load_board("millionaire-classic")).splitlines()
    >>> print("\\n".join(lines[:5]))
    Millionaire Classic: 40 cells, 24 plots in 8 industries.
    Rent by level: empty plot, 1, 2, 3 branches, enterprise.
       #  cell               kind        industry        price  build  rent / effect
       0  START              start
       1  Cinema             plot        Entertainment      50     50  1 / 10 / 30 / 90 / 200
    >>> print(board_table(load_board("monopoly-us"), "ru").splitlines()[0])
    Монополия (США): 40 клеток, 22 участка в 8 отраслях, 4 железные дороги, 2 коммунальные службы.
    """
    rows = []
    for cell in board.cells:
        industry = board.industries[cell.industry] if cell.industry >= 0 else None
        rows.append((
            str(cell.index),
            one_line(cell.name(lang)),  # its width as the terminal shows it
            word(lang, f"cli.kind_{cell.kind.name.lower()}"),
            one_line(industry.name(lang)) if industry else "",
            str(cell.price) if cell.ownable else "",
            str(industry.build_price) if industry and industry.build_price else "",  # attractions have none
            _effect(board, cell, lang),
        ))
    header = ("#", *(word(lang, f"cli.column_{column}") for column in _COLUMNS))
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(6)]
    right = (True, False, False, False, True, True)

    def line(row: tuple[str, ...]) -> str:
        cells = [text.rjust(width) if r else text.ljust(width) for text, width, r in zip(row, widths, right)]
        return ("  " + "  ".join(cells) + "  " + row[6]).rstrip()

    return "\n".join([*_summary(board, lang), line(header), *map(line, rows)])


def _board_show(args: argparse.Namespace) -> int:
    _emit(board_table(load_board(args.board), args.lang))
    return 0


# ---------------------------------------------------------------------- play and simulate
_DEFAULT_PLAYERS = 4


def _integer(least: int, most: int) -> Callable[[str], int]:
    """An argparse type: an integer ``least..most``, else a one-line usage error that quotes the text
    (cut short: a line, not a screenful).

    >>> _integer(1, 10)("7")
    7
    >>> _integer(1, 10)("9" * 5000)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be at most 10, got '99999999999999999999...' (5000 characters)
    """

    def convert(text: str) -> int:
        quoted = repr(text) if len(text) <= 20 else f"'{text[:20]}...' ({len(text)} characters)"
        digits = text.strip().lstrip("+").lstrip("0")
        if digits.isdigit() and len(digits) > len(str(most)):  # too big: not even read
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, got {quoted}")
        try:
            value = int(text) if len(text) <= 40 else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"must be an integer >= {least}, got {quoted}")
        if value < least:
            raise argparse.ArgumentTypeError(f"must be an integer >= {least}, got {value}")
        if value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, got {quoted}")
        return value

    return convert


def lineup(strategies: str, players: int | None) -> list[str]:
    """The strategy of each player from ``--strategies`` (a comma list) and ``--players``.

    One strategy plays every seat; a list of several gives one per player (and the player count
    when ``--players`` is omitted). Without ``--players`` a single strategy seats 4 players.

    >>> lineup("cautious", 3)
    ['cautious', 'cautious', 'cautious']
    >>> lineup("cautious, aggressive", None)
    ['cautious', 'aggressive']
    >>> lineup("cautious,aggressive", 3)
    Traceback (most recent call last):
    ...
    millionaire.errors.MillionaireError: --strategies lists 2 strategies for 3 players: give 3, or one for every seat
    """
    names = [name.strip() for name in strategies.split(",")]
    if any(not name for name in names):
        raise MillionaireError(f"--strategies has an empty entry in {strategies!r}: give names separated by commas")
    if len(names) == 1:
        return names * (players if players is not None else _DEFAULT_PLAYERS)
    if players is not None and players != len(names):
        raise MillionaireError(
            f"--strategies lists {len(names)} strategies for {players} players: give {players}, or one for every seat"
        )
    return names


def _emit(text: str) -> None:
    """Print ``text`` as plain text (no terminal escapes or control characters, whatever a name
    holds); a reader that stops early (``| head``) is not an error."""
    try:
        print(terminal(text), flush=True)
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit


def _describe_lineup(strategies: Sequence[str]) -> str:
    counts = {name: strategies.count(name) for name in strategies}
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def _seed(value: int | None) -> int:
    """The seed to use: the given one, or a fresh one (printed, so the run can be repeated)."""
    if value is not None:
        return value
    import secrets

    return secrets.randbelow(2**32)


def _setup(args: argparse.Namespace) -> tuple[Board, RuleSet, list[str]]:
    """Board, rules and lineup of ``play``/``simulate``, all checked (MillionaireError on bad input)."""
    from .rules import RuleSet
    from .simulate import check_lineup

    board = load_board(args.board)
    rules = RuleSet.for_board(board.key)
    strategies = lineup(args.strategies, args.players)
    check_lineup(strategies, rules)
    return board, rules, strategies


def play_text(game: Game, result: GameResult, lang: str = "en") -> str:
    """The result block printed after a game by ``millionaire play``.

    >>> from millionaire import Game
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "aggressive"], seed=2)
    >>> print(play_text(game, game.run(max_rounds=1)))  # doctest: +ELLIPSIS
    Result
      Winner: ... stopped by the round limit (1), the richest player wins.
      Rounds: 1, turns: 2.
      Net worth (fants):
        1. ...
        2. ...
    """
    lang = "ru" if lang == "ru" else "en"
    names = list(result.names)
    strategies = [strategy_label(lang, agent.name) for agent in game.agents]
    reason_key = "play.ended_" + result.reason.replace(":", "").replace(" ", "_")
    reason = word(lang, reason_key, limit=game.round_limit) if reason_key in WORDS[lang] else result.reason
    winner = f"{names[result.winner]} ({strategies[result.winner]})" if result.winner >= 0 else word(lang, "play.nobody")
    lines = [
        word(lang, "play.result"),
        word(lang, "play.winner", winner=winner, reason=reason),
        word(lang, "play.length", rounds=result.rounds, turns=result.turns),
        word(lang, "play.worth", currency=game.board.currency(lang)),
    ]
    labels = [f"{seat + 1}. {name} ({strategy})" for seat, (name, strategy) in enumerate(zip(names, strategies))]
    width = max(map(len, labels))
    digits = max(len(str(w)) for w in result.net_worth)
    for seat, label in enumerate(labels):
        mark = f"  {word(lang, 'play.bankrupt')}" if game.state.players[seat].bankrupt else ""
        lines.append(f"    {label:<{width}}  {result.net_worth[seat]:>{digits}}{mark}")
    return "\n".join(lines)


def _play(args: argparse.Namespace) -> int:
    from .engine import Game

    board, rules, strategies = _setup(args)
    seed = _seed(args.seed)
    lang = args.lang
    names = word(lang, "play.names").split(", ")[: len(strategies)]
    game = Game(board, rules, agents=strategies, seed=seed, names=names)
    result = game.run(max_rounds=args.max_rounds)
    seats = ", ".join(f"{seat + 1}. {name} ({agent.name})" for seat, (name, agent) in enumerate(zip(game.names, game.agents)))
    out = [word(lang, "play.header", board=board.name(lang), players=len(strategies), seed=seed, limit=args.max_rounds),
           word(lang, "play.seats", seats=seats), "", *game.log(lang), "", play_text(game, result, lang)]
    _emit("\n".join(out))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import format_summary, play_games, scheduler_client, summarise

    board, rules, strategies = _setup(args)
    seed = _seed(args.seed)
    progress = not args.quiet and sys.stderr.isatty()
    try:
        if args.scheduler is None:
            games = play_games(board, rules, strategies, args.games, seed, args.max_rounds, jobs=args.jobs,
                               progress=progress)
        else:
            with scheduler_client(args.scheduler, args.lang) as client:
                workers = max(1, sum(client.nthreads().values()))  # sizes the chunks sent ahead
                games = play_games(board, rules, strategies, args.games, seed, args.max_rounds, jobs=workers,
                                   progress=progress, executor=client.get_executor())
    except KeyboardInterrupt:
        print("millionaire: interrupted", file=sys.stderr)
        return 130
    header = word(
        args.lang, "simulate.header", board=board.name(args.lang), games=args.games, players=len(strategies), lineup=_describe_lineup(strategies),
        seed=seed, limit=args.max_rounds,
    )
    _emit(header + "\n" + format_summary(summarise(games), args.lang))
    return 0


def _markov(args: argparse.Namespace) -> int:
    from .markov import format_csv, format_table, movement_chain, view

    if args.turns is not None and args.per not in (None, "turn"):
        raise MillionaireError(f"--turns gives where the token stands after K turns; it does not combine with --per {args.per}")
    board = load_board(args.board)
    try:
        chain = movement_chain(board, jail=args.jail)
        values, title, column = view(chain, args.per or "roll", args.turns)
    except ValueError as error:  # a board whose card moves cannot be enumerated
        raise MillionaireError(str(error)) from None
    _emit(format_csv(chain, values) if args.csv else format_table(chain, values, title, column))
    return 0


def _economics(args: argparse.Namespace) -> int:
    from .economics import format_economics

    board = load_board(args.board)
    try:
        text = format_economics(board, jail=args.jail, opponents=args.opponents, lang=args.lang)
    except ValueError as error:  # a board whose card moves cannot be enumerated
        raise MillionaireError(str(error)) from None
    _emit(text)
    return 0


def _print(args: argparse.Namespace) -> int:
    from .class_data import template_csv
    from .printing import check_output, check_two_outputs, default_name, write_file, write_pdf

    board = load_board(args.board)
    output = check_output(args.output or default_name(board, args.lang, args.paper), args.lang)
    if args.template:  # both files are checked before either is written
        template = check_output(args.template, args.lang)
        check_two_outputs(output, template, args.lang)
    try:
        pages = write_pdf(board, output, lang=args.lang, paper=args.paper, tiles=args.tiles)
    except MillionaireError:
        raise
    except ValueError as error:  # a board that cannot be drawn as a square
        raise MillionaireError(f"{board.source or board.key}: {error}") from None
    _emit(word(args.lang, "print.written", path=output, pages=pages, tiles=args.tiles))
    if args.template:
        text = template_csv(board, args.lang).encode("utf-8-sig")  # with a BOM: Excel then reads it as UTF-8
        write_file(template, lambda out: out.write(text), args.lang)
        _emit(word(args.lang, "print.template_written", path=template))
    return 0


def _worksheet(args: argparse.Namespace) -> int:
    from .worksheets import load_sheets, write_lesson

    written = write_lesson(args.lesson, args.lang, args.folder)
    lessons = load_sheets(args.lang)
    for sheet_path, key_path in zip(written[::2], written[1::2]):
        lesson = sheet_path.name.split("_")[1]
        _emit(word(args.lang, "sheet.written", path=sheet_path, lesson=lessons[lesson].lesson))
        _emit(word(args.lang, "sheet.key_written", path=key_path))
    return 0


def _exercises(args: argparse.Namespace) -> int:
    from .exercises import ExerciseError, answer_key, collected, format_collected, format_key

    lang = args.lang
    try:
        if args.answers is not None:
            rows, notes = collected(args.answers, args.lesson, lang)
            _emit(format_collected(rows, notes, args.answers, lang))
            return 0
        names = list(args.names or [])
        if args.names_file is not None:
            try:
                with open(args.names_file, encoding="utf-8-sig") as source:
                    names += [line for line in source.read(1_000_000).splitlines() if line.strip()]
            except (OSError, UnicodeDecodeError) as error:
                reason = getattr(error, "strerror", None) or type(error).__name__
                raise ExerciseError("exercise.names_file", path=one_line(args.names_file), reason=reason) from None
        if not names:
            raise ExerciseError("exercise.no_names")
        _emit(format_key(answer_key(args.lesson, names, lang), lang))
    except ExerciseError as error:
        raise MillionaireError(error.text(lang)) from None
    return 0


def _add_board_argument(parser: argparse.ArgumentParser) -> None:
    """``--board``, which every subcommand takes."""
    parser.add_argument("--board", default="millionaire-classic", help="built-in name or path of a board file")


def _add_jail_argument(parser: argparse.ArgumentParser, who: str) -> None:
    """``--jail``: how a detained token (``who``) leaves, for the exact chains."""
    parser.add_argument("--jail", choices=("short", "long"), default="short",
                        help=f"{who} leave detention at once by paying (short, default) or stay as long as allowed (long)")


def _add_game_arguments(parser: argparse.ArgumentParser, max_rounds: int) -> None:
    """The options ``play`` and ``simulate`` share."""
    _add_board_argument(parser)
    parser.add_argument("--players", type=_integer(1, 100), default=None,
                        help=f"number of players (default: as many as --strategies lists, or {_DEFAULT_PLAYERS})")
    parser.add_argument("--strategies", default="cautious",
                        help="comma list, one per player, or one for every seat: cautious, aggressive, monopolist, random")
    parser.add_argument("--seed", type=_integer(0, 2**64 - 1), default=None, help="integer seed (default: a fresh one, printed)")
    parser.add_argument("--max-rounds", type=_integer(1, 1_000_000), default=max_rounds,
                        help=f"stop after this many rounds, the richest player wins (default {max_rounds})")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``millionaire`` command."""
    parser = _Parser(prog="millionaire", description="Millionaire Classic and Monopoly: play, simulate, analyse.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    board = commands.add_parser("board", help="look at a board")
    board_commands = board.add_subparsers(dest="board_command", required=True, parser_class=_Parser)
    show = board_commands.add_parser("show", help="print the cells as a table")
    _add_board_argument(show)
    show.add_argument("--lang", choices=("en", "ru"), default="en")
    show.set_defaults(handler=_board_show)

    play = commands.add_parser("play", help="play one game between bots and print it as sentences")
    _add_game_arguments(play, max_rounds=1000)
    play.set_defaults(handler=_play)

    simulate = commands.add_parser("simulate", help="play many games and print win rates and game lengths")
    _add_game_arguments(simulate, max_rounds=1000)
    simulate.add_argument("--games", type=_integer(1, 1_000_000), default=100, help="how many games (default 100)")
    simulate.add_argument("--jobs", type=_integer(1, 64), default=1, help="worker processes (default 1); results do not depend on it")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar (it is shown only on a terminal anyway)")
    simulate.add_argument("--scheduler", metavar="ADDRESS", default=None,
                          help="play the games on the running Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786) "
                               "instead of --jobs local processes; needs the optional group scale; same results")
    simulate.set_defaults(handler=_simulate)

    markov = commands.add_parser("markov", help="exact long-run probabilities of where a token goes (Markov chain)")
    _add_board_argument(markov)
    _add_jail_argument(markov, "the token")
    markov.add_argument("--per", choices=("roll", "turn", "landing"), default=None,
                        help="where a roll ends (roll, default), where a turn ends (turn), or landings per turn (landing)")
    markov.add_argument("--turns", type=_integer(0, 1_000_000), default=None, metavar="K",
                        help="where the token stands after K turns from START instead of in the long run")
    markov.add_argument("--csv", action="store_true", help="CSV (cell,name,probability; last row in_jail) instead of a table")
    markov.set_defaults(handler=_markov)

    economics = commands.add_parser("economics", help="expected rent of each industry fully built and money from the bank (exact)")
    _add_board_argument(economics)
    _add_jail_argument(economics, "the opponents")
    economics.add_argument("--opponents", type=_integer(1, 99), default=3, help="opponents for the per-round column (default 3)")
    economics.add_argument("--lang", choices=("en", "ru"), default="en")
    economics.set_defaults(handler=_economics)

    printout = commands.add_parser("print", help="a PDF to print and play: the board, plot cards, cards, money, tally sheets")
    _add_board_argument(printout)
    printout.add_argument("--lang", choices=("en", "ru"), default="en")
    printout.add_argument("--paper", choices=("A4", "A3"), default="A4", help="paper size (default A4)")
    printout.add_argument("--tiles", type=int, choices=(1, 2, 3, 4), default=2,
                          help="the board spans this many pages across and down (default 2: four pages)")
    printout.add_argument("--output", default=None, help="the PDF file (default: BOARD_LANG_PAPER.pdf here)")
    printout.add_argument("--template", default=None, metavar="CSV",
                          help="also write the class data template that lesson 11 reads (the tally sheets as a CSV)")
    printout.set_defaults(handler=_print)
    engine = commands.add_parser("engine", help="which engine runs (compiled or its Python source) and how to switch")
    engine.add_argument("--lang", choices=("en", "ru"), default=None, help="default: the system's language")
    engine.set_defaults(handler=_engine)
    worksheet = commands.add_parser("worksheet", help="a lesson's worksheet to print (the steps by hand) and its answer key, as PDFs")
    worksheet.add_argument("--lesson", required=True, help="the lesson's number, 00 to 15, or all")
    worksheet.add_argument("--lang", choices=("en", "ru"), default="en")
    worksheet.add_argument("--folder", default=".", help="where to write worksheet_NN_LANG.pdf and worksheet_NN_LANG_key.pdf (default: here)")
    worksheet.set_defaults(handler=_worksheet)
    exercises = commands.add_parser("exercises", help="the self-checking exercises for the teacher: each pupil's "
                                    "variant and its answer, and what the pupils tried (the answers folder)")
    exercises.add_argument("--answers", metavar="FOLDER", default=None,
                           help="the collected answers/ folder: each pupil's tries with their variant's answer")
    exercises.add_argument("--lesson", default=None, help="only this lesson's exercise (02, 04, 07, 08, 09; default: all)")
    exercises.add_argument("--names", nargs="+", metavar="NAME", default=None,
                           help="the answer key for these pupils' names, as they type them")
    exercises.add_argument("--names-file", metavar="FILE", default=None, help="the names, one a line (a class list)")
    exercises.add_argument("--lang", choices=("en", "ru"), default="en")
    exercises.set_defaults(handler=_exercises)
    return parser


def _engine(args: argparse.Namespace) -> int:
    from . import compiled

    print(compiled.status().describe(args.lang or compiled.language()))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; bad input prints one line and returns 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except MillionaireError as error:
        print(f"millionaire: error: {one_line(' '.join(str(error).split()))}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

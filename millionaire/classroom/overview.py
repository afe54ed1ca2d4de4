"""The pages of a lesson of several tables: every table at a glance, the lesson's commands, the results.

Used by the teacher's and the projector's screens of :mod:`~millionaire.classroom.app` when a lesson
has more than one table (:class:`~millionaire.classroom.tables.ClassLesson`):

- :func:`ViewChoice`: what the screen shows: every table (:data:`ALL_TABLES`), one table big, or the
  results (:data:`RESULTS`);
- :func:`Overview`: a card per table with its small board, whose turn it is and each player's
  money, redrawn in place after every move of that table;
- :func:`LessonControls`: start, pause, go on and end every table, a new code, the lesson's export;
- :func:`TreatmentChoice`, :func:`MoveTeam`: a table's rules and a team's table, before the start;
- :func:`Results`: the tables compared, the class's figures beside simulated games under the same
  rules (:mod:`~millionaire.classroom.results`), and the Gini of every table by round.

Every choice a page sends is one of the values the page offered, and the lesson checks it again.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import matplotlib
import solara
from matplotlib.figure import Figure
from matplotlib.ticker import ScalarFormatter

from ..plotting import PLAYER_COLOURS
from ..words import check_lang, word
from .app import Choice, Html, LiveBoard, Toggle, follow, tip, use_game
from .results import GAMES, class_figures, expected_at, expected_gini
from .tables import ClassLesson
from .treatments import treatment_name, treatment_text, treatments_for

#: The screen shows every table.
ALL_TABLES = -1
#: The screen shows the results.
RESULTS = -2

CSS = """
.mln-lesson .mln-side { flex: 0 1 320px; }
.mln-lesson.mln-one-table .mln-side { flex: 1 1 320px; }  /* one table big: its players' table takes the width left */
.mln-lesson .mln-side .mln-actions .v-btn { white-space: normal; height: auto !important; min-height: 36px; max-width: 100%; }
.mln-lesson .mln-side .mln-actions .v-btn__content { white-space: normal; flex: 1 1 auto; max-width: 100%; }
.mln-overview { flex: 1 1 600px; display: grid; gap: 10px; min-width: 0; }
.mln-card { border: 1px solid #c9d6c9; border-radius: 6px; padding: 6px; background: #fbfdfb; display: flex;
  flex-direction: column; gap: 4px; min-width: 0; }
.mln-card .mln-board-box { width: 100%; }
.mln-card .v-btn { text-transform: none; letter-spacing: 0; font-size: 15px; font-weight: bold; justify-content: flex-start;
  white-space: normal; height: auto !important; min-height: 32px; max-width: 100%; text-align: left; }
.mln-card .v-btn__content { white-space: normal; flex: 1 1 auto; max-width: 100%; }
.mln-card .mln-status { font-size: 15px; font-weight: bold; line-height: 1.3; }
.mln-card-line { font-size: 14px; color: #24452a; }
.mln-card-money { font-size: 13px; line-height: 1.35; }
.mln-card-money span.mln-dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 3px; }
.mln-results { flex: 1 1 600px; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.mln-results table { border-collapse: collapse; font-size: 15px; }
.mln-results td, .mln-results th { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: right; }
.mln-results td:nth-child(-n+2), .mln-results th:nth-child(-n+2) { text-align: left; }
.mln-results .mln-expected { color: #555; font-style: italic; }
.mln-results img, .mln-results .widget-image { max-width: 100%; height: auto; }
.mln-treatment { font-size: 14px; color: #333; }
"""


def views(lesson: ClassLesson, lang: str) -> dict[str, int]:
    """The choices of :func:`ViewChoice`: their labels and what each shows."""
    choices = {word(lang, "classroom.all_tables"): ALL_TABLES}
    for number in range(len(lesson.tables)):
        choices[word(lang, "classroom.table_name", table=number + 1)] = number
    choices[word(lang, "classroom.results")] = RESULTS
    return choices


@solara.component
def ViewChoice(lesson: ClassLesson, lang: str, view: int, on_view: Callable[[int], None]) -> None:
    """Every table, one of them, or the results."""
    choices = views(lesson, lang)
    label = next((name for name, value in choices.items() if value == view), None)
    solara.Style(CSS)
    Toggle(label, list(choices), lambda name: on_view(choices[name]), classes=["mln-views"], wrap=True)


@solara.component
def LessonControls(lesson: ClassLesson, lang: str, do: Callable[[Callable[[], Any]], Callable[[], None]],
                   confirming: str, set_confirming: Callable[[str], None]) -> None:
    """The teacher's commands for every table at once."""
    phases = set(use_game(lesson, lesson.phases))
    if confirming == "all":
        with solara.Div(classes=["mln-confirm"]):
            Html(html.escape(word(lang, "classroom.end_all_sure")), ["mln-confirm-text"])
            solara.Button(word(lang, "classroom.end_now_yes"), on_click=do(lambda: lesson.everywhere("end_now")), color="warning")
            solara.Button(word(lang, "classroom.end_now_no"), on_click=lambda: set_confirming(""))
        return
    with solara.Div(classes=["mln-actions", "mln-lesson-actions"]):
        if "joining" in phases:
            solara.Button(word(lang, "classroom.start_all"), on_click=do(lambda: lesson.everywhere("start")), color="success",
                          attributes=tip(lang, "start_all"))
        if "playing" in phases:
            solara.Button(word(lang, "classroom.pause_all"), on_click=do(lambda: lesson.everywhere("pause")))
        if "paused" in phases:
            solara.Button(word(lang, "classroom.resume_all"), on_click=do(lambda: lesson.everywhere("resume")), color="success")
        if phases & {"playing", "paused"}:
            solara.Button(word(lang, "classroom.end_all"), on_click=lambda: set_confirming("all"), color="warning",
                          attributes=tip(lang, "end_all"))
        if phases != {"finished"}:
            solara.Button(word(lang, "classroom.new_code"), on_click=do(lesson.new_code), attributes=tip(lang, "new_code"))
        if phases == {"finished"}:
            solara.Button(word(lang, "classroom.export_lesson"), on_click=do(lesson.export), color="primary",
                          attributes=tip(lang, "export_lesson"))


@solara.component
def TreatmentChoice(lesson: ClassLesson, number: int, lang: str, editable: bool,
                    do: Callable[[Callable[[], Any]], Callable[[], None]]) -> None:
    """A table's rules: chosen from the list before the start, said in words always."""
    current = use_game(lesson, lambda: lesson.treatments[number], [number])
    board = lesson.board.key
    if editable:
        labels = {treatment_name(lang, key): key for key in treatments_for(board)}
        Choice(word(lang, "classroom.treatment"), list(labels), treatment_name(lang, current),
               lambda label: label in labels and do(lambda: lesson.set_treatment(number, labels[label]))(), wide=True)
    Html(html.escape(treatment_text(lang, current, board)), ["mln-treatment"])


@solara.component
def MoveTeam(lesson: ClassLesson, number: int, seat: int, lang: str,
             do: Callable[[Callable[[], Any]], Callable[[], None]]) -> None:
    """Seat the team of ``seat`` at a free seat of another table (the teacher's assignment)."""
    seats = use_game(lesson, lesson.seats_shown, key=lambda: lesson.seats_version)
    targets = {}
    for other, places in enumerate(seats):
        for place, (kind, _) in enumerate(places):
            if other != number and kind == "open":
                targets[word(lang, "classroom.you_play_at", table=other + 1, seat=place + 1,
                             team=word(lang, "classroom.kind_open"))] = (other, place)
    if targets:
        Choice(word(lang, "classroom.move_team"), list(targets), None,
               lambda label: label in targets and do(lambda: lesson.move(number, seat, *targets[label]))(), wide=True)


def card_lines(lesson: ClassLesson, number: int, lang: str) -> tuple[str, str]:
    """A table card's two pieces of HTML: its phase, round and whose decision; each player's money."""
    table = lesson.tables[number]
    with table._lock:
        game, names = table.game, table.display_names(lang)
        phase = word(lang, f"classroom.phase_{table.phase}")
        pending = game.pending
        if table.phase in ("playing", "paused") and pending is not None:
            line = word(lang, "classroom.table_turn", phase=phase, round=game.state.round, player=names[pending.player])
        else:
            line = word(lang, "classroom.table_state", phase=phase, round=game.state.round)
        money = html.escape(game.board.currency(lang))
        rows = []
        for seat, player in enumerate(game.state.players):
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            amount = word(lang, "table.bankrupt") if player.bankrupt else f"{player.cash} {money}"
            mark = "<b>▶</b> " if pending is not None and pending.player == seat and table.phase == "playing" else ""
            rows.append(f"<div>{mark}<span class='mln-dot' style='background:{colour}'></span>"
                        f"{html.escape(names[seat])}: {html.escape(amount)}</div>")
        status = (f"<div class='mln-status' data-game='{table.game_id}' data-version='{table.version}' "
                  f"data-position='{html.escape(table.position())}'>")
        return status + html.escape(line) + "</div>", "".join(rows)


@solara.component
def TableCard(lesson: ClassLesson, number: int, lang: str, on_pick: Callable[[int], None]) -> None:
    """One table at a glance: its name and rules (a button that shows it big), its board, whose turn, money."""
    table = lesson.tables[number]
    parts = [widgets.HTML.element(_dom_classes=[name]) for name in ("mln-card-line", "mln-card-money")]

    def shower() -> Callable[[], None]:
        found = [solara.get_widget(element) for element in parts]

        def show() -> None:
            for widget, markup in zip(found, card_lines(lesson, number, lang)):
                widget.value = markup
        return show

    follow(table, shower, [table, lang, number])
    title = f"{word(lang, 'classroom.table_name', table=number + 1)} · {treatment_name(lang, lesson.treatments[number])}"
    with solara.Div(classes=["mln-card", f"mln-card-{number + 1}"]):
        solara.Button(title, on_click=lambda: on_pick(number), text=True, classes=["mln-card-title"],
                      attributes={"title": treatment_text(lang, lesson.treatments[number], lesson.board.key)})
        LiveBoard(table, lang)
        widgets.VBox.element(children=parts)


@solara.component
def Overview(lesson: ClassLesson, lang: str, on_pick: Callable[[int], None]) -> None:
    """Every table at a glance."""
    use_game(lesson, lambda: tuple(lesson.treatments))  # a card's title follows its table's rules
    columns = min(len(lesson.tables), 4)  # eight tables in two rows of four fit a projector's screen
    with solara.Div(classes=["mln-overview"], style={"grid-template-columns": f"repeat({columns}, minmax(0, 1fr))"}):
        for number in range(len(lesson.tables)):
            TableCard(lesson, number, lang, on_pick)


def figure_text(value: float, lang: str, places: int = 2) -> str:
    """A figure as the page's language writes it (a decimal comma in Russian).

    >>> figure_text(0.256, "ru"), figure_text(0.256, "en"), figure_text(1.0, "ru", 1)
    ('0,26', '0.26', '1,0')
    """
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang == "ru" else text


def results_rows(lesson: ClassLesson, lang: str) -> str:
    """The results table: per table its rules, rounds, Gini, leader's share, bankruptcies and length,
    the class's figure and, below it, the simulated one (when played)."""
    head = "".join(f"<th>{html.escape(word(lang, f'results.{key}'))}</th>"
                   for key in ("table", "treatment", "rounds", "gini", "winner_share", "bankrupt", "length"))
    rows = [f"<tr>{head}</tr>"]
    for number, table in enumerate(lesson.tables):
        mine = class_figures(table)
        length = word(lang, "results.over_in", rounds=mine["rounds"]) if mine["finished"] else word(lang, "results.running")
        rows.append(f"<tr class='mln-class-row'><td>{html.escape(word(lang, 'classroom.table_name', table=number + 1))} "
                    f"({html.escape(word(lang, 'results.class'))})</td>"
                    f"<td>{html.escape(treatment_name(lang, lesson.treatments[number]))}</td><td>{mine['rounds']}</td>"
                    f"<td>{figure_text(mine['gini'], lang)}</td><td>{mine['leader_share']:.0%}</td><td>{mine['bankrupt']}</td>"
                    f"<td>{html.escape(length)}</td></tr>")
        simulated = lesson.expectations.get(table)
        if simulated is not None:
            then = expected_at(simulated, mine["rounds"])
            half = word(lang, "results.expected_length", rounds=f"{then['half_over']:.0f}")
            rows.append(f"<tr class='mln-expected'><td>{html.escape(word(lang, 'results.expected'))}</td><td></td>"
                        f"<td>{mine['rounds']}</td><td>{figure_text(then['gini'], lang)}</td><td>{then['leader_share']:.0%}</td>"
                        f"<td>{figure_text(then['bankrupt'], lang, 1)}</td><td>{html.escape(half)}</td></tr>")
    return "<table class='mln-results-table'>" + "".join(rows) + "</table>"


class TickText(ScalarFormatter):
    """An axis' tick labels as the page's language writes numbers (a decimal comma in Russian).

    >>> axes = Figure().subplots()
    >>> _ = axes.set_ylim(0, 0.3); axes.yaxis.set_major_formatter(TickText("ru"))
    >>> axes.yaxis.get_major_formatter().format_ticks([0.0, 0.1, 0.25])
    ['0,00', '0,10', '0,25']
    """

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = check_lang(lang)

    def __call__(self, value: float, pos: int | None = None) -> str:
        text = super().__call__(value, pos)
        return text.replace(".", ",") if self.lang == "ru" else text


def results_figure(lesson: ClassLesson, lang: str) -> Figure:
    """The Gini of net worth by round at every table (solid), and in its simulated games (dashed); the
    legend beside the plot, where eight tables' sixteen lines do not hide the lines.

    >>> import tempfile
    >>> lesson = ClassLesson.open(tempfile.mkdtemp(), tables=2, seats=2, seed=1, lang="en")
    >>> figure = results_figure(lesson, "en")
    >>> len(figure.legends), figure.axes[0].get_legend() is None
    (1, True)
    >>> lesson.close()
    """
    figure = Figure(figsize=(10, 3.6), dpi=100, layout="constrained")
    axes = figure.subplots()
    colours = matplotlib.colormaps["tab10"]
    reached, highest = 1, 0.0
    for number, table in enumerate(lesson.tables):
        mine = class_figures(table)
        name = word(lang, "classroom.table_name", table=number + 1)
        label = f"{name} · {treatment_name(lang, lesson.treatments[number])}"
        rounds = sorted(mine["gini_by_round"])
        reached = max([reached, *rounds])
        values = [mine["gini_by_round"][r] for r in rounds]
        highest = max([highest, *values])
        axes.plot(rounds, values, "o-", color=colours(number), label=label, markersize=3)
        simulated = lesson.expectations.get(table)
        if simulated is not None:
            expected = expected_gini(simulated)
            highest = max(highest, float(expected[: reached + 2].max()))
            axes.plot(range(len(expected)), expected, "--", color=colours(number), linewidth=1,
                      label=word(lang, "results.plot_expected", table=name))
    axes.set_xlim(0, max(reached + 1, 5))
    axes.set_ylim(0, min(1.0, max(0.2, 1.25 * highest)))  # the early rounds' small Gini must show
    axes.set_title(word(lang, "results.plot_title"))
    axes.set_xlabel(word(lang, "results.plot_round"))
    axes.set_ylabel(word(lang, "results.plot_gini"))
    figure.legend(fontsize=7, loc="outside right upper")
    axes.xaxis.set_major_formatter(TickText(lang))
    axes.yaxis.set_major_formatter(TickText(lang))
    return figure


def results_plot(lesson: ClassLesson, lang: str) -> bytes:
    """:func:`results_figure` as a PNG."""
    figure = results_figure(lesson, lang)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


@solara.component
def Results(lesson: ClassLesson, lang: str) -> None:
    """The tables compared: drawn again when a table reaches a new round or a phase, or a simulation is done."""
    moment = use_game(lesson, lambda: (tuple((t.game.state.round, t.phase, t.game.rules) for t in lesson.tables),
                                       sum(lesson.expectations.get(t) is not None for t in lesson.tables)))

    def ask() -> None:
        lesson.expectations.request(lesson.tables, ready=lesson.tables[0].nudge)

    solara.use_effect(ask, [moment[0]])
    waiting = moment[1] < len(lesson.tables)
    picture = solara.use_memo(lambda: results_plot(lesson, lang), [moment, lang])
    with solara.Div(classes=["mln-results"]):
        Html(f"<b>{html.escape(word(lang, 'results.title'))}</b>", ["mln-results-title"])
        Html(results_rows(lesson, lang), ["mln-results-rows"])
        if waiting:
            Html(html.escape(word(lang, "results.simulating", games=lesson.expectations.games)), ["mln-phase"])
        else:
            Html(html.escape(word(lang, "results.note", games=lesson.expectations.games)), ["mln-phase"])
        solara.Image(picture, format="png", classes=["mln-results-plot"])


__all__ = ["ALL_TABLES", "GAMES", "RESULTS", "LessonControls", "MoveTeam", "Overview", "Results", "TreatmentChoice",
           "ViewChoice"]

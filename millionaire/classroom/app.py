"""The classroom server's pages (Solara): the teacher's screen at ``/teacher``, the projector's at
``/projector`` (the board, the join address and code, the players: no controls) and a team's at ``/``.

A thin layer over :class:`~millionaire.classroom.lesson.ClassroomGame`, the one game every page
shares. After each change the board and the table of every page (:func:`LiveBoard`,
:func:`LiveTable`) get new values in place, the rest of a page is drawn again only when what it
shows changes (a seat taken, the phase); every click calls the game, and a refusal is shown as a
message in the page's language. The team's browser keeps its seat's secret in
``localStorage`` (``seat_keeper.vue``), so a refresh keeps the seat. The teacher's and the
projector's pages need the teacher's cookie (see :mod:`~millionaire.classroom.gate`), never a key in
the address. Nothing a visitor types is run: the pages take a code, a seat, a name, and the moves the
engine lists.

Examples
--------
>>> sorted(route.path for route in routes)
['/', 'projector', 'teacher']
"""

from __future__ import annotations

import html
import logging
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import solara

from .. import presenter
from ..actions import Action
from ..widgets.common import CLASSROOM_CSS, language_options
from ..words import strategy_label, word
from .lesson import BOT_STRATEGIES, ClassroomGame
from .seats import Refused
from .gate import DEVICE_HEADER, TEACHER_COOKIE, harden_widgets
from .server import ADDRESS_VARIABLE, current
from . import predict  # predict, then reveal: its components, hooked in below where marked

harden_widgets()  # before any page exists: no widget message names Python for the server to run
_log = logging.getLogger(__name__)
_UNREAD = object()  # what :func:`use_game` holds as the last key before its first read

#: How much a phone enlarges the board around the team's own token.
PHONE_ZOOM = 1.8
#: Where a team's browser keeps its seat's secret.
STORAGE_KEY = "millionaire-classroom-seat"

_CSS = CLASSROOM_CSS.replace("<style>", "").replace("</style>", "") + """
.mln-page { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 12px; padding: 8px; width: 100%;
  box-sizing: border-box; font-family: sans-serif; }
.mln-board-box { flex: 0 0 auto; width: min(62vw, calc(100vh - 16px)); }
.mln-team .mln-board-box { width: min(56vw, calc(100vh - 16px)); }
.mln-board-box img, .mln-board-box .widget-image { width: 100%; height: auto; display: block; }
.mln-board-box { position: relative; }
.mln-board-box img, .mln-board-box .widget-image { margin: 0; }
/* only a style sheet: out of the way, so that the picture keeps the box's width */
.mln-board-box .mln-zoom { position: absolute; width: 0; height: 0; margin: 0; overflow: hidden; }
/* what a move changes, laid exactly over the square picture (LiveBoard) */
.mln-board-box .mln-board-overlay { position: absolute; top: 0; left: 0; width: 100%; height: auto; aspect-ratio: 1;
  margin: 0; padding: 0; pointer-events: none; line-height: 0; }
.mln-board-overlay .widget-html-content, .mln-board-overlay svg { display: block; width: 100%; height: 100%; }
.mln-side { flex: 1 1 300px; min-width: 280px; display: flex; flex-direction: column; gap: 6px; }
.mln-title { font-size: 20px; font-weight: bold; color: #24452a; line-height: 1.25; }
.mln-join { font-size: 24px; font-weight: bold; line-height: 1.25; overflow-wrap: anywhere; }
.mln-code { font-size: 40px; font-weight: bold; letter-spacing: 6px; color: #b3261e; }
.mln-phase { font-size: 15px; color: #444; }
.mln-message { color: #b00020; font-size: 16px; font-weight: bold; }
.mln-attempts { font-size: 15px; color: #7a4b00; }
.mln-confirm { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; font-size: 16px; font-weight: bold; }
.mln-done { color: #24452a; font-size: 14px; word-break: break-all; }
.mln-you { font-size: 17px; font-weight: bold; }
.mln-seat-row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; font-size: 15px; }
.mln-actions { display: flex; flex-wrap: wrap; gap: 6px; }
.mln-side .v-btn { text-transform: none; font-size: 15px; letter-spacing: 0; }
.mln-reconnecting { position: fixed; inset: 0; z-index: 300000; display: flex; align-items: center;
  justify-content: center; padding: 24px; background: rgba(255, 255, 255, 0.94); color: #24452a;
  font: bold 22px sans-serif; text-align: center; }
.mln-money { font-size: 16px; font-weight: bold; color: #24452a; }
.mln-trade { display: flex; flex-direction: column; gap: 4px; }
/* Vuetify's green and orange carry white text below the contrast a projector needs (WCAG AA 4.5:1) */
.mln-side .v-btn.success { background-color: #1b5e20 !important; }
.mln-side .v-btn.warning { background-color: #9a3412 !important; }
.mln-choice select, .mln-choice label { font-size: 15px; }
@media (max-width: 700px) {
  .mln-board-box, .mln-team .mln-board-box { width: 100%; }
  .mln-team .mln-side { order: -1; }  /* on a phone a team's own money, decision and join form come first */
  .mln-team .mln-board-box { overflow: hidden; }  /* the board zoomed on the team's token (LiveBoard) */
  .mln-side .v-btn { min-height: 44px; }
}
"""


def teacher_here(lesson: ClassroomGame) -> bool:
    """True when this page's browser holds the teacher's cookie for this game."""
    import solara.lab

    cookies = solara.lab.cookies.value or {}
    return lesson.is_teacher(cookies.get(TEACHER_COOKIE, ""))


def device_address() -> str:
    """The network address of this page's device, as the gate saw it (``"local"`` outside a server)."""
    import solara.lab

    headers = solara.lab.headers.value or {}
    return (headers.get(DEVICE_HEADER) or ["local"])[0]


def use_game(lesson: ClassroomGame, select: Callable[[], Any], dependencies: Sequence[Any] = (),
             key: Callable[[], Any] | None = None) -> Any:
    """``select()`` read from the shared game, and a re-render of this component whenever a change
    to the game changes it (each component subscribes for the part it shows, so that a move redraws
    the board and the table, not the whole page).

    With ``key``, a change reads ``select()`` again only when ``key()`` differs from the last it read
    (a lesson's ``seats_version``: a page's seat is looked for again when some seat changed, not
    after every move). ``key()`` is read before ``select()``, so a change it misses is seen at that
    change's own notice; the changes of one component are taken one at a time (the tables of a
    lesson tell their views from threads of their own), so an older value is never set after a newer.
    For example, a team's page follows its seat with
    ``use_game(lesson, lambda: seat_held(lesson, secret), [secret], key=lambda: lesson.seats_version)``.
    """
    _, set_value = solara.use_state(None)  # what ``select()`` gave at the last change: re-render when it differs

    def subscribe() -> Callable[[], None]:
        import solara.server.kernel_context as kernel_context

        context = kernel_context.get_current_context()
        guard = threading.Lock()
        last: list[Any] = [_UNREAD]  # the key of the last ``select()``: none yet, so the first change reads it

        def changed(_: int) -> None:
            if context.closed_event.is_set():
                return
            with guard:
                if key is not None:
                    now = key()
                    if now == last[0]:
                        return
                    last[0] = now
                new = select()
                with context:
                    set_value(new)  # an equal value re-renders nothing

        unsubscribe = lesson.subscribe(changed)
        context.on_close(unsubscribe)
        return unsubscribe

    solara.use_effect(subscribe, [lesson, *dependencies])
    return select()


@solara.component_vue(str(Path(__file__).with_name("seat_keeper.vue")))
def SeatKeeper(storage_key: str, secret: str, event_loaded: Callable[[str], None]) -> None:
    """Reads this browser's seat secret once (``event_loaded``) and keeps ``secret`` in the browser."""


@solara.component_vue(str(Path(__file__).with_name("page_watch.vue")))
def PageWatch(text: str, lang: str, board_text: str, busy_text: str) -> None:
    """Puts ``lang`` on the page, ``board_text`` on the board's picture and ``busy_text`` on Solara's
    "busy" bar (for screen readers); covers the page with ``text`` while the server is away, and
    reloads the page when it is back."""


@solara.component
def Watch(lesson: ClassroomGame, lang: str) -> None:
    """:func:`PageWatch` with this page's words: the board's text is the status line, set in place
    after every change (the page is not drawn again for it)."""
    def board_text() -> str:
        return word(lang, "classroom.board_text", status=lesson.status(lang))

    element = PageWatch(text=word(lang, "classroom.reconnecting"), lang=lang, board_text=board_text(),
                        busy_text=word(lang, "classroom.busy"))

    def shower() -> Callable[[], None]:
        widget = solara.get_widget(element)

        def show() -> None:
            widget.board_text = board_text()
        return show

    follow(lesson, shower, [lesson, lang])


def tip(lang: str, key: str) -> dict[str, Any]:
    """A control's tooltip (``classroom.tip_*``) as its attributes; its visible text stays its name."""
    return {"title": word(lang, f"classroom.tip_{key}")}


def Choice(label: str, options: list[str], value: str | None, on_value: Callable[[str], None], wide: bool = False) -> Any:
    """A choice from a list as the browser's own drop-down (a ``<select>`` with its ``<label>``), which a
    keyboard and a screen reader know."""
    style = {"description_width": "initial"}
    layout = {"width": "auto", "min_width": "260px" if wide else "150px"}
    return widgets.Dropdown.element(description=label, options=options, value=value if value in options else None,
                                    on_value=lambda chosen: chosen is not None and on_value(chosen), style=style,
                                    layout=layout, _dom_classes=["mln-choice"])


@solara.component
def Toggle(value: str | None, values: list[str], on_value: Callable[[str], None], classes: Sequence[str] = (),
           wrap: bool = False) -> None:
    """A row of buttons of which one is chosen (Vuetify's toggle group). The page sends the index of
    the button pressed; an index the row does not have, or anything but a whole number, is ignored
    (Solara's own toggle group shows a traceback on the page for it)."""
    import reacton.ipyvuetify as rv

    def chosen(index: Any) -> None:
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(values):
            on_value(values[index])
        else:
            _log.warning("ignored a choice of button %r of %d", str(index)[:20], len(values))

    style = "flex-wrap: wrap; height: auto" if wrap else ""
    with rv.BtnToggle(v_model=values.index(value) if value in values else None, on_v_model=chosen, mandatory=True,
                      class_=" ".join(classes), style_=style):
        for label in values:
            solara.Button(label=label)


@solara.component
def Language(lang: str, on_lang: Callable[[str], None]) -> None:
    labels = dict((code, label) for label, code in language_options())
    Toggle(labels[lang], list(labels.values()), lambda label: on_lang(next(c for c, name in labels.items() if name == label)),
           classes=["mln-language"])


def follow(lesson: ClassroomGame, shower: Callable[[], Callable[[], None]], dependencies: Sequence[Any]) -> None:
    """After the component is drawn, ``shower()`` finds its widgets and returns ``show``, which is
    called at once and after every change to the shared game, in this page's context: it sets new
    values on widgets already on the page, so a move costs a page a few values, not a render.

    When the dependencies change (the page switches language), the new ``show`` replaces the old one
    at once: a change that reached the old one a moment before is dropped, never shown after the new."""
    binding = solara.use_ref(0)  # which binding is current; shows are serialised by ``guard``
    guard = solara.use_memo(threading.Lock, [])

    def bind() -> Callable[[], None]:
        import solara.server.kernel_context as kernel_context

        context = kernel_context.get_current_context()
        show = shower()
        with guard:
            binding.current += 1
            mine = binding.current
            show()

        def changed(_: int) -> None:
            if not context.closed_event.is_set():
                with context, guard:
                    if binding.current == mine:
                        show()

        unsubscribe = lesson.subscribe(changed)
        context.on_close(unsubscribe)
        return unsubscribe

    solara.use_effect(bind, dependencies)


@solara.component
def LiveBoard(lesson: ClassroomGame, lang: str, seat: int | None = None) -> Any:
    """The board: its picture, kept from move to move, and over it what each move changes (an SVG
    set in place: a few KiB a move). On a team's page (``seat`` given) a phone shows it zoomed in on
    the team's token, which the zoom follows from move to move."""
    image = widgets.Image.element(format="png", _dom_classes=["mln-board"])
    overlay = widgets.HTML.element(_dom_classes=["mln-board-overlay"])
    zoom = widgets.HTML.element(_dom_classes=["mln-zoom"])

    def shower() -> Callable[[], None]:
        widget, above, focus = solara.get_widget(image), solara.get_widget(overlay), solara.get_widget(zoom)

        def show() -> None:
            try:
                version, picture, drawing = lesson.board_view(lang)
            except Exception:  # a board that cannot be drawn must not take the page down: keep the last one
                _log.exception("the board could not be drawn")
                return
            if widget.value is not picture:  # once a page and language: the picture does not move
                widget.value = picture
            with above.hold_sync():
                above.value = drawing
                # says which move of which table it shows
                above._dom_classes = ("mln-board-overlay", f"mln-board-v{version}", f"mln-board-g{lesson.game_id}-v{version}")
            if seat is not None:
                across, down = lesson.token_spot(seat)
                focus.value = (f"<style>@media (max-width: 700px) {{ .mln-team .mln-board-box img, "
                               f".mln-team .mln-board-box .mln-board-overlay {{ "
                               f"transform: scale({PHONE_ZOOM}); transform-origin: {across:.1f}% {down:.1f}%; }} }}</style>")
        return show

    follow(lesson, shower, [lesson, lang, seat])
    return widgets.Box.element(children=[image, overlay, zoom], _dom_classes=["mln-board-box"])


@solara.component
def LiveTable(lesson: ClassroomGame, lang: str, seat: int | None) -> Any:
    """The status line (for the viewer's ``seat``), the players and the log, after every move."""
    parts = [widgets.HTML.element(_dom_classes=[name]) for name in ("mln-status-box", "mln-players-box", "mln-log-box")]

    def shower() -> Callable[[], None]:
        found = [solara.get_widget(element) for element in parts]

        def show() -> None:
            for widget, markup in zip(found, lesson.table_view(lang, seat)):
                widget.value = markup
        return show

    follow(lesson, shower, [lesson, lang, seat])
    return widgets.VBox.element(children=parts)


def address_markup(address: str) -> str:
    """The join address escaped, with the places where a narrow column breaks it: after ``//`` and
    before the port (never inside the host's number or the port).

    >>> address_markup("http://192.168.1.20:8765/")
    'http://<wbr>192.168.1.20<wbr>:8765/'
    >>> address_markup("http://a<b>/")
    'http://<wbr>a&lt;b&gt;/'
    """
    head, slashes, rest = html.escape(address).partition("://")
    host, colon, port = rest.partition(":")
    return f"{head}{slashes}<wbr>{host}" + (f"<wbr>:{port}" if colon else "")


def Html(markup: str, classes: list[str]) -> Any:
    """A piece of HTML (always escaped by the caller) with CSS classes."""
    return solara.HTML(tag="div", unsafe_innerHTML=markup, classes=classes)


@solara.component
def Message(problem: Refused | None, lang: str) -> None:
    if problem is not None:
        Html(html.escape(problem.text(lang)), ["mln-message"])


# ---------------------------------------------------------------------- the teacher's screen
@solara.component
def TeacherPage() -> None:
    """The teacher's screen: the board, the join address and code, and every control."""
    TeacherScreen(controls=True)


@solara.component
def ProjectorPage() -> None:
    """What the projector shows: the board, the join address and code, the players; no controls."""
    TeacherScreen(controls=False)


@solara.component
def TeacherScreen(controls: bool) -> None:
    """The teacher's and the projector's screen: with one table, its board and side; with several,
    the lesson's controls and a choice of what to show: every table at a glance, one table big, or
    the results (:mod:`~millionaire.classroom.overview`)."""
    from .overview import ALL_TABLES, RESULTS, LessonControls, Overview, Results, ViewChoice

    lesson = current()
    lang, set_lang = solara.use_state("ru")
    problem, set_problem = solara.use_state(None)
    exported, set_exported = solara.use_state("")
    confirming, set_confirming = solara.use_state("")
    many = len(lesson.tables) > 1
    view, set_view = solara.use_state(ALL_TABLES if many else 0)
    code, (failures, devices) = use_game(lesson, lambda: (lesson.join_code, lesson.failed_joins()))
    asked = predict.use_question(lesson)  # predict, then reveal: a question takes the board's place
    solara.Style(_CSS)
    if not teacher_here(lesson):
        with solara.Div(classes=["mln-page"]):
            with solara.Div(classes=["mln-side"]):
                Language(lang, set_lang)
                Html(html.escape(word(lang, "classroom.teacher_only")), ["mln-message", "mln-teacher-only"])
        return

    def do(command: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            set_confirming("")
            try:
                result = command()
            except Refused as error:
                set_problem(error)
                return
            set_problem(None)
            if isinstance(result, list):
                set_exported(", ".join(str(path) for path in result))
        return run

    address = os.environ.get(ADDRESS_VARIABLE, "")
    table = lesson.tables[view] if isinstance(view, int) and 0 <= view < len(lesson.tables) else None
    Watch(table or lesson.tables[0], lang)
    kind = "mln-teacher" if controls else "mln-projector"
    shape = ["mln-lesson", "mln-one-table"] if many and (table is not None or asked) else ["mln-lesson" if many else "mln-single"]
    with solara.Div(classes=["mln-page", kind, *shape]):
        if asked:
            predict.Stage(lesson, lang)
        elif table is not None:
            LiveBoard(table, lang)
        with solara.Div(classes=["mln-side"]):
            Language(lang, set_lang)
            title = word(lang, "classroom.lesson_title", tables=len(lesson.tables)) if many else word(lang, "classroom.title")
            Html(html.escape(title), ["mln-title"])
            Html(html.escape(word(lang, "classroom.join_at", address="\0")).replace("\0", address_markup(address)), ["mln-join"])
            Html(html.escape(word(lang, "classroom.code_is", code=code)), ["mln-code"])
            if controls and failures:
                Html(html.escape(word(lang, "classroom.failed_joins", attempts=failures, devices=devices)), ["mln-attempts"])
            Message(problem, lang)
            if many:
                ViewChoice(lesson, lang, view, set_view)
                if controls:
                    LessonControls(lesson, lang, do, confirming, set_confirming)
            if table is not None:
                TableSide(lesson, view, controls, lang, do, confirming == "table", set_confirming)
            if controls:
                predict.TeacherControls(lesson, lang, do)  # predict, then reveal: ask, close, reveal
            if exported:
                Html(html.escape(word(lang, "classroom.exported", files=exported)), ["mln-done"])
        if view == ALL_TABLES and not asked:
            Overview(lesson, lang, set_view)
        elif view == RESULTS and not asked:
            Results(lesson, lang)


@solara.component
def TableSide(lesson: Any, number: int, controls: bool, lang: str, do: Callable[[Callable[[], Any]], Callable[[], None]],
              confirming: bool, set_confirming: Callable[[str], None]) -> None:
    """One table's phase, the teacher's commands for it, its players and log, and its seats."""
    from .overview import TreatmentChoice

    table = lesson.tables[number]
    # the controls change with the phase and the seats only; the board and the table follow every move
    phase, seats = use_game(table, lambda: (table.phase, tuple((s.kind, s.team, s.strategy) for s in table.seats)))
    Html(html.escape(word(lang, f"classroom.phase_{phase}")), ["mln-phase"])
    if controls and confirming:
        with solara.Div(classes=["mln-confirm"]):
            Html(html.escape(word(lang, "classroom.end_now_sure")), ["mln-confirm-text"])
            solara.Button(word(lang, "classroom.end_now_yes"), on_click=do(table.end_now), color="warning")
            solara.Button(word(lang, "classroom.end_now_no"), on_click=lambda: set_confirming(""))
    elif controls:
        with solara.Div(classes=["mln-actions"]):
            if phase == "joining":
                solara.Button(word(lang, "classroom.start"), on_click=do(table.start), color="success", attributes=tip(lang, "start"))
            if phase == "playing":
                solara.Button(word(lang, "classroom.pause"), on_click=do(table.pause), attributes=tip(lang, "pause"))
            if phase == "paused":
                solara.Button(word(lang, "classroom.resume"), on_click=do(table.resume), color="success", attributes=tip(lang, "resume"))
            if phase in ("playing", "paused"):
                solara.Button(word(lang, "classroom.end_now"), on_click=lambda: set_confirming("table"), color="warning",
                              attributes=tip(lang, "end_now"))
            if phase != "finished" and len(lesson.tables) == 1:
                solara.Button(word(lang, "classroom.new_code"), on_click=do(lesson.new_code), attributes=tip(lang, "new_code"))
            if phase == "finished" and len(lesson.tables) == 1:
                solara.Button(word(lang, "classroom.export"), on_click=do(lesson.export_game), color="primary", attributes=tip(lang, "export"))
    TreatmentChoice(lesson, number, lang, controls and phase == "joining", do)
    LiveTable(table, lang, None)
    if controls:
        Html(f"<b>{html.escape(word(lang, 'classroom.seats'))}</b>", ["mln-seats-title"])
        for seat, (kind, team, strategy) in enumerate(seats):
            SeatControls(table, seat, kind, team, strategy, phase, lang, do)
            if kind == "team" and phase == "joining" and len(lesson.tables) > 1:
                from .overview import MoveTeam

                MoveTeam(lesson, number, seat, lang, do)


@solara.component
def SeatControls(lesson: ClassroomGame, number: int, kind: str, team: str, strategy: str, phase: str, lang: str,
                 do: Callable[[Callable[[], Any]], Callable[[], None]]) -> None:
    """One seat on the teacher's screen: who holds it, its bot, and the teacher's two commands."""
    name = team if kind == "team" else word(lang, f"classroom.kind_{kind}")
    labels = {strategy_label(lang, s): s for s in BOT_STRATEGIES}
    with solara.Div(classes=["mln-seat-row"]):
        Html(html.escape(word(lang, "classroom.seat_of", seat=number + 1, team=name)), ["mln-seat-name"])
        if phase == "joining" or kind == "open" and phase != "finished":
            Choice(word(lang, "classroom.strategy"), list(labels), strategy_label(lang, strategy),
                   lambda label: do(lambda: lesson.set_strategy(number, labels[label]))())
        if kind == "team":
            solara.Button(word(lang, "classroom.takeover"), on_click=do(lambda: lesson.takeover(number)), small=True,
                          attributes=tip(lang, "takeover"))
        if kind != "open" and phase != "finished":
            solara.Button(word(lang, "classroom.free"), on_click=do(lambda: lesson.free(number)), small=True,
                          attributes=tip(lang, "free"))


# ---------------------------------------------------------------------- a team's screen
def seat_held(lesson: Any, secret: str) -> tuple[int, int, str] | None:
    """The table, seat number and team that ``secret`` opens now, or ``None``."""
    found = lesson.seat_of(secret) if secret else None
    return (found[0], found[1].number, found[1].team) if found is not None else None


@solara.component
def TeamPage() -> None:
    lesson = current()
    lang, set_lang = solara.use_state("ru")
    secret, set_secret = solara.use_state("")
    loaded, set_loaded = solara.use_state(False)
    problem, set_problem = solara.use_state(None)
    solara.Style(_CSS)

    def on_loaded(saved: str) -> None:
        set_secret(saved or "")
        set_loaded(True)

    SeatKeeper(storage_key=STORAGE_KEY, secret=secret, event_loaded=on_loaded)
    # changes when a team joins, or the teacher frees, takes over or moves a seat: looked for again only then
    held = use_game(lesson, lambda: seat_held(lesson, secret), [secret], key=lambda: lesson.seats_version)
    seats = use_game(lesson, lesson.seats_shown, key=lambda: lesson.seats_version)
    many = len(lesson.tables) > 1
    table = lesson.tables[held[0]] if held is not None else lesson.tables[0]
    mine = table.seats[held[1]] if held is not None else None
    Watch(table, lang)
    with solara.Div(classes=["mln-page", "mln-team"]):
        LiveBoard(table, lang, mine.number if mine is not None else None)
        with solara.Div(classes=["mln-side"]):
            Language(lang, set_lang)
            title = word(lang, "classroom.lesson_title", tables=len(lesson.tables)) if many else word(lang, "classroom.title")
            Html(html.escape(title), ["mln-title"])
            if mine is not None and held is not None:
                you = (word(lang, "classroom.you_play_at", table=held[0] + 1, seat=mine.number + 1, team=mine.team) if many
                       else word(lang, "classroom.you_play", seat=mine.number + 1, team=mine.team))
                Html(html.escape(you), ["mln-you"])
                if many:  # the rules this table plays under, in words
                    from .treatments import treatment_text

                    Html(html.escape(treatment_text(lang, lesson.treatments[held[0]], lesson.board.key)), ["mln-treatment"])
                Money(table, lang, mine.number)
                predict.TeamQuestion(lesson, secret, mine.team, lang)  # predict, then reveal: the team's answer
                Message(problem, lang)
                Moves(table, secret, mine.number, lang, set_problem)
                TradeForm(table, secret, mine.number, lang, set_problem)
            elif loaded:  # the browser has said that it holds no seat (or a key that opens none)
                JoinForm(lesson, lang, seats, lost=bool(secret), on_joined=set_secret)
            LiveTable(table, lang, mine.number if mine is not None else None)


@solara.component
def Money(lesson: ClassroomGame, lang: str, seat: int) -> None:
    """A team's own cash, net worth and plots, after every change."""
    line = use_game(lesson, lambda: lesson.seat_money(lang, seat), [lang, seat])
    Html(html.escape(line), ["mln-money"])


@solara.component
def JoinForm(lesson: Any, lang: str, seats: tuple[tuple[tuple[str, str], ...], ...], lost: bool,
             on_joined: Callable[[str], None]) -> None:
    """Code, table (when the lesson has several), seat and team name; ``seats`` (each table's seats'
    kind and team) as the page last read them."""
    from .treatments import treatment_name

    code, set_code = solara.use_state("")
    team, set_team = solara.use_state("")
    table_label, set_table_label = solara.use_state("")
    seat_label, set_seat_label = solara.use_state("")
    problem, set_problem = solara.use_state(None)
    many = len(seats) > 1
    tables: dict[str, int | None] = {word(lang, "classroom.any_table"): None} if many else {}
    for number, key in enumerate(lesson.treatments if many else ()):
        tables[f"{word(lang, 'classroom.table_name', table=number + 1)} · {treatment_name(lang, key)}"] = number
    if table_label not in tables:
        table_label = next(iter(tables), "")
    table = tables.get(table_label, 0)
    labels = {}
    for number, (kind, name) in enumerate(seats[table] if table is not None else ()):
        key = "seat_of" if kind == "team" else "seat_free"
        labels[word(lang, f"classroom.{key}", seat=number + 1, team=name)] = number

    if seat_label not in labels:  # nothing chosen yet (or the chosen seat was taken): offer the first free seat
        seat_label = next((label for label, number in labels.items() if seats[table or 0][number][0] == "open"), "")

    def join() -> None:
        try:
            if table is not None and seat_label not in labels:
                raise Refused("choose_seat")
            seat = labels[seat_label] if table is not None else None
            _, secret = lesson.join(code, table, seat, team, device=device_address())
            on_joined(secret)
        except Refused as error:
            set_problem(error)

    if lost and problem is None:
        Html(html.escape(word(lang, "classroom.lost_seat")), ["mln-message"])
    solara.InputText(word(lang, "classroom.code"), value=code, on_value=set_code, continuous_update=True)
    if many:
        Html(f"<b>{html.escape(word(lang, 'classroom.table'))}</b>", ["mln-table-label"])
        Toggle(table_label, list(tables), set_table_label, classes=["mln-tables"], wrap=True)
    # the same widgets whichever table is chosen (none when the teacher chooses), so that a name being
    # typed is never in a widget that the choice replaces
    Html(f"<b>{html.escape(word(lang, 'classroom.seat'))}</b>" if table is not None else "", ["mln-seat-label"])
    Toggle(seat_label if seat_label in labels else None, list(labels), set_seat_label, classes=["mln-seats"], wrap=True)
    solara.InputText(word(lang, "classroom.team"), value=team, on_value=set_team, continuous_update=True)
    solara.Button(word(lang, "classroom.join"), on_click=join, color="success", classes=["mln-join-button"],
                  attributes=tip(lang, "join"))
    Message(problem, lang)


@solara.component
def Moves(lesson: ClassroomGame, secret: str, seat: int, lang: str, set_problem: Callable[[Any], None]) -> None:
    """The seat's buttons: only when the pending decision is its own (drawn again after every change
    while it is; a move at another seat's decision changes nothing here)."""
    use_game(lesson, lambda: lesson.version if lesson.legal_actions(secret) else None, [secret])
    amount, set_amount = solara.use_state(0)
    managed_label, set_managed_label = solara.use_state(None)
    actions = lesson.legal_actions(secret)

    def act(action: Action) -> None:
        try:
            lesson.act(secret, action, seat=seat)
        except Refused as error:
            set_problem(error)
            return
        set_problem(None)

    primary = [a for a in actions if presenter.is_primary(a)]
    amounts = [a for a in actions if a.kind in presenter.AMOUNTS]
    managed = {lesson.action_label(a, lang): a for a in actions if a not in primary and a not in amounts}
    with solara.Div(classes=["mln-actions"]):
        for action in primary:
            label = lesson.action_label(action, lang)
            solara.Button(label, on_click=lambda a=action: act(a), attributes={"title": label},
                          color="success" if action.kind in presenter.MAIN else None)
    if amounts:
        kind = amounts[0].kind
        lowest = min(a.amount for a in amounts)
        with solara.Div(classes=["mln-actions"]):
            solara.InputInt(word(lang, "table.amount"), value=max(amount, lowest), on_value=set_amount)
            solara.Button(word(lang, f"table.{kind}"), on_click=lambda: act(Action(kind, amount=max(amount, lowest))),
                          color="success")
    if managed:
        with solara.Div(classes=["mln-actions"]):
            Choice(word(lang, "table.manage"), list(managed), managed_label, set_managed_label, wide=True)
            solara.Button(word(lang, "table.do"), disabled=managed_label not in managed,
                          on_click=lambda: act(managed[managed_label]))


@solara.component
def TradeForm(lesson: ClassroomGame, secret: str, seat: int, lang: str, set_problem: Callable[[Any], None]) -> None:
    """A trade offer to another seat: shown only when the seat decides where trades are offered (and
    drawn again after every change while it does)."""
    use_game(lesson, lambda: lesson.version if lesson.may_offer(secret) else None, [secret])
    partner, set_partner = solara.use_state(None)
    give, set_give = solara.use_state(())
    take, set_take = solara.use_state(())
    give_cash, set_give_cash = solara.use_state(0)
    take_cash, set_take_cash = solara.use_state(0)
    shown, set_shown = solara.use_state(False)
    partners, gives, takes = lesson.trade_choices(secret, lang)
    if not partners:
        return
    chosen = partner if partner in [value for _, value in partners] else partners[0][1]
    wide = {"width": "100%"}
    style = {"description_width": "initial"}

    def offer() -> None:
        try:
            lesson.offer_trade(secret, chosen, give=list(give), take=list(take), give_cash=give_cash,
                               take_cash=take_cash, seat=seat)
        except Refused as error:
            set_problem(error)
            return
        set_problem(None)
        for clear, empty in ((set_give, ()), (set_take, ()), (set_give_cash, 0), (set_take_cash, 0)):
            clear(empty)

    solara.Button(("▾ " if shown else "▸ ") + word(lang, "classroom.trade_title"), on_click=lambda: set_shown(not shown),
                  text=True, classes=["mln-trade-toggle"], attributes={"aria-expanded": "true" if shown else "false"})
    if shown:
        with solara.Div(classes=["mln-trade"]):
            widgets.Dropdown.element(description=word(lang, "table.partner"), options=partners, value=chosen,
                                     on_value=set_partner, style=style)
            widgets.SelectMultiple.element(description=word(lang, "table.give"), options=gives,
                                           value=tuple(c for c in give if c in {cell for _, cell in gives}),
                                           on_value=set_give, rows=4, style=style, layout=wide)
            widgets.SelectMultiple.element(description=word(lang, "table.take"), options=takes,
                                           value=tuple(c for c in take if c in {cell for _, cell in takes}),
                                           on_value=set_take, rows=4, style=style, layout=wide)
            widgets.BoundedIntText.element(description=word(lang, "table.give_cash"), value=give_cash, min=0,
                                           max=10 ** 6, on_value=set_give_cash, style=style)
            widgets.BoundedIntText.element(description=word(lang, "table.take_cash"), value=take_cash, min=0,
                                           max=10 ** 6, on_value=set_take_cash, style=style)
            solara.Button(word(lang, "table.offer"), on_click=offer, classes=["mln-offer"],
                          attributes={"title": word(lang, "table.offer")})


@solara.component
def Layout(children: list[Any] = []) -> Any:  # noqa: B006 (Solara's signature for a layout)
    """No app bar and no navigation: the page is the game."""
    return solara.Div(children=children, style={"width": "100%"})


routes = [
    solara.Route(path="/", component=TeamPage, label="team", layout=Layout),
    solara.Route(path="teacher", component=TeacherPage, label="teacher"),
    solara.Route(path="projector", component=ProjectorPage, label="projector"),
]

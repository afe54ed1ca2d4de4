"""The app (``make app``) for every student, in both languages: axe-core finds no serious or critical
violation with each fold open, every control has a name and every button a tooltip in the app's
language, and a turn is played with the keyboard alone (Tab to a button, Enter). Screenshots go to
``screenshots/``."""

from __future__ import annotations

import pytest
from browser.screen import NEEDS_CHROMIUM, wrong_script
from browser.test_app_screens import app_notebook

from millionaire.words import word

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

_NAMELESS = """() => [...document.querySelectorAll('.mln-app button, .mln-app select, .mln-app input')]
  .filter((node) => node.getBoundingClientRect().width > 0)
  .map((node) => {
    const label = node.id && document.querySelector(`label[for="${node.id}"]`);
    const name = node.getAttribute('aria-label') || (label && label.innerText) || node.innerText || node.title || '';
    const tip = node.title || (label && label.title) || node.closest('[title]')?.title || '';
    return {what: node.tagName + ' ' + (node.innerText || node.value || '').trim().slice(0, 40), name: name.trim(), tip};
  })"""


def serious(page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = []
    for violation in Axe().run(page).response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            for node in violation["nodes"][:5]:
                found.append(f"{violation['id']} ({violation['impact']}): {node['target']} {node.get('html', '')[:200]}"
                             f" {node.get('failureSummary', '')[:200]}")
    return found


def open_app(page, voila, workdir, lang: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila.format(app_notebook(workdir, lang)), timeout=120_000)
    page.get_by_role("button", name=word(lang, "table.roll")).wait_for(timeout=60_000)
    page.wait_for_timeout(500)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_app_passes_axe_and_names_every_control(voila, browser, workdir, screenshot, lang):
    page = browser.new_page()
    try:
        open_app(page, voila, workdir, lang)
        for fold in ("table.manage", "table.trade", "table.more", "table.setup"):  # every control in view once
            page.get_by_text(word(lang, fold), exact=True).click()
            page.wait_for_timeout(200)
            problems = serious(page)
            controls = page.evaluate(_NAMELESS)
            problems += [f"no name: {c['what']}" for c in controls if not c["name"]]
            # ipywidgets 8.1 shows a tooltip on buttons; on a control with a label, the label names it
            # (its tooltip is set in the kernel: tests/test_widget_game_table.py checks every one).
            problems += [f"no tooltip: {c['what']}" for c in controls if not c["tip"] and c["what"].startswith("BUTTON")]
            problems += [f"tooltip not in {lang}: {w}" for w in wrong_script([c["tip"] for c in controls], lang)]
            screenshot(page, f"app_access_{lang}_{fold.split('.')[1]}")
            assert not problems, f"with «{word(lang, fold)}» open:\n" + "\n".join(problems)
            page.get_by_text(word(lang, fold), exact=True).click()
    finally:
        page.close()


def press_tab_to(page, name: str, most: int = 60) -> None:
    """Press Tab until the focused element is the button called ``name``."""
    for _ in range(most):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement && document.activeElement.tagName === 'BUTTON'"
                                " ? document.activeElement.innerText.trim() : ''")
        if focused.startswith(name):
            return
    raise AssertionError(f"«{name}» cannot be reached with Tab ({most} presses)")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_turn_by_keyboard_alone(voila, browser, workdir, screenshot, lang):
    page = browser.new_page()
    try:
        open_app(page, voila, workdir, lang)
        log = lambda: page.locator(".mln-log").first.inner_text()  # noqa: E731
        before = log()
        press_tab_to(page, word(lang, "table.roll"))
        screenshot(page, f"app_keyboard_{lang}_1_roll_focused")
        page.keyboard.press("Enter")
        page.wait_for_function("(old) => document.querySelector('.mln-log').innerText !== old", arg=before)
        # Buy the plot if one is offered (its price follows the word), then end the turn.
        buttons = page.locator(".mln-decision button").all_inner_texts()
        buy = next((b for b in buttons if b.startswith(word(lang, "table.buy", price="").split("(")[0].strip())), None)
        if buy:
            before = log()
            press_tab_to(page, buy)
            page.keyboard.press("Enter")
            page.wait_for_function("(old) => document.querySelector('.mln-log').innerText !== old", arg=before)
        before = log()
        press_tab_to(page, word(lang, "table.end_turn"))
        page.keyboard.press("Enter")
        page.wait_for_function("(old) => document.querySelector('.mln-log').innerText !== old", arg=before)
        screenshot(page, f"app_keyboard_{lang}_2_turn_over")
        page.get_by_role("button", name=word(lang, "table.roll")).wait_for(timeout=30_000)  # the bots played: my turn again
    finally:
        page.close()

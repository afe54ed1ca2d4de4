"""The app (``make app``: Voilà over ``app/play.ipynb``) on the screens schools have, in both languages:
the whole board and the buttons of the decision inside the window without scrolling, a larger board
on a larger screen, and nothing asked of the internet. Screenshots go to ``screenshots/``."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from browser.screen import NEEDS_CHROMIUM

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

SCREENS = [(1366, 768), (1280, 800), (1920, 1080)]
ROLL = {"en": "Roll the dice", "ru": "Бросить кубики"}

_BOXES = """() => {
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {board: box(document.querySelector('.mln-app .widget-image')),
          decision: Array.from(document.querySelectorAll('.mln-app .mln-decision button')).map(box),
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
}"""


def app_notebook(workdir, lang: str) -> str:
    """The app's notebook in ``lang``, in the served folder (``app/play.ipynb`` is the Russian one)."""
    notebook = json.loads((workdir / "app" / "play.ipynb").read_text(encoding="utf-8"))
    notebook["cells"][0]["source"] = f"from millionaire.widgets import PlayApp\n\nPlayApp(lang={lang!r})"
    (workdir / "app" / f"play_{lang}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return f"app/play_{lang}.ipynb"


def outside(box: list[float], width: int, height: int) -> bool:
    left, top, right, bottom = box
    return left < 0 or top < 0 or right > width + 0.5 or bottom > height + 0.5


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_whole_board_and_its_decision_fit_every_screen(voila, browser, screenshot, workdir, lang):
    page = browser.new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url)
            if urlparse(request.url).hostname not in {"127.0.0.1", "localhost"} and not request.url.startswith(("data:", "blob:"))
            else None)
    path = app_notebook(workdir, lang)
    problems, widths = [], []
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(voila.format(path), timeout=120_000)
        page.get_by_role("button", name=ROLL[lang]).wait_for(timeout=60_000)
        page.wait_for_timeout(500)
        screenshot(page, f"app_{lang}_{width}x{height}")
        boxes = page.evaluate(_BOXES)
        widths.append(boxes["board"][2] - boxes["board"][0])
        if outside(boxes["board"], width, height):
            problems.append(f"{width}x{height}: the board {[round(v) for v in boxes['board']]} is not inside the window")
        if not boxes["decision"]:
            problems.append(f"{width}x{height}: no decision buttons found")
        problems += [f"{width}x{height}: a decision button {[round(v) for v in box]} is outside the window"
                     for box in boxes["decision"] if outside(box, width, height)]
        if boxes["scroll"][0] > width or boxes["scroll"][1] > height:
            problems.append(f"{width}x{height}: the page scrolls ({boxes['scroll'][0]}x{boxes['scroll'][1]})")
    if not widths[2] > widths[0] + 150:
        problems.append(f"the board is no larger on 1920x1080 ({widths[2]:.0f} px) than on 1366x768 ({widths[0]:.0f} px)")
    problems += [f"asked the internet for {url}" for url in asked]
    assert not problems, "\n".join(problems)

"""The course website (``make site``) in chromium, opened from its folder with every request outside
the site blocked: nothing fails to load, the formulas are typeset, every widget shows something, no
page scrolls sideways at 1280x800, the Russian pages speak Russian, and the language link leads to
the same lesson in the other language, each home page links the four rules pages of its language, and
axe-core finds no serious or critical violation on the front door, the home pages, a lesson of each
language, a guide and a rules page of each language.

Building the site runs every lesson (2-3 minutes from nothing), so this module runs under
``make site-test`` (CI runs it after ``make test``) and skips in ``make test``.
"""

from __future__ import annotations

import html
import os
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from browser.conftest import REPO, shot
from browser.screen import NEEDS_CHROMIUM, sideways_scroll, wrong_script

pytestmark = [
    pytest.mark.browser,
    NEEDS_CHROMIUM,
    pytest.mark.skipif(os.environ.get("MILLIONAIRE_SITE_TEST") != "1",
                       reason="the website test builds the whole site: run it with `make site-test` (CI does)"),
]

#: (page, language): a lesson with formulas and the landing explorer, the game table, a tournament
#: with formulas.
PAGES = [("en/lessons/03_markov_landing.html", "en"), ("ru/lessons/01_play_a_game.html", "ru"),
         ("ru/lessons/08_strategy_tournament.html", "ru")]
#: Latin words a Russian page may show outside code: the board's START corner, the make targets in
#: the note beside each widget, and the Ctrl key in the search box's hint.
RUSSIAN_PAGE_LATIN = {"START", "make", "lab", "app", "Ctrl"}
#: Pages that axe-core checks: the front door, each home page, a lesson per language, a guide, a
#: rules page per language.
AXE_PAGES = ["index.html", "en/index.html", "ru/index.html", "en/lessons/03_markov_landing.html",
             "ru/lessons/01_play_a_game.html", "ru/guides/03_markov_landing.html", "en/rules/millionaire-classic.html",
             "ru/rules/millionaire-elite.html"]
#: The rules pages of each book (docs/rules/NAME.md and NAME.ru.md).
RULES = ["millionaire-classic", "millionaire-elite", "millionaire-junior", "monopoly"]

# The text a reader sees, less code, program output and typeset formulas (which may be in Latin).
_PROSE = """() => {
  const article = document.querySelector('article').cloneNode(true);
  for (const node of article.querySelectorAll('pre, code, mjx-container, .cell_input, .cell_output, script'))
    node.remove();
  return article.innerText;
}"""
# Every widget view on the page: is it drawn, with words or a picture in it, and does it fit its box?
_WIDGETS = """() => Array.from(document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]'))
  .map((script) => {
    const view = script.parentElement.querySelector('.jupyter-widgets');
    if (!view) return {drawn: false};
    const box = view.getBoundingClientRect();
    return {drawn: true, height: box.height, width: box.width, text: view.innerText.trim().length,
            images: view.querySelectorAll('img, canvas, svg').length,
            clipped: view.scrollWidth > view.clientWidth + 1 ? view.scrollWidth - view.clientWidth : 0};
  })"""
_UI = """() => Array.from(document.querySelectorAll('.bd-header, .bd-sidebar-primary, .mln-live-note,'
  + ' .bd-footer-article, .prev-next-area, summary')).map((node) => node.innerText).filter((text) => text.trim())"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The website, built the way ``make site`` builds it (the lessons' runs are reused from build/)."""
    out = tmp_path_factory.mktemp("site") / "site"
    result = subprocess.run([sys.executable, str(REPO / "website" / "build.py"), "--out", str(out)],
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, f"make site failed:\n{result.stderr[-3000:]}"
    return out


def open_offline(browser, site: Path, name: str):
    """Open a page of the site from its folder; returns (page, requests outside the site, failed requests)."""
    outside: list[str] = []
    failed: list[str] = []
    page = browser.new_page()

    def only_the_site(route):
        url = route.request.url
        if url.startswith(site.as_uri() + "/") or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    page.route("**/*", only_the_site)
    page.on("requestfailed", lambda request: failed.append(f"{request.url}: {request.failure}"))
    page.goto((site / name).as_uri())
    page.wait_for_load_state("load")
    # Wait for the formulas and the widgets; a page where they never come is failed by the checks after.
    try:
        if page.locator(".math").count():
            page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise",
                                   timeout=20_000)
            page.evaluate("() => MathJax.startup.promise")
        page.wait_for_function("""() => Array.from(document.querySelectorAll(
            'script[type="application/vnd.jupyter.widget-view+json"]')).every((s) => s.parentElement.querySelector(
            '.jupyter-widgets'))""", timeout=30_000)
    except PlaywrightTimeout:
        pass
    page.wait_for_timeout(500)
    return page, outside, failed


def test_the_home_pages_link_every_lesson_in_both_languages(site):
    for lang, folder in (("en", "notebooks"), ("ru", "notebooks/ru")):
        home = (site / lang / "index.html").read_text(encoding="utf-8")
        lessons = sorted(path.stem for path in (REPO / folder).glob("[0-9][0-9]_*.ipynb"))
        assert lessons, folder
        for lesson in lessons:
            assert f"lessons/{lesson}.html" in home, f"{lang}/index.html has no link to {lesson}"
            assert (site / lang / "lessons" / f"{lesson}.html").exists(), f"{lang}/lessons/{lesson}.html missing"
    front = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="en/index.html"' in front and 'href="ru/index.html"' in front


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_home_page_links_the_rules_pages_of_its_language(site, lang):
    home = (site / lang / "index.html").read_text(encoding="utf-8")
    for name in RULES:
        assert f'href="rules/{name}.html"' in home, f"{lang}/index.html has no link to rules/{name}"
        page = (site / lang / "rules" / f"{name}.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in page, f"{lang}/rules/{name}.html is not in its book's language"
        source = REPO / "docs" / "rules" / (f"{name}.ru.md" if lang == "ru" else f"{name}.md")
        title = source.read_text(encoding="utf-8").splitlines()[0].removeprefix("# ")
        assert html.escape(title, quote=False) in page, f"{lang}/rules/{name}.html is not {source.name}"


@pytest.mark.parametrize(("name", "lang"), PAGES, ids=[name for name, _ in PAGES])
def test_a_lesson_page_reads_offline(browser, site, name, lang):
    page, outside, failed = open_offline(browser, site, name)
    try:
        shot(page, "site_" + name.replace("/", "_").removesuffix(".html"))
        assert outside == [], f"{name} asked for addresses outside the site: {outside[:5]}"
        assert failed == [], f"{name}: requests that failed: {failed[:5]}"

        formulas = page.locator(".math").count()
        assert page.locator("mjx-container").count() >= formulas, f"{name}: formulas not typeset"
        prose = page.evaluate(_PROSE)
        raw = [line for line in prose.splitlines() if "$" in line or "\\(" in line]
        assert raw == [], f"{name}: formulas left as TeX: {raw[:3]}"

        widgets = page.evaluate(_WIDGETS)
        assert widgets, f"{name}: no widget on the page"
        for number, widget in enumerate(widgets, 1):
            assert widget["drawn"], f"{name}: widget {number} is not drawn"
            assert widget["height"] > 40 and (widget["text"] or widget["images"]), f"{name}: widget {number} is empty"
            assert widget["clipped"] == 0, f"{name}: widget {number} is cut by {widget['clipped']} px"
        notes = page.locator(".mln-live-note")
        assert notes.count() == len(widgets), f"{name}: {notes.count()} notes for {len(widgets)} widgets"
        assert "make lab" in notes.first.inner_text() and "make app" in notes.first.inner_text()

        assert sideways_scroll(page) == [], name

        page.locator(".cell_output:has(.jupyter-widgets)").first.scroll_into_view_if_needed()
        shot(page, "site_" + name.replace("/", "_").removesuffix(".html") + "_widget")

        other = page.evaluate("document.querySelector('.mln-lang-switch a').href")
        twin = Path(urllib.parse.unquote(urllib.parse.urlparse(other).path)).resolve()
        assert twin == (site / ("ru" if lang == "en" else "en") / name.split("/", 1)[1]).resolve(), other

        assert page.evaluate("document.documentElement.lang") == lang
        if lang == "ru":
            stray = [word for word in wrong_script([prose, *page.evaluate(_UI)], "ru")
                     if word.split(" (")[0] not in RUSSIAN_PAGE_LATIN]
            assert stray == [], f"{name}: English on a Russian page: {stray[:8]}"
    finally:
        page.close()


@pytest.mark.parametrize("name", AXE_PAGES)
def test_a_page_passes_axe(browser, site, name):
    from axe_playwright_python.sync_playwright import Axe

    page, _, _ = open_offline(browser, site, name)
    try:
        # The whole page, widgets and theme included: nothing is left out of the run.
        violations = Axe().run(page).response["violations"]
        found = [f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes'][:5]]}"
                 f" {violation['nodes'][0].get('failureSummary', '')[:300]}"
                 for violation in violations if violation["impact"] in ("serious", "critical")]
        assert found == [], f"{name}: axe-core finds serious or critical violations:\n" + "\n".join(found)
    finally:
        page.close()

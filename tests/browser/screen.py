"""What a class can read on a screen: checks run inside a page that Playwright has open.

Each check returns a list of problems, each naming the element (empty when the page is fine), so a
failing test says what to fix. Used by the browser tests; see ``notebook-testing`` recipes in the
README's Tests section.
"""

from __future__ import annotations

import re
import shutil
import socket
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: The screen of a classroom projector.
VIEWPORT = {"width": 1280, "height": 800}
NEEDS_CHROMIUM = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium not found: browser tests skipped "
                                    "(install it with: apt-get install chromium)")

#: Words of the other script that may stay: the language picker names each language in itself,
#: the board's START corner is printed in Latin letters on the Russian board too, and a key is
#: named as printed on it.
ALLOWED_LATIN = {"English", "START", "Ctrl"}
ALLOWED_CYRILLIC = {"Русский"}

_VISIBLE_TEXT = """(root) => {
  const nodes = root.querySelectorAll('.jupyter-widgets button, .jupyter-widgets .widget-label, .jupyter-widgets label,'
      + ' .jupyter-widgets option, .jupyter-widgets .widget-html-content, .jupyter-widgets .lm-TabBar-tabLabel,'
      + ' .jupyter-widgets .jupyter-widget-Collapse-header, .jupyter-widgets .p-Collapse-header');
  const texts = [];
  for (const node of nodes) {
    const text = node.tagName === 'OPTION' ? node.textContent : node.innerText;
    if (text && text.trim()) texts.push(text.trim());
  }
  return texts;
}"""

_TRUNCATED = """(root) => {
  const found = [];
  for (const node of root.querySelectorAll('button, .widget-label, label, .widget-html-content, .lm-TabBar-tabLabel')) {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (node.scrollWidth > node.clientWidth + 1) found.push(node.tagName + ' "' + (node.innerText || '').trim().slice(0, 60)
        + '" shows ' + node.clientWidth + ' of ' + node.scrollWidth + ' px');
  }
  return found;
}"""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def sideways_scroll(page) -> list[str]:
    """The page must not scroll sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size["width"]
    return [f"the page is {width} px wide in a {viewport} px window"] if width > viewport else []


def truncated(page, selector: str = "body") -> list[str]:
    """Buttons and labels whose words do not fit (cut or hidden behind "…")."""
    return page.locator(selector).first.evaluate(_TRUNCATED)


def widget_texts(page, selector: str = "body") -> list[str]:
    """Every word a person sees in the widgets: buttons, labels, options, HTML panes, headers."""
    return page.locator(selector).first.evaluate(_VISIBLE_TEXT)


def settle_language(page, lang: str, selector: str = "body", timeout: float = 30.0) -> None:
    """Wait until every word in ``selector`` is in ``lang``, at most ``timeout`` seconds: a language
    switch redraws the widgets one kernel message at a time, so a first control in the new language
    does not mean the last is. The caller's own checks then name whatever is left."""
    deadline = time.monotonic() + timeout  # reading the page takes time of its own on a loaded machine
    while wrong_script(widget_texts(page, selector), lang) and time.monotonic() < deadline:
        page.wait_for_timeout(200)


def wrong_script(texts: list[str], lang: str) -> list[str]:
    """Words of the other language's script (three letters or more), outside the allow-lists.

    >>> wrong_script(["Бросить кубики", "Roll"], "ru")
    ['Roll (in "Roll")']
    >>> wrong_script(["Roll the dice", "Русский"], "en")
    []
    """
    pattern, allowed = (r"[A-Za-z]{3,}", ALLOWED_LATIN) if lang == "ru" else (r"[А-Яа-яЁё]{3,}", ALLOWED_CYRILLIC)
    found = []
    for text in texts:
        for match in re.findall(pattern, text):
            if match not in allowed:
                found.append(f'{match} (in "{text[:80]}")')
    return found


def board_width(page, selector: str = ".mln-table .widget-image") -> float:
    """The board picture's width on screen, in CSS pixels."""
    return page.locator(selector).first.evaluate("(node) => node.getBoundingClientRect().width")


_CLIPPED = """(root) => {
  // Words cut by a box around them that hides what overflows (a column, a scrolling log): an element
  // partly outside such a box. One wholly outside it is hidden on purpose and not counted.
  const found = [];
  const nodes = root.querySelectorAll('button, .widget-label, label, td, th, .mln-log div, .mln-status, b, select, input');
  for (const node of nodes) {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    for (let up = node.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      const outside = box.right <= clip.left || box.left >= clip.right || box.bottom <= clip.top || box.top >= clip.bottom;
      if (outside) break;
      const cut = [];
      if (style.overflowX !== 'visible' && (box.left < clip.left - 1 || box.right > clip.right + 1)) cut.push('sideways');
      if (style.overflowY !== 'visible' && (box.top < clip.top - 1 || box.bottom > clip.bottom + 1)) cut.push('top or bottom');
      if (cut.length) {
        found.push(node.tagName + ' "' + (node.innerText || node.value || '').trim().slice(0, 50) + '" is cut ' + cut.join(', ')
            + ': ' + Math.round(box.left) + '..' + Math.round(box.right) + ' x ' + Math.round(box.top) + '..'
            + Math.round(box.bottom) + ' in ' + Math.round(clip.left) + '..' + Math.round(clip.right) + ' x '
            + Math.round(clip.top) + '..' + Math.round(clip.bottom));
        break;
      }
      if (up === root) break;
    }
  }
  return found;
}"""


def clipped(page, selector: str = "body") -> list[str]:
    """Words partly hidden by a box around them that cuts what overflows (a column too narrow for
    its table, a log whose top line is half shown); each named with where it is cut."""
    return page.locator(selector).first.evaluate(_CLIPPED)

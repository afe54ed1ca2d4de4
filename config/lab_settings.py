"""JupyterLab's settings for the kit in one language: ``python config/lab_settings.py ru DEST``.

JupyterLab reads ``overrides.json`` in its settings folder as the defaults of every setting. The kit's
are ``config/jupyterlab-overrides.json`` (no news pop-up over a lesson) plus the language of
JupyterLab's own menus and dialogs: Russian for ``ru`` (the language pack is in the ``lab`` extra),
English for ``en``. ``make lab`` writes them before it starts JupyterLab; ``make lab-en`` in English.

>>> overrides("ru")["@jupyterlab/translation-extension:plugin"]
{'locale': 'ru_RU'}
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

BASE = Path(__file__).resolve().parent / "jupyterlab-overrides.json"
#: The kit's languages and JupyterLab's name for each.
LOCALES = {"en": "en", "ru": "ru_RU"}
TRANSLATION = "@jupyterlab/translation-extension:plugin"


def overrides(lang: str) -> dict:
    """The kit's JupyterLab defaults with the menus in ``lang`` (``en`` or ``ru``)."""
    if lang not in LOCALES:
        raise ValueError(f"language {lang!r}: the kit's JupyterLab speaks {' or '.join(LOCALES)}")
    settings = json.loads(BASE.read_text(encoding="utf-8"))
    settings[TRANSLATION] = {"locale": LOCALES[lang]}
    return settings


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python config/lab_settings.py en|ru DEST/overrides.json", file=sys.stderr)
        return 2
    lang, dest = argv
    try:
        text = json.dumps(overrides(lang), indent=2, ensure_ascii=False) + "\n"
        Path(dest).parent.mkdir(parents=True, exist_ok=True)
        Path(dest).write_text(text, encoding="utf-8")
    except (ValueError, OSError) as error:
        print(f"lab_settings.py: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Which engine modules run compiled, and the switch back to their Python source.

``setup.py`` compiles the modules listed under ``[tool.millionaire] compiled`` in pyproject.toml
to C with mypyc, from the same source. A compiled module is used only while it is not older than
its source: after an edit (or with the environment variable ``MILLIONAIRE_PURE=1``) every engine
module is imported from its Python source instead, so what runs is always what the source says.
Reinstall (``make install`` or ``pip install -e .``) to compile the edited source.

Examples
--------
>>> from millionaire import compiled
>>> compiled.IN_USE == () or "engine" in compiled.IN_USE
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).parent
#: A source counts as edited when it is this many seconds newer than its compiled module.
EDIT_MARGIN = 2.0


def compiled_files(folder: Path = PACKAGE) -> dict[str, Path]:
    """The compiled modules in ``folder`` for this Python: module name -> file."""
    found: dict[str, Path] = {}
    for path in folder.iterdir():
        for suffix in sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True):
            if path.name.endswith(suffix):
                found[path.name[: -len(suffix)]] = path
                break
    return found


def edited_sources(files: dict[str, Path], folder: Path = PACKAGE) -> list[str]:
    """Names of the compiled modules whose source is newer than the compiled file."""
    edited = []
    for name, path in sorted(files.items()):
        source = folder / f"{name}.py"
        if source.exists() and source.stat().st_mtime > path.stat().st_mtime + EDIT_MARGIN:
            edited.append(name)
    return edited


class SourceFinder:
    """An import hook that loads the named modules of this package from their ``.py`` files."""

    def __init__(self, names: set[str], folder: Path = PACKAGE) -> None:
        self.names = names
        self.folder = folder

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __package__ or name not in self.names:
            return None
        return importlib.util.spec_from_file_location(fullname, self.folder / f"{name}.py")


def choose() -> tuple[str, ...]:
    """Decide once, before the engine is imported: the compiled modules to use (``()``: none).

    The compiled modules call each other directly, so they are used all together or not at all.
    """
    files = compiled_files()
    if not files:
        return ()
    if os.environ.get("MILLIONAIRE_PURE") != "1":
        edited = edited_sources(files)
        if not edited:
            return tuple(sorted(files))
        warnings.warn(
            f"millionaire: {', '.join(n + '.py' for n in edited)} changed after compiling; running the "
            "Python source (slower). Reinstall to compile it: make install (or pip install -e .)",
            stacklevel=3,
        )
    sys.meta_path.insert(0, SourceFinder(set(files)))
    return ()


IN_USE: tuple[str, ...] = choose()

"""Build: the engine's hot path is compiled to C with mypyc when a C compiler is present.

The modules listed under ``[tool.millionaire] compiled`` in pyproject.toml are compiled from
the same Python source (their type hints guide the compiler); everything else stays Python.
Without a working compiler, or with ``MILLIONAIRE_COMPILE=0``, the package installs as plain
Python and plays identically, only slower. ``millionaire/__init__.py`` falls back to the
Python source when a compiled module is older than its source (after an edit).
"""

import os
import sys
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
COMPILED = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["millionaire"]["compiled"]


class OptionalBuildExt(build_ext):
    """Compile when possible; otherwise warn and install the pure Python package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compiler failure means "install pure Python"
            self.warn(f"compiling the engine failed ({error}); installing it as plain Python (slower)")

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001
            self.warn(f"compiling {ext.name} failed ({error}); that module stays plain Python")


def extensions() -> list:
    if os.environ.get("MILLIONAIRE_COMPILE", "1") == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("mypyc is not available: installing plain Python", file=sys.stderr)
        return []
    paths = [f"millionaire/{name}.py" for name in COMPILED]
    return mypycify(["--ignore-missing-imports", *paths], opt_level="3")


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})

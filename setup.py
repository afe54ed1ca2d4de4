"""Build: the engine's hot path is compiled to C with mypyc when a C compiler is present.

The modules listed under ``[tool.millionaire] compiled`` in pyproject.toml are compiled from
the same Python source (their type hints guide the compiler); everything else stays Python.
Beside the compiled modules the build writes ``millionaire/compiled_sources.json``: the SHA-256 of
each source as compiled, so that ``millionaire/compiled.py`` uses them only while the source still
reads the same. A failed compile (a type error mypy rejects, no C compiler) never fails the install:
the package installs as plain Python, which plays identically, only slower, and the record keeps
why, for the warning at import. ``MILLIONAIRE_COMPILE=0`` installs without compiling.
"""

import contextlib
import hashlib
import io
import json
import os
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
COMPILED = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["millionaire"]["compiled"]
RECORD = "compiled_sources.json"
#: The sources as mypyc read them, hashed just before it compiles them.
COMPILED_HASHES: dict[str, str] = {}


def source_hashes(package: Path, names: list[str]) -> dict[str, str]:
    """The SHA-256 of each named module's source in ``package``: what ``compiled.py`` compares."""
    return {name: hashlib.sha256((package / f"{name}.py").read_bytes()).hexdigest() for name in names}


def warn_plain(reason: str) -> None:
    """Say, where pip shows it (``pip install -v``) and in the build log, that the engine stays Python."""
    print(f"\n*** millionaire: the engine was not compiled, it installs as plain Python (slower):\n"
          f"{reason}\n*** `millionaire engine` says which engine runs.\n", file=sys.stderr)


def compile_or_record(compile_modules: Callable[[], list], package: Path = ROOT / "millionaire") -> list:
    """The extensions ``compile_modules`` makes, or none when it fails (mypy's type errors included:
    mypyc prints them and exits), the failure recorded in ``package``'s record for the import warning.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "engine.py").write_text("x: int = 'a'\\n")
    >>> def rejects() -> list:
    ...     print("engine.py:1: error: Incompatible types in assignment")
    ...     raise SystemExit(1)
    >>> compile_or_record(rejects, folder)  # doctest: +ELLIPSIS
    []
    >>> json.loads((folder / RECORD).read_text())["failed"]["error"]
    'engine.py:1: error: Incompatible types in assignment'
    """
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            made = compile_modules()
    except (Exception, SystemExit) as error:  # noqa: BLE001 - any failure to compile means "install plain Python"
        printed = said.getvalue().strip()
        reason = printed or f"{type(error).__name__}: {error}"
        names = [name for name in COMPILED if (package / f"{name}.py").exists()]
        record = read_record(package)
        record["failed"] = {"error": reason, "sources": source_hashes(package, names)}
        (package / RECORD).write_text(json.dumps(record, indent=1) + "\n")
        warn_plain(reason)
        return []
    sys.stdout.write(said.getvalue())  # mypyc's notes, as it would print them
    return made


def read_record(package: Path) -> dict:
    """The record in ``package`` (``{}`` when there is none or it is damaged)."""
    try:
        record = json.loads((package / RECORD).read_text())
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


class OptionalBuildExt(build_ext):
    """Compile when possible; otherwise warn and install the pure Python package. After a compile,
    write the record of the compiled sources beside the compiled modules (in place, too, for ``-e``)."""

    def run(self) -> None:
        inplace = self.inplace
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compiler failure means "install pure Python"
            warn_plain(f"the C compiler failed ({error})")
            return
        made = {ext.name for ext in self.extensions}
        built = [name for name in COMPILED if f"millionaire.{name}" in made and name in COMPILED_HASHES]
        if not built:  # nothing compiled (MILLIONAIRE_COMPILE=0, a failed compile): keep the record as it is
            return
        record = {"compiled": {name: COMPILED_HASHES[name] for name in built}}
        folders = {Path(self.build_lib) / "millionaire"} | ({ROOT / "millionaire"} if inplace else set())
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / RECORD).write_text(json.dumps(record, indent=1) + "\n")

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
    COMPILED_HASHES.update(source_hashes(ROOT / "millionaire", COMPILED))
    return compile_or_record(lambda: mypycify(["--ignore-missing-imports", *paths], opt_level="3"))


if __name__ == "__main__":
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})

"""Which engine modules run compiled, and the switch back to their Python source.

``setup.py`` compiles the modules listed under ``[tool.millionaire] compiled`` in pyproject.toml
to C with mypyc, from the same source, and writes beside them ``compiled_sources.json``: the
SHA-256 of each source as it was compiled (and, after a failed compile, why it failed). The
compiled modules are used only while every one of their sources still reads as compiled. After an
edit, or a copy or unzip that brought other contents (whatever the files' dates), when the record
is missing, or with the environment variable ``MILLIONAIRE_PURE=1``, every engine module is
imported from its Python source instead, so what runs is always what the source says. Reinstall
(``make install`` or ``pip install -e .``) to compile the edited source.

Compiled or not, the engine means the same: a subclass of ``Game`` overrides its methods either
way; replacing a method on ``Game`` itself (``Game.rent = ...``) works from source, and the
compiled engine refuses it with :class:`CompiledEngineError` saying how to run the source.
:func:`source` reads a compiled function's or class's source (IPython's ``Game.rent??`` shows it).

``millionaire engine`` (and ``make lab``) says which engine runs and how to switch.

Examples
--------
>>> from millionaire import compiled
>>> compiled.IN_USE == () or "engine" in compiled.IN_USE
True
>>> compiled.source(compiled.source).splitlines()[0]
'def source(obj: object) -> str:'
"""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import importlib.util
import inspect
import json
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import MillionaireError
from .words import word

PACKAGE = Path(__file__).parent
#: Written by setup.py beside the compiled modules.
RECORD = "compiled_sources.json"


class CompiledEngineError(MillionaireError):
    """A change the compiled engine cannot follow (a method of ``Game`` replaced); the message says
    how to run the engine from its Python source, where the change works."""


def compiled_files(folder: Path = PACKAGE) -> dict[str, Path]:
    """The compiled modules in ``folder`` for this Python: module name -> file."""
    found: dict[str, Path] = {}
    for path in folder.iterdir():
        for suffix in sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True):
            if path.name.endswith(suffix):
                found[path.name[: -len(suffix)]] = path
                break
    return found


def read_record(folder: Path = PACKAGE) -> dict[str, Any]:
    """The build's record in ``folder`` (``{}`` when there is none or it cannot be read)."""
    try:
        record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def source_hash(path: Path) -> str:
    """The SHA-256 of a file's contents, as setup.py records it ("" when the file is missing)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def edited_sources(files: dict[str, Path], folder: Path = PACKAGE, record: dict[str, Any] | None = None) -> list[str]:
    """Names of the compiled modules whose source differs from the one compiled (or was not recorded)."""
    hashes = (read_record(folder) if record is None else record).get("compiled", {})
    return [name for name in sorted(files) if source_hash(folder / f"{name}.py") != hashes.get(name)]


def failed_compile(folder: Path = PACKAGE, record: dict[str, Any] | None = None) -> str:
    """mypyc's error when compiling the sources as they read now failed at install ("" otherwise)."""
    failed = (read_record(folder) if record is None else record).get("failed", {})
    sources = failed.get("sources", {}) if isinstance(failed, dict) else {}
    if not sources or any(source_hash(folder / f"{name}.py") != digest for name, digest in sources.items()):
        return ""
    return str(failed.get("error", ""))


@dataclass(frozen=True)
class Status:
    """Which engine runs and why: ``reason`` is ``"compiled"``, ``"asked"`` (``MILLIONAIRE_PURE=1``),
    ``"failed"`` (compiling the current source failed: ``detail`` says how), ``"edited"`` (the
    sources in ``names`` differ from the compiled ones) or ``"plain"`` (installed without compiling)."""

    modules: tuple[str, ...]
    reason: str
    names: tuple[str, ...] = ()
    detail: str = ""

    def describe(self, lang: str = "en") -> str:
        """The status in a sentence or two, with how to switch.

        >>> print(Status(("engine",), "compiled").describe())  # doctest: +ELLIPSIS
        The engine runs compiled (fast). To run it from its Python source: MILLIONAIRE_PURE=1 ...
        """
        files = ", ".join(f"{name}.py" for name in self.names)
        text = word(lang, f"engine.{self.reason}", files=files)
        if self.detail:
            text += "\n" + "\n".join(self.detail.splitlines()[:6])
        return text


def status(folder: Path = PACKAGE) -> Status:
    """Decide which engine modules to use, from the files in ``folder`` and the environment."""
    files = compiled_files(folder)
    record = read_record(folder)
    if os.environ.get("MILLIONAIRE_PURE") == "1":
        return Status((), "asked")
    failed = failed_compile(folder, record)
    edited = edited_sources(files, folder, record) if files else []
    if files and not edited:
        return Status(tuple(sorted(files)), "compiled")
    if failed:
        return Status((), "failed", detail=failed)
    if files:
        return Status((), "edited", tuple(edited))
    return Status((), "plain")


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


def language() -> str:
    """The language of the system's locale for messages without a ``lang`` argument: ``ru`` or ``en``."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return "ru" if value.startswith("ru") else "en"
    return "en"


def choose() -> tuple[str, ...]:
    """Decide once, before the engine is imported: the compiled modules to use (``()``: none).

    The compiled modules call each other directly, so they are used all together or not at all.
    """
    found = status()
    if found.reason in ("failed", "edited"):
        warnings.warn(f"millionaire: {found.describe(language())}", stacklevel=3)
    files = compiled_files()
    if not found.modules and files:
        sys.meta_path.insert(0, SourceFinder(set(files)))
    return found.modules


IN_USE: tuple[str, ...] = choose()


def seal(cls: type) -> dict[str, object]:
    """The methods of a compiled class as compiled: what :func:`check_sealed` compares with."""
    return dict(vars(cls))


def check_sealed(cls: type, methods: dict[str, object]) -> None:
    """Refuse, saying how to run the source, a compiled class whose methods were replaced since
    :func:`seal` (the compiled code would go on calling the compiled ones)."""
    now = vars(cls)
    if list(map(now.get, methods)) == list(methods.values()):  # compared in C: each entry is equal to itself
        return
    replaced = sorted(name for name, method in methods.items() if now.get(name) is not method)
    if replaced:
        names = ", ".join(f"{cls.__name__}.{name}" for name in replaced)
        raise CompiledEngineError(word(language(), "engine.replaced", names=names, cls=cls.__name__))


def source(obj: object) -> str:
    """The Python source of a function, method or class, compiled or not (a compiled one's is read
    from its ``.py`` file, which mypyc compiled). ``OSError`` when there is none.

    >>> from millionaire import Game
    >>> source(Game.rent).splitlines()[0].strip()[:16]
    'def rent(self, c'
    """
    try:
        return inspect.getsource(obj)  # type: ignore[arg-type]
    except (OSError, TypeError):
        pass
    qualname = getattr(obj, "__qualname__", "")
    owner = getattr(obj, "__objclass__", None)
    module = sys.modules.get(str(getattr(obj, "__module__", None) or getattr(owner, "__module__", "")))
    file = getattr(module, "__file__", None)
    path = Path(file).with_name(Path(file).name.split(".")[0] + ".py") if file else None
    if not qualname or path is None or not path.exists():
        raise OSError(f"no Python source for {obj!r}")
    text = path.read_text(encoding="utf-8")
    node = _find(ast.parse(text).body, qualname.split("."))
    segment = ast.get_source_segment(text, node, padded=True) if node is not None else None
    if segment is None:
        raise OSError(f"{qualname} is not in {path}")
    start = node.decorator_list[0].lineno if node.decorator_list else node.lineno  # type: ignore[union-attr]
    return "".join(text.splitlines(keepends=True)[start - 1:node.end_lineno])  # type: ignore[union-attr]


def _find(body: list[ast.stmt], names: list[str]) -> ast.stmt | None:
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == names[0]:
            return node if len(names) == 1 else _find(node.body, names[1:])
    return None


class _SourceNotes(dict):  # type: ignore[type-arg]
    """What IPython shows for ``Class.method?`` of a compiled class (mypyc keeps no docstrings or
    source): the method's source, read from the ``.py`` file when asked."""

    def __init__(self, cls: type) -> None:
        super().__init__()
        self.cls = cls

    def get(self, name: str, default: object = None) -> object:
        try:
            return source(getattr(self.cls, name))
        except (AttributeError, OSError, SyntaxError):
            return default


def make_inspectable() -> None:
    """Give the classes of the compiled modules in use their source for IPython's ``?`` and ``??``."""
    for name in IN_USE:
        module = sys.modules.get(f"{__package__}.{name}")
        for value in vars(module).values() if module else ():
            if isinstance(value, type) and value.__module__ == module.__name__:  # type: ignore[union-attr]
                try:
                    value.__custom_documentations__ = _SourceNotes(value)  # type: ignore[attr-defined]
                except (AttributeError, TypeError):  # an enum or a class that takes no new attribute
                    pass

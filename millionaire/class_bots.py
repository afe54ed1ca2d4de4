"""The class's bots, collected from a folder: each pupil (or pair) saves a file, the league plays them all.

A file in the folder (``bots/masha_petya.py``) holds one or more strategies: classes with a
``choose(game, decision)`` method, usually subclasses of :class:`~millionaire.agents.Agent`. Each
becomes a league entrant named after its file (``masha_petya``), or after its file and class when
the file holds several (``masha_petya.Cautious``). Files whose names start with ``_`` or ``.`` are
left out, so a shared helper module may sit beside the bots.

A pupil's file is somebody's code, run with the teacher's rights. It is first loaded in a forked
process with a time limit and a memory cap (where the system can fork): a file that loops forever,
fills the memory, exits, raises or holds no bot is reported by name and left out, and the notebook
never hangs on it nor runs out of memory for it. Only files that
pass are loaded into the notebook. This is a check, not a sandbox (see :mod:`millionaire.league`).

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "saver.py").write_text(
...     "from millionaire.agents import Agent\\n"
...     "class Saver(Agent):\\n"
...     "    reserve = 300\\n"
...     "    def choose(self, game, decision):\\n"
...     "        return decision.legal_actions()[0]\\n")
>>> _ = (folder / "typo.py").write_text("class Bot(Agent): pass\\n")
>>> found = collect_bots(folder)
>>> sorted(found.bots), found.problems
(['saver'], {'typo.py': "NameError: name 'Agent' is not defined (line 1)"})
>>> print(found.format("ru"))  # doctest: +ELLIPSIS
Ботов в папке ...: 1 (saver)
Не вошли: 1
  typo.py: NameError: name 'Agent' is not defined (строка 1)
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import signal
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .agents import Agent
from .confinement import BOT_MEMORY_MB, confine
from .errors import MillionaireError
from .plain_text import one_line
from .words import check_lang, word

#: Seconds a pupil's file may take to load (and its bots to be made) before it is left out.
LOAD_SECONDS = 5.0

#: Bytes a file may take beyond what the trial process holds when forked (as a league's bot may).
LOAD_MEMORY = BOT_MEMORY_MB * 2**20

#: The longest problem text shown for one file (the first line of the error is what a pupil needs).
_PROBLEM_CHARS = 300


class ClassBotsError(MillionaireError):
    """A folder of bots that cannot be read at all (it does not exist, or is not a folder)."""


class _NoBot(Exception):
    """A file that loads but defines no bot."""


#: Why a file was left out: a key of the catalogue (``bots.<key>``) and its fields.
Problem = tuple[str, dict[str, Any]]


@dataclass
class ClassBots:
    """What :func:`collect_bots` found: ``bots`` (name -> class, ready for ``league``) and the files
    left out with the reason (``problems``: file name -> the reason in English; :meth:`format` in
    either language)."""

    folder: Path
    bots: dict[str, type] = field(default_factory=dict)
    reasons: dict[str, Problem] = field(default_factory=dict)

    @property
    def problems(self) -> dict[str, str]:
        return {name: _problem_text(reason, "en") for name, reason in self.reasons.items()}

    def format(self, lang: str = "en") -> str:
        """The bots found and the files left out, with the reason, in ``lang``."""
        check_lang(lang)
        lines = [word(lang, "bots.found", folder=str(self.folder), count=len(self.bots),
                      names=", ".join(self.bots) or "—")]
        if self.reasons:
            lines.append(word(lang, "bots.left_out", count=len(self.reasons)))
            lines.extend(f"  {name}: {_problem_text(reason, lang)}" for name, reason in self.reasons.items())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.format("en")


def collect_bots(folder: str | Path = "bots", timeout: float = LOAD_SECONDS, memory: int = LOAD_MEMORY) -> ClassBots:
    """Load every pupil's file in ``folder`` and return its bots, ready for :func:`~millionaire.league.league`:
    ``league({**found.bots, "monopolist": "monopolist"})``. A file that cannot be used is reported and
    left out; the others still load."""
    path = Path(folder)
    if not path.exists():
        raise ClassBotsError(f"no folder {str(path)!r} (looked in {str(Path.cwd())!r}): "
                             "make it and save each pupil's bot in it as a .py file")
    if not path.is_dir():
        raise ClassBotsError(f"{str(path)!r} is a file, not a folder of bots")
    found = ClassBots(path)
    for file in sorted(path.glob("*.py")):
        if file.name.startswith(("_", ".")) or not file.is_file():
            continue
        problem = _trial(file, timeout, memory)
        if problem is None:
            try:
                strategies = _strategies(_load(file))
            except BaseException as error:  # noqa: BLE001 - a pupil's file may raise anything, SystemExit too
                if isinstance(error, KeyboardInterrupt):
                    raise
                problem = _why_left_out(error, file)
            else:
                for name, strategy in strategies.items():
                    entrant = file.stem if len(strategies) == 1 else f"{file.stem}.{name}"
                    found.bots[entrant] = strategy
        if problem is not None:
            found.reasons[file.name] = problem
    return found


def _load(file: Path) -> ModuleType:
    """Run the file as a module of its own (not importable by name, so two pupils' files never clash)."""
    spec = importlib.util.spec_from_file_location(f"millionaire_class_bot_{file.stem}", file)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py path always has a loader
        raise _NoBot()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _strategies(module: ModuleType) -> dict[str, type]:
    """The strategies a module defines (classes of its own with ``choose``), each made once to check."""
    found = {}
    for name, value in vars(module).items():
        if (inspect.isclass(value) and value.__module__ == module.__name__ and not name.startswith("_")
                and callable(getattr(value, "choose", None)) and value.choose is not Agent.choose):
            value()  # a bot that cannot be made fails here, with its own error, not in every game
            found[name] = value
    if not found:
        raise _NoBot()
    return found


def _why_left_out(error: BaseException, file: Path) -> Problem:
    """Why loading ``file`` failed: the error and the line of the pupil's file it came from."""
    if isinstance(error, _NoBot):
        return "no_bot", {}
    if isinstance(error, SystemExit):
        return "exits", {}
    if isinstance(error, MemoryError):
        return "memory", {}
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == str(file)]
    text = one_line(f"{type(error).__name__}: {error}")[:_PROBLEM_CHARS]
    return ("error_at", {"error": text, "line": lines[-1]}) if lines else ("error", {"error": text})


def _problem_text(problem: Problem, lang: str) -> str:
    key, fields = problem
    return word(lang, f"bots.{key}", **fields)


def _trial(file: Path, timeout: float, memory: int) -> Problem | None:
    """Load ``file`` and make its bots in a forked process first: None when that works, else why not.
    The process is confined (:func:`~millionaire.confinement.confine`): a session of its own, ended
    with every process it started, and at most ``memory`` bytes more than it held when forked.
    Where the system cannot fork, the file is loaded in the notebook only (an endless loop then
    needs the notebook's stop button)."""
    if not hasattr(os, "fork"):
        return None
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the trial process: it never returns
        code = 0
        try:
            os.close(reader)
            confine(memory)
            try:
                _strategies(_load(file))
                answer: Any = None
            except BaseException as error:  # noqa: BLE001 - report whatever the file does
                answer = _why_left_out(error, file)
            os.write(writer, json.dumps({"problem": answer}).encode("utf-8"))
        except BaseException:  # noqa: BLE001 - whatever happens here ends this process only
            code = 1
        finally:
            os._exit(code)
    os.close(writer)
    os.set_blocking(reader, False)
    deadline, received = time.monotonic() + timeout, b""
    while time.monotonic() < deadline:
        try:
            chunk = os.read(reader, 65536)
        except BlockingIOError:
            time.sleep(0.01)
            continue
        if not chunk:
            break
        received += chunk
    os.close(reader)
    if os.waitpid(pid, os.WNOHANG)[0] != pid:
        try:
            os.killpg(pid, signal.SIGKILL)  # the trial and whatever it started: its own process group
        except ProcessLookupError:  # pragma: no cover - not yet in a group of its own
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        if not received:
            return "slow", {"seconds": f"{timeout:g}"}
    try:
        problem = json.loads(received)["problem"]
    except (ValueError, KeyError, TypeError):
        return "ended", {}
    return None if problem is None else (problem[0], problem[1])


__all__ = ["ClassBots", "ClassBotsError", "LOAD_SECONDS", "collect_bots"]

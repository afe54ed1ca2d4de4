"""The compiled engine and its Python source: the same games, and the switch between them.

``setup.py`` compiles the engine's hot modules with mypyc; ``millionaire.compiled`` uses them only
while their source is unchanged. These tests check that the compiled engine plays exactly as the
source reads (a subprocess runs the source with ``MILLIONAIRE_PURE=1``), and that the switch
notices an edited source.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from millionaire import compiled

# Games on both boards with every built-in strategy, hashed: the event log in sentences and the
# final saved state. Printed by a subprocess, so it can run the Python source instead.
PLAY = textwrap.dedent("""
    import hashlib
    from millionaire import Game, compiled, load_board
    digest = hashlib.sha256()
    for key in ("millionaire-classic", "monopoly-us"):
        board = load_board(key)
        for seed in range(4):
            game = Game(board, agents=["cautious", "aggressive", "monopolist", "random"], seed=seed)
            game.run(max_rounds=150)
            digest.update("\\n".join(game.log()).encode())
            digest.update(game.state.to_json().encode())
    print(",".join(compiled.IN_USE) or "python", digest.hexdigest())
""")


def play_in_subprocess(pure: bool) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "MILLIONAIRE_PURE"}
    if pure:
        env["MILLIONAIRE_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True, env=env, check=True)
    modules, digest = done.stdout.split()
    return modules, digest


def test_the_compiled_engine_plays_as_its_source() -> None:
    files = compiled.compiled_files()
    if not files or compiled.edited_sources(files):
        pytest.skip("the engine is not compiled here (no C compiler at install), or edited since")
    modules, compiled_digest = play_in_subprocess(pure=False)
    assert modules == ",".join(sorted(files)) and "engine" in modules
    source, source_digest = play_in_subprocess(pure=True)
    assert source == "python"
    assert compiled_digest == source_digest


def test_an_installed_compiled_engine_is_in_use() -> None:
    """After an install the compiled modules are newer than their source, so they run."""
    files = compiled.compiled_files()
    if not files or os.environ.get("MILLIONAIRE_PURE") == "1":
        pytest.skip("the engine is not compiled here, or the Python source was asked for")
    assert compiled.IN_USE == tuple(sorted(files))
    import millionaire.engine

    assert not millionaire.engine.__file__.endswith(".py")


def _fake_package(folder: Path) -> Path:
    """A folder with ``engine.py`` and a compiled-looking ``engine`` file beside it."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (folder / "engine.py").write_text("ANSWER = 42\n")
    (folder / "helpers.py").write_text("")
    binary = folder / f"engine{suffix}"
    binary.write_bytes(b"")
    return binary


def test_an_edited_source_is_noticed(tmp_path: Path) -> None:
    binary = _fake_package(tmp_path)
    files = compiled.compiled_files(tmp_path)
    assert files == {"engine": binary}
    now = time.time()
    os.utime(binary, (now, now))
    os.utime(tmp_path / "engine.py", (now - 60, now - 60))
    assert compiled.edited_sources(files, tmp_path) == []
    os.utime(tmp_path / "engine.py", (now + 60, now + 60))  # edited a minute after compiling
    assert compiled.edited_sources(files, tmp_path) == ["engine"]


def test_the_source_finder_loads_the_python_file(tmp_path: Path) -> None:
    _fake_package(tmp_path)
    finder = compiled.SourceFinder({"engine"}, tmp_path)
    spec = finder.find_spec("millionaire.engine")
    assert spec is not None and spec.origin == str(tmp_path / "engine.py")
    assert finder.find_spec("millionaire.helpers") is None  # not compiled: left to the usual import
    assert finder.find_spec("elsewhere.engine") is None


def test_the_source_is_used_when_asked_for() -> None:
    modules, _ = play_in_subprocess(pure=True)
    assert modules == "python"



def test_a_strategy_written_in_a_notebook_subclasses_the_compiled_agent() -> None:
    """Agent is compiled but open to subclasses defined in plain Python (a lesson's own bot)."""
    from millionaire import Action, Game, load_board
    from millionaire.agents import Agent

    class NeverBuys(Agent):
        name = "never buys"

        def choose(self, game: Game, decision: object) -> Action:
            legal = decision.legal_actions()  # type: ignore[attr-defined]
            declined = [a for a in legal if a.kind in ("decline", "pass", "skip", "end_turn", "roll")]
            return declined[0] if declined else legal[0]

    game = Game(load_board("millionaire-classic"), agents=[NeverBuys(), "cautious"], seed=3)
    game.run(max_rounds=40)
    seat = next(i for i, agent in enumerate(game.agents) if isinstance(agent, NeverBuys))
    assert isinstance(game.agents[seat], Agent)
    mine = [action.kind for who, action in game.actions if who == seat]
    assert "roll" in mine and "buy" not in mine


def test_an_edited_copy_imports_from_source_with_a_warning(tmp_path: Path) -> None:
    """The whole switch, as a teacher meets it: compiled files beside an edited ``engine.py``."""
    files = compiled.compiled_files()
    if not files or compiled.edited_sources(files):
        pytest.skip("the engine is not compiled here, or edited since")

    package = Path(compiled.__file__).parent
    shutil.copytree(package, tmp_path / "millionaire", ignore=shutil.ignore_patterns("__pycache__"))
    for group in package.parent.glob("*__mypyc*"):  # the shared library the compiled modules load
        shutil.copy2(group, tmp_path)
    code = "import millionaire, millionaire.engine as e; print(bool(millionaire.compiled.IN_USE), e.__file__)"
    env = {k: v for k, v in os.environ.items() if k != "MILLIONAIRE_PURE"}
    env["PYTHONPATH"] = str(tmp_path)

    def imported() -> tuple[list[str], str]:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                              cwd=tmp_path, check=True)
        return done.stdout.split(), done.stderr

    (uses_compiled, engine_file), warned = imported()  # the copy as installed: compiled
    assert uses_compiled == "True" and engine_file.startswith(str(tmp_path)) and not engine_file.endswith(".py")
    assert warned == ""
    edited = tmp_path / "millionaire" / "engine.py"
    later = time.time() + 60
    os.utime(edited, (later, later))
    (uses_compiled, engine_file), warned = imported()  # after an edit: the source, and a warning
    assert (uses_compiled, engine_file) == ("False", str(edited))
    assert "engine.py changed after compiling" in warned and "make install" in warned

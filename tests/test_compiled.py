"""The compiled engine and its Python source: the same games, and the switch between them.

``setup.py`` compiles the engine's hot modules with mypyc; ``millionaire.compiled`` uses them only
while their source is unchanged. These tests check that the compiled engine plays exactly as the
source reads (a subprocess runs the source with ``MILLIONAIRE_PURE=1``), and that the switch
notices an edited source.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
import tomllib
import zipfile
from pathlib import Path

import pytest

from millionaire import Game, compiled
from millionaire.compiled import CompiledEngineError

# Games of each edition named on the command line (all of them when none is) with every built-in
# strategy, hashed: the event log in sentences and the final saved state. Printed by a subprocess,
# so it can run the Python source instead.
PLAY = textwrap.dedent("""
    import hashlib
    import sys
    from millionaire import Game, compiled, load_board
    from millionaire.editions import EDITIONS
    digest = hashlib.sha256()
    for key in sys.argv[1:] or [edition.key for edition in EDITIONS]:
        board = load_board(key)
        for seed in range(4):
            game = Game(board, agents=["cautious", "aggressive", "monopolist", "random"], seed=seed)
            game.run(max_rounds=150)
            digest.update("\\n".join(game.log()).encode())
            digest.update(game.state.to_json().encode())
    print(",".join(compiled.IN_USE) or "python", digest.hexdigest())
""")


def play_in_subprocess(pure: bool, editions: tuple[str, ...] = ()) -> tuple[str, str]:
    """(the compiled modules in use or ``"python"``, the digest of :data:`PLAY`'s games of ``editions``)."""
    env = {k: v for k, v in os.environ.items() if k != "MILLIONAIRE_PURE"}
    if pure:
        env["MILLIONAIRE_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY, *editions], capture_output=True, text=True, env=env,
                          check=True)
    modules, digest = done.stdout.split()
    return modules, digest


def compiled_build_present() -> bool:
    """Whether a compiled engine is installed here and its source unedited since."""
    files = compiled.compiled_files()
    return bool(files) and not compiled.edited_sources(files)


def test_the_compiled_engine_plays_as_its_source() -> None:
    """Every edition (tests/test_editions.py runs the same games one edition at a time)."""
    if not compiled_build_present():
        pytest.skip("the engine is not compiled here (no C compiler at install), or edited since")
    files = compiled.compiled_files()
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


def _fake_package(folder: Path, contents: str = "ANSWER = 42\n") -> Path:
    """A folder with ``engine.py``, a compiled-looking ``engine`` file beside it and the build's
    record of the source it was compiled from (``contents``)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (folder / "engine.py").write_text(contents)
    (folder / "helpers.py").write_text("")
    binary = folder / f"engine{suffix}"
    binary.write_bytes(b"")
    record = {"compiled": {"engine": hashlib.sha256(contents.encode()).hexdigest()}}
    (folder / compiled.RECORD).write_text(json.dumps(record))
    return binary


def test_an_edited_source_is_noticed_by_its_contents_not_its_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MILLIONAIRE_PURE", raising=False)
    binary = _fake_package(tmp_path)
    files = compiled.compiled_files(tmp_path)
    assert files == {"engine": binary}
    now = time.time()
    source = tmp_path / "engine.py"
    os.utime(source, (now + 60, now + 60))  # touched after compiling, the same contents: still compiled
    assert compiled.edited_sources(files, tmp_path) == []
    assert compiled.status(tmp_path).reason == "compiled"
    source.write_text("ANSWER = 43\n")
    os.utime(source, (now - 3600, now - 3600))  # other contents, older than the binary (cp -p, unzip)
    assert compiled.edited_sources(files, tmp_path) == ["engine"]
    found = compiled.status(tmp_path)
    assert (found.modules, found.reason, found.names) == ((), "edited", ("engine",))
    assert "Changed since compiling (or compiled without a record of the source): engine.py." in found.describe("en")
    assert "Изменено после компиляции (или скомпилировано без записи об исходном коде): engine.py." in found.describe("ru")


def test_compiled_files_without_a_record_run_from_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build older than the record (or a record lost) cannot vouch for its source."""
    monkeypatch.delenv("MILLIONAIRE_PURE", raising=False)
    _fake_package(tmp_path)
    (tmp_path / compiled.RECORD).unlink()
    assert compiled.status(tmp_path).reason == "edited"
    (tmp_path / compiled.RECORD).write_text("{not json")
    assert compiled.status(tmp_path).reason == "edited"


def test_a_failed_compile_is_reported_while_the_source_reads_as_then(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MILLIONAIRE_PURE", raising=False)
    _fake_package(tmp_path)
    bad = "amount: int = 1.5\n"
    (tmp_path / "engine.py").write_text(bad)
    record = json.loads((tmp_path / compiled.RECORD).read_text())
    record["failed"] = {"error": "engine.py:1: error: Incompatible types in assignment",
                        "sources": {"engine": hashlib.sha256(bad.encode()).hexdigest()}}
    (tmp_path / compiled.RECORD).write_text(json.dumps(record))
    found = compiled.status(tmp_path)
    assert (found.modules, found.reason) == ((), "failed")
    text = found.describe("en")
    assert "Compiling the engine failed at install" in text and text.endswith("Incompatible types in assignment")
    assert "make typecheck" in text and "make install" in text
    (tmp_path / "engine.py").write_text("amount: int = 2\n")  # fixed, not yet reinstalled
    assert compiled.status(tmp_path).reason == "edited"


def test_the_source_is_asked_for_and_a_plain_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "engine.py").write_text("")
    monkeypatch.delenv("MILLIONAIRE_PURE", raising=False)
    assert compiled.status(tmp_path).reason == "plain"
    assert "installed without compiling" in compiled.status(tmp_path).describe("en")
    _fake_package(tmp_path)
    monkeypatch.setenv("MILLIONAIRE_PURE", "1")
    assert compiled.status(tmp_path) == compiled.Status((), "asked")
    assert "MILLIONAIRE_PURE=1" in compiled.status(tmp_path).describe("ru")


def _setup_module():
    """setup.py as a module (its setup() call runs only as a script)."""
    spec = importlib.util.spec_from_file_location("millionaire_setup", Path(__file__).parents[1] / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_failed_compile_installs_plain_python_and_keeps_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """mypyc prints mypy's errors and exits: setup.py installs no extension and records the error."""
    setup = _setup_module()
    package = tmp_path / "millionaire"
    package.mkdir()
    for name in setup.COMPILED:
        (package / f"{name}.py").write_text(f"# {name}\n")
    earlier = {"compiled": {"engine": "0" * 64}}  # the build before, whose binaries may still lie here
    (package / setup.RECORD).write_text(json.dumps(earlier))

    def rejected() -> list:
        print("millionaire/engine.py:455: error: Incompatible types in assignment (expression has type "
              '"float", variable has type "int")  [assignment]')
        raise SystemExit(1)

    assert setup.compile_or_record(rejected, package) == []
    record = json.loads((package / setup.RECORD).read_text())
    assert record["compiled"] == earlier["compiled"]
    assert record["failed"]["error"].startswith("millionaire/engine.py:455: error: Incompatible types")
    assert record["failed"]["sources"] == setup.source_hashes(package, setup.COMPILED)
    assert "installs as plain Python" in capsys.readouterr().err
    assert compiled.failed_compile(package).startswith("millionaire/engine.py:455")

    def no_compiler() -> list:
        raise OSError("gcc: not found")

    assert setup.compile_or_record(no_compiler, package) == []
    assert json.loads((package / setup.RECORD).read_text())["failed"]["error"] == "OSError: gcc: not found"
    made = ["an extension"]
    assert setup.compile_or_record(lambda: made, package) is made


@pytest.mark.slow
def test_building_an_engine_that_mypy_rejects_still_installs(tmp_path: Path) -> None:
    """The teacher's case, for real: a valid Python edit that mypy rejects, built as pip builds it."""
    root = Path(__file__).parents[1]
    if shutil.which("gcc") is None:
        pytest.skip("no C compiler: nothing would be compiled anyway")
    copy = tmp_path / "kit"
    copy.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(root / name, copy)
    shutil.copytree(root / "millionaire", copy / "millionaire",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", compiled.RECORD))
    queries = copy / "millionaire" / "queries.py"  # where Game.rent's rule is written
    text = queries.read_text()
    marker = "        amount = info.rent[level]\n"
    assert marker in text
    queries.write_text(text.replace(marker, marker + "        amount = amount * 1.5\n", 1))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"),
                           str(copy)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("millionaire-*.whl"))
    with zipfile.ZipFile(wheel) as files:
        names = files.namelist()
    assert "millionaire/queries.py" in names and not [n for n in names if n.endswith(".so")]
    record = json.loads((copy / "millionaire" / compiled.RECORD).read_text())
    assert "queries.py" in record["failed"]["error"] and "float" in record["failed"]["error"]


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
    """The whole switch, as a teacher meets it: compiled files beside an ``engine.py`` that now reads
    otherwise, dated before the compiled file (as ``cp -p`` or an unzip leaves it)."""
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

    edited = tmp_path / "millionaire" / "engine.py"
    later = time.time() + 60
    os.utime(edited, (later, later))  # touched, not changed: still the compiled engine
    (uses_compiled, engine_file), warned = imported()
    assert uses_compiled == "True" and engine_file.startswith(str(tmp_path)) and not engine_file.endswith(".py")
    assert warned == ""
    edited.write_text(edited.read_text() + "\n# a teacher's note\n")
    os.utime(edited, (0, 0))
    (uses_compiled, engine_file), warned = imported()  # other contents: the source, and a warning
    assert (uses_compiled, engine_file) == ("False", str(edited))
    assert "Changed since compiling (or compiled without a record of the source): engine.py." in warned and "make install" in warned


def _rents_paid(game: Game) -> int:
    game.run(max_rounds=40)
    return sum(1 for event in game.events if event.kind == "pay" and event.detail == "rent")


def test_a_subclass_of_game_overrides_its_methods_compiled_or_not(classic) -> None:
    """The engine's own calls reach the subclass's method, as they do in the Python source."""

    class RentFree(Game):
        def rent(self, cell: int, dice_total: int | None = None, multiplier: int = 1, dice_multiplier: int = 0) -> int:
            return 0

    assert _rents_paid(Game(classic, agents=["cautious"] * 3, seed=4)) > 0
    assert _rents_paid(RentFree(classic, agents=["cautious"] * 3, seed=4)) == 0


def test_a_replaced_method_works_from_source_and_is_refused_compiled(classic, monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(classic, agents=["cautious"] * 3, seed=4)
    monkeypatch.setattr(Game, "rent", lambda self, *args, **kwargs: 0)
    if "engine" not in compiled.IN_USE:
        assert _rents_paid(Game(classic, agents=["cautious"] * 3, seed=4)) == 0
        return
    with pytest.raises(CompiledEngineError, match="Replaced on the compiled engine: Game.rent") as refused:
        Game(classic, agents=["cautious"] * 3, seed=4)
    assert "MILLIONAIRE_PURE=1" in str(refused.value) and "Subclass Game" in str(refused.value)
    with pytest.raises(CompiledEngineError):  # made before the change, run after it
        game.run(max_rounds=5)


def test_the_source_of_a_compiled_method_can_be_read(classic) -> None:
    assert compiled.source(Game.rent).lstrip().startswith("def rent(self, cell: int")
    assert "class Game:" in compiled.source(Game)
    assert compiled.source(compiled.compiled_files).startswith("def compiled_files(")
    with pytest.raises(OSError):
        compiled.source(len)


def test_ipython_shows_a_compiled_method_s_source() -> None:
    """``Game.rent??`` in Jupyter: the source, compiled or not."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.user_ns["Game"] = Game
    shown = re.sub(r"\x1b\[[0-9;]*m", "", shell.object_inspect_text("Game.rent", detail_level=1))  # no colours
    assert "def rent(self, cell: int" in shown and "Rent owed for landing" in shown


def test_the_engine_command_says_which_engine_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from millionaire.cli import main

    assert main(["engine", "--lang", "en"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("The engine runs") or "Changed since compiling" in said
    assert "MILLIONAIRE_PURE=1" in said or "installed without compiling" in said
    assert main(["engine", "--lang", "ru"]) == 0
    assert "Движок" in capsys.readouterr().out


def test_the_type_checker_in_the_tests_is_the_compiler_s() -> None:
    """``make typecheck`` runs the mypy that setup.py compiles with: the same errors, before a teacher's install."""
    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    pin = [req for req in project["build-system"]["requires"] if req.startswith("mypy")]
    assert len(pin) == 1 and "==" in pin[0]
    assert pin[0] in project["project"]["optional-dependencies"]["test"]
    assert any(req.startswith("ruff==") for req in project["project"]["optional-dependencies"]["test"])

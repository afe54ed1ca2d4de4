"""The offline install: what `make offline` gathers, and `make lab` taking every package from that
folder, never from the package index, when the folder is there (the install itself is
tests/test_offline_install.py, `make offline-test`)."""

from __future__ import annotations

import importlib.util
import subprocess
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("offline", REPO / "config" / "offline.py")
offline = importlib.util.module_from_spec(spec)
spec.loader.exec_module(offline)


def test_the_folder_asks_for_every_package_of_every_extra_and_of_the_build():
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = offline.requirements()
    for requirement in (*data["build-system"]["requires"], *data["project"]["dependencies"],
                        *(r for extra in data["project"]["optional-dependencies"].values() for r in extra)):
        assert requirement in wanted
    assert wanted[0] == "pip" and len(wanted) == len(set(wanted))


def test_the_extras_the_makefile_installs_are_all_in_the_project():
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    installed = (REPO / "Makefile").read_text().split("-e '.[", 1)[1].split("]'", 1)[0].split(",")
    assert set(installed) == set(data["project"]["optional-dependencies"])


def planned_install(tmp_path: Path, folder: Path) -> list[str]:
    """The pip commands `make install` would run (make -n), with ``folder`` as the offline folder."""
    result = subprocess.run(["make", "-n", "-B", "install", f"VENV={tmp_path / 'venv'}", f"OFFLINE={folder}"],
                            cwd=REPO, capture_output=True, text=True, check=True)
    return [line for line in result.stdout.splitlines() if "pip install" in line]


def test_make_lab_installs_from_the_offline_folder_when_it_is_there(tmp_path):
    folder = tmp_path / "offline"
    (folder / "wheels").mkdir(parents=True)
    assert all("--no-index" not in line for line in planned_install(tmp_path, folder))  # an empty folder: the index
    (folder / "wheels" / "pip-25.0-py3-none-any.whl").write_bytes(b"")
    lines = planned_install(tmp_path, folder)
    assert len(lines) == 2 and all(f"--no-index --find-links {folder}/wheels" in line for line in lines)


def test_npm_archives_are_named_as_the_site_build_looks_for_them():
    for name in offline.npm_packages():
        assert offline.npm_archive(name) == name.replace("/", "+") + ".tgz"
    build = (REPO / "website" / "build.py").read_text(encoding="utf-8")
    assert 'spec.replace("/", "+") + ".tgz"' in build


def test_a_build_file_without_its_npm_table_is_a_clear_error(tmp_path):
    empty = tmp_path / "build.py"
    empty.write_text("X = 1\n")
    with pytest.raises(offline.OfflineError, match="no VENDOR table"):
        offline.npm_packages(empty)

"""Everything the kit installs, gathered into one folder on a connected computer, for a school
computer without internet (``make offline``; then ``make lab`` there installs from the folder).

The folder holds ``wheels/`` (every package ``make lab`` and ``make test`` install, with all the
extras, the packages that build the kit, and pip itself, for this Python and this platform),
``npm/`` (the scripts the website copies in, as ``npm pack`` makes them) and ``requirements.txt``
(what was asked for). Extra options go to ``pip download``, e.g. ``--python-version 3.12``.

Example
-------
>>> "jupyterlab>=4.2" in requirements() and "mypy==2.4.1" in requirements() and "pip" in requirements()
True
"""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


class OfflineError(Exception):
    """A step of the offline folder that failed, said in one sentence (not a MillionaireError: this
    runs before the kit is installed)."""


def requirements(pyproject: Path = REPO / "pyproject.toml") -> list[str]:
    """What the kit installs: pip, the build's requirements, the dependencies and every extra."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    wanted = ["pip", *data["build-system"]["requires"], *data["project"]["dependencies"]]
    for extra in data["project"].get("optional-dependencies", {}).values():
        wanted.extend(extra)
    return list(dict.fromkeys(wanted))


def npm_packages(build: Path = REPO / "website" / "build.py") -> list[str]:
    """The npm packages (name@version) the website copies in: ``VENDOR`` of ``website/build.py``.

    >>> any(spec.startswith("mathjax@") for spec in npm_packages())
    True
    """
    for node in ast.parse(build.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(target, ast.Name) and target.id == "VENDOR" and node.value is not None:
            return list(ast.literal_eval(node.value))
    raise OfflineError(f"{build}: no VENDOR table of npm packages found")


def download_wheels(out: Path, pip_args: list[str]) -> None:
    """``pip download`` every requirement (binary packages only, so that nothing must be built
    offline) into ``out/wheels``."""
    wanted = requirements()
    (out / "requirements.txt").write_text("\n".join(wanted) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "--dest", str(out / "wheels"),
               "-r", str(out / "requirements.txt"), *pip_args]
    if subprocess.run(command).returncode != 0:
        raise OfflineError("pip download failed (see above): is the package index reachable from here?")


def pack_npm(out: Path) -> None:
    """``npm pack`` the website's scripts into ``out/npm`` (the site's build takes them from there)."""
    npm = shutil.which("npm")
    if npm is None:
        raise OfflineError("npm not found: it fetches the website's scripts (on Debian or Ubuntu: apt-get install npm)")
    folder = out / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    for spec in npm_packages():
        with tempfile.TemporaryDirectory() as scratch:
            result = subprocess.run([npm, "pack", spec, "--silent", "--pack-destination", scratch],
                                    capture_output=True, text=True)
            archives = list(Path(scratch).glob("*.tgz"))
            if result.returncode != 0 or len(archives) != 1:
                raise OfflineError(f"npm pack {spec} failed: {result.stderr.strip()[-500:]}")
            shutil.move(archives[0], folder / npm_archive(spec))


def npm_archive(spec: str) -> str:
    """The file name under ``npm/`` of one npm package.

    >>> npm_archive("@jupyter-widgets/html-manager@1.0.15")
    '@jupyter-widgets+html-manager@1.0.15.tgz'
    """
    return spec.replace("/", "+") + ".tgz"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "offline", help="the folder to fill (default: offline/)")
    parser.add_argument("--no-npm", action="store_true", help="leave out the website's scripts")
    args, pip_args = parser.parse_known_args(argv)
    out = args.out.resolve()
    (out / "wheels").mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    try:
        download_wheels(out, pip_args)
        if not args.no_npm:
            pack_npm(out)
    except OfflineError as error:
        print(f"offline: error: {error}", file=sys.stderr)
        return 1
    wheels = list((out / "wheels").iterdir())
    size = sum(path.stat().st_size for path in wheels) / 2**20
    print(f"offline: {len(wheels)} packages ({size:.0f} MB) in {out / 'wheels'}, in {time.monotonic() - start:.0f} s.\n"
          f"Copy the whole kit folder with {out.name}/ in it; there `make lab` installs from it, without internet.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The app (Voilà) opened and left again and again: are the kernels of closed pages freed?

Voilà starts a kernel (a Python process) for every load of the app's page. ``make app`` gives it
``config/voila.json``, which culls a kernel that no page has been connected to for two minutes. This
script starts Voilà the same way on 127.0.0.1 (with a shorter idle time, ``--idle``, so the run is
short), loads the app ``--loads`` times as a browser does (the page's GET runs the notebook; the page
then goes away), and counts the kernel processes and their memory until they are gone.

Run: ``python benchmarks/app_kernels.py`` (``--loads 8 --idle 30``; ``--record`` appends to
``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def kernels(parent: int) -> list[int]:
    """PIDs of the kernel processes Voilà started."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            ppid = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("PPid:"))
            if ppid == parent and b"ipykernel_launcher" in command:
                found.append(int(entry.name))
    return found


def rss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            total += next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                          if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            pass
    return total / 1024


def measure(loads: int, idle: float) -> dict:
    settings = json.loads((REPO / "config" / "voila.json").read_text())
    settings["MappingKernelManager"]["cull_idle_timeout"] = idle
    settings["MappingKernelManager"]["cull_interval"] = max(2, idle / 6)
    folder = Path(tempfile.mkdtemp(prefix="app-kernels-"))
    (folder / "voila.json").write_text(json.dumps(settings))
    port = free_port()
    command = [str(BIN / "voila"), str(REPO / "app" / "play.ipynb"), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", f"--Voila.config_file_paths={folder}"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                               env={**os.environ, "JUPYTER_PLATFORM_DIRS": "1"})
    try:
        base = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(base + "voila/static/voila.js", timeout=2)
                break
            except OSError:
                time.sleep(0.3)
        for _ in range(loads):
            with urllib.request.urlopen(base, timeout=120) as page:
                page.read()  # the notebook runs in a new kernel; then the page goes away
        started = time.monotonic()
        peak = kernels(process.pid)
        peak_mib = rss_mib(peak)
        samples = [(0.0, len(peak))]
        while time.monotonic() - started < idle + 60 and samples[-1][1]:
            time.sleep(2)
            samples.append((time.monotonic() - started, len(kernels(process.pid))))
        return {"loads": loads, "idle": idle, "kernels": len(peak), "kernel_mib": peak_mib,
                "left": samples[-1][1], "gone_after": samples[-1][0]}
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def report(result: dict) -> str:
    return (f"{result['loads']} loads of the app: {result['kernels']} kernels, {result['kernel_mib']:.0f} MiB in all; "
            f"{result['left']} left {result['gone_after']:.0f} s later (idle limit {result['idle']:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=8)
    parser.add_argument("--idle", type=float, default=30)
    parser.add_argument("--record", action="store_true")
    options = parser.parse_args()
    text = report(measure(options.loads, options.idle))
    print(text)
    if options.record:
        with open(REPO / "benchmarks" / "RESULTS.md", "a", encoding="utf-8") as results:
            results.write(f"\n## The app's kernels freed ({date.today()}, {platform.python_version()})\n\n"
                          f"`python benchmarks/app_kernels.py --loads {options.loads} --idle {options.idle:g}`\n\n"
                          f"```\n{text}\n```\n")


if __name__ == "__main__":
    main()

"""Pages that a class (or one pupil) opens and drops: what they cost the classroom server, and when it is freed.

Starts ``python -m millionaire.classroom`` on 127.0.0.1 and opens team pages over real websockets
(``tests/classroom_client.py``), each started as a browser starts it, from ``--devices`` loopback
addresses (the server counts pages by device). Then one device tries to open more than its share,
every page is dropped without the browser's unload signal (a closed lid, a lost Wi-Fi); after the
page timeout a sample of the dropped pages is probed (is its kernel gone?), and the whole is done
again for several rounds. Python keeps freed memory for reuse, so the sign that pages are freed is
that the server's memory stays flat from round to round instead of growing by each round's pages.

Prints: the server's memory (RSS) before and in each round with the pages and after, how many of one
device's extra pages were refused, and how many probed pages had been freed.

Run: ``python benchmarks/classroom_pages.py`` (``--devices 10 --pages 3 --page-timeout 20``;
``--record`` appends the result to ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from browser.screen import free_port  # noqa: E402
from classroom_client import InvalidStatus, Page, new_device  # noqa: E402
from test_classroom_attacks import Server  # noqa: E402

PER_DEVICE = 12  # the server's default --max-pages-per-device


def rss_mib(pid: int) -> float:
    """Resident memory of a process, in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def freed(server: Server, page: Page) -> bool:
    """True when the dropped ``page``'s kernel is gone (a reconnect to it finds no app running)."""
    probe = Page(server.base, kernel=page.kernel, device=page.device)
    try:
        control = probe.open_comm("solara.control")
        probe.comm_msg(control, {"method": "app-status"})
        reply = probe.receive_until(lambda m: m.get("content", {}).get("data", {}).get("method") == "app-status")
        return reply["content"]["data"]["started"] is False
    finally:
        probe.close()


def measure(devices: int, pages: int, page_timeout: float, rounds: int) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="classroom-pages-"))
    server = Server(folder / "games", free_port(), "--page-timeout", str(page_timeout),
                    "--max-pages-per-device", str(PER_DEVICE))
    try:
        server.wait_ready()
        warm = Page(server.base)  # the first page loads the app's modules: count memory after it
        warm.run_app()
        warm.close()
        time.sleep(page_timeout + 5)
        memory = [rss_mib(server.process.pid)]
        opened_per_round, refused, freed_pages, probed = 0, 0, 0, 0
        for _ in range(rounds):
            opened = []
            for _ in range(devices):
                device = new_device()
                for _ in range(pages):
                    page = Page(server.base, device=device)
                    page.run_app()
                    opened.append(page)
            greedy = new_device()
            for _ in range(PER_DEVICE + 8):
                try:
                    page = Page(server.base, device=greedy)
                    page.run_app()
                    opened.append(page)
                except InvalidStatus:
                    refused += 1
            opened_per_round = len(opened)
            memory.append(rss_mib(server.process.pid))
            for page in opened:
                page.socket.close()  # dropped: no unload signal
            time.sleep(page_timeout + 10)
            for page in opened[:: max(1, len(opened) // 5)]:
                probed += 1
                freed_pages += freed(server, page)
            time.sleep(page_timeout + 5)  # the probes' own kernels go too
            memory.append(rss_mib(server.process.pid))
        return {"pages": opened_per_round, "devices": devices + 1, "refused": refused / rounds, "extra": 8 + PER_DEVICE,
                "memory": memory, "freed": freed_pages, "probed": probed, "rounds": rounds, "page_timeout": page_timeout}
    finally:
        server.stop()


def report(result: dict) -> str:
    memory = result["memory"]
    rounds = ", ".join(f"{memory[2 * i + 1]:.0f} with the pages, {memory[2 * i + 2]:.0f} after"
                       for i in range(result["rounds"]))
    return (f"{result['rounds']} rounds of {result['pages']} team pages opened from {result['devices']} devices and dropped "
            f"without the unload signal; one device asked for {result['extra']} pages a round and "
            f"{result['refused']:.0f} were refused\n"
            f"server memory (MiB): {memory[0]:.0f} before; {rounds}\n"
            f"dropped pages whose kernel was freed within the page timeout ({result['page_timeout']:.0f} s) + 10 s: "
            f"{result['freed']} of {result['probed']} probed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devices", type=int, default=10)
    parser.add_argument("--pages", type=int, default=3, help="pages per device")
    parser.add_argument("--page-timeout", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--record", action="store_true")
    options = parser.parse_args()
    text = report(measure(options.devices, options.pages, options.page_timeout, options.rounds))
    print(text)
    if options.record:
        with open(HERE / "RESULTS.md", "a", encoding="utf-8") as results:
            results.write(f"\n## Classroom pages opened and dropped ({date.today()}, {platform.python_version()})\n\n"
                          f"`python benchmarks/classroom_pages.py --devices {options.devices} --pages {options.pages} "
                          f"--page-timeout {options.page_timeout:g} --rounds {options.rounds}`\n\n```\n{text}\n```\n")


if __name__ == "__main__":
    main()

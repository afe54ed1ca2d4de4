"""How the games of a run are scheduled: in chunks, in this process, on a local process pool or on any
:class:`concurrent.futures.Executor` (a Dask cluster's among them), with a progress bar that counts
the games as their chunk finishes.

The results come back in chunk order whatever the order the chunks finish in, so they never depend
on the executor. A chunk is a pure function of its seeds, so playing it again gives the same games;
on a Dask cluster (``client.get_executor()``) a worker that dies mid-run therefore loses nothing. Dask
itself runs the chunks the worker held again on the workers left (up to
``distributed.scheduler.allowed-failures`` times, 3 by default), and a chunk that still comes back
failed (Dask's executor reports one as an error when its worker dies just as the result arrives) is
submitted again here, up to :data:`RESUBMIT` times.

Not here: what a chunk plays (:func:`~millionaire.simulate.play_games`,
:func:`~millionaire.simulate.observe_game`), and which games make up a run (:mod:`.tournament`,
:mod:`.experiment`).
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any


#: How many times a chunk that failed on a given executor is submitted again before its error is raised.
RESUBMIT = 3


class _Callback:
    """A progress "bar" that reports ``(games done, total)`` to a function (a widget's own bar)."""

    def __init__(self, report: Callable[[int, int], Any], total: int) -> None:
        self.report, self.total, self.done = report, total, 0
        report(0, total)

    def update(self, n: int) -> None:
        self.done += n
        self.report(self.done, self.total)

    def __enter__(self) -> _Callback:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _bar(progress: bool | Callable[[int, int], Any], total: int) -> Any:
    """The progress bar of a run of ``total`` games: ``tqdm.auto`` (shown when ``progress`` is true) or a
    function's :class:`_Callback`; either counts with ``bar.update(games)`` inside ``with bar:``."""
    from tqdm.auto import tqdm

    if callable(progress):
        return _Callback(progress, total)
    return tqdm(total=total, disable=not progress, unit="game", desc="games", leave=False)


def _ignore_sigint() -> None:
    """Start a worker process that leaves Ctrl-C to its parent (which stops the run)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _pool(executor: Executor | None, processes: int, pending: Collection[Future[Any]]) -> Iterator[Executor]:
    """The executor to submit chunks to: ``executor``, or a local pool of ``processes`` made for the run.

    Keep the futures not yet collected in ``pending``: if the run stops (an error, Ctrl-C), they are
    cancelled, and a pool made here is shut down without waiting for them.
    """
    own = executor is None
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=processes, initializer=_ignore_sigint)
    try:
        yield pool
    except BaseException:
        for future in list(pending):
            future.cancel()
        if own:
            pool.shutdown(wait=False, cancel_futures=True)
        raise
    if own:
        pool.shutdown()


def _outcome(future: Future[list[Any]], again: Callable[[], Future[list[Any]]] | None) -> list[Any]:
    """The games of a chunk once played. A chunk whose future failed is submitted again by ``again()``
    up to :data:`RESUBMIT` times (a worker lost mid-run: see the module notes); one that fails each time raises its error.
    ``again`` is ``None`` on the kit's own pool, where a lost process breaks the whole pool anyway."""
    tries = 0 if again is None else RESUBMIT
    while True:
        try:
            return future.result()
        except Exception:
            if tries == 0:
                raise
            tries -= 1
            future = again()  # type: ignore[misc]


def _run_chunks(play: Callable[..., list[Any]], chunks: list[tuple[Any, ...]], jobs: int | None,
                executor: Executor | None, progress: bool | Callable[[int, int], Any], total: int) -> list[list[Any]]:
    """``play(*chunk)`` for every chunk (in this process, on a local pool of ``jobs`` processes, or on
    ``executor``), each returning one result per game; the results in chunk order."""
    results: list[list[Any]] = [[] for _ in chunks]
    with _bar(progress, total) as bar:
        if executor is None and (jobs == 1 or len(chunks) == 1):
            for index, chunk in enumerate(chunks):
                results[index] = play(*chunk)
                bar.update(len(results[index]))
            return results
        futures: dict[Future[list[Any]], int] = {}
        with _pool(executor, min(jobs or 1, len(chunks)), futures) as pool:
            for index, chunk in enumerate(chunks):
                futures[pool.submit(play, *chunk)] = index
            for future in as_completed(futures):
                index = futures[future]
                again = None if executor is None else (lambda chunk=chunks[index]: pool.submit(play, *chunk))
                results[index] = _outcome(future, again)
                bar.update(len(results[index]))
    return results


def _chunk_size(games: int, workers: int) -> int:
    return max(1, min(64, math.ceil(games / (workers * 8))))

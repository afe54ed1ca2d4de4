"""Games on a Dask cluster: the connection to a running scheduler, with errors that say what to do.

Every simulation runs on any :class:`concurrent.futures.Executor` (see :mod:`.schedule`); a Dask
client gives one with ``client.get_executor()``. This module only opens that client for
``millionaire simulate --scheduler ADDRESS``. Dask is the optional dependency group ``scale``
(``pip install -e '.[scale]'``; ``make install`` includes it).

Not here: starting a cluster (``dask scheduler`` and ``dask worker ADDRESS`` on the machines, or
``LocalCluster()`` on one computer: see the README), and the games themselves.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..words import texts
from .checks import SimulationError

#: How long to try to reach a scheduler before giving up, in seconds.
CONNECT_SECONDS = 10.0



@contextmanager
def scheduler_client(address: str, lang: str = "en", timeout: float | None = None) -> Iterator[Any]:
    """A ``dask.distributed.Client`` connected to the scheduler at ``address``, closed on leaving the block.

    Parameters
    ----------
    address
        The scheduler's address, as ``dask scheduler`` prints it (``tcp://10.0.0.5:8786``).
    lang
        The language of the errors: ``"en"`` or ``"ru"``.
    timeout
        Seconds to try to connect (default :data:`CONNECT_SECONDS`).

    Raises
    ------
    SimulationError
        Dask is not installed (it names the group to install), the address is malformed, or no
        scheduler answers there in time (it names the address).

    Examples
    --------
    >>> with scheduler_client(" ", lang="ru") as client:
    ...     pass
    Traceback (most recent call last):
    ...
    millionaire.simulate.SimulationError: адрес планировщика пуст: укажите адрес вида tcp://10.0.0.5:8786
    """
    text = texts("ru" if lang == "ru" else "en", "dask")
    if not address.strip():
        raise SimulationError(text["empty"])
    try:
        from distributed import Client
    except ImportError:
        raise SimulationError(text["missing"]) from None
    seconds = CONNECT_SECONDS if timeout is None else timeout
    try:
        client = Client(address, timeout=seconds)
    except ValueError as error:
        raise SimulationError(text["address"].format(address=address, reason=error)) from None
    except OSError as error:
        raise SimulationError(text["connect"].format(address=address, seconds=seconds, reason=error)) from None
    try:
        yield client
    finally:
        client.close()

"""``koza tournament --scheduler ADDRESS``: the chunks played on a Dask distributed cluster.

Dask's ``distributed`` is an optional extra (``pip install 'koza[cluster]'``).  The
settings are scattered once to every worker; each chunk of items is one task, and
results come back as they finish, so the figures are those of ``--jobs`` (every
seed comes from the tournament seed and the unit).  The workers need koza
installed, the same version as here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from koza.core.problems import Explained
from koza.tournament.parallel import Chunk, Played, Workers, play_chunk
from koza.tournament.units import Setup

INSTALL_HINT = "pip install 'koza[cluster]'"
CONNECT_TIMEOUT = "10s"


class ClusterError(Explained):
    """The cluster cannot be used; the message is one line for the user."""


def client_class() -> Any:
    """Dask's ``Client``, or a ``ClusterError`` telling how to install it."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError.of("cluster.no_dask", hint=INSTALL_HINT) from None
    return Client


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _play_on_worker(chunk: Chunk, setup: Setup) -> list[Played]:
    return play_chunk(setup, chunk)


def connect(address: str) -> Workers:
    """Connect to the scheduler at ``address``: its worker threads play the chunks."""
    try:
        client = client_class()(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as exc:
        raise ClusterError.of(
            "cluster.unreachable", address=address, error=_one_line(exc)
        ) from None
    try:
        workers = client.scheduler_info()["workers"].values()
        threads = sum(int(w.get("nthreads", 1)) for w in workers)
    except Exception as exc:
        client.close()
        raise ClusterError.of("cluster.scheduler", address=address, error=_one_line(exc)) from None
    if threads < 1:
        client.close()
        raise ClusterError.of("cluster.no_workers", address=address)

    def dispatch(setup: Setup, chunks: list[Chunk]) -> Iterator[list[Played]]:
        from distributed import as_completed

        futures: list[Any] = []
        try:
            [shared] = client.scatter([setup], broadcast=True, hash=False)
            futures = client.map(_play_on_worker, chunks, setup=shared, pure=False)
            with client.as_current():
                finished = as_completed(futures)
            for future in finished:
                try:
                    yield future.result()
                except Exception as exc:
                    raise ClusterError.of("cluster.worker_failed", error=_one_line(exc)) from None
        finally:
            if futures:
                client.cancel(futures)

    return Workers(threads, dispatch, client.close)

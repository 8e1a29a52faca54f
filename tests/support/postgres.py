"""The venue tests' PostgreSQL fixtures over ``tools.testkit.postgres``'s throwaway cluster.

``postgres``: one cluster per test worker, stopped and removed at the end; every test using it
skips and says why where no server can be started. ``venue_db`` gives each test a database of
its own on that cluster.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from tools.testkit.postgres import Cluster, free_port, pg_bin, start_cluster

__all__ = ["Cluster", "free_port", "pg_bin", "postgres", "start_cluster", "venue_db"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    cluster, why = start_cluster()
    if cluster is None:
        pytest.skip(why)
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(cluster.base, ignore_errors=True)


@pytest.fixture
def venue_db(postgres: Cluster) -> str:
    """The name of a fresh, empty database on the cluster."""
    return postgres.create_database()

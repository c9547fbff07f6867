"""The store under test, for any test that asks for `store_target` or `store`: SQLite always and, where
TEST_POSTGRES_URL names a server, PostgreSQL too (each test in a schema of its own, dropped after it)."""
from __future__ import annotations

import os
import uuid
from urllib.parse import quote

import pytest

POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "").strip()
NO_POSTGRES = "TEST_POSTGRES_URL is not set: no PostgreSQL server to test the store on (.ci/run starts one)"


def _with_schema(url: str, schema: str) -> str:
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_target(request, tmp_path):
    """What `open_store` is given: a fresh SQLite file's path, or a PostgreSQL URL on a fresh schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "store" / "g.db")
        return
    if not POSTGRES_URL:
        pytest.skip(NO_POSTGRES)
    import psycopg

    schema = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f"create schema {schema}")
    try:
        yield _with_schema(POSTGRES_URL, schema)
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f"drop schema {schema} cascade")


@pytest.fixture
def store(store_target):
    from db.store import open_store

    db = open_store(store_target)
    yield db
    db.close()

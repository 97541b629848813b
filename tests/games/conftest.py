"""Fixtures the games' own tests share with the serve tests: a shared table's data
folder, whose processes must all end with the test (tests/serve/conftest.py)."""
from tests.serve.conftest import table_data  # noqa: F401

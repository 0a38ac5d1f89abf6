"""Every test keeps its games in its own journal, never in the user's."""
import pytest


@pytest.fixture(autouse=True)
def _private_journal(tmp_path, monkeypatch):
    monkeypatch.setenv("LEAFWATCH_JOURNAL", str(tmp_path / "journal.sqlite"))

"""The whole bot on PostgreSQL: some Discord-level tests of Tomate (a restart mid-hand, the
pot commands, two tables sharing a pot), of the server settings, of a slow database and of a
match that ended as the bot died, run again with
``DATABASE_URL`` set, through simcord, on a fresh PostgreSQL database each."""

from __future__ import annotations

import pytest

from tapete.bot.settings import Settings
from tests.test_lifecycle_discord import (  # noqa: F401 - collected here again, on PostgreSQL
    test_a_lobby_click_on_a_slow_database_is_deferred_then_answered,
    test_a_match_ended_as_the_bot_died_shows_its_end_after_the_restart,
    test_an_answer_that_cannot_arrive_still_brings_the_table_message_in_line,
)
from tests.test_server import (  # noqa: F401 - collected here again, on PostgreSQL
    test_a_match_with_cpu_seats_updates_ratings_profile_and_history,
    test_admin_commands_are_checked_and_settings_survive_a_restart,
    test_the_history_of_a_tomate_session_shows_each_hand_from_the_ledger,
)
from tests.test_tomate_discord import (  # noqa: F401 - collected here again, on PostgreSQL
    test_bote_saldo_ranking_and_ajustar,
    test_every_table_of_a_server_shows_the_current_pot,
    test_restart_mid_hand_keeps_every_tanto,
)


@pytest.fixture
def settings(postgres_url: str) -> Settings:
    """The conftest's settings, with the data in PostgreSQL."""
    return Settings(discord_token=None, database_url=postgres_url, cpu_delay=10.0,
                    turn_timeout=120.0, pace_edits=False,
                    _env_file=None)  # type: ignore[call-arg]


def test_the_bot_uses_postgresql(settings: Settings) -> None:
    from tapete.bot.app import TapeteBot

    assert TapeteBot(settings).storage.dialect == "postgresql"

"""At LOG_LEVEL=DEBUG, a whole match leaves no hidden card, deck or RNG state in the log."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

import pytest

from tapete.bot.__main__ import QUIET, configure_logging
from tests.driver import act_through_buttons, table_in

SECRETS = ('"hands"', '"deck"', '"rng"', '"baceta"', '"source"')


@pytest.fixture
def debug_logging(caplog: pytest.LogCaptureFixture) -> Any:
    loggers = [logging.getLogger(name) for name in QUIET]
    levels = [logger.level for logger in loggers]
    configure_logging("DEBUG")  # what the tapete command does with LOG_LEVEL=DEBUG
    caplog.set_level(logging.DEBUG)
    yield caplog
    for logger, level in zip(loggers, levels, strict=True):
        logger.setLevel(level)


def ours(record: logging.LogRecord) -> bool:
    """The bot's records and its libraries' (simcord, the stand-in for Discord, aside)."""
    return not record.name.startswith(("simcord", "asyncio"))


async def test_a_whole_match_at_debug_logs_no_hidden_card(
    simcord_env: Any, debug_logging: pytest.LogCaptureFixture
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    ana, luis = (guild.add_member(env.create_user(n)) for n in ("ana", "luis"))
    members = {ana.id: ana, luis.id: luis}
    await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=1)
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    rng = random.Random(2)
    seen = 0
    checked = 0
    while True:
        table = table_in(env, channel)
        state = table.state
        assert state is not None
        if state.is_over:
            break
        hidden = {str(c) for seat in range(len(table.seats)) for c in state.view(seat).hand}
        hidden |= {str(c) for c in state.baceta}
        records = [r for r in debug_logging.records[seen:] if ours(r)]
        seen = len(debug_logging.records)
        for record in records:
            text = record.getMessage()
            assert not any(secret in text for secret in SECRETS), f"{record.name}: {text[:200]}"
            tokens = set(re.findall(r"\b(?:1[012]|[1-9])[oceb]\b", text))
            assert not tokens & hidden, f"{record.name} names {tokens & hidden}: {text[:200]}"
            checked += 1
        message = next(m for m in channel.history() if m.id == table.message_id)
        user = table.seats[state.to_act].user_id
        await act_through_buttons(members[user], message, rng)
    assert checked > 50  # the debug log was really written and read

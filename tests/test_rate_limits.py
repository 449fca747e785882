"""Public-message edits are paced per channel: never more than 5 in any 5 s, a restart
included, and the final state is always shown."""

from __future__ import annotations

import random
from typing import Any

from tapete.bot.settings import Settings
from tests.conftest import make_bot
from tests.driver import act_through_buttons, bot_of, table_in

LIMIT, WINDOW = 5, 5.0


def paced(settings: Settings) -> Settings:
    return settings.model_copy(update={"pace_edits": True})


def record_edits(env: Any, times: list[tuple[float, int]]) -> None:
    """Note the (virtual) time and channel of every public edit of the current bot."""
    tables = bot_of(env).tables
    publish = tables.publish
    assert publish is not None

    async def counted(table: Any) -> None:
        times.append((_now(), table.channel_id))
        await publish(table)

    tables.publish = counted


async def advance(env: Any, seconds: float) -> None:
    """Advance the virtual clock; the short settle window is for clicks only, so a busy
    machine may take its time (real time) to run what the virtual seconds hold."""
    window, env.settle_timeout = env.settle_timeout, 30.0
    try:
        await env.advance_time(seconds)
    finally:
        env.settle_timeout = window


def _now() -> float:
    import asyncio

    return asyncio.get_running_loop().time()


async def test_a_fast_match_with_a_restart_never_edits_more_than_5_in_5_s(
    simcord_env: Any, settings: Settings
) -> None:
    env = simcord_env
    # The paced edits wait about 1 s; with a shorter settle window those waits are parked
    # and run on the virtual clock (advance_time) instead of holding each click in real time.
    env.settle_timeout = 0.5
    await env.restart_bot(make_bot(paced(settings)))
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    ana, luis = (guild.add_member(env.create_user(n)) for n in ("ana", "luis"))
    members = {ana.id: ana, luis.id: luis}
    times: list[tuple[float, int]] = []
    record_edits(env, times)
    await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=1)
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    rng = random.Random(4)
    steps = 0
    while True:
        table = table_in(env, channel)
        if table.state is None or table.state.is_over:
            break
        message = next(m for m in channel.history() if m.id == table.message_id)
        user = table.seats[table.state.to_act].user_id
        await act_through_buttons(members[user], message, rng)
        await advance(env, 0.3)  # as fast as two people can press buttons
        steps += 1
        if steps == 12:  # a restart in the middle of the fast play
            await env.restart_bot(make_bot(paced(settings)))
            record_edits(env, times)
    for _ in range(20):  # the last, coalesced edit goes out (in short steps: see above)
        await advance(env, 2 * WINDOW / 20)
    assert steps > 20 and len(times) >= 5
    ours = sorted(t for t, ch in times if ch == channel.id)
    for i, start in enumerate(ours):
        inside = [t for t in ours[i:] if t < start + WINDOW]
        assert len(inside) <= LIMIT, f"{len(inside)} edits within {WINDOW} s from {start}"
    final = next(m for m in channel.history() if m.id == table_in(env, channel).message_id)
    assert final.components[0].children[0].label == "Revancha"  # the final state is shown

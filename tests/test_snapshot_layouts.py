"""Upgrades keep games: a table saved by an earlier layout of its game loads and plays on.

Every snapshot declares its game's layout version (``{"v":N,...}``; none means layout 1, what
the bot saved before versions). The fixtures in ``tests/fixtures/snapshots/`` are real saved
tables, one per game and modality, in the middle of a hand; each must load with the current
code, exactly, and play on to the end of its match through the table layer on a real SQLite
file. Belote's layout 2 (every trick of the hand kept, not the last one only) is the first
real upgrade: its layout-1 fixtures load through it, as Escoba's and Tute's do through
theirs. The chain of several upgrades is shown working on a test-only layout of NLK whose
two steps turn a doctored copy of a fixture back into today's layout. A snapshot of a newer
layout (the bot taken back to an older release) is not closed.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tapete.bot.storage import Storage
from tapete.bot.tables import TableService
from tapete.cogs.nlk import NLKCog
from tapete.cogs.tomate import PLATO, RESERVA
from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.engine import Game
from tapete.rules.snapshot import NewerLayout, SnapshotError, layout_of
from tests.saved_tables import (
    fixture_files,
    play_to_the_end,
    read_fixture,
    specs,
    write_fixture,
)

GAMES: dict[str, Game] = {g.name: g for g in (tute.GAME, escoba.GAME, tomate.GAME, belote.GAME,
                                             nlk.GAME)}
FILES = fixture_files()


def versioned(snapshot: str, version: int) -> str:
    """An unversioned snapshot's text as the current code writes it for ``version``."""
    assert not snapshot.startswith('{"v":')
    return f'{{"v":{version},{snapshot[1:]}'


def test_there_is_a_fixture_for_every_game() -> None:
    assert {read_fixture(p)["game"] for p in FILES} == set(GAMES)


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_snapshot_starts_with_its_layout(game: Game) -> None:
    state = game.new_game(game.options(), min(game.options().player_counts()), seed=3)
    text = state.to_json()
    layout = game.state.layout()  # type: ignore[attr-defined]
    assert text.startswith(f'{{"v":{layout},') and layout_of(text) == layout
    assert game.load(text).to_json() == text


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_saved_table_of_an_earlier_layout_loads_exactly(path: Path) -> None:
    fixture = read_fixture(path)
    game = GAMES[fixture["game"]]
    saved = fixture["table"]["state"]
    assert layout_of(saved) == fixture["layout"] <= game.state.layout()  # type: ignore[attr-defined]
    state = game.load(saved)
    assert path.stem.endswith(f"-v{fixture['layout']}")
    layout = game.state.layout()  # type: ignore[attr-defined]
    if fixture["layout"] == layout and not saved.startswith('{"v":'):  # before versions were
        assert state.to_json() == versioned(saved, layout)
    expected = json.loads(saved)
    expected.pop("v", None)
    for step in game.state.UPGRADES[fixture["layout"] - 1:]:  # type: ignore[attr-defined]
        expected = step(expected)
    assert json.loads(state.to_json()) == {"v": layout, **expected}


def test_a_belote_hand_saved_with_its_last_trick_only_keeps_that_trick() -> None:
    """Layout 1 kept the last trick of the hand only (``last_trick``); upgraded, it is the
    one trick the hand remembers, the table shows it as before, and the hand plays on."""
    state = belote.GAME.new_game(belote.Options(), 2, seed=8)
    rng = random.Random(8)
    while len(state.tricks) < 3:
        seat = state.to_act
        assert seat is not None
        state.apply(seat, rng.choice(state.legal_actions()))
    data = json.loads(state.to_json())
    del data["v"]
    data["last_trick"] = data.pop("tricks")[-1]  # what layout 1 wrote
    saved = [json.dumps(data)] + [
        read_fixture(p)["table"]["state"] for p in FILES
        if p.stem.startswith("belote-") and p.stem.endswith("-v1")]
    for text in saved:
        last = json.loads(text)["last_trick"]
        upgraded = belote.GAME.load(text)
        assert [[[s, str(c)] for s, c in plays] for plays in upgraded.tricks] == \
            ([last] if last else [])
        assert [[s, str(c)] for s, c in upgraded.view(0).last_trick] == last
    upgraded = belote.GAME.load(saved[0])
    while not state.is_over:  # the same game from there on
        seat = state.to_act
        assert seat is not None
        action = rng.choice(state.legal_actions())
        assert upgraded.apply(seat, action) == state.apply(seat, action)
    assert len(saved) == 5


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
async def test_a_saved_table_plays_on_to_the_end_of_its_match(path: Path, tmp_path: Path) -> None:
    fixture = read_fixture(path)
    storage = Storage(tmp_path / "t.sqlite3")
    await storage.open()
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=5)
    for spec in specs(storage):
        service.register(spec)
    table_id = await write_fixture(storage, fixture)
    try:
        [table] = await service.restore()
        assert table.id == table_id and table.status == "playing"
        assert table.state is not None and not table.state.is_over
        moves = await play_to_the_end(service, table, random.Random(path.stem))
        assert moves > 0 and table.status == "finished"
        record = await storage.tables.get(table_id)
        assert record is not None and record.status == "finished"
        results = await storage.results.for_table(table_id)
        assert len(results) == 1 and results[0]["winners"]
        if fixture["game"] == "tomate":  # the books still balance
            balances = await storage.ledger.balances(fixture["table"]["guild_id"])
            assert sum(balances.values()) == 0 and balances.get(PLATO, 0) >= 0
            assert balances.get(RESERVA, 0) >= 0
            assert await storage.ledger.replay(fixture["table"]["guild_id"]) == balances
    finally:
        await service.shutdown()
        await storage.close()


# -- the chain of upgrades, on a test-only layout -------------------------------------------------
# NLK's layout 3 here is today's layout; its layout 1 called the dealer "repartidor", and
# layouts 1 and 2 kept the games lost per seat as an object {"0": n, "1": m}. Test-only: no
# real layout of NLK ever did (NLK, unlike Tute, Escoba and Belote, is still at layout 1).


def upgrade_nlk_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Layout 2 renamed "repartidor" to "dealer"."""
    data = dict(data)
    data["dealer"] = data.pop("repartidor")
    return data


def upgrade_nlk_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Layout 3 keeps the games lost per seat as a list."""
    losses = data["losses"]
    return {**data, "losses": [losses[str(seat)] for seat in range(len(losses))]}


class NLKLayout3(nlk.State):
    UPGRADES = (upgrade_nlk_v1_to_v2, upgrade_nlk_v2_to_v3)


def older(snapshot: str, version: int) -> str:
    """Today's NLK snapshot (unversioned, from a fixture) as the test-only ``version`` saved
    it: layout 1 without a version, as before versions were."""
    data = json.loads(snapshot)
    data["losses"] = {str(seat): n for seat, n in enumerate(data["losses"])}
    if version == 1:
        data["repartidor"] = data.pop("dealer")
        return json.dumps(data)
    return json.dumps({"v": version, **data})


def nlk_fixture() -> dict[str, Any]:
    return read_fixture(next(p for p in FILES if p.stem.startswith("nlk-3")))


@pytest.mark.parametrize("version", [1, 2])
def test_older_layouts_are_upgraded_step_by_step_to_the_same_game(version: int) -> None:
    saved = nlk_fixture()["table"]["state"]
    assert NLKLayout3.layout() == 3
    upgraded = NLKLayout3.from_json(older(saved, version))
    assert upgraded.to_json() == versioned(saved, 3)
    # and it plays on exactly as the original: same deals, same results
    original, rng = nlk.State.from_json(saved), random.Random(version)
    while not original.is_over:
        seat = original.to_act
        assert seat is not None
        action = rng.choice(original.legal_actions())
        assert upgraded.apply(seat, action) == original.apply(seat, action)
    assert upgraded.to_json()[len('{"v":3,'):] == original.to_json()[len('{"v":1,'):]


async def test_a_table_saved_by_an_older_layout_is_restored_upgraded_and_plays_on(
    tmp_path: Path,
) -> None:
    fixture = nlk_fixture()
    storage = Storage(tmp_path / "t.sqlite3")
    await storage.open()
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=5)
    service.register(dataclasses.replace(
        NLKCog.spec, game=dataclasses.replace(nlk.GAME, state=NLKLayout3)))
    table_id = await write_fixture(storage, fixture, state=older(fixture["table"]["state"], 1))
    try:
        [table] = await service.restore()
        assert isinstance(table.state, NLKLayout3)
        await play_to_the_end(service, table, random.Random(3))
        record = await storage.tables.get(table_id)
        assert record is not None and record.status == "finished"
        assert record.state is not None and layout_of(record.state) == 3
    finally:
        await service.shutdown()
        await storage.close()


# -- what is not a snapshot of a known layout -----------------------------------------------------


def test_a_newer_layout_is_refused_as_newer_and_nonsense_as_no_snapshot() -> None:
    saved = nlk_fixture()["table"]["state"]
    with pytest.raises(NewerLayout):
        nlk.State.from_json(versioned(saved, 2))
    for version in ("1", 0, None):
        with pytest.raises(SnapshotError):
            nlk.State.from_json(json.dumps({"v": version, **json.loads(saved)}))
    with pytest.raises(SnapshotError):
        nlk.State.from_json("[]")
    with pytest.raises(ValidationError):  # an object, but no game of this layout
        nlk.State.from_json('{"game": "nlk", "hand": 1}')
    # the current layout written otherwise (spaces, another order) still loads, the same
    spaced = json.dumps(dict(reversed(json.loads(versioned(saved, 1)).items())), indent=2)
    assert nlk.State.from_json(spaced).to_json() == versioned(saved, 1)


async def test_a_table_saved_by_a_newer_version_is_left_for_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Taken back to an older release, the bot neither closes (nor so tells its channel) nor
    plays a table the newer one saved: once the newer version runs again, the game goes on."""
    fixture = nlk_fixture()
    storage = Storage(tmp_path / "t.sqlite3")
    await storage.open()
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600)
    for spec in specs(storage):
        service.register(spec)
    newer = versioned(fixture["table"]["state"], 2)
    table_id = await write_fixture(storage, fixture, state=newer)
    try:
        assert await service.restore() == []
        assert "saved by a newer version of the bot" in caplog.text
        record = await storage.tables.get(table_id)
        assert record is not None and record.status == "playing" and record.state == newer
        assert service.in_channel(record.channel_id) is None
    finally:
        await service.shutdown()
        await storage.close()

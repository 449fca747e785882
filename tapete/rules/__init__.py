"""Pure card-game engines: no discord, no asyncio, no I/O.

Every game module follows the engine protocol of ``docs/ENGINE_SPEC.md``: an ``Options`` model,
``new_game(options, players, *, seed, decks)`` and a ``State`` with ``to_act``,
``legal_actions``, ``apply``, ``view``, ``is_over``, ``result`` and a JSON round trip.
"""

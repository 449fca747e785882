

async def test_lobby_and_start(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    ana = guild.add_member(env.create_user("ana"))
    luis = guild.add_member(env.create_user("luis"))
    result = await ana.slash(channel, "escoba nueva")
    assert not result.ephemeral
    lobby = channel.last_message
    print(lobby.embeds[0].to_dict())
    r = await luis.click(lobby, label="Unirse")
    r = await ana.click(lobby, label="Empezar")
    msg = channel.last_message
    print(msg.embeds[0].to_dict())
    r = await ana.click(msg, label="Ver mi mano")
    print(r.ephemeral, r.response.embeds[0].to_dict(), r.response.components)

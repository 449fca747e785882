async def test_habanero_click(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    ana = guild.add_member(env.create_user("ana"))
    luis = guild.add_member(env.create_user("luis"))
    await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=1)
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    msg = channel.last_message
    r = await ana.click(msg, label="Ver mi mano")
    print(type(r.response), r.response.message, r.response.components)
    m = r.response.message
    comps = r.response.components
    first = comps[0]["components"][0]
    r2 = await ana.click(m, custom_id=first["custom_id"])
    print(r2.response, r2.response and r2.response.content)
    print([e.to_dict() for e in (r2.response.embeds if r2.response else [])])

"""One discord.py cog per game: slash commands in, table-layer calls, rendering out."""

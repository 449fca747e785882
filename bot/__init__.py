"""The former import path of ``tapete.bot`` (see ``tapete/_aliases.py``): ``bot.x`` is
``tapete.bot.x``."""

from tapete._aliases import alias

alias(__name__)

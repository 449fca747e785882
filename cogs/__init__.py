"""The former import path of ``tapete.cogs`` (see ``tapete/_aliases.py``): ``cogs.x`` is
``tapete.cogs.x``."""

from tapete._aliases import alias

alias(__name__)

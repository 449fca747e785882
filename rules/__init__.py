"""The former import path of ``tapete.rules`` (see ``tapete/_aliases.py``): ``rules.x`` is
``tapete.rules.x``."""

from tapete._aliases import alias

alias(__name__)

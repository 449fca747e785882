"""The rule book, shipped inside the package as ``tapete.rulebook`` (see pyproject.toml):
``/tapete ayuda`` shows these pages (``tapete.bot.helpdocs``)."""

"""Optional error reporting to Sentry: off unless ``SENTRY_DSN`` is set.

``sentry-sdk`` is an optional extra (``pip install 'tapete[sentry]'``), imported only when the
DSN is set; a DSN without the package, or one Sentry cannot read, stops the start with one
line, like every other start-up problem.

Hands are private, so a report carries no more than the log already does: every error logged
(``log.exception``/``log.error``) becomes an event with its traceback and the last log lines
as breadcrumbs (which never show hidden cards: see ``tests/test_log_privacy.py``), and nothing
else. Local variables (a hand, a game state) are not sent, nor personal data, and Sentry's
automatic integrations stay off: the aiohttp one would record the URLs of Discord's
interaction callbacks, whose tokens act for the bot.
"""

from __future__ import annotations

import logging
from importlib import metadata

from tapete.bot.settings import Settings, SettingsError

log = logging.getLogger(__name__)

MISSING = ("SENTRY_DSN is set but the sentry-sdk package is missing: install it with"
           " pip install 'tapete[sentry]' (or leave SENTRY_DSN empty).")


def release() -> str:
    try:
        return f"tapete@{metadata.version('tapete')}"
    except metadata.PackageNotFoundError:
        return "tapete"


def start_error_reporting(settings: Settings) -> bool:
    """Send errors to Sentry when ``SENTRY_DSN`` is set; whether it is. Raises
    :class:`SettingsError` (one line) when it cannot."""
    if settings.sentry_dsn is None or not settings.sentry_dsn.get_secret_value().strip():
        return False
    try:
        import sentry_sdk
        from sentry_sdk.integrations.atexit import AtexitIntegration
        from sentry_sdk.integrations.dedupe import DedupeIntegration
        from sentry_sdk.integrations.logging import LoggingIntegration
    except ImportError:
        raise SettingsError(MISSING) from None
    try:
        sentry_sdk.init(
            dsn=settings.sentry_dsn.get_secret_value().strip(),
            release=release(),
            default_integrations=False,
            auto_enabling_integrations=False,
            integrations=[
                LoggingIntegration(level=logging.INFO, event_level=logging.ERROR),
                DedupeIntegration(),
                AtexitIntegration(),
            ],
            include_local_variables=False,
            send_default_pii=False,
            max_request_body_size="never",
            in_app_include=["bot", "cogs", "rules"],
        )
    except Exception as exc:  # sentry_sdk.utils.BadDsn and the like
        reason = (str(exc).splitlines() or [type(exc).__name__])[0]
        raise SettingsError(f"SENTRY_DSN cannot be used: {reason}") from None
    log.info("Errors are reported to Sentry")
    return True

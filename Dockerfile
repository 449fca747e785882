# Tapete in a container: the bot (`python -m bot`) as a user without privileges, its SQLite
# file in the volume /data (or nothing there, with DATABASE_URL). See README, "Hosting with
# containers"; compose.yaml adds a PostgreSQL server.
#   docker build -t tapete .
#   docker run -d --init --env-file .env -v tapete-data:/data tapete
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/tapete.sqlite3

# The optional extras of pyproject.toml to install: PostgreSQL's driver and Sentry's reports.
ARG EXTRAS=postgres,sentry

WORKDIR /app
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY bot ./bot
COPY cogs ./cogs
COPY locales ./locales
COPY docs ./docs
# Installed from this copy of the repository, editable: the bot reads its catalogs (locales/)
# and rule pages (docs/rules/) beside its code.
RUN pip install --editable ".[${EXTRAS}]"

RUN useradd --system --user-group --uid 10001 --home-dir /data --no-create-home tapete \
    && mkdir /data && chown tapete:tapete /data
USER tapete
WORKDIR /data
VOLUME /data

# SIGTERM (docker stop, a supervisor) stops the bot as cleanly as Ctrl-C: tables saved, CPU
# workers stopped, connections closed.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]

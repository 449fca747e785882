# Tapete in a container: the bot (the `tapete` command) as a user without privileges, its SQLite
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
# A font with accents and ñ for the names in the table pictures (without one they lose them).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml constraints.txt README.md ./
COPY tapete ./tapete
COPY docs ./docs
# Installed as a package (code, catalogs and rule pages inside it), at the tested versions.
RUN pip install -c constraints.txt ".[${EXTRAS}]" && rm -rf /app

RUN useradd --system --user-group --uid 10001 --home-dir /data --no-create-home tapete \
    && mkdir /data && chown tapete:tapete /data
USER tapete
WORKDIR /data
VOLUME /data

# SIGTERM (docker stop, a supervisor) stops the bot as cleanly as Ctrl-C: tables saved, CPU
# workers stopped, connections closed.
STOPSIGNAL SIGTERM
CMD ["tapete"]

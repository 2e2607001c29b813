# Domino Tables bot. Build:  docker build -t domino-tables .
# Run:    docker run -d --name domino-tables --restart unless-stopped \
#           --env-file .env -v domino-tables-data:/data domino-tables
# The image runs the installed package, built from the whole build context: .dockerignore
# keeps out what is no part of it (tests, bench, .git, .venv, .env…), so whatever the
# package gains reaches the image without a list to keep here.

# The Discord Activity's script: Discord's Embedded App SDK bundled by scripts/web.sh, at
# the versions web/package-lock.json pins.
FROM node:20-slim AS web
WORKDIR /src
COPY web/package.json web/package-lock.json web/
COPY web/src web/src
COPY scripts/web.sh scripts/
RUN bash scripts/web.sh

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY . .
COPY --from=web /src/bot/web/static/build bot/web/static/build
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/dominoes.sqlite3 \
    METRICS_PORT=9100

COPY --from=build /wheels /wheels
RUN pip install /wheels/*.whl \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --home-dir /app --create-home domino \
    && mkdir -p /data \
    && chown domino /data

WORKDIR /app
USER domino
VOLUME ["/data"]
# /metrics (Prometheus) and /health, on METRICS_PORT.
EXPOSE 9100
# The live table page and the Discord Activity, when WEB_PORT is set to it (publish it with
# -p 8000:8000 behind your HTTPS proxy; see the README).
EXPOSE 8000
# Healthy while connected to Discord with a database that answers (/health on METRICS_PORT;
# python, as the slim image has no curl). Unset METRICS_PORT and there is nothing to ask:
# then run with --no-healthcheck.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.app.healthcheck"]
CMD ["python", "-m", "bot"]

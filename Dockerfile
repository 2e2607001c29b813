# Domino Tables bot. Build:  docker build -t domino-tables .
# Run:    docker run -d --name domino-tables --restart unless-stopped \
#           --env-file .env -v domino-tables-data:/data domino-tables
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/dominoes.sqlite3

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY docs/rules ./docs/rules
COPY engine ./engine
COPY render ./render
COPY bot ./bot
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /app domino \
    && mkdir -p /data \
    && chown domino /data

USER domino
VOLUME ["/data"]
CMD ["python", "-m", "bot"]

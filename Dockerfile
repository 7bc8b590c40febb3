# The Not Alone Online server. docker-compose.yml runs it next to Postgres 15 and NATS.
FROM python:3.11-slim AS base

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /srv

# Dependencies first, read from pyproject.toml, so that code changes reuse this layer.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt

# The engine compiled by mypyc (app/compile_engine.py), in a stage of its own: the C compiler and
# mypy stay out of the served image, which takes only the extensions and their stamp.
FROM base AS engine
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install "mypy~=2.4.1" "setuptools>=65"
COPY pyproject.toml ./
COPY app ./app
RUN python -m app.compile_engine build

# The browser client bundled by esbuild (app/bundle.py), in a stage of its own: Node.js and the
# npm packages stay out of the served image, which takes only static/dist/.
FROM base AS client
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs npm
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY app ./app
COPY static ./static
RUN python -m app.bundle

FROM base
# The app, its migrations and the browser client (static/, when present); see .dockerignore.
COPY . .
COPY --from=engine /srv/app/engine/ ./app/engine/
COPY --from=client /srv/static/dist/ ./static/dist/
COPY --from=engine /srv/not_alone_engine__mypyc*.so ./
RUN pip install --no-deps . \
    && python -m app.compile_engine status | grep -qx "app/engine: compiled" \
    && useradd --system --home-dir /srv --shell /usr/sbin/nologin not-alone \
    && mkdir -p /srv/data && chown not-alone /srv/data
USER not-alone

EXPOSE 8000
# Migrate, then serve. DATABASE_URL picks the database (the SQLite file under /srv/data if unset).
# `python -m app` is uvicorn with the project's flags (frame limit, no deflate, proxy headers);
# the limits come from the environment (app/server/settings.py).
CMD ["sh", "-c", "alembic upgrade head && exec python -m app --host 0.0.0.0 --port 8000"]

# koza server in a container: docker build -t koza . && docker run -p 7777:7777 -v koza:/data koza
# The first stage compiles koza's hot modules (mypyc needs a C compiler); the second has
# only Python, koza and its save folder, and runs as an unprivileged user.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY koza ./koza
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
COPY --from=build /wheels /wheels
# the build stage falls back to pure Python if the compile fails: here that fails the build
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels \
    && python -c "import sys, koza.compiled as c; c.is_compiled() or sys.exit(\
'koza: the hot modules did not compile in the build stage (pip wheel -v says why)')" \
    && useradd --system --home-dir /data --create-home koza
USER koza
VOLUME /data
EXPOSE 7777
# Every room's save and side file lives in /data: keep it on a volume, and the rooms come
# back after the container is replaced.  Add --cert/--key (mounted files) for wss://, or
# put a proxy with TLS in front and add --behind-proxy.
ENTRYPOINT ["koza", "server", "--host", "0.0.0.0", "--port", "7777", "--save-dir", "/data"]

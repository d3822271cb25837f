"""A room's address carries its code (a proxy routes by it); TLS from an ACME client's files."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest
from support.net import local_server, until
from websockets.asyncio.client import connect

from koza.net import client as client_module
from koza.net import roomfile
from koza.net.address import room_url
from koza.net.client import KozaClient
from koza.net.server import KozaServer, start, tls_context

HELLO = '{"v": 1, "type": "hello"}'


async def _ask(url: str, frames: list[str]) -> list[dict[str, object]]:
    answers = []
    async with connect(url, proxy=None) as ws:
        for frame in frames:
            await ws.send(frame)
            answers.append(json.loads(await ws.recv()))
    return answers


def test_a_rooms_address_carries_its_code_under_any_path() -> None:
    assert room_url("ws://h:1", "ABCDEFGHJK") == "ws://h:1/room/ABCDEFGHJK"
    assert room_url("wss://h:1/koza/", "ABCDEFGHJK") == "wss://h:1/koza/room/ABCDEFGHJK"
    assert room_url("ws://h:1", None) == "ws://h:1"


async def test_a_room_is_made_joined_and_rejoined_through_its_codes_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialled: list[str] = []
    real = client_module.connect

    def spy(url: str, **kwargs: object) -> object:
        dialled.append(url)
        return real(url, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(client_module, "connect", spy)
    async with local_server(tmp_path) as (koza, url):
        a, b = KozaClient(url), KozaClient(url)
        await a.connect()
        room = await a.create_room("Ann", humans=2)  # the client drew the code
        assert roomfile.good_code(room.code) and room.code in koza.rooms
        await b.connect(room.code)
        await b.join(room.code, "Bob")
        await b.drop()  # the connection fails: it comes back at the same address
        await until(b, lambda: b.reconnects == 1, "the reconnection")
        for client in (a, b):
            await client.close()
    at_room = f"{url}/room/{room.code}"
    assert dialled == [url, at_room, at_room, at_room]


async def test_a_drawn_code_must_be_long_and_free(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        owner = KozaClient(url)
        await owner.connect()
        taken = (await owner.create_room("Ann", humans=2)).code

        def create(code: str) -> str:
            return json.dumps({"v": 1, "type": "create_room", "name": "Eve", "code": code})

        answers = await _ask(url, [HELLO, create("ABCD"), create(taken)])
        assert [a["key"] for a in answers[1:]] == ["net.says.bad_code", "net.says.code_taken"]
        assert len(koza.rooms) == 1
        await owner.close()


def _openssl(*args: str | Path) -> None:
    subprocess.run(["openssl", *map(str, args)], check=True, capture_output=True)


def _signed(d: Path, name: str, by: str, ext: Path, serial: int) -> None:
    """``name``.pem: a certificate for ``name``.csr, signed by ``by``.pem and ``by``.key."""
    ca = ["-CA", d / f"{by}.pem", "-CAkey", d / f"{by}.key", "-set_serial", str(serial)]
    csr, out = d / f"{name}.csr", d / f"{name}.pem"
    _openssl("x509", "-req", "-in", csr, *ca, "-days", "1", "-extfile", ext, "-out", out)


def acme_like_files(d: Path) -> tuple[Path, Path, Path]:
    """fullchain.pem (the server's certificate, then the intermediate's) and privkey.pem,
    as certbot writes them in /etc/letsencrypt/live/NAME/; and the root to trust."""
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    ca, leaf = d / "ca.ext", d / "leaf.ext"
    ca.write_text("basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n")
    leaf.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    root = ["-keyout", d / "root.key", "-out", d / "root.pem", "-subj", "/CN=root"]
    _openssl("req", "-x509", *ec, "-days", "1", *root, "-extensions", "v3_ca")
    _openssl("req", *ec, "-keyout", d / "int.key", "-out", d / "int.csr", "-subj", "/CN=int")
    _signed(d, "int", "root", ca, 2)
    _openssl("req", *ec, "-keyout", d / "privkey.pem", "-out", d / "cert.csr", "-subj", "/CN=k")
    _signed(d, "cert", "int", leaf, 3)
    full = d / "fullchain.pem"
    full.write_text((d / "cert.pem").read_text() + (d / "int.pem").read_text())
    return full, d / "privkey.pem", d / "root.pem"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_tls_from_the_files_an_acme_client_writes(tmp_path: Path) -> None:
    full, key, root = acme_like_files(tmp_path)
    koza = KozaServer(tmp_path / "saves", bot_delay=0, sync=False)
    server = await start(koza, "127.0.0.1", 0, tls_context(full, key))
    port = next(iter(server.sockets)).getsockname()[1]
    try:
        trusted = KozaClient(f"wss://127.0.0.1:{port}", tls=ssl.create_default_context(cafile=root))
        await trusted.connect()  # the chain reaches the root only through fullchain's second part
        assert (await trusted.create_room("Ann", humans=2)).seat == 0
        await trusted.close()
    finally:
        server.close()
        await server.wait_closed()
        koza.close()

"""``koza server --web``: what the page is made of, served over HTTP (no browser here).

The page's own files, its texts from the catalogues, what a room may be made with,
the rule book; nothing else answers, nothing points at another host, and the whole
page stays under its weight.  The terminal page (``--web-terminal``) loses its
outside font and is titled koza.
"""

from __future__ import annotations

import json
import re
import shutil
import ssl
import subprocess
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from koza.core.rules import RuleSet, options
from koza.i18n.strings import EN, lookup
from koza.i18n.web_words import WEB_EN
from koza.net.server import tls_context
from koza.net.web import CLIENT_DIR, client_files, make_app, start_web
from koza.net.web_terminal import page_of_koza

PAGE_WEIGHT = 200 * 1024  # bytes, uncompressed


@pytest.fixture
async def http() -> AsyncIterator[TestClient]:
    async with TestClient(TestServer(make_app(4321))) as client:
        yield client


async def test_every_file_of_the_page_is_served_with_its_type(http: TestClient) -> None:
    for path, file in client_files().items():
        answer = await http.get(path)
        assert answer.status == 200, path
        assert await answer.read() == file.read_bytes()
        assert answer.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert (await http.get("/app.js")).content_type == "text/javascript"
    assert (await http.get("/")).content_type == "text/html"


async def test_nothing_else_answers(http: TestClient) -> None:
    for path in ("/nope.js", "/../koza/net/web.py", "/%2e%2e/web.py", "/i18n/de.json", "/web.py"):
        assert (await http.get(path)).status == 404, path


async def test_the_page_finds_the_game_server(http: TestClient) -> None:
    assert await (await http.get("/config.json")).json() == {"port": 4321, "tls": False}


@pytest.mark.parametrize("lang", ["en", "ru", "ka"])
async def test_the_texts_come_from_the_catalogue(http: TestClient, lang: str) -> None:
    data = await (await http.get(f"/i18n/{lang}.json")).json()
    assert data["lang"] == lang and set(data["languages"]) == {"en", "ru", "ka"}
    texts = data["texts"]
    assert set(WEB_EN) <= set(texts)
    for key in (*WEB_EN, "net.says.no_room", "illegal.not_your_turn", "rule.target.title"):
        if key in EN:
            assert texts[key] == lookup(key, lang=lang), key
    if lang != "en":  # every text of the page's own is translated: no Latin word left
        words = {k: re.sub(r"\{\w+\}", "", texts[k]) for k in WEB_EN}
        assert [k for k, text in words.items() if re.search("[A-Za-z]{2}", text)] == []


def test_every_key_the_page_uses_is_a_catalogue_key() -> None:
    used: set[str] = set()
    for file in CLIENT_DIR.glob("*.js"):
        used |= set(re.findall(r"[\"`](web\.[a-z_]+)[\"`]", file.read_text()))
        used |= {f"web.end_{end}" for end in ("left", "right") if "web.end_${" in file.read_text()}
    assert used and used <= set(WEB_EN), used - set(WEB_EN)


async def test_what_a_room_may_be_made_with(http: TestClient) -> None:
    data = await (await http.get("/setup.json")).json()
    assert [r["name"] for r in data["rules"]] == [o.name for o in options()]
    defaults = RuleSet()
    for rule in data["rules"]:
        assert rule["default"] == str(getattr(defaults, rule["name"]))
    assert "expert" in data["bots"] and "random" in data["bots"]


async def test_the_rule_book_in_each_language(http: TestClient) -> None:
    from koza.rulebook import rule_book

    for lang in ("en", "ru", "ka"):
        assert (await (await http.get(f"/rules/{lang}.json")).json())["text"] == rule_book(lang)


async def test_the_page_weighs_under_200_kb_and_points_at_no_other_host(http: TestClient) -> None:
    weight = 0
    for path, file in client_files().items():
        text = file.read_text(encoding="utf-8") if file.suffix != ".png" else ""
        text = text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # a name, never fetched
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), path
        weight += 0 if path == "/" else file.stat().st_size
    heaviest = max(
        [len(await (await http.get(f"/i18n/{lang}.json")).read()) for lang in ["en", "ru", "ka"]]
    )
    weight += heaviest + len(await (await http.get("/setup.json")).read())
    assert weight <= PAGE_WEIGHT, weight


def test_the_terminal_page_loads_no_outside_font_and_is_titled_koza() -> None:
    template = resources.files("textual_serve").joinpath("templates/app_index.html").read_text()
    assert "fonts.googleapis.com" in template  # what is being taken out is really there
    page = page_of_koza(template)
    assert "fonts.googleapis.com" not in page and "//" not in re.sub(
        r"\{\{.*?\}\}", "", page.split("<script")[0]
    )
    assert "<title>koza</title>" in page


def test_the_manifest_names_koza_and_its_own_icons() -> None:
    manifest = json.loads((CLIENT_DIR / "manifest.webmanifest").read_text())
    assert manifest["name"] == "koza" and manifest["start_url"] == "/"
    for icon in manifest["icons"]:
        assert icon["src"] in client_files(), icon["src"]


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_with_a_certificate_the_page_is_https_and_its_socket_wss(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
        + ["-nodes", "-days", "1", "-keyout", str(key), "-out", str(cert)]
        + ["-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
    )
    runner, port = await start_web(4321, "127.0.0.1", 0, tls_context(cert, key))
    try:
        trusted = ssl.create_default_context(cafile=str(cert))
        async with aiohttp.ClientSession() as session:
            answer = await session.get(f"https://127.0.0.1:{port}/config.json", ssl=trusted)
            assert await answer.json() == {"port": 4321, "tls": True}
    finally:
        await runner.cleanup()


def test_the_service_worker_keeps_every_file_of_the_page_and_nothing_else() -> None:
    listed = set(re.findall(r'"(/[^"]*)"', (CLIENT_DIR / "sw.js").read_text()))
    files = set(client_files()) - {"/sw.js", "/icon-512.png"}
    made = {"/config.json", "/setup.json", "/i18n/en.json", "/i18n/ru.json", "/i18n/ka.json"}
    assert listed == files | made

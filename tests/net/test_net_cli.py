"""``koza server``, ``koza join`` and ``koza host`` on bad input: one line, non-zero exit."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from koza.cli.main import main
from koza.core.game import Game
from koza.core.view import seat_view
from koza.net import tokens
from koza.net.address import normalize_url
from koza.net.linemode import describe_event, plain, render


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("argv", "code", "words"),
    [
        (["join", "127.0.0.1:1", "no!", "--name", "x"], 2, "not a room code"),
        (["join", "127.0.0.1:1", "ABCDEF"], 2, "--name NAME"),
        (["join", "127.0.0.1:1", "ABCDEF", "--name", "x", "--bot", "nobody"], 2, "unknown bot"),
        (["server", "--port", "70000"], 2, "not a port"),
        (["server", "--cert", "c.pem"], 2, "--cert and --key"),
        (["host", "--players", "3", "--rule", "teams=pairs"], 2, "pairs"),
        (["host", "--humans", "5"], 2, "--humans"),
    ],
)
def test_bad_arguments_are_one_line(
    argv: list[str], code: int, words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main([*argv, "--save-dir", str(tmp_path)]) == code
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_an_unreachable_server_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    port = _free_port()
    argv = ["join", f"127.0.0.1:{port}", "ABCDEF", "--name", "x", "--save-dir", str(tmp_path)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "cannot reach" in err and err.count("\n") == 1


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["server", "--port", str(port), "--save-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "cannot listen" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("extra", "words"),
    [(["--bot", "nobody"], "unknown bot"), (["--name", "[b]me"], "name: String should match")],
)
def test_host_refused_by_its_own_server_is_one_line(
    extra: list[str], words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["host", "--port", "0", "--save-dir", str(tmp_path), *extra]) == 1
    captured = capsys.readouterr()
    assert "listening on ws://127.0.0.1:" in captured.out
    assert words in captured.err and captured.err.count("\n") == 1


def test_tokens_are_kept_per_server_and_room(tmp_path: Path) -> None:
    assert tokens.load(tmp_path, "ws://a:1", "ABCDEF") is None
    tokens.store(tmp_path, "ws://a:1", "ABCDEF", "t1")
    tokens.store(tmp_path, "ws://b:1", "ABCDEF", "t2")
    assert tokens.load(tmp_path, "ws://a:1", "ABCDEF") == "t1"
    assert tokens.load(tmp_path, "ws://b:1", "ABCDEF") == "t2"
    assert (tmp_path / tokens.FILE).stat().st_mode & 0o077 == 0  # only the user reads it
    (tmp_path / tokens.FILE).write_text("not json")
    assert tokens.load(tmp_path, "ws://a:1", "ABCDEF") is None


def test_the_line_table_prints_plain_text() -> None:
    game = Game.new(["Ann", "Bob"], seed=4)
    lines = render(seat_view(game.state, game.state.turn))
    assert "your move: 1) " in "\n".join(lines) and "\x1b" not in "\n".join(lines)
    assert plain("a\x1b[2Jb\x07") == "a [2Jb "
    ev = {"type": "tile_drawn", "seq": 3, "seat": 1, "tile": None}
    assert describe_event(ev, ("Ann", "Bob")) == "Bob draws a tile"


def test_an_address_without_a_port_gets_the_default_one() -> None:
    assert normalize_url("example.org") == "ws://example.org:7777"
    assert normalize_url(" example.org:1234 ") == "ws://example.org:1234"
    assert normalize_url("wss://h") == "wss://h:7777"
    assert normalize_url("wss://h:99/x") == "wss://h:99/x"
    assert normalize_url("[::1]") == "ws://[::1]:7777"


def test_host_on_an_unreachable_server_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    where = f"127.0.0.1:{_free_port()}"
    assert main(["host", "--server", where, "--lines", "--save-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "listening" not in captured.out  # no server of its own was started
    assert "cannot reach" in captured.err and captured.err.count("\n") == 1

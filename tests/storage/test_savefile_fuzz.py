"""A seeded corpus of damaged saves: nothing in a save file can crash the loader.

Each case damages a real bot game (byte flips, cut points, deep nesting, huge
values, lines dropped or repeated).  Whatever the damage, ``load`` either reads
the file or raises its own one-line ``SaveError`` under 300 characters, and a
failed load (or a refused ``Session.open``) leaves every byte as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from support.saves import saved_game

from koza.play.session import Session
from koza.storage.savefile import SaveError, load

Damage = Callable[[random.Random, bytes], bytes]
CASES = 360


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def cut(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _replace_line(rng: random.Random, data: bytes, new: bytes) -> bytes:
    lines = _lines(data)
    lines[rng.randrange(len(lines))] = new
    return b"\n".join(lines)


def deep_nesting(rng: random.Random, data: bytes) -> bytes:
    depth = rng.choice([1000, 5000, 20000])
    return _replace_line(rng, data, b"[" * depth + b"]" * depth * rng.randint(0, 1))


def deep_value(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(1, len(lines) - 1)
    depth = rng.choice([500, 5000])
    lines[i] = lines[i].replace(b'"seat":', b'"seat":' + b"[" * depth, 1)
    return b"\n".join(lines)


def huge_value(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(1, len(lines) - 1)
    key = rng.choice([b'"type":', b'"tile":', b'"seq":', b'"seat":', b'"round":', b'"seed":'])
    huge = rng.choice(
        [b'"' + b"x" * 1_000_000 + b'"', b"9" * 5000, b"-" + b"7" * 700, b"1e999999", b"1" * 400]
    )
    if key in lines[i]:
        head, _, rest = lines[i].partition(key)
        tail = rest[rest.find(b",") :] if b"," in rest else b"}"
        lines[i] = head + key + huge + tail
    else:
        lines[i] = lines[i][:-1] + b"," + key + huge + b"}"
    return b"\n".join(lines)


def shuffle_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if rng.random() < 0.5:
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(i, lines[j])
    return b"\n".join(lines)


def odd_encoding(rng: random.Random, data: bytes) -> bytes:
    if rng.random() < 0.5:
        return data.decode().encode("utf-16")
    at = rng.randrange(len(data))
    return (
        data[:at] + rng.choice([b"\xff\xfe", b"\x00" * 30, b"\xc3(", b"\r\n", b"\n\n"]) + data[at:]
    )


DAMAGES: list[Damage] = [
    flip_bytes,
    cut,
    deep_nesting,
    deep_value,
    huge_value,
    shuffle_lines,
    odd_encoding,
]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    folder = tmp_path_factory.mktemp("fuzz-games")
    unfinished = saved_game(folder, seed=31, players=3, max_events=90)
    finished = saved_game(folder, seed=32, players=2, target=40)
    return [unfinished.read_bytes(), finished.read_bytes()]


def test_no_damaged_save_escapes_the_loader(tmp_path: Path, games: list[bytes]) -> None:
    rng = random.Random(14)
    path = tmp_path / "damaged.koza.jsonl"
    refused = 0
    for case in range(CASES):
        damage = DAMAGES[case % len(DAMAGES)]
        data = damage(rng, rng.choice(games))
        path.write_bytes(data)
        try:
            load(path)
        except SaveError as exc:
            refused += 1
            text = str(exc)
            assert "\n" not in text and len(text) < 300, (case, damage.__name__, text[:400])
            assert text.startswith(str(path)), (case, damage.__name__, text[:400])
            assert path.read_bytes() == data, (case, damage.__name__)
            with pytest.raises(SaveError):
                Session.open(path).close()
            assert path.read_bytes() == data, (case, damage.__name__)
    assert refused > CASES // 2  # the corpus really damages most saves

"""koza's container image on loopback: its rooms outlive the container (not in make test).

    python deploy/container_rooms.py [--engine docker|podman] [--image koza] [--build]
        [--build-flag=...] [--run-flag=...]

With ``--build`` it first builds the image from this checkout's Dockerfile.  Then it
checks, with this checkout's client and the image's own ``koza``:

- the image runs koza's compiled modules, as an unprivileged user;
- a container of it (a named volume on ``/data``, port 7777 published on 127.0.0.1
  only) takes rooms: one person opens a room for two people and waits; another opens a
  room with three bots and plays a few moves;
- the container is killed with SIGKILL and removed, and a new one is started from the
  image and the same volume: both people's clients rejoin their seats by themselves
  (their rooms and seat tokens came back), nothing they had seen is lost, a second
  person joins the waiting room by its code, and both games are played to their end;
- every save in the volume passes ``koza verify`` (run in the image).

Prints what it checked and exits 0, or says what failed and exits 1.  ``--build-flag``
and ``--run-flag`` pass options to the engine's ``build`` and ``run``: where cgroups v1
and v2 are mixed, podman needs ``--build-flag=--isolation=chroot --run-flag=--runtime=runc``,
and where the hard limits are low ``--run-flag=--ulimit=nofile=4096:4096`` (and ``nproc``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout's koza, not an installed one

from koza.bots import make_bot  # noqa: E402
from koza.net.client import KozaClient  # noqa: E402
from koza.net.scripted import autoplay  # noqa: E402

PATIENCE = 180.0
RULES = {"target": 51}  # short games


class Engine:
    """``docker`` or ``podman``, with the flags this machine needs."""

    def __init__(self, name: str, build_flags: list[str], run_flags: list[str]) -> None:
        self.name, self.build_flags, self.run_flags = name, build_flags, run_flags

    def __call__(self, *args: str, check: bool = True) -> str:
        done = subprocess.run([self.name, *args], capture_output=True, text=True, check=False)
        if check and done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
            raise SystemExit(f"{self.name} {args[0]} failed: {tail[0]}")
        return done.stdout.strip()

    def in_image(self, image: str, *command: str, volume: str | None = None) -> str:
        """Run ``command`` in a throw-away container of ``image``."""
        mount = ["-v", f"{volume}:/data"] if volume else []
        return self(
            "run",
            "--rm",
            *self.run_flags,
            *mount,
            "--entrypoint",
            *command[:1],
            image,
            *command[1:],
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, within: float = 60.0) -> None:
    until = time.monotonic() + within
    while time.monotonic() < until:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"nothing listens on 127.0.0.1:{port} after {within:.0f} s")


def start_server(engine: Engine, image: str, volume: str, port: int, name: str) -> None:
    engine(
        "run",
        "-d",
        "--name",
        name,
        *engine.run_flags,
        "-v",
        f"{volume}:/data",
        "-p",
        f"127.0.0.1:{port}:7777",
        image,
        "--bot-delay",
        "0",
    )
    wait_for_port(port)


async def wait_until(what: str, done: Callable[[], bool], within: float = PATIENCE) -> None:
    until = time.monotonic() + within
    while not done():
        if time.monotonic() > until:
            raise SystemExit(f"{what}: not after {within:.0f} s")
        await asyncio.sleep(0.1)


async def check_rooms(engine: Engine, image: str, volume: str, port: int, name: str) -> None:
    url = f"ws://127.0.0.1:{port}"
    waiting = KozaClient(url, reconnect_for=PATIENCE)
    await waiting.connect()
    pair = await waiting.create_room("Ann", players=2, humans=2, rules=RULES)
    playing = KozaClient(url, reconnect_for=PATIENCE)
    await playing.connect()
    bots = await playing.create_room("Bob", players=4, humans=1, bot="random", rules=RULES)
    await autoplay(playing, make_bot("random", 1), timeout=PATIENCE, stop=lambda c: c.seq > 12)
    seen = playing.seq
    print(f"room {pair.code} waits for a second person; room {bots.code} is at event {seen}")

    engine("kill", "--signal", "KILL", name)
    engine("rm", name)
    start_server(engine, image, volume, port, name)
    print("killed the container with SIGKILL, removed it, started a new one on the volume")
    await wait_until("the waiting person's rejoin", lambda: waiting.reconnects > 0)
    await wait_until("the playing person's rejoin", lambda: playing.reconnects > 0)
    await wait_until("the table after the rejoin", lambda: playing.seq >= seen)
    print(f"both people rejoined their seats; room {bots.code} is at event {playing.seq}")

    second = KozaClient(url, reconnect_for=PATIENCE)
    await second.connect(pair.code)
    await second.join(pair.code, "Cat")
    await asyncio.gather(
        autoplay(waiting, make_bot("random", 2), timeout=PATIENCE),
        autoplay(second, make_bot("random", 3), timeout=PATIENCE),
        autoplay(playing, make_bot("random", 4), timeout=PATIENCE),
    )
    for client in (waiting, second, playing):
        await client.close()
    print(f"a second person joined room {pair.code} by its code; both games were played out")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    found = shutil.which("docker") or shutil.which("podman") or "docker"
    parser.add_argument("--engine", default=Path(found).name)
    parser.add_argument("--image", default="koza")
    parser.add_argument("--build", action="store_true", help="build the image first")
    parser.add_argument("--build-flag", action="append", default=[])
    parser.add_argument("--run-flag", action="append", default=[])
    args = parser.parse_args()
    engine = Engine(args.engine, args.build_flag, args.run_flag)
    volume, name = f"koza-check-{os.getpid()}", f"koza-check-{os.getpid()}"
    try:
        if args.build:
            engine("build", *args.build_flag, "-t", args.image, str(HERE.parent))
            print(f"built {args.image} from {HERE.parent / 'Dockerfile'}")
        code = "import koza.compiled as c, getpass; print(c.is_compiled(), getpass.getuser())"
        compiled, user = engine.in_image(args.image, "python", "-c", code).split()
        if compiled != "True" or user == "root":
            raise SystemExit(f"the image runs compiled={compiled} as {user}")
        print(f"the image runs koza's compiled modules as the user {user!r}")
        engine("volume", "create", volume)
        port = free_port()
        start_server(engine, args.image, volume, port, name)
        print(f"{engine.name}: {args.image} on 127.0.0.1:{port}, /data on the volume {volume}")
        asyncio.run(check_rooms(engine, args.image, volume, port, name))
        engine("stop", name)
        lines = engine.in_image(
            args.image, "sh", "-c", "koza verify /data/*.koza.jsonl", volume=volume
        ).splitlines()
        print(f"all {len(lines)} saves in the volume pass koza verify (run in the image)")
    except SystemExit as exc:
        print(f"container_rooms: FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        engine("rm", "-f", name, check=False)
        engine("volume", "rm", "-f", volume, check=False)
    print("container_rooms: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

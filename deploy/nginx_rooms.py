"""Two koza servers behind Debian's nginx on loopback, rooms played through it (not in make test).

    python deploy/nginx_rooms.py [--rooms 12] [--nginx /usr/sbin/nginx]

Starts two ``koza server --behind-proxy`` processes, each with its own save folder,
and nginx with deploy/nginx-koza.conf's routing (``hash $koza_room consistent`` on the
code in ``/room/CODE``; plain HTTP on a free loopback port, no TLS).  Then, through
nginx only: every room is created by a client that draws its code, a second person joins
half of them, one of them drops its connection and rejoins, one server is killed
with SIGKILL mid-game and started again on its folder, and every game is played to its
end.  It checks that each room's files are in exactly one server's folder and name that
server, that every save verifies and its game is over, and that both servers held rooms.
Prints what it checked and exits 0, or says what failed and exits 1.  Needs nginx
(apt-get install nginx).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout's koza, not an installed one

from koza.bots import make_bot  # noqa: E402
from koza.cli.verify import verify_line  # noqa: E402
from koza.net.client import KozaClient  # noqa: E402
from koza.net.scripted import autoplay  # noqa: E402

PATIENCE = 300.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Backend:
    """One ``koza server`` process on a fixed loopback port and its own folder."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder, self.port = folder, port
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        cmd = [sys.executable, "-m", "koza", "server", "--port", str(self.port)]
        cmd += ["--save-dir", str(self.folder), "--bot-delay", "0", "--behind-proxy"]
        self.proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            cwd=HERE.parent,
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        if f":{self.port}" not in first:
            raise SystemExit(f"koza server did not start: {first!r}")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def nginx_conf(work: Path, listen: int, backends: list[Backend]) -> Path:
    """deploy/nginx-koza.conf's routing, as a whole nginx.conf on loopback without TLS."""
    routing = (HERE / "nginx-koza.conf").read_text()
    upstream = re.search(r"upstream koza \{.*?\n\}", routing, re.S)
    maps = re.findall(r"map \$\S+ \$\S+ \{.*?\n\}", routing, re.S)
    assert upstream is not None and len(maps) == 2
    servers = "".join(f"    server 127.0.0.1:{b.port} max_fails=0;\n" for b in backends)
    block = re.sub(r"(    server 127\.0\.0\.1:\d+ max_fails=0;\n)+", servers, upstream.group())
    location = re.search(r"    location / \{.*?\n    \}", routing, re.S)
    assert location is not None
    user = "user root root;\n" if os.geteuid() == 0 else ""
    temp = "".join(
        f"    {kind}_temp_path {work / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    conf = work / "nginx.conf"
    conf.write_text(
        f"{user}worker_processes 1;\npid {work / 'nginx.pid'};\nerror_log {work / 'error.log'};\n"
        f"events {{ worker_connections 1024; }}\nhttp {{\n    access_log {work / 'access.log'};\n"
        f"{temp}{chr(10).join(maps)}\n{block}\n"
        f"server {{\n    listen 127.0.0.1:{listen};\n{location.group()}\n}}\n}}\n"
    )
    return conf


async def play_room(url: str, i: int, pairs: bool, drop: bool) -> tuple[str, KozaClient]:
    """One room through nginx: made, maybe joined by a second person, played to its end."""
    a = KozaClient(url, reconnect_for=PATIENCE)
    await a.connect()
    humans = 2 if pairs else 1
    room = await a.create_room(
        f"A{i}", players=2 + i % 3, humans=humans, bot="random", rules={"target": 51}
    )
    clients = [a]
    if pairs:
        b = KozaClient(url, reconnect_for=PATIENCE)
        await b.connect(room.code)
        await b.join(room.code, f"B{i}")
        clients.append(b)

    async def dropping(c: KozaClient) -> None:
        await autoplay(c, make_bot("random", i), timeout=PATIENCE, stop=lambda c: c.seq > 10)
        await c.drop()  # the connection breaks: the client rejoins through nginx
        await autoplay(c, make_bot("random", i), timeout=PATIENCE)

    plays = [
        dropping(c) if drop and n == 1 else autoplay(c, make_bot("random", n), timeout=PATIENCE)
        for n, c in enumerate(clients)
    ]
    await asyncio.gather(*plays)
    for c in clients:
        await c.close()
    return room.code, clients[-1]


async def play_all(url: str, rooms: int, victim: Backend) -> list[str]:
    """Every room at once; ``victim`` is killed and started again while they play."""

    async def kill_and_restart() -> None:
        await asyncio.sleep(0.5)
        victim.kill()  # kill -9, mid-game
        await asyncio.sleep(0.5)
        await asyncio.to_thread(victim.start)  # the same port and folder: its rooms reopen
        print(f"killed the server on port {victim.port} with SIGKILL mid-game; started it again")

    tasks = [play_room(url, i, pairs=i % 2 == 0, drop=i == 0) for i in range(rooms)]
    results = await asyncio.gather(*tasks, kill_and_restart())
    played = [r for r in results if r is not None]
    reconnects = sum(c.reconnects for _, c in played)
    print(f"played {len(played)} rooms through nginx; {reconnects} reconnections on the way")
    return [code for code, _ in played]


def check_rooms(codes: list[str], backends: list[Backend]) -> None:
    held = {b.port: 0 for b in backends}
    for code in codes:
        homes = [b for b in backends if (b.folder / f"koza-room-{code}.json").exists()]
        if len(homes) != 1:
            raise SystemExit(f"room {code} is in {len(homes)} server folders")
        home = homes[0]
        record = json.loads((home.folder / f"koza-room-{code}.json").read_text())
        if not str(record.get("server", "")).endswith(f":{home.port}"):
            raise SystemExit(f"room {code}'s file names {record.get('server')!r}, not :{home.port}")
        if not record["finished"]:
            raise SystemExit(f"room {code} did not finish")
        saves = sorted(home.folder.glob(f"*-{record['game_id']}.koza.jsonl"))
        ok, line = verify_line(saves[0])
        if not ok:
            raise SystemExit(line)
        held[home.port] += 1
    split = ", ".join(f"127.0.0.1:{port} {n}" for port, n in held.items())
    print(f"each room's files are in one server's folder and name it; rooms per server: {split}")
    print(f"all {len(codes)} saves verify (koza verify) and every game is over")
    if 0 in held.values():
        raise SystemExit("one server held no room: the routing did not spread them")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=12)
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    args = parser.parse_args()
    if not Path(args.nginx).exists():
        print("nginx_rooms: no nginx (apt-get install nginx)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="koza-nginx-") as tmp:
        work = Path(tmp)
        backends = [Backend(work / f"server{n}", free_port()) for n in (1, 2)]
        listen = free_port()
        nginx = None
        try:
            for b in backends:
                b.start()
            conf = nginx_conf(work, listen, backends)
            nginx = subprocess.Popen(
                [args.nginx, "-c", str(conf), "-p", str(work), "-g", "daemon off;"],
                stderr=subprocess.PIPE,
                text=True,
            )
            url = f"ws://127.0.0.1:{listen}"
            for _ in range(100):
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", listen)) == 0:
                        break
                if nginx.poll() is not None:
                    raise SystemExit(f"nginx did not start: {nginx.communicate()[1]}")
                time.sleep(0.1)
            print(f"nginx on {url} -> koza servers on ports {[b.port for b in backends]}")
            codes = asyncio.run(play_all(url, args.rooms, backends[1]))
            check_rooms(codes, backends)
        except SystemExit as exc:
            print(f"nginx_rooms: FAILED: {exc}", file=sys.stderr)
            return 1
        finally:
            if nginx is not None:
                nginx.terminate()
                nginx.wait(10)
            for b in backends:
                b.stop()
    print("nginx_rooms: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

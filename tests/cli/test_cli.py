"""The command line: verify, sim, the app subcommands' dispatch, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest
from support.paths import DATA
from support.saves import lines_of, saved_game, write_lines

from koza.cli.main import build_parser, main

GOLDEN = DATA / "schema1-3p-default.koza.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_verify_ok(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", str(GOLDEN))
    assert code == 0 and err == ""
    assert out == (
        f"{GOLDEN}: ok, 7 rounds, scores 121 99 42, game over (goat: Bot 1), "
        "deals match seed 2026\n"
    )


def test_verify_in_progress_and_cut_off(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game(tmp_path, seed=1, players=2, max_events=8)
    path.write_bytes(path.read_bytes() + b'{"seq"')
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 0
    assert out.startswith(f"{path}: ok, 0 rounds, scores 0 0, in progress (round 1)")
    assert out.endswith("; a cut-off last line was dropped\n")


def test_verify_reports_each_file_and_fails_if_any_is_bad(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = saved_game(tmp_path, seed=2, players=4)
    bad = saved_game(tmp_path, seed=3, players=3)
    lines = lines_of(bad)
    data = json.loads(lines[6])
    data["seq"] = 99
    lines[6] = json.dumps(data)
    write_lines(bad, lines)
    missing = tmp_path / "missing.koza.jsonl"
    code, out, err = run(capsys, "verify", str(good), str(bad), str(missing))
    assert code == 1
    assert out.startswith(f"{good}: ok, ") and out.count("\n") == 1
    assert err == f"{bad}:7: event seq 99 where 5 was due\n{missing}: no such file\n"


def test_sim_plays_and_saves_g_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "sim",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "7",
        "--save-dir",
        str(tmp_path),
        "--rule",
        "target=51",
    )
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "sim: 4 games, 3 random players, seed 7, rules target=51"
    assert lines[1].startswith("rounds: ") and lines[2].startswith("goats: seat ")
    files = sorted(tmp_path.glob("*.koza.jsonl"))
    assert len(files) == 4
    code, out, _ = run(capsys, "verify", *map(str, files))
    assert code == 0 and out.count("game over") == 4


def sim_events(folder: Path) -> list[list[dict[str, object]]]:
    games = []
    for f in sorted(folder.glob("*.koza.jsonl"), key=lambda p: p.name.split("-", 2)[2]):
        events = [json.loads(line) for line in lines_of(f)[1:]]
        for e in events:
            del e["at"]
        games.append(events)
    return games


def test_sim_same_seed_same_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, seed in [("a", "5"), ("b", "5"), ("c", "6")]:
        assert (
            main(
                [
                    "--save-dir",
                    str(tmp_path / name),
                    "sim",
                    "--players",
                    "4",
                    "--games",
                    "3",
                    "--seed",
                    seed,
                    "--rule",
                    "teams=pairs",
                ]
            )
            == 0
        )
    capsys.readouterr()
    a, b, c = (sim_events(tmp_path / n) for n in "abc")
    assert a == b and len(a) == 3
    assert a != c


def test_sim_without_seed_prints_the_seed_it_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys,
        "sim",
        "--players",
        "2",
        "--games",
        "1",
        "--save-dir",
        str(tmp_path),
        "--rule",
        "target=20",
    )
    seed = out.split("seed ")[1].split(",")[0]
    assert code == 0 and seed.isdigit()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["sim", "--players", "5", "--games", "1"],
            "sim: argument --players: Kozel is played by 2, 3 or 4 players, not 5",
        ),
        (["sim", "--players", "x", "--games", "1"], "sim: argument --players: 'x' is not a number"),
        (
            ["sim", "--players", "2", "--games", "0"],
            "sim: argument --games: must be 1 or more, not 0",
        ),
        (["sim", "--players", "2"], "sim: the following arguments are required: --games"),
        (
            ["sim", "--players", "2", "--games", "1", "--rule", "colour=red"],
            "sim: unknown rule option 'colour'",
        ),
        (
            ["sim", "--players", "2", "--games", "1", "--rule", "target=0"],
            "sim: bad value '0' for rule target",
        ),
        (
            ["sim", "--players", "2", "--games", "1", "--rule", "target"],
            "sim: rule 'target' should look like KEY=VALUE",
        ),
        (
            ["sim", "--players", "3", "--games", "1", "--rule", "teams=pairs"],
            "sim: teams=pairs needs exactly 4 players",
        ),
        (
            ["sim", "--players", "2", "--games", "1", "--seed", "abc"],
            "sim: argument --seed: invalid int value: 'abc'",
        ),
        (["watch", "--seats", "random"], "watch: argument --seats: Kozel is played by 2, 3 or 4"),
        (["watch", "--seats", "random,wizard"], "watch: argument --seats: unknown bot 'wizard'"),
        (["watch", "--delay", "-1"], "watch: argument --delay: must be between 0 and 60"),
        (["verify"], "verify: the following arguments are required: FILE"),
        (["replay", "/no/such.koza.jsonl"], "replay: /no/such.koza.jsonl: no such file"),
        (["resume", "/no/such.koza.jsonl"], "resume: /no/such.koza.jsonl: no such file"),
        (["dance"], "argument COMMAND: invalid choice: 'dance'"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "--save-dir", str(tmp_path), *argv)
    assert code != 0 and out == ""
    assert err.startswith(f"koza: {message}") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


class FakeLaunch(types.ModuleType):
    def __init__(self) -> None:
        super().__init__("koza.cli.app")
        self.calls: list[tuple[object, ...]] = []

    def play(self, save_dir: Path) -> int:
        self.calls.append(("play", save_dir))
        return 0

    def resume(self, save_dir: Path, path: Path | None) -> int:
        self.calls.append(("resume", save_dir, path))
        return 3

    def watch(
        self, save_dir: Path, seats: list[str] | None, delay: float | None, seed: int | None
    ) -> int:
        self.calls.append(("watch", save_dir, seats, delay, seed))
        return 0

    def replay(self, path: Path) -> int:
        self.calls.append(("replay", path))
        return 0

    def learn(self, save_dir: Path) -> int:
        self.calls.append(("learn", save_dir))
        return 0


def test_app_subcommands_call_koza_tui_launch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeLaunch()
    monkeypatch.setitem(sys.modules, "koza.cli.app", fake)
    monkeypatch.setenv("KOZA_HOME", str(tmp_path / "home"))
    d = tmp_path / "d"
    assert main([]) == 0
    assert main(["--save-dir", str(d), "play"]) == 0
    assert main(["resume"]) == 3
    assert main(["resume", str(GOLDEN), "--save-dir", str(d)]) == 3
    assert main(["watch", "--seats", "random,random,random", "--delay", "0.5", "--seed", "4"]) == 0
    assert main(["--save-dir", str(d), "watch"]) == 0
    assert main(["replay", str(GOLDEN)]) == 0
    assert main(["learn", "--save-dir", str(d)]) == 0
    home = tmp_path / "home"
    assert fake.calls == [
        ("play", home),
        ("play", d),
        ("resume", home, None),
        ("resume", d, GOLDEN),
        ("watch", home, ["random", "random", "random"], 0.5, 4),
        ("watch", d, None, None, None),
        ("replay", GOLDEN),
        ("learn", d),
    ]


def test_app_not_available_yet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "koza.cli.app", None)  # import fails
    code, _, err = run(capsys, "watch")
    assert code == 1 and err == "koza: watch: the app is not available yet\n"
    monkeypatch.setitem(sys.modules, "koza.cli.app", types.ModuleType("koza.cli.app"))
    code, _, err = run(capsys, "replay", str(GOLDEN))
    assert code == 1 and err == "koza: replay: the app is not available yet\n"


def test_parser_is_built_from_one_function_per_subcommand() -> None:
    from koza.cli import main as cli

    names = [f.__name__ for f in cli.SUBCOMMANDS]
    assert all(n.startswith("add_") and n.endswith("_parser") for n in names)
    assert build_parser().parse_args(["verify", "x"]).func is cli.run_verify


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert "koza 0.1.0" in capsys.readouterr().out
    assert main(["sim", "--help"]) == 0
    assert "--players" in capsys.readouterr().out


def test_python_m_koza_verify_without_textual(tmp_path: Path) -> None:
    code = (
        "import runpy, sys; sys.argv = ['koza', 'verify', sys.argv[1]];\n"
        "try:\n    runpy.run_module('koza', run_name='__main__')\n"
        "except SystemExit as e:\n    print('exit', e.code, 'textual' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(GOLDEN)], capture_output=True, text=True)
    assert done.stdout.endswith("exit 0 False\n"), done.stderr
    real = subprocess.run(
        [sys.executable, "-m", "koza", "verify", str(GOLDEN), str(tmp_path / "x.koza.jsonl")],
        capture_output=True,
        text=True,
    )
    assert real.returncode == 1
    assert real.stdout.startswith(f"{GOLDEN}: ok, 7 rounds")
    assert real.stderr == f"{tmp_path / 'x.koza.jsonl'}: no such file\n"


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["sim", "--players", "2"], "sim"),
        (["--save-dir", "sim", "verify", "x"], "verify"),  # "sim" is the folder here
        (["--save-dir=d", "--lang", "ru", "stats"], "stats"),
        (["--sav", "tournament", "sim"], "sim"),  # argparse takes a prefix of --save-dir
        (["--", "review", "f"], "review"),
        (["--help"], None),
        (["--version"], None),
        (["nosuch", "sim"], None),
        ([], None),
    ],
)
def test_the_subcommand_a_run_names(argv: list[str], name: str | None) -> None:
    from koza.cli.main import named_subcommand

    assert named_subcommand(argv) == name


def test_each_subcommand_alone_parses_and_helps_as_in_the_full_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from koza.cli.main import SUBCOMMANDS, subcommand_name

    names = [subcommand_name(add) for add in SUBCOMMANDS]
    assert {"sim", "verify", "stats", "review", "tournament"} <= set(names)
    for name in names:
        helps = []
        for parser in (build_parser(), build_parser(only=name)):
            with pytest.raises(SystemExit):
                parser.parse_args([name, "--help"])
            helps.append(capsys.readouterr().out)
        assert helps[0] == helps[1] and f"usage: koza {name}" in helps[0]
    alone = build_parser(only="sim").parse_args(
        ["--save-dir", "d", "sim", "--players", "2", "--games", "1"]
    )
    full = build_parser().parse_args(["--save-dir", "d", "sim", "--players", "2", "--games", "1"])
    assert vars(alone) == vars(full)


def test_a_bad_word_after_a_subcommand_is_told_as_the_full_parser_tells_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "--sav", "sim", "verify", "x", "--players", "2")
    assert code == 2 and err == "koza: unrecognized arguments: --players 2\n"
    code, _, err = run(capsys, "sim", "--games", "1", "--players", "2", "verify")
    assert code == 2 and err == "koza: unrecognized arguments: verify\n"


def test_koza_sim_imports_only_what_it_runs(tmp_path: Path) -> None:
    code = (
        "import runpy, sys\n"
        "sys.argv = ['koza', 'sim', '--players', '2', '--games', '1', '--save-dir', sys.argv[1]]\n"
        "try:\n    runpy.run_module('koza', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    heavy = ('asyncio', 'multiprocessing', 'koza.net', 'koza.tournament', 'koza.stats',\n"
        "             'koza.coach', 'koza.tui', 'textual', 'koza.bots.montecarlo',\n"
        "             'koza.bots.expert')\n"
        "    texts = ('koza.net', 'koza.i18n.says', 'koza.tui', 'koza.i18n.strings',\n"
        "             'koza.tui.settings')  # its words and the language setting, no more\n"
        "    print('exit', e.code, sorted(m for m in sys.modules\n"
        "          if m.startswith(heavy) and m not in texts))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True
    )
    assert done.stdout.endswith("exit 0 []\n"), done.stdout + done.stderr
    assert len(list(tmp_path.glob("*.koza.jsonl"))) == 1

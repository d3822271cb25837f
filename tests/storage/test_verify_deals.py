"""``koza verify`` deals every round again from the recorded seed and compares."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.saves import bot_seats, lines_of, play_out, saved_game, write_lines

from koza.cli.main import main
from koza.core.rules import RuleSet
from koza.core.verify import check_deals
from koza.play.session import Session
from koza.storage.savefile import SaveError, load


def run_verify(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_tile_swapped_between_a_hand_and_the_bazaar_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, seed=5, players=3, max_events=2)  # round 1 dealt, no move yet
    lines = lines_of(path)
    dealt = json.loads(lines[2])
    shuffle = dealt["shuffle"]
    shuffle[1], shuffle[-1] = shuffle[-1], shuffle[1]  # seat 0's second tile <-> the bazaar's last
    write_lines(path, [*lines[:2], json.dumps(dealt)])
    assert load(path).state.round_no == 1  # the rules alone cannot tell
    code, out, err = run_verify(capsys, path)
    assert (code, out) == (1, "")
    assert (
        err == f"{path}:3: round 1's deal is not the shuffle seed 5 gives (were tiles swapped?)\n"
    )


def test_the_ok_line_says_the_deals_were_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, seed=8, players=2, max_events=30)
    code, out, _ = run_verify(capsys, path)
    assert code == 0 and out.rstrip("\n").endswith(", deals match seed 8")


def test_a_save_without_a_seed_says_its_deals_are_unchecked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, seed=8, players=2, max_events=30)
    lines = lines_of(path)
    created = json.loads(lines[1])
    created["seed"] = None
    write_lines(path, [lines[0], json.dumps(created), *lines[2:]])
    code, out, _ = run_verify(capsys, path)
    assert code == 0 and out.rstrip("\n").endswith(", deals unchecked (no seed recorded)")


@pytest.mark.parametrize("seed", [66, 217, 1, 2])  # 66 and 217 redeal round 1 (2 players)
def test_whole_games_with_redeals_match_their_seed(tmp_path: Path, seed: int) -> None:
    rules = RuleSet(redeal="bad_hand", target=60)
    with Session.create(bot_seats(2), rules, seed, tmp_path, sync=False) as s:
        play_out(s)
        events = s.game.events
    check = check_deals(events)
    assert check.ok and check.seed == seed
    assert check.deals == sum(e.type == "round_dealt" for e in events)
    if seed in (66, 217):
        assert events[2].type == "deal_voided"


def test_resuming_refuses_a_save_whose_deal_is_not_its_seeds_and_changes_nothing(
    tmp_path: Path,
) -> None:
    path = saved_game(tmp_path, seed=5, players=3, max_events=2)
    lines = lines_of(path)
    dealt = json.loads(lines[2])
    dealt["shuffle"][0], dealt["shuffle"][-1] = dealt["shuffle"][-1], dealt["shuffle"][0]
    write_lines(path, [*lines[:2], json.dumps(dealt)])
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        Session.open(path, sync=False)
    assert str(info.value) == (
        f"{path}:3: round 1's deal is not the shuffle seed 5 gives (were tiles swapped?)"
    )
    assert path.read_bytes() == before
    with Session.open(saved_game(tmp_path / "fair", seed=5, max_events=2), sync=False) as s:
        assert s.state.round_no == 1  # the same game, untouched, resumes


def test_a_save_ending_with_one_blank_line_resumes_and_stays_loadable(tmp_path: Path) -> None:
    path = saved_game(tmp_path, seed=9, players=2, max_events=12)
    path.write_bytes(path.read_bytes() + b"\n")  # what an editor may leave
    loaded = load(path)
    assert len(loaded.events) == 12 and not loaded.torn and not loaded.warnings
    with Session.open(path, sync=False) as s:
        play_out(s, 20)
    assert b"\n\n" not in path.read_bytes() and len(load(path).events) == 20
    path.write_bytes(path.read_bytes() + b"\n\n")  # two are not an editor's
    with pytest.raises(SaveError, match="a blank line"):
        load(path)

"""Commands are the one public move: JSON that round-trips and is checked, legal-move sets."""

from __future__ import annotations

import ast
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import DATA, ROOT

from koza.core import engine
from koza.core.commands import (
    DRAW,
    PASS,
    Command,
    CommandError,
    Draw,
    LegalMoves,
    Pass,
    Play,
    PlayDoubles,
    command_from_json,
    command_to_json,
    from_move,
    to_move,
)
from koza.core.events import EVENT_ADAPTER, GameCreated, RoundScored
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.state import Action, apply_event, initial_state
from koza.core.tiles import DOUBLE_OF, N_TILES, parse_tile

T = parse_tile

commands = st.one_of(
    st.builds(Play, st.integers(0, N_TILES - 1), st.sampled_from(["left", "right", "open"])),
    st.builds(PlayDoubles, st.sampled_from(DOUBLE_OF), st.sampled_from(DOUBLE_OF)),
    st.just(Draw()),
    st.just(Pass()),
)


@given(commands)
def test_every_command_round_trips_through_json(cmd: Command) -> None:
    text = command_to_json(cmd)
    back = command_from_json(text)
    assert back == cmd and type(back) is type(cmd)
    assert command_to_json(back) == text


def test_the_json_form_names_the_kind_and_writes_tiles_like_the_events() -> None:
    assert command_to_json(Play(T("6-4"), "left")) == '{"kind":"play","tile":"6-4","end":"left"}'
    assert command_to_json(PlayDoubles(T("3-3"), T("1-1"))) == (
        '{"kind":"doubles","left":"3-3","right":"1-1"}'
    )
    assert command_to_json(Draw()) == '{"kind":"draw"}'
    assert command_to_json(Pass()) == '{"kind":"pass"}'
    assert command_from_json('{"kind":"play","tile":27,"end":"open"}') == Play(T("6-6"), "open")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"kind":"play","tile":"9-9","end":"left"}', "'9-9' is not a tile"),
        ('{"kind":"play","tile":28,"end":"left"}', "28 is not a tile"),
        ('{"kind":"play","tile":"6-6","end":"middle"}', "play.end"),
        ('{"kind":"play","tile":"6-6"}', "play.end: Field required"),
        ('{"kind":"draw","tile":"6-6"}', "draw.tile"),
        ('{"kind":"jump"}', "'jump'"),
        ('{"tile":"6-6","end":"left"}', "kind"),
        ("[1, 2]", "Input should be"),
        ("draw", "Invalid JSON"),
    ],
)
def test_a_bad_command_is_refused_in_one_line(text: str, says: str) -> None:
    with pytest.raises(CommandError) as info:
        command_from_json(text)
    message = str(info.value)
    assert message.startswith("not a command: ") and says in message
    assert "\n" not in message


def test_engine_moves_and_commands_convert_both_ways() -> None:
    moves = [engine.DRAW_MOVE, engine.PASS_MOVE]
    moves += [engine.PLAY_MOVES[t][e] for t in range(N_TILES) for e in range(3)]
    moves += [engine.DOUBLES_MOVES[a][b] for a in DOUBLE_OF for b in DOUBLE_OF if a != b]
    for move in moves:
        cmd = from_move(move)
        assert to_move(cmd) == move
        assert from_move(move) is cmd  # made once, shared
    assert from_move(engine.DRAW_MOVE) is DRAW and from_move(engine.PASS_MOVE) is PASS


def _positions(count: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for g in range(count):
        players = 2 + g % 3
        game = Game.new([f"p{i}" for i in range(players)], RuleSet(), seed=g + 100 * seed)
        while game.state.phase == "playing":
            yield game, rng
            game.play(rng.choice(game.legal_moves()))


def test_legal_moves_are_commands_and_membership_is_the_engines_legality() -> None:
    checked = 0
    everything = [from_move(m) for m in engine.PLAY_MOVES[0]]
    for game, rng in _positions(12, 1):
        r = game.state.round
        assert r is not None
        legal = game.legal_moves()
        assert isinstance(legal, LegalMoves) and len(legal) == len(engine.legal_moves(r))
        assert list(legal) == [from_move(m) for m in engine.legal_moves(r)]
        probe = [Play(rng.randrange(N_TILES), e) for e in ("left", "right", "open")]
        for cmd in [*probe, *everything, Draw(), Pass()]:
            assert (cmd in legal) == engine.is_legal(r, to_move(cmd))
        checked += 1
    assert checked > 100


def test_legal_moves_answer_what_the_table_asks() -> None:
    legal = LegalMoves((Play(5, "left"), Play(5, "right"), Play(9, "open"), PlayDoubles(0, 27)))
    assert legal.ends_for(5) == (True, True) and legal.ends_for(9) == (True, True)
    assert legal.ends_for(4) == (False, False)
    assert LegalMoves((Play(5, "right"),)).ends_for(5) == (False, True)
    assert legal.can(Play) and legal.can(PlayDoubles) and not legal.can(Draw)
    assert legal.doubles == PlayDoubles(0, 27) and LegalMoves((DRAW,)).doubles is None
    assert Draw() in LegalMoves((DRAW,)) and Pass() not in LegalMoves((DRAW,))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_game_legal_moves_is_state_legal_moves_and_every_one_is_accepted(seed: int) -> None:
    game = Game.new(["a", "b", "c"], seed=seed)
    rng = random.Random(seed)
    while game.state.phase == "playing":
        legal = game.legal_moves()
        assert legal == game.state.legal_moves()
        cmd = command_from_json(command_to_json(rng.choice(legal)))  # as if sent over a wire
        game.play(cmd)
    assert game.legal_moves() == ()


def test_nothing_in_the_tui_imports_the_engine() -> None:
    root = ROOT / "koza" / "tui"
    offenders = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "koza.core.engine":
                offenders.append(str(path))
            elif isinstance(node, ast.ImportFrom) and node.module == "koza.core":
                if any(a.name == "engine" for a in node.names):
                    offenders.append(str(path))
            elif isinstance(node, ast.Import) and any("engine" in a.name for a in node.names):
                offenders.append(str(path))
    assert offenders == []


@pytest.mark.parametrize(
    "name",
    ["schema1-3p-default.koza.jsonl", "schema1-4p-pairs.koza.jsonl", "golden_replay.koza.jsonl"],
)
def test_the_historys_commands_replay_a_saved_game_to_the_same_bytes(name: str) -> None:
    """Each round's history holds commands; playing them again writes the saved lines exactly."""
    lines = (DATA / name).read_bytes().splitlines()[1:]
    events = [EVENT_ADAPTER.validate_json(line) for line in lines]
    state = None
    rounds: list[tuple[tuple[int, ...], tuple[Action, ...]]] = []
    for ev in events:
        if isinstance(ev, RoundScored):
            assert state is not None
            rounds.append((state.shuffle, state.history))
        state = apply_event(state, ev)
    created = events[0]
    assert isinstance(created, GameCreated)
    written: list[bytes] = []
    game = Game(
        initial_state(created), [created], lambda ev: written.append(ev.model_dump_json().encode())
    )
    for shuffle, history in rounds:
        if game.state.phase == "game_over":
            break
        game.next_round(shuffle)
        for action in history:
            assert action.move in game.legal_moves()
            game.play(action.move, action.seat)
    for line, new in zip(lines[1:], written, strict=True):
        assert new.replace(_stamp(new), _stamp(line)) == line


def _stamp(line: bytes) -> bytes:
    """The ``"at"`` time stamp of an event line (the one field a new run cannot repeat)."""
    start = line.index(b'"at":"')
    return line[start : line.index(b'"', start + 6) + 1]

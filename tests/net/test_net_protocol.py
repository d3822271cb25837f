"""The network protocol and its adapter to the game model (no sockets here)."""

from __future__ import annotations

import json
import random

import pytest
from support.net import leaked_tiles

from koza.core.commands import Draw, Pass, Play, PlayDoubles, command_to_json
from koza.core.events import GameCreated, RoundDealt, TileDrawn
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.view import seat_view
from koza.net.protocol import (
    CLIENT_MESSAGES,
    MAX_FRAME,
    SERVER_MESSAGES,
    Chat,
    CreateRoom,
    Error,
    PlayCommand,
    ProtocolError,
    ViewUpdate,
    decode,
    encode,
)
from koza.net.wire import public_event, view_for


def _random_game(seed: int, players: int, steps: int) -> Game:
    rng = random.Random(seed)
    game = Game.new([f"p{i}" for i in range(players)], RuleSet(target=61), seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        if game.state.phase == "round_over":
            game.next_round()
        else:
            game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_a_view_crosses_the_wire_and_comes_back_equal(seed: int) -> None:
    game = _random_game(seed, 2 + seed % 3, steps=seed * 7)
    for seat in range(game.state.n_players):
        view = seat_view(game.state, seat)
        text = encode(ViewUpdate(seq=game.state.seq, view=view))
        assert json.loads(text)["view"] == json.loads(view.to_json())  # the core's own form
        again = decode(text, SERVER_MESSAGES)
        assert isinstance(again, ViewUpdate) and again.view == view


def test_every_kind_of_command_crosses_the_wire() -> None:
    for cmd in (Play(27, "left"), Play(0, "open"), PlayDoubles(27, 20), Draw(), Pass()):
        text = encode(PlayCommand(seq=3, move=cmd))
        assert json.loads(text)["move"] == json.loads(command_to_json(cmd))  # the core's own form
        again = PlayCommand.model_validate_json(text)
        assert again.move == cmd
    assert json.loads(encode(PlayCommand(seq=1, move=Play(27, "left"))))["move"] == {
        "kind": "play",
        "tile": "6-6",
        "end": "left",
    }


def test_a_watcher_sees_no_hand_no_draw_and_no_opening() -> None:
    game = _random_game(5, 3, steps=25)
    view = view_for(game.state, None)
    assert view.seat == -1 and view.hand_mask == 0 and view.legal == () and view.drawn == -1
    assert view.opening == -1
    assert all(a.tiles == (-1,) for a in view.history if a.kind == "draw")
    assert (
        view.chain == game.state.chain and view.hand_counts == seat_view(game.state, 0).hand_counts
    )


def test_public_events_hide_the_shuffle_the_seed_and_other_seats_draws() -> None:
    game = _random_game(3, 2, steps=40)
    events = game.events
    created = public_event(events[0], 0)
    assert isinstance(events[0], GameCreated) and "seed" not in created
    dealt = next(e for e in events if isinstance(e, RoundDealt))
    for seat in (0, 1, None):
        assert "shuffle" not in public_event(dealt, seat)
    leader_view = public_event(dealt, dealt.leader)
    other_view = public_event(dealt, 1 - dealt.leader)
    assert "opening" not in other_view and "opening" in leader_view
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    assert drawn, "seed 3 should draw within 40 steps"
    for ev in drawn:
        assert public_event(ev, ev.seat)["tile"] is not None
        assert public_event(ev, 1 - ev.seat)["tile"] is None
        assert public_event(ev, None)["tile"] is None


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{not json", "bad_json"),
        ('{"v": 1, "type": "launch_missiles"}', "unknown"),
        ('{"v": 1}', "unknown"),
        ('{"v": 2, "type": "list_rooms"}', "invalid"),
        ('{"v": 1, "type": "list_rooms", "extra": 1}', "invalid"),
        ('{"v": 1, "type": "chat", "text": ""}', "invalid"),
        (
            '{"v": 1, "type": "command", "seq": 1, "move": {"kind": "play", "tile": "7-7"}}',
            "invalid",
        ),
        ('{"v": 1, "type": "join", "code": "ab", "name": "x"}', "invalid"),
        ('{"v": 1, "type": "join", "code": "ABCD", "name": "[red]x"}', "invalid"),
        ('{"v": 1, "type": "welcome", "server": "x"}', "unknown"),  # a server message
        ("[1, 2]", "invalid"),
        ('"hello"', "invalid"),
        ("x" * (MAX_FRAME + 1), "too_big"),
    ],
)
def test_the_server_refuses_bad_frames_with_a_reason(frame: str, code: str) -> None:
    with pytest.raises(ProtocolError) as err:
        decode(frame, CLIENT_MESSAGES)
    assert err.value.code == code and str(err.value)


def test_good_messages_pass_and_each_side_accepts_only_its_own() -> None:
    create = decode(
        encode(CreateRoom(name="Ann", players=3, rules={"target": 51})), CLIENT_MESSAGES
    )
    assert isinstance(create, CreateRoom) and create.rules == {"target": 51}
    assert isinstance(decode(encode(Chat(text="hi")), CLIENT_MESSAGES), Chat)
    error = encode(Error(code="x", message="y"))
    assert isinstance(decode(error, SERVER_MESSAGES), Error)
    with pytest.raises(ProtocolError):
        decode(error, CLIENT_MESSAGES)
    with pytest.raises(ProtocolError):
        decode(encode(Chat(text="hi")), SERVER_MESSAGES)


def test_messages_are_frozen_and_carry_the_version() -> None:
    msg = Chat(text="hi")
    with pytest.raises(ValueError):
        msg.text = "changed"  # type: ignore[misc]
    assert json.loads(encode(msg))["v"] == 1
    for cls in (*CLIENT_MESSAGES, *SERVER_MESSAGES):
        assert cls.model_config.get("frozen") and "v" in cls.model_fields


def test_the_leak_check_finds_a_hand_sent_to_the_wrong_seat() -> None:
    game = _random_game(4, 3, steps=6)
    frame = encode(ViewUpdate(seq=game.state.seq, view=seat_view(game.state, 0)))
    assert leaked_tiles([frame], game.events, 0) == []
    leaks = leaked_tiles([frame], game.events, 1)
    assert len(leaks) == game.state.hand(0).bit_count()  # seat 0's hand, as ints in the view
    watched = encode(ViewUpdate(seq=game.state.seq, view=view_for(game.state, None)))
    assert leaked_tiles([watched], game.events, None) == []


def test_a_said_text_comes_back_from_its_catalogue_key() -> None:
    from koza.core.explain import Reason
    from koza.i18n.says import SAYS, Said

    for said in [Said.of(key) for key in SAYS] + [Said.of_reason(Reason("bazaar_left", {"n": 2}))]:
        assert Said.from_catalogue(said.catalogue_key, said.values) == said
    assert Said.from_catalogue("net.says.from_a_newer_server", {}) is None
    assert Said.from_catalogue("menu.quit", {}) is None

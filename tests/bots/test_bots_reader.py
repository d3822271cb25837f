"""``reader``: legal, honest, reproducible, and its reading weighs deals as it claims."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from support.public_history import events_for

from koza.bots import Bot, decide, make_bot
from koza.bots.knowledge import infer
from koza.bots.likelihood import PlayModel
from koza.bots.montecarlo import MonteCarloBot
from koza.bots.policies import PLAIN, THETA, moments
from koza.bots.reader import ReaderBot, seat_thetas
from koza.bots.reading import PolicyReading
from koza.bots.sampler import Sampler, reconstruct_shuffle
from koza.bots.weights import Scoring
from koza.cli.main import main as koza_main
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.state import replay
from koza.core.view import SeatView, seat_view


def _seats(specs: list[str | None]) -> list[SeatInfo]:
    return [
        SeatInfo(name=f"p{i}") if s is None else SeatInfo(name=f"p{i}", kind="bot", bot=s)
        for i, s in enumerate(specs)
    ]


def test_make_bot_builds_reader_and_the_view_shows_each_seats_level() -> None:
    bot = make_bot("reader", 1)
    assert bot.name == "reader" and isinstance(bot, ReaderBot)
    game = Game.new(_seats(["reader", "greedy", None]), seed=4)
    view = seat_view(game.state, 0)
    assert view.bot_levels == ("reader", "greedy", None)
    assert SeatView.from_json(view.to_json()) == view
    thetas, people = seat_thetas(view)
    assert thetas == {1: THETA["greedy"], 2: THETA["person"]} and people == [2]


def _cheap(spec: str | None, seed: int) -> Bot:
    """The seat's bot with few imagined deals (a person's seat: a random bot)."""
    if spec == "reader":
        return ReaderBot(seed, samples=6)
    if spec is not None and spec.startswith("montecarlo"):
        return MonteCarloBot(seed=seed, samples=2)
    return make_bot(spec or "random", seed)


@pytest.fixture
def cheap_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert imagining two deals instead of ``DEALS`` (its moves stay legal and its own)."""
    import koza.bots.expert as ex

    monkeypatch.setattr(ex, "DEALS", 2)


@pytest.mark.usefixtures("cheap_expert")
@pytest.mark.parametrize(
    ("specs", "rules"),
    [
        (["reader", "greedy", "montecarlo"], RuleSet(target=40)),
        (["reader", None, "expert", "greedy"], RuleSet(target=40)),
        (["reader", "greedy", None, "random"], RuleSet(target=40, teams="pairs")),
        (["reader", None], RuleSet(target=40, double_play="off")),
    ],
)
def test_reader_plays_only_legal_moves_in_whole_games(
    specs: list[str | None], rules: RuleSet
) -> None:
    """Seats of every kind, a person's seat played by a random bot (read as a person)."""
    moves = 0
    for g in range(2):
        bots = [_cheap(s, g * 10 + i) for i, s in enumerate(specs)]
        game = Game.new(_seats(specs), rules, seed=300 + g)
        while not game.is_over:
            st = game.state
            if st.phase == "round_over":
                game.next_round()
                continue
            cmd = decide(bots[st.turn], st, st.turn)
            assert cmd in st.legal_moves()
            game.play(cmd, st.turn)
            moves += 1
    assert moves > 30


def _reader_moves(seed: int) -> list[object]:
    game = Game.new(_seats(["reader", "greedy", "montecarlo:fast"]), seed=21)
    bots = [ReaderBot(seed, samples=10), make_bot("greedy", 2), make_bot("montecarlo:fast", 3)]
    out = []
    while game.state.phase == "playing":
        st = game.state
        cmd = decide(bots[st.turn], st, st.turn)
        if st.turn == 0:
            out.append(cmd)
        game.play(cmd, st.turn)
    return out


def test_reader_is_reproducible_given_a_seed() -> None:
    assert _reader_moves(5) == _reader_moves(5)


def test_reader_decides_the_same_on_another_deal_behind_the_same_public_history() -> None:
    """Honesty: swap the hidden hands for another deal that explains everything the seat
    saw; the reader, asked through ``decide`` with the full state, moves the same."""
    rng = random.Random(3)
    compared = differed = 0
    for g in range(6):
        specs: list[str | None] = ["greedy", "reader", None]
        game = Game.new(_seats(specs), seed=700 + g)
        others = [make_bot("greedy", 1), None, make_bot("random", 2)]
        while game.state.phase == "playing":
            st = game.state
            seat = st.turn
            bot = others[seat]
            if bot is not None:
                game.play(decide(bot, st, seat), seat)
                continue
            view = seat_view(st, seat)
            if view.history and len(view.legal) > 1:
                know = infer(view)
                smp = Sampler(view, know).sample(rng)
                other = replay(events_for(st, reconstruct_shuffle(view, know, smp)))
                hidden = [other.hand(s) for s in range(3) if s != seat]
                differed += hidden != [st.hand(s) for s in range(3) if s != seat]
                a, b = ReaderBot(g, samples=12), ReaderBot(g, samples=12)
                assert decide(a, st, seat) == decide(b, other, seat)
                compared += 1
            game.play(decide(ReaderBot(g, samples=6), st, seat), seat)
    assert compared > 5 and differed > 0


def _greedy_view(seed: int) -> SeatView:
    """Seat 0's view once a greedy seat has made a free play with a choice of tiles
    the table cannot see (the greedy seats play greedy; seat 0 plays greedy too)."""
    game = Game.new(_seats(["reader", "greedy", "greedy"]), seed=seed)
    bots = [make_bot("greedy", i) for i in range(3)]
    while game.state.phase == "playing":
        st = game.state
        view = seat_view(st, st.turn)
        if st.turn == 0 and len(view.legal) > 1:
            reading = PolicyReading(view, infer(view), seat_thetas(view)[0])
            if len(reading.facts) >= 2:
                return view
        game.play(decide(bots[st.turn], st, st.turn), st.turn)
    raise LookupError


def test_a_deal_where_greedy_held_a_heavier_fitting_tile_weighs_next_to_nothing() -> None:
    """Greedy always sheds its heaviest fitting tile: an imagined deal in which it held a
    heavier one at a play is all but ruled out, and the plain reading does not rule it out."""
    view = next(v for s in range(40, 80) if (v := _try_view(s)) is not None)
    know = infer(view)
    reading = PolicyReading(view, know, seat_thetas(view)[0])
    plain = PlayModel(view, know)
    sc = Scoring.of(view.rules, view.n_players)
    rng = random.Random(1)
    sampler = Sampler(view, know)
    fits, breaks = [], []
    for _ in range(400):
        _, assignment = sampler.draw_hands(rng)
        held_heavier = False
        for f in reading.facts:
            then = set(f.known) | {assignment[k] for k in f.slot_keys}
            fit = [t for t in then if f.scores[t] > -math.inf]
            held_heavier |= any(sc.tile_weight(t) > sc.tile_weight(f.played) for t in fit)
        row = (reading.log_weight(assignment), plain.log_weight(assignment))
        (breaks if held_heavier else fits).append(row)
    assert fits and breaks
    best = max(r for r, _ in fits)
    assert all(r < best - 7.0 for r, _ in breaks)  # at least e^7 times less likely
    plain_best = max(p for _, p in fits)
    assert any(p > plain_best - 3.0 for _, p in breaks)  # the plain reading keeps some


def _try_view(seed: int) -> SeatView | None:
    try:
        return _greedy_view(seed)
    except LookupError:
        return None


def test_read_plainly_every_opponent_weighs_deals_as_montecarlo_does() -> None:
    """With montecarlo's own scores for every seat, the policy reading and ``PlayModel``
    differ by one constant, so they resample deals alike."""
    view = next(v for s in range(40, 80) if (v := _try_view(s)) is not None)
    know = infer(view)
    reading = PolicyReading(view, know, {s: PLAIN for s in (1, 2)})
    model = PlayModel(view, know)
    rng = random.Random(2)
    sampler = Sampler(view, know)
    diffs = []
    for _ in range(50):
        _, a = sampler.draw_hands(rng)
        diffs.append(reading.log_weight(a) - model.log_weight(a))
    assert max(diffs) - min(diffs) < 1e-9


def test_a_person_who_always_sheds_the_heaviest_is_read_sharper_than_the_prior() -> None:
    """The people seats' scale is learned from their plays: a person who plays greedy is
    read sharper than one who plays at random."""
    scales = {}
    for style in ("greedy", "random"):
        bot = ReaderBot(1, samples=6)
        game = Game.new(_seats(["reader", None, None]), RuleSet(target=500), seed=9)
        people = [None, make_bot(style, 1), make_bot(style, 2)]
        for _ in range(8):  # eight rounds
            while game.state.phase == "playing":
                st = game.state
                who = people[st.turn]
                cmd = decide(bot if who is None else who, st, st.turn)
                game.play(cmd, st.turn)
            if game.is_over:
                break
            game.next_round()
        scales[style] = (bot.people.scale(1), bot.people.scale(2))
    assert min(scales["greedy"]) > max(scales["random"])


def test_moments_show_what_the_next_seat_lacked() -> None:
    """Once a seat drew or passed on some ends, the moment of every later play by the
    seat before it says its next seat lacks those numbers."""
    checked = 0
    for seed in range(1, 8):
        game = Game.new(_seats(["greedy", "greedy", "greedy"]), seed=seed)
        bots = [make_bot("greedy", i) for i in range(3)]
        while game.state.phase == "playing":
            st = game.state
            game.play(decide(bots[st.turn], st, st.turn), st.turn)
        view = seat_view(game.state, 0, face_up=True)
        moms = moments(view)
        for i, act in enumerate(view.history):
            if act.kind not in ("draw", "pass"):
                continue
            shown = (1 << max(act.ends[0], 0)) | (1 << max(act.ends[1], 0))
            for k in range(i + 1, len(view.history)):
                if view.history[k].seat == (act.seat - 1) % 3:
                    assert moms[k].next_lacks & shown == shown
                    checked += 1
    assert checked > 0


def test_the_tournament_command_seats_reader_against_a_baseline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``koza tournament`` takes reader as a seat (here with few imagined deals)."""
    import koza.bots.montecarlo as mc

    monkeypatch.setitem(mc.LEVELS, "default", (6, 100))
    path = tmp_path / "r.json"
    args = ["tournament", "--seats", "reader,greedy", "--deals", "2", "--quiet"]
    assert koza_main([*args, "--baseline", "montecarlo", "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["bots"]["reader"]["deals"] == 2
    assert data["baseline"]["difference"]["a"] == "reader"

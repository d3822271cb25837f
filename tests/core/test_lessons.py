"""Every lesson's moves are played through the real game under many house rules:
a lesson can never expect a move the rules refuse, nor reply with one."""

from __future__ import annotations

import pytest

from koza.core.commands import Draw, Pass, Play
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.tiles import parse_tile
from koza.i18n.app_words import EN
from koza.lessons.book import LESSON_IDS, lessons
from koza.lessons.course import (
    Verdict,
    build,
    command,
    deal,
    judge,
    lesson_rules,
    names_for,
    play,
    round_story,
)
from koza.lessons.model import BOT, YOU, parse_move

HOUSES = [
    RuleSet(),
    RuleSet(redeal="bad_hand", next_leader="highest_double"),
    RuleSet(double_play="off"),
    RuleSet(blank_double_points=10, blank_double_when="alone"),
    RuleSet(open_threshold=0, target=51),
    RuleSet(open_mode="carry", open_threshold=40, fish_scoring="lowest_exempt"),
    RuleSet(fish_scoring="lowest_exempt", target=1000),
]
FIRST_LEADS = ("highest_double", "one_one", "lowest_double")
EVERY_HOUSE = [
    house.model_copy(update={"first_lead": lead}) for house in HOUSES for lead in FIRST_LEADS
]


def copy(game: Game) -> Game:
    return Game.from_events(game.events)


@pytest.mark.parametrize(
    "house", EVERY_HOUSE, ids=lambda r: repr(r.model_dump(exclude_defaults=True))
)
def test_every_expected_move_and_reply_is_legal(house: RuleSet) -> None:
    for lesson in lessons(house):
        rules = lesson_rules(house)
        assert rules.first_lead == house.first_lead
        for place, (part_no, step_no) in enumerate(lesson.places):
            part = lesson.parts[part_no]
            game = build(lesson, place, rules, names_for(part, "You", "Bot"))
            assert game.state.phase == "playing"
            if part.free:
                continue
            assert game.state.turn == YOU, (lesson.id, place)
            step = part.steps[step_no]
            for move in step.expect:  # every right move is legal, and so is the reply
                after = copy(game)
                assert judge(step, after, command(after, move)) is Verdict.RIGHT
                play(after, move)
                for reply in step.then:
                    assert after.state.turn == BOT, (lesson.id, place, reply)
                    play(after, reply)
                last = step_no == len(part.steps) - 1
                if not last:
                    assert after.state.turn == YOU and after.state.phase == "playing"


def test_the_seven_lessons_in_the_issues_order() -> None:
    assert LESSON_IDS == ("tiles", "lead", "doubles", "bazaar", "fish", "count", "goat")
    last = lessons()[-1]
    assert last.parts[-1].free  # lesson 7 ends with a whole round


def test_every_text_key_of_the_book_is_in_the_catalogue() -> None:
    keys: set[str] = set()
    for house in EVERY_HOUSE:
        for lesson in lessons(house):
            keys.add(lesson.title)
            for part in lesson.parts:
                keys.update(k for k in (part.done, part.say) if k)
                for step in part.steps:
                    keys.update(k for k in (step.say, step.hint, step.praise) if k)
    assert sorted(k for k in keys if k not in EN) == []


def test_the_lessons_keep_the_house_rules_they_teach_and_no_others() -> None:
    lead = lessons()[1]
    openings = [command(build(lead, i, RuleSet(), ["You", "Bot"]), "opening") for i in (0, 1)]
    assert openings == [Play(parse_tile("5-5"), "open"), Play(parse_tile("6-5"), "open")]
    house = RuleSet(double_play="off", target=77, redeal="bad_hand", hand_size="seven")
    rules = lesson_rules(house)
    assert (rules.double_play, rules.target, rules.redeal) == ("off", 77, "off")
    assert lessons(house)[2].parts[0].steps[1].expect == ("4-4 left", "2-2 right")


@pytest.mark.parametrize(
    ("lead", "first", "second"),
    [
        ("highest_double", "5-5", "6-5"),  # the highest double; no double dealt: 6-5
        ("one_one", "1-1", "4-4"),  # 1-1 over 5-5; no 1-1 dealt: the highest double
        ("lowest_double", "3-3", "6-5"),  # 3-3 over 5-5 and 0-0; no double dealt: 6-5
    ],
)
def test_the_lead_lesson_teaches_the_houses_first_lead(lead: str, first: str, second: str) -> None:
    house = RuleSet(first_lead=lead)
    lesson = lessons(house)[1]
    rules = lesson_rules(house)
    for place, tile in enumerate((first, second)):
        game = build(lesson, place, rules, ["You", "Bot"])
        assert game.state.round.leader == YOU
        assert command(game, "opening") == Play(parse_tile(tile), "open")
        step = lesson.parts[place].steps[0]
        assert tile in EN[step.say] and tile in EN[step.hint]
        others = [m for m in game.legal_moves() if m != Play(parse_tile(tile), "open")]
        assert others == []  # the rules refuse every other opening
        hand = game.state.round.hands[YOU]
        doubles = [
            d for d in ("1-1", "2-2", "3-3", "4-4", "5-5", "6-6") if hand >> parse_tile(d) & 1
        ]
        if place == 0:
            assert len(doubles) >= 2  # a real choice: the rule, not the only double, decides


def test_wrong_moves_are_told_apart_from_refused_ones() -> None:
    lesson = lessons()[0]
    game = build(lesson, 1, RuleSet(), ["You", "Bot"])  # ends 6 and 1: play 6-2 left
    step = lesson.parts[0].steps[1]
    assert judge(step, game, Play(parse_tile("6-2"), "left")) is Verdict.RIGHT
    assert judge(step, game, Play(parse_tile("3-1"), "right")) is Verdict.OTHER
    assert judge(step, game, Play(parse_tile("5-4"), "left")) is Verdict.REFUSED
    assert judge(step, game, Draw()) is Verdict.REFUSED
    assert judge(step, game, Pass()) is Verdict.REFUSED


def test_the_count_lesson_tells_the_blank_double_as_the_house_counts_it() -> None:
    for house, points in ((RuleSet(), 35), (RuleSet(blank_double_points=10), 20)):
        lesson = lessons(house)[5]
        game = build(lesson, 0, lesson_rules(house), ["You", "Bot"])
        play(game, lesson.parts[0].steps[0].expect[0])
        story = dict(round_story(game))
        assert story["learn.story.points"]["points"] == points
        assert "learn.story.blank" in story and "learn.story.opened" in story


def test_the_second_count_stays_off_a_closed_sheet() -> None:
    lesson = lessons()[5]
    game = build(lesson, 1, RuleSet(), ["You", "Bot"])
    play(game, lesson.parts[1].steps[0].expect[0])
    keys = [k for k, _ in round_story(game)]
    assert keys == ["learn.story.out", "learn.story.points", "learn.story.closed"]


def test_the_goat_lesson_ends_the_game_at_101_and_not_at_a_higher_target() -> None:
    for house, goat in ((RuleSet(), True), (RuleSet(target=200), False)):
        lesson = lessons(house)[6]
        game = build(lesson, 0, lesson_rules(house), ["You", "Bot"])
        play(game, lesson.parts[0].steps[0].expect[0])
        keys = [k for k, _ in round_story(game)]
        assert ("learn.story.goat" in keys) is goat
        assert game.is_over is goat


def test_the_free_round_is_a_seeded_deal_with_two_gentle_bots() -> None:
    part = lessons()[-1].parts[-1]
    game = deal(part, RuleSet(), names_for(part, "You", "Bot"), seed=5)
    assert [s.kind for s in game.state.seats] == ["human", "bot", "bot"]
    assert game.state.phase == "playing"


def test_a_move_written_wrong_is_a_value_error() -> None:
    for text in ("6-4", "jump", "doubles 6-6", "opening"):
        with pytest.raises(ValueError):
            parse_move(text)


def test_the_story_names_who_went_out() -> None:
    part = lessons()[-1].parts[-1]
    seen = set()
    for seed in range(40):
        game = deal(part, RuleSet(), names_for(part, "You", "Bot"), seed=seed)
        while game.state.phase == "playing":
            game.play(game.legal_moves()[0])
        scored = [k for k, _ in round_story(game)][0]
        out = game.state.round.out_seat
        want = {-1: "learn.story.fish", 0: "learn.story.out"}.get(out, "learn.story.went_out")
        assert scored == want
        seen.add(want)
    assert seen >= {"learn.story.out", "learn.story.went_out"}

"""Fixtures shared by the whole suite: a private save folder and language, the golden saves."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from support.once import made_once, shared_folder
from support.paths import DATA, GOLDEN
from support.waiting import PATIENCE
from textual.pilot import Pilot

from koza.core.collector import collect_less_often
from koza.core.events import Event
from koza.storage.savefile import load

# What every test imports (Textual, pydantic, koza) is loaded for good: frozen, the cyclic
# collector never walks it again, and it runs less often, as in a koza server.  Each test
# makes thousands of short-lived widgets and strips; Python's thresholds had the collector
# go over everything loaded again and again.
collect_less_often()

# hypothesis checks what is true, never how fast: on a loaded machine an example may take
# seconds and drawing one may be slow, so no per-example deadline and no too-slow check
settings.register_profile("koza", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("koza")

# Pilot.pause() and press() wait for the screen to handle its messages, but give up after
# a fixed 30 s: an app with bots at work on a loaded machine can take longer, which is no
# failure of koza.  Only a hang waits PATIENCE.
_wait_for_screen = Pilot._wait_for_screen


async def _patient_wait_for_screen(self: Pilot[object], timeout: float = PATIENCE) -> bool:
    return await _wait_for_screen(self, max(timeout, PATIENCE))


Pilot._wait_for_screen = _patient_wait_for_screen  # type: ignore[method-assign]


def pytest_configure(config: pytest.Config) -> None:
    """pytest collects garbage five times over as a process ends, to report a finalizer's
    exception it would otherwise miss: 1.2-1.9 s of CPU in each worker of this suite, all
    at the very end.  Once finds them as well (a finalizer that makes new garbage that
    raises in turn is what the other four are for)."""
    try:
        from _pytest.unraisableexception import gc_collect_iterations_key
    except ImportError:  # another pytest: its own number of collections
        return
    config.stash[gc_collect_iterations_key] = 1


@pytest.fixture(autouse=True)
def private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test saves into its own folder and starts in English, whatever the shell has set,
    so no test touches the user's saves and tests can run side by side."""
    home = tmp_path_factory.mktemp("koza-home")
    monkeypatch.setenv("KOZA_HOME", str(home))
    monkeypatch.delenv("KOZA_LANG", raising=False)
    return home


@pytest.fixture(scope="session")
def golden_events_once() -> tuple[Event, ...]:
    return tuple(load(GOLDEN).events)


@pytest.fixture
def golden_events(golden_events_once: tuple[Event, ...]) -> list[Event]:
    """The events of the golden save, read once per run; each test gets its own list."""
    return list(golden_events_once)


@pytest.fixture(scope="session")
def golden_review(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], Path]:
    """``golden_review(samples)``: the review ``koza review --samples N`` keeps beside the
    golden save (its default seed and evaluation), made once a run for every worker.  A
    test about what is done with a review copies it beside its own copy of the save
    instead of making it again (half a second of CPU each); tests of the making make it."""

    def made(samples: int) -> Path:
        from koza.coach.review_file import review_path, review_save

        def make(path: Path) -> None:
            folder = path.with_name(f"{path.name}.save")
            folder.mkdir(exist_ok=True)
            save = folder / GOLDEN.name
            shutil.copyfile(GOLDEN, save)
            review_save(save, samples=samples)
            review_path(save).replace(path)

        return made_once(shared_folder(tmp_path_factory), f"golden-{samples}.review.json", make)

    return made


@pytest.fixture(scope="session", autouse=True)
def saves_in_data_stay_untouched() -> Iterator[None]:
    """The saved games under ``tests/data`` are read, never written, by any test."""

    def digests() -> dict[str, str]:
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in DATA.iterdir()}

    before = digests()
    yield
    assert digests() == before, "a test changed a file in tests/data"


LONGEST_FIRST = (
    "tests/tui/test_learn.py::test_every_lesson_walked_with_wrong_and_right_moves",
    "tests/i18n/test_i18n_whole.py::test_no_key_or_button_is_cut",
    "tests/tui/test_tui_match.py::test_bots_play_a_whole_match_from_the_form_with_its_sheet_between_games",
    "tests/tui/test_tui_remote.py::test_a_person_plays_by_keys_at_a_table_on_the_server",
    "tests/tui/test_tui_newcomer.py::test_game_over_says_who_won_and_r_starts_a_rematch",
    "tests/tui/test_new_game_form.py::test_tab_reaches_every_field_in_order_and_nothing_else",
    "tests/tui/test_tui_table.py::test_a_game_to_the_goat_ends_with_the_game_over_dialog",
    "tests/core/test_compiled.py::test_the_core_and_bot_tests_pass_on_pure_python",
    "tests/tui/test_new_game_form.py::test_the_last_setup_is_offered_again_next_time",
    "tests/i18n/test_i18n_screens.py::test_no_screen_shows_english",
    "tests/tui/test_tui_remote.py::test_a_watcher_sees_no_hand_while_the_game_runs",
    "tests/bots/test_bots.py::test_thousands_of_short_games_without_an_illegal_move",
    "tests/net/test_web_client.py::test_a_whole_game_on_a_phone_by_touch",
    "tests/tui/test_help_screens.py::test_help_shows_the_keys_of_the_screen_it_was_opened_on",
    "tests/tui/test_plots_long.py::test_the_results_plot_draws_any_number_of_games",
    "tests/tui/test_new_game_form.py::test_the_focused_field_stands_out",
    "tests/tui/test_tui_table.py::test_a_round_on_a_real_session_is_on_disk_event_by_event",
    "tests/tui/test_tui_app.py::test_enter_alone_sits_down_at_the_real_table",
    "tests/tui/test_replay_screen.py::test_golden_forward_to_end_and_back_to_start",
    "tests/tui/test_new_game_form.py::test_the_bot_level_list_keeps_clear_of_the_help_and_names_whole",
    "tests/tui/test_tui_match.py::test_a_resumed_game_of_a_match_goes_on_to_the_match_sheet",
    "tests/core/test_properties.py::test_seat_views_hold_no_hidden_tile",
    "tests/tui/test_help_screens.py::test_r_at_the_table_shows_the_rules_of_this_game",
    "tests/tui/test_tui_table.py::test_a_whole_round_with_keys_only_is_saved",
)
"""The tests that took longest, longest first: each test's own seconds in one ``-n 2`` run of
the heaviest files on a compiled fresh clone (the lessons walk and the whole-screen cut check,
new this round, had been left for the end of the run); a parametrized test ranks as a whole."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the longest tests first.  ``--dist worksteal`` hands out the rest as cores
    come free, but a long test left for the end of a run keeps one core busy while the
    other waits; the order changes nothing else (each test sets up its own world)."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("[")[0], len(rank)))

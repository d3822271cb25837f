"""The statistics tables for any number of players and games: names whole, columns aligned."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import example, given
from hypothesis import strategies as st

from koza.cli.stats import COLUMNS as CLI_COLUMNS
from koza.cli.stats import table_lines
from koza.stats.cells import player_label
from koza.stats.figures import PlayerFigures, SeatGame
from koza.tui.screens.stats import COLUMNS, NAME_WIDTH, row_of

LENGTHS = st.one_of(st.sampled_from((0, 1, 12, 13, 1000)), st.integers(0, 1000))
NAMES = st.one_of(
    st.sampled_from(("Anna", "montecarlo:fast", "montecarlo:strong", "Иван Петрович", "ნინო")),
    st.text(st.characters(categories=("L", "N", "Zs")), min_size=1, max_size=30).map(str.strip),
).filter(bool)


def player(name: str, kind: str, games: int) -> PlayerFigures:
    """A player of ``games`` games, every third unfinished, every fifth finished one a goat."""
    p = PlayerFigures("bot" if kind == "bot" else "human", name)
    start = datetime(2026, 1, 1)
    for i in range(games):
        finished = i % 3 != 2
        game = SeatGame(p.kind, name, i % 4, f"g{i}", start + timedelta(hours=i))
        game.finished, game.goat = finished, finished and i % 5 == 0
        game.rounds, game.points, game.recorded = 1 + i % 9, (i * 7) % 60, (i * 5) % 50
        game.went_out, game.fish, game.total, game.target = i % 2, i % 7 == 0, 90, 101
        p.add(game)
    return p


@given(
    names=st.lists(NAMES, max_size=13, unique=True),
    games=LENGTHS,
    kinds=st.lists(st.sampled_from(("human", "bot")), min_size=13, max_size=13),
)
@example(names=["montecarlo:fast"], games=1000, kinds=["bot"] * 13)
@example(names=[f"p{i}" for i in range(13)], games=13, kinds=["human"] * 13)
@example(names=[], games=0, kinds=["human"] * 13)
def test_the_command_line_table_keeps_names_whole_and_columns_aligned(
    names: list[str], games: int, kinds: list[str]
) -> None:
    players = [player(n, k, games) for n, k in zip(names, kinds, strict=False)]
    lines = table_lines(players)
    heads, rows = lines[: len(lines) - len(players)], lines[len(lines) - len(players) :]
    assert 1 <= len(heads) <= 2 and len(rows) == len(players)
    for line, p in zip(rows, players, strict=True):
        assert line.startswith(player_label(p, "stats.cli_bot") + " ")  # the whole name, never cut
        assert "…" not in line
        assert len(line.split()[-len(CLI_COLUMNS) :]) == len(CLI_COLUMNS)
    assert len({len(line) for line in rows}) <= 1  # every row as wide as the others
    assert all(len(head) <= len(rows[0]) for head in heads) if rows else True


@given(games=LENGTHS, kind=st.sampled_from(("human", "bot")), name=NAMES)
@example(games=0, kind="human", name="Anna")
@example(games=1000, kind="bot", name="montecarlo:fast")
def test_a_screen_row_has_a_cell_per_column_and_counts_add_up(
    games: int, kind: str, name: str
) -> None:
    p = player(name, kind, games)
    cells = row_of(p)
    lines = cells[0].split("\n")
    assert all(len(line) <= NAME_WIDTH for line in lines)  # a long name wraps...
    assert "".join("".join(lines).split()) == "".join(player_label(p).split())  # ...whole
    row = [cell.strip() for cell in cells]
    assert len(row) == len(COLUMNS)
    assert int(row[1]) + int(row[2]) == games  # done + not done
    assert int(row[3]) <= int(row[1])  # goats only among games done
    assert (row[4] == "—") == (p.finished == 0)

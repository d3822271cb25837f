"""Moves in words (through ``t``) for the opponents' cards and the log."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from koza.core.commands import Draw, Pass
from koza.core.state import Action
from koza.core.tiles import tile_name
from koza.i18n.strings import about, t
from koza.tui.table.scene import Scene, fresh_draws


def did(actions: Sequence[Action]) -> str:
    """A seat's latest turn in a few words: "drew 3, played 6-4"."""
    parts = []
    draws = sum(1 for a in actions if a.kind == "draw")
    if draws:
        parts.append(t("table.did_draw", n=draws))
    for a in actions:
        if a.kind == "play":
            parts.append(t("table.did_play", tile=tile_name(a.tiles[0])))
        elif a.kind == "doubles":
            parts.append(
                t("table.did_doubles", left=tile_name(a.tiles[0]), right=tile_name(a.tiles[1]))
            )
        elif a.kind == "pass":
            parts.append(t("table.did_pass"))
    return ", ".join(parts)


def log_lines(history: Sequence[Action], names: Sequence[str], you: int = -1) -> list[str]:
    """One line per move of the round; a run of draws by one seat is one line.

    The moves of ``you`` (the person at this keyboard) are said in the second person.
    """
    lines: list[str] = []
    i = 0
    while i < len(history):
        a = history[i]
        said = partial(about, seat=a.seat, you=you, names=names)
        if a.kind == "draw":
            n = 1
            while (
                i + n < len(history)
                and history[i + n].seat == a.seat
                and (history[i + n].kind == "draw")
            ):
                n += 1
            seen = [x.tiles[0] for x in history[i : i + n] if x.tiles and x.tiles[0] >= 0]
            if len(seen) == n:  # the reader may see these tiles: name them
                names_of = ", ".join(tile_name(x) for x in seen)
                lines.append(said("table.drew_tiles", n=n, tiles=names_of))
            else:
                lines.append(said("table.drew", n=n))
            i += n
            continue
        if a.kind == "play":
            tile = tile_name(a.tiles[0])
            if a.side == "open":
                lines.append(said("table.played", tile=tile))
            else:
                end = t("table.end_left" if a.side == "left" else "table.end_right")
                lines.append(said("table.played_at", tile=tile, end=end))
        elif a.kind == "doubles":
            lines.append(
                said(
                    "table.played_doubles",
                    left=tile_name(a.tiles[0]),
                    right=tile_name(a.tiles[1]),
                )
            )
        else:
            lines.append(said("table.passed"))
        i += 1
    return lines


def status_line(sc: Scene, thinking: int, my_turn: bool, named: bool = False) -> str:
    """What the player should know now: whose turn, or what they must do.

    ``named`` puts the player's name first (hot seat: several people share the keys).
    """
    text = _status(sc, thinking, my_turn)
    drew = fresh_draws(sc) if my_turn and thinking < 0 else ()
    if drew and text:
        text = t("table.you_drew", tiles=", ".join(tile_name(x) for x in drew)) + " " + text
    if named and my_turn and thinking < 0 and text:
        return f"{sc.names[sc.turn]}: {text}"
    return text


def _status(sc: Scene, thinking: int, my_turn: bool) -> str:
    if sc.phase != "playing" or sc.turn < 0:
        return ""
    if thinking >= 0:
        return t("table.thinking", name=sc.names[thinking])
    if not my_turn:
        return about("table.turn_of", sc.turn, sc.you, sc.names)
    if sc.drawn >= 0:
        return t("table.play_drawn", tile=tile_name(sc.drawn))
    if sc.can(Draw):
        return t("table.must_draw")
    if sc.can(Pass):
        return t("table.must_pass")
    if not sc.chain and sc.opening >= 0:
        return t("table.you_lead_with", tile=tile_name(sc.opening))
    if not sc.chain:
        return t("table.you_lead")
    return t("table.your_turn_hint")

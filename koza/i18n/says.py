"""What a koza server (or the client itself) says to a player, as a key and values.

Every refusal and error crosses the network as ``key`` + ``values`` beside its
English text, so each client says it in its own language (``net.says.<key>`` in
the catalogue) while a client that does not know the key still shows the English.
A move the rules refuse carries a code of ``koza.core.explain.REASONS`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from koza.core.explain import REASONS, Reason

SAYS: dict[str, str] = {
    # what a frame or a message can get wrong
    "too_big": "a message may be at most {limit} characters",
    "bad_json": "the message is not valid JSON",
    "bad_field": "{field}: {problem}",
    "not_accepted": "{kind} is not a message this side accepts",
    # the server and its rooms
    "server_full": "this server holds as many rooms as it can",
    "too_many_humans": "more people than seats",
    "bad_settings": "these room settings cannot be played: {problem}",
    "no_room": "no room {code} on this server",
    "wrong_server_password": "wrong server password",
    "hello_first": "say hello first",
    "join_first": "join a room first",
    "already_in_room": "already in room {code}",
    "wrong_room_password": "wrong room password",
    "no_seat_for_token": "that token holds no seat in this room",
    "creator_starts": "only the room's creator starts it",
    "creator_keeps_seat": "the room's creator keeps the first seat",
    "seat_not_open": "seat {seat} is not open",
    "already_started": "the game has already started",
    "room_started": "room {code} has already started",
    "room_full": "room {code} has no open seat",
    "watchers_do_not_play": "watchers do not play",
    "watchers_do_not_deal": "watchers do not deal",
    "too_fast": "too many messages: slow down",
    "chat_too_fast": "too many chat lines: slow down",
    "empty_chat": "an empty chat line",
    "internal": "the server could not do that",
    "replaced": "this seat was taken back from another connection",
    "name_taken": "someone in this room is already called {name}",
    "empty_name": "a name needs at least one letter",
    "locked_out": "too many failed attempts from your address: try again in {seconds} s",
    "too_many_rooms": "your address already has {most} open rooms on this server",
    "bad_code": "a new room's code has {length} letters and digits, without 0, 1, I or O",
    "code_taken": "room {code} already exists",
    "join_sooner": "no room joined within {seconds} s: connect again when you are ready",
    # moves and rounds refused by the room
    "not_running": "the game is not running",
    "stale_move": "that move was for event {seq}; the table is at event {now}",
    "stale_ready": "that was for event {seq}; the table is at event {now}",
    "bot_plays_seat": "a bot is playing this seat",
    "no_round_over": "no round is over now",
    "move_not_saved": "the server could not save that move: {problem}",
    "game_not_saved": "the server cannot save this game: {problem}",
    "room_not_saved": "the server cannot save this room: {problem}",
    "new_game_not_saved": "the server cannot save a new game: {problem}",
    # the client's own troubles
    "cannot_reach": "cannot reach {url}: {problem}",
    "no_answer": "no answer from {url}",
    "connection_closed": "the connection closed",
    "connection_lost": "lost the connection to {url}",
    "not_connected": "not connected",
    "unexpected_answer": "unexpected answer {kind}",
}
"""Each key's English, with ``{placeholders}`` for its values."""

Values = dict[str, str | int]


@dataclass(frozen=True)
class Said:
    """One thing said: a key of ``SAYS`` (or a rule ``Reason`` code) and its values."""

    key: str
    values: Values = field(default_factory=dict)
    rule: bool = False  # ``key`` is a code of ``koza.core.explain.REASONS``

    @property
    def catalogue_key(self) -> str:
        """The key of this text in koza's catalogue (what crosses the network)."""
        return f"illegal.{self.key}" if self.rule else f"net.says.{self.key}"

    def __str__(self) -> str:
        if self.rule:
            return Reason(self.key, dict(self.values)).english()
        return SAYS[self.key].format(**self.values)

    @classmethod
    def of(cls, key: str, /, **values: str | int) -> Said:
        return cls(key, values)

    @classmethod
    def from_catalogue(cls, key: str, values: Values) -> Said | None:
        """The ``Said`` whose ``catalogue_key`` is ``key``; None for a key this side lacks."""
        if key.startswith("illegal.") and key.removeprefix("illegal.") in REASONS:
            return cls(key.removeprefix("illegal."), dict(values), rule=True)
        if key.startswith("net.says.") and key.removeprefix("net.says.") in SAYS:
            return cls(key.removeprefix("net.says."), dict(values))
        return None

    @classmethod
    def of_reason(cls, reason: Reason) -> Said:
        values: Values = {k: v if isinstance(v, int) else str(v) for k, v in reason.values.items()}
        return cls(reason.code, values, rule=True)

"""The koza network protocol: every message a frozen pydantic model, one union.

A message is one JSON object per WebSocket text frame, with ``v`` (the protocol
version) and ``type``.  ``MESSAGE_ADAPTER`` validates any message; the server
accepts only ``CLIENT_MESSAGES`` and the client only ``SERVER_MESSAGES``.  A
frame longer than ``MAX_FRAME`` bytes is refused before it is parsed.

Client to server: hello, list_rooms, create_room, join, rejoin, watch, start,
pick_seat, command, next_round, chat, quick.  Server to client: welcome, lobby, joined,
room, view, view_delta, refused (an illegal move), error, chat, quick, away.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from koza.core.view import SeatView
from koza.i18n.says import Said
from koza.net.delta import ViewPatch
from koza.net.wire import WireCommand

PROTOCOL: Literal[1] = 1
MAX_FRAME = 8 * 1024  # bytes of one client message
MAX_CHAT = 200  # characters of one chat line
NAME_PATTERN = r"^[^\[\]\x00-\x1f\x7f]+$"  # as a seat's name in the save: no markup, no controls
Name = Annotated[str, Field(min_length=1, max_length=40, pattern=NAME_PATTERN)]
Code = Annotated[str, Field(min_length=4, max_length=12, pattern=r"^[A-Z0-9]+$")]
Token = Annotated[str, Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Secret = Annotated[str, Field(max_length=100)]
QUICK_PHRASES = ("hello", "good_move", "fish", "oops", "thanks", "good_game")
Phrase = Literal["hello", "good_move", "fish", "oops", "thanks", "good_game"]


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    v: Literal[1] = PROTOCOL


# --- client to server -------------------------------------------------------------


class Hello(_Message):
    type: Literal["hello"] = "hello"
    client: str = Field("koza", max_length=40)
    password: Secret | None = None  # the server's password, if it has one
    deltas: bool = False  # views after the first as ``view_delta`` (what changed only)


class ListRooms(_Message):
    type: Literal["list_rooms"] = "list_rooms"


class CreateRoom(_Message):
    """A new room; its creator takes seat 0.  The game starts when ``humans`` have joined."""

    type: Literal["create_room"] = "create_room"
    name: Name
    players: int = Field(4, ge=2, le=4)
    humans: int = Field(1, ge=1, le=4)  # seats kept for people; bots take the rest
    rules: dict[str, str | int] = Field(default_factory=dict, max_length=20)
    bot: str = Field("expert", max_length=30)  # bot level of the seats nobody takes
    away_seconds: float = Field(60.0, ge=0, le=3600)  # then a bot plays for an absent seat
    bot_delay: float = Field(0.6, ge=0, le=5)  # seconds a bot waits before its move
    password: Secret | None = None  # needed to join or watch this room
    public: bool = False  # listed in the lobby (otherwise only its code lets anyone in)
    code: Code | None = None  # the room's code, drawn by the client (None: the server draws)


class Join(_Message):
    type: Literal["join"] = "join"
    code: Code
    name: Name
    password: Secret | None = None


class Rejoin(_Message):
    type: Literal["rejoin"] = "rejoin"
    code: Code
    token: Token
    last_seq: int = Field(-1, ge=-1)  # the last event this client saw: it gets those after


class Watch(_Message):
    type: Literal["watch"] = "watch"
    code: Code
    password: Secret | None = None


class Start(_Message):
    """The creator starts now: bots take every seat still open."""

    type: Literal["start"] = "start"


class PickSeat(_Message):
    """Before the start: move to open seat ``seat`` (the creator keeps seat 0: it starts)."""

    type: Literal["pick_seat"] = "pick_seat"
    seat: int = Field(ge=0, le=3)


class PlayCommand(_Message):
    type: Literal["command"] = "command"
    seq: int = Field(ge=0)  # the ``seq`` of the view this move was chosen in
    move: WireCommand


class NextRound(_Message):
    type: Literal["next_round"] = "next_round"
    seq: int = Field(ge=0)


class Chat(_Message):
    type: Literal["chat"] = "chat"
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class Quick(_Message):
    type: Literal["quick"] = "quick"
    phrase: Phrase


# --- server to client -------------------------------------------------------------


class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    server: str  # koza version
    protocol: int = PROTOCOL


class RoomInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    code: str
    players: int
    open_seats: int
    names: tuple[str, ...]
    started: bool
    password: bool
    rules: dict[str, Any]  # the options that differ from the defaults


class Lobby(_Message):
    type: Literal["lobby"] = "lobby"
    rooms: tuple[RoomInfo, ...]


class Joined(_Message):
    """You hold ``seat`` of room ``code`` (-1: watching); keep ``token`` to rejoin."""

    type: Literal["joined"] = "joined"
    code: str
    seat: int
    token: str | None = None


class SeatStatus(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str | None  # None: open
    kind: Literal["human", "bot", "open"]
    connected: bool
    away_left: float | None = None  # seconds until a bot plays for this absent seat
    bot_playing: bool = False  # a bot plays for this absent human


class RoomState(_Message):
    type: Literal["room"] = "room"
    code: str
    started: bool
    finished: bool
    seats: tuple[SeatStatus, ...]
    away_seconds: float
    watchers: int
    rules: dict[str, Any] = Field(default_factory=dict)  # the options that differ from the defaults


class ViewUpdate(_Message):
    """Your seat's view after event ``seq``, and the public events since the last one."""

    type: Literal["view"] = "view"
    seq: int
    view: SeatView  # ``SeatView``'s own JSON (``wire.view_for``: nothing hidden in it)
    events: tuple[dict[str, Any], ...] = ()  # ``wire.public_event`` forms


class ViewDelta(_Message):
    """``ViewUpdate`` for a client that asked for deltas: the fields of its view that
    changed since the last view or delta it was sent (``delta.apply``)."""

    type: Literal["view_delta"] = "view_delta"
    seq: int
    view: ViewPatch  # type: ignore[valid-type]
    events: tuple[dict[str, Any], ...] = ()


class Refused(_Message):
    """Your move was not made: the same one-line reason as at a local table.

    ``key`` and ``values`` say it again as the text's catalogue key, so a client
    shows it in its player's language (``reason`` is the English).
    """

    type: Literal["refused"] = "refused"
    seq: int
    reason: str
    key: str = Field("", max_length=80)
    values: dict[str, str | int] = Field(default_factory=dict, max_length=12)


class Error(_Message):
    type: Literal["error"] = "error"
    code: str  # bad_json too_big unknown invalid forbidden not_found rate full replaced internal
    message: str  # in English; ``key`` and ``values`` as in ``Refused``
    key: str = Field("", max_length=80)
    values: dict[str, str | int] = Field(default_factory=dict, max_length=12)


class ChatLine(_Message):
    type: Literal["chat_line"] = "chat_line"
    seat: int  # -1: a watcher
    name: str
    text: str


class QuickLine(_Message):
    type: Literal["quick_line"] = "quick_line"
    seat: int
    name: str
    phrase: Phrase


class Away(_Message):
    """Seat ``seat`` lost its connection: ``seconds_left`` until a bot plays for it."""

    type: Literal["away"] = "away"
    seat: int
    seconds_left: float
    bot_playing: bool


ClientMessage = (
    Hello
    | ListRooms
    | CreateRoom
    | Join
    | Rejoin
    | Watch
    | Start
    | PickSeat
    | PlayCommand
    | NextRound
    | Chat
    | Quick
)
ServerMessage = (
    Welcome
    | Lobby
    | Joined
    | RoomState
    | ViewUpdate
    | ViewDelta
    | Refused
    | Error
    | ChatLine
    | QuickLine
    | Away
)
Message = Annotated[ClientMessage | ServerMessage, Field(discriminator="type")]
MESSAGE_ADAPTER: TypeAdapter[Message] = TypeAdapter(Message)
CLIENT_MESSAGES: tuple[type, ...] = ClientMessage.__args__
SERVER_MESSAGES: tuple[type, ...] = ServerMessage.__args__


class ProtocolError(ValueError):
    """A message that cannot be accepted; ``code`` is one of ``Error.code``'s words.

    ``said`` is why, as a key of ``koza.i18n.says.SAYS`` and its values.
    """

    def __init__(self, code: str, key: str, /, **values: str | int) -> None:
        self.said = Said.of(key, **values)
        super().__init__(str(self.said))
        self.code = code

    def message(self) -> Error:
        return error_message(self.code, self.said)


def error_message(code: str, said: Said) -> Error:
    """The ``Error`` that says ``said``."""
    return Error(code=code, message=str(said), key=said.catalogue_key, values=said.values)


def encode(msg: _Message) -> str:
    """One message as the text of one frame."""
    return msg.model_dump_json(exclude_none=False)


def decode(frame: str | bytes, accept: tuple[type, ...], limit: int = MAX_FRAME) -> Any:
    """Validate one frame; ``ProtocolError`` if it is too big, not JSON or not accepted."""
    if len(frame) > limit:
        raise ProtocolError("too_big", "too_big", limit=limit)
    try:
        msg = MESSAGE_ADAPTER.validate_json(frame)
    except ValidationError as exc:
        err = exc.errors()[0]
        if err["type"] == "json_invalid":
            raise ProtocolError("bad_json", "bad_json") from None
        where = ".".join(str(p) for p in err["loc"]) or "message"
        kind = (
            "unknown" if err["type"] in ("union_tag_invalid", "union_tag_not_found") else "invalid"
        )
        raise ProtocolError(kind, "bad_field", field=where[:80], problem=err["msg"][:120]) from None
    if not isinstance(msg, accept):
        raise ProtocolError("unknown", "not_accepted", kind=repr(msg.type))
    return msg

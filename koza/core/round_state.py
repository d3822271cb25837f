"""``Round``: one round in play, the mutable position the engine and the playouts change.

Apart from ``engine`` (which re-exports it) so that ``playout``, which ``engine``
re-exports in turn, can name it without the two modules importing each other.
mypyc compiles it with them (``koza.compiled``).
"""

from __future__ import annotations


class Round:
    """One round in play: hands, chain ends, bazaar and whose turn it is.

    Two rounds are equal when every field is (``key()``); do not hash a round
    that is still being changed.
    """

    __slots__ = (
        "n",
        "hands",
        "bazaar",
        "bz",
        "left",
        "right",
        "turn",
        "drawn",
        "opening",
        "doubles_ok",
        "over",
        "out_seat",
        "leader",
    )

    def __init__(
        self,
        hands: list[int],
        bazaar: tuple[int, ...],
        leader: int,
        opening: int = -1,
        doubles_ok: bool = True,
    ) -> None:
        self.n = len(hands)
        self.hands = hands
        self.bazaar = bazaar
        self.bz = 0  # index of the next bazaar tile
        self.left = -1  # open end numbers; -1 while the chain is empty
        self.right = -1
        self.turn = leader
        self.drawn = -1  # a drawn tile that fits and must be played now
        self.opening = opening  # the tile that must open the round, or -1 for any
        self.doubles_ok = doubles_ok
        self.over = False
        self.out_seat = -1  # who went out; -1 with over=True means a fish
        self.leader = leader

    def copy(self) -> Round:
        """A cheap independent copy (built by ``__init__``, which mypyc needs)."""
        r = Round(self.hands[:], self.bazaar, self.leader, self.opening, self.doubles_ok)
        r.bz = self.bz
        r.left = self.left
        r.right = self.right
        r.turn = self.turn
        r.drawn = self.drawn
        r.over = self.over
        r.out_seat = self.out_seat
        return r

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle and deep-copy by fields (a compiled class has no default way)."""
        return (
            _rebuilt,
            (
                self.hands,
                self.bazaar,
                self.leader,
                self.opening,
                self.doubles_ok,
                self.bz,
                self.left,
                self.right,
                self.turn,
                self.drawn,
                self.over,
                self.out_seat,
            ),
        )

    @property
    def bazaar_left(self) -> int:
        """How many tiles the bazaar still holds."""
        return len(self.bazaar) - self.bz

    @property
    def is_fish(self) -> bool:
        """True once the round ended blocked."""
        return self.over and self.out_seat < 0

    def key(self) -> tuple[object, ...]:
        """Everything that defines this position, for equality checks."""
        return (
            tuple(self.hands),
            self.bazaar,
            self.bz,
            self.left,
            self.right,
            self.turn,
            self.drawn,
            self.opening,
            self.doubles_ok,
            self.over,
            self.out_seat,
            self.leader,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Round{self.key()!r}"


def _rebuilt(
    hands: list[int],
    bazaar: tuple[int, ...],
    leader: int,
    opening: int,
    doubles_ok: bool,
    bz: int,
    left: int,
    right: int,
    turn: int,
    drawn: int,
    over: bool,
    out_seat: int,
) -> Round:
    """The round ``Round.__reduce__`` describes."""
    r = Round(list(hands), bazaar, leader, opening, doubles_ok)
    r.bz, r.left, r.right, r.turn, r.drawn = bz, left, right, turn, drawn
    r.over, r.out_seat = over, out_seat
    return r

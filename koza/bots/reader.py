"""``reader``: montecarlo that reads each opponent by that opponent's own policy.

montecarlo weighs the deals it imagines by how well they explain the opponents'
plays, every opponent read as one soft "shed heavy tiles" player.  ``reader``
reads each seat by a model of the player sitting there (``policies``): the table
shows each seat's bot level (``SeatView.bot_levels``), so a greedy seat is read as
greedy exactly, an expert or montecarlo seat by a policy fitted on their
self-play; a person is read by a prior fitted on self-play, or by a model
learned from their saved games on this machine when the bot is given one
(``learn_people``: ``koza.play.people``), made sharper or softer by what that
person's plays this game show (``PersonSharpness``).
Everything else (the sampling, the play-outs, the match utility) is montecarlo's
default level.  It sees only its seat's view: the levels are public, the plays
are the public history.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from koza.bots.knowledge import Knowledge
from koza.bots.montecarlo import DealWeights, MonteCarloBot
from koza.bots.opponents import log_mean_exp
from koza.bots.policies import Theta, theta_for
from koza.bots.reading import PolicyReading
from koza.bots.sampler import Sampler
from koza.core.view import SeatView

SCALES: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0, 4.0)
"""How much sharper than its prior a person may be read (0: at random)."""
PRIOR_EVIDENCE = 1.0
"""Log-evidence in favour of the prior as it is (scale 1), so one play does not swing it."""
PROBE_DEALS = 40
"""Deals drawn (without regard to the plays) to weigh the evidence for each scale."""


class PersonSharpness:
    """Per person seat and round: the log-evidence for each of ``SCALES``."""

    def __init__(self) -> None:
        self._evidence: dict[int, dict[int, list[float]]] = {}  # seat -> round -> per scale
        self._last_round = 0

    def observe(self, round_no: int, seat: int, per_scale: list[list[float]]) -> None:
        """This round's evidence for ``seat``: per scale, its plays' log-likelihood on each
        probe deal (the latest decision of a round stands for the round)."""
        if round_no < self._last_round:  # a new game with the same bot: start afresh
            self._evidence.clear()
        self._last_round = round_no
        ev = [log_mean_exp(rows) for rows in per_scale]
        self._evidence.setdefault(seat, {})[round_no] = ev

    def scale(self, seat: int) -> float:
        """The scale that best explains ``seat``'s plays so far (prior included)."""
        total = [PRIOR_EVIDENCE if s == 1.0 else 0.0 for s in SCALES]
        for ev in self._evidence.get(seat, {}).values():
            total = [t + e for t, e in zip(total, ev, strict=True)]
        return SCALES[max(range(len(SCALES)), key=total.__getitem__)]


def seat_thetas(
    view: SeatView, learned: Mapping[str, Theta] | None = None
) -> tuple[dict[int, Theta], list[int]]:
    """Each opponent's scores by the level the table shows for it, and the person seats
    (a seat the view names no bot for), read by ``learned`` under their name if it has
    them, else by the prior."""
    thetas: dict[int, Theta] = {}
    people: list[int] = []
    for s in range(view.n_players):
        if s == view.seat:
            continue
        spec = view.bot_levels[s] if s < len(view.bot_levels) else None
        thetas[s] = theta_for(spec)
        if spec is None:
            people.append(s)
            if learned and view.names[s] in learned:
                thetas[s] = learned[view.names[s]]
    return thetas, people


class ReaderBot(MonteCarloBot):
    """montecarlo's default level, with each opponent read by its own policy."""

    def __init__(self, seed: int | None = None, samples: int | None = None) -> None:
        super().__init__("default", seed, samples)
        self.name = "reader"
        self.people = PersonSharpness()
        self._learner: Callable[[], Mapping[str, Theta]] | None = None
        self._learned: Mapping[str, Theta] | None = None

    def learn_people(self, learner: Callable[[], Mapping[str, Theta]]) -> None:
        """Read people by what ``learner`` gives (each name's scores), asked once, when a
        person's plays are first read (so a decision, in its worker, pays for it)."""
        self._learner, self._learned = learner, None

    def _people_models(self) -> Mapping[str, Theta] | None:
        """What the learner gave (asked the first time; if it fails, the prior stays)."""
        if self._learned is None and self._learner is not None:
            try:
                self._learned = self._learner()
            except Exception:  # a model is a help, never a reason to stop playing
                self._learned = {}
        return self._learned

    def play_model(self, view: SeatView, know: Knowledge, sharp: frozenset[int]) -> DealWeights:
        """The opponents' plays read by each one's policy (``sharp`` is never set here)."""
        thetas, people = seat_thetas(view, self._people_models())
        reading = PolicyReading(view, know, thetas)
        read_people = [s for s in people if any(f.seat == s for f in reading.facts)]
        if not read_people:
            return reading
        sampler = Sampler(view, know)
        probes = [sampler.draw_hands(self._rng)[1] for _ in range(PROBE_DEALS)]
        per_scale = [[reading.seat_log_likelihoods(a, k) for a in probes] for k in SCALES]
        for s in read_people:
            rows = [[ll[s] for ll in by_deal] for by_deal in per_scale]
            self.people.observe(view.round_no, s, rows)
            scale = self.people.scale(s)
            base = thetas[s]
            thetas[s] = (base[0] * scale, base[1] * scale, base[2] * scale, base[3] * scale)
        return PolicyReading(view, know, thetas)


def deal_weight(view: SeatView, know: Knowledge, assignment: list[int]) -> float:
    """How likely (up to a constant) ``reader`` finds the opponents' plays on one sampled
    deal: ``exp`` of its log-weight, the people read by their prior."""
    thetas, _ = seat_thetas(view)
    return math.exp(PolicyReading(view, know, thetas).log_weight(assignment))

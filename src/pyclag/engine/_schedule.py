"""Which decisions a round has, and who takes each first (RULES.md Appendix B).

This is the part of the decision table (:mod:`pyclag.engine.decisions`) that
the flow of a round reads as it goes from phase to phase, kept below the flow
so that the flow imports it directly: for each phase, in the order a round
meets them, whether a round of a given spec has it and who acts on entering
it. The table's rows read their ``needed`` and ``actor`` here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from pyclag._caches import bounded
from pyclag.engine.state import CHANCE, Actor, Phase, RoundSetup
from pyclag.rules.deals import Bidding, PlayMode
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet

__all__ = ["ACTOR", "NEEDED", "first_actor", "round_phases"]

Needed = Callable[[RoundSpec, RuleSet], bool]
"""Whether a round of a spec (as played) under a rule set has a phase."""

First = Callable[[RoundSetup], Actor]
"""Who acts on entering a phase: a seat or CHANCE."""


def _by_chance(setup: RoundSetup) -> Actor:
    return CHANCE


def _dealer(setup: RoundSetup) -> Actor:
    return setup.dealer


def _caller(setup: RoundSetup) -> Actor:
    return setup.caller


def _first_bidder(setup: RoundSetup) -> Actor:
    return setup.first_bidder


def _always(spec: RoundSpec, rules: RuleSet) -> bool:
    return True


def _draws(spec: RoundSpec, rules: RuleSet) -> bool:
    return rules.draw_first_bidder  # the A25 option


def _dealer_chooses(spec: RoundSpec, rules: RuleSet) -> bool:
    return bool(spec.hand_sizes)  # the RAF dealer (§2.3)


def _bids_before_deal(spec: RoundSpec, rules: RuleSet) -> bool:
    return spec.bidding is Bidding.BEFORE_DEAL  # pagat's Blind (A32)


def _called(spec: RoundSpec, rules: RuleSet) -> bool:
    return spec.calls is not None  # the RAF caller (§2.3)


def _dealer_declares(spec: RoundSpec, rules: RuleSet) -> bool:
    return spec.suits.dealer_declares  # §2.0 DEALER_CALLS


_BIDS: Final = (Bidding.SEEN, Bidding.UNSEEN)


def _bids(spec: RoundSpec, rules: RuleSet) -> bool:
    return spec.bidding in _BIDS  # §1.6; not misère, not most tricks


def _shuffled(spec: RoundSpec, rules: RuleSet) -> bool:
    return spec.play is PlayMode.SHUFFLED  # RAF Blind (§2.3)


NEEDED: Final[Mapping[Phase, Needed]] = {
    Phase.DRAW: _draws,
    Phase.CHOOSE_HAND_SIZE: _dealer_chooses,
    Phase.BID_BEFORE_DEAL: _bids_before_deal,
    Phase.DEAL: _always,  # §1.4
    Phase.CALL: _called,
    Phase.DECLARE_TRUMP: _dealer_declares,
    Phase.BID: _bids,
    Phase.SHUFFLE: _shuffled,
    Phase.PLAY: _always,  # §1.8
}
"""Whether a round has each decision, in the order a round meets them."""

ACTOR: Final[Mapping[Phase, First]] = {
    Phase.DRAW: _by_chance,
    Phase.CHOOSE_HAND_SIZE: _dealer,
    Phase.BID_BEFORE_DEAL: _first_bidder,
    Phase.DEAL: _by_chance,
    Phase.CALL: _caller,
    Phase.DECLARE_TRUMP: _dealer,
    Phase.BID: _first_bidder,
    Phase.SHUFFLE: _by_chance,
    Phase.PLAY: _first_bidder,  # who leads the first trick
}
"""Who takes each decision on entering its phase."""


# Keyed by a user-built RoundSpec and RuleSet: read at every round start and step.
@bounded(1024, same_arguments=True)
def round_phases(spec: RoundSpec, rules: RuleSet) -> tuple[Phase, ...]:
    """The phases a round of ``spec`` (as played) has under ``rules``, in order.

    >>> import pyclag
    >>> [phase.value for phase in round_phases(pyclag.presets.RAF.round_spec(1), pyclag.presets.RAF)]
    ['choose-hand-size', 'deal', 'call', 'bid', 'play']
    """
    return tuple(phase for phase, needed in NEEDED.items() if needed(spec, rules))


def first_actor(phase: Phase, setup: RoundSetup) -> Actor:
    """Who acts on entering ``phase`` in the round of ``setup``.

    >>> import pyclag
    >>> setup = pyclag.new_game(pyclag.NORMAL, players=3).round.setup
    >>> first_actor(Phase.DEAL, setup), first_actor(Phase.BID, setup)
    (CHANCE, 1)
    """
    return ACTOR[phase](setup)

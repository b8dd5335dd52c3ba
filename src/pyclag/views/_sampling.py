"""Determinization, for search bots: :func:`determinize`, a full game state
drawn at random that one seat cannot tell from the real one
(``docs/observations.rst``).

The round in progress is built directly from the observation and a sampled
pack: its bids, tricks and trick are the observation's, the unseen cards are
placed at random where the seat's knowledge allows, and nothing is replayed.
The finished rounds, which nothing can depend on any more, are replayed once
per game history and cached.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
>>> view = pyclag.observe(state, 2)
>>> pyclag.observe(determinize(view, random.Random(5)), 2) == view
True
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Sequence
from typing import Final

import attrs

from pyclag._caches import bounded
from pyclag._checks import check_rng
from pyclag.cards import DECK_MASK, Card, Rank
from pyclag.engine import is_over
from pyclag.engine.rounds import new_game_state, new_round_state, revise
from pyclag.engine.state import GameState, Phase, RoundResult, Seat
from pyclag.errors import RecordError
from pyclag.hand import cards_of
from pyclag.records import Record, RoundRecord, replay, replay_round, round_record
from pyclag.rules.dealing import pack_of
from pyclag.rules.deals import PlayMode
from pyclag.rules.play import play_refusal, shown_voids
from pyclag.rules.ruleset import RuleSet
from pyclag.views._observe import REACH, Observation, check_view, unseen_given

__all__ = ["determinize"]

_MASK: Final = operator.attrgetter("mask")
_ATTEMPTS: Final = 1000
_DEALT_ORDERS: Final = frozenset((PlayMode.DEALT_ORDER, PlayMode.REVERSE_ORDER))
_DEALT: Final = frozenset(list(Phase)[list(Phase).index(Phase.DEAL) + 1 :])
"""The phases after the deal (Appendix B order)."""


def determinize(observation: Observation, rng: random.Random) -> GameState:
    """A full game state consistent with ``observation``, drawn from ``rng``:
    every card the seat has not seen placed at random, hand sizes kept, and
    no seat given a card it has shown it cannot hold (a suit it failed to
    follow, a card its wild two declared). Every consistent placement can be
    drawn, though not all equally often. The hidden cards of finished rounds,
    which nothing can depend on any more, are placed in a fixed order. An
    observation that no deal is consistent with is a RecordError.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 4), rng=random.Random(1))
    >>> guess = determinize(pyclag.observe(state, 1), random.Random(2))
    >>> guess.round.hands[1] == state.round.hands[1], guess.round.hands[2] == state.round.hands[2]
    (True, False)
    """
    check_view("determinize", observation)
    check_rng("determinize", rng)
    view = observation
    start = _round_start(_Key(view.rules, view.history, view.players, view.first_dealer))
    if observation.phase is Phase.GAME_OVER:
        return start
    setup = observation.setup
    masks = (0,) * setup.players  # before the deal nobody holds a card
    if observation.phase in _DEALT:
        voids = _voids(observation)
        for _ in range(_ATTEMPTS):
            drawn = _sample_deck(observation, voids, rng)
            if drawn is not None and _plays_fit(observation, drawn[1]):
                setup = revise(setup, deck=drawn[0])
                masks = drawn[1]
                break
        else:
            # An observation is the record of what one seat saw: one that no deal fits
            # is refused as a record that does not replay is (the policy in pyclag.errors).
            raise RecordError(
                f"no deal is consistent with this observation after {_ATTEMPTS} tries: "
                "was it made by observe()?"
            )
    rnd = new_round_state(setup, view.phase, view.to_act, view.bids, masks, view.trick, view.tricks)
    return new_game_state(view.rules, start.history, rnd)


class _Key:
    """The round-start cache key: the rules (by identity), the table and the
    public history, equal to an equal history (at once when it is the very same
    tuple, else round by round, each round at once when it is the very same
    value) and hashed by its length and the identity of its last round, so that
    a lookup costs the same however long the game has run. ``reach`` (not part
    of the key) is how far back a miss may look (:data:`pyclag.views.REACH`)."""

    __slots__ = ("first_dealer", "history", "players", "reach", "rules")

    def __init__(
        self,
        rules: RuleSet,
        history: tuple[RoundResult, ...],
        players: int,
        first_dealer: Seat,
        reach: int = REACH,
    ) -> None:
        self.rules = rules
        self.history = history
        self.players = players
        self.first_dealer = first_dealer
        self.reach = reach

    def __hash__(self) -> int:
        history = self.history
        last = id(history[-1]) if history else 0
        return hash((id(self.rules), len(history), last, self.players, self.first_dealer))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Key):
            return False
        return (
            self.rules is other.rules
            and (self.history is other.history or self.history == other.history)
            and self.players == other.players
            and self.first_dealer == other.first_dealer
        )


# Keyed by the identity of an observation's rules and its history; each entry is a replayed
# game state, so a few hundred (concurrent searches on one server each hit their own).
@bounded(256)
def _round_start(key: _Key) -> GameState:
    """The state at the start of the observed round, its past rounds replayed
    from packs rebuilt out of their plays (or the finished game). A game's
    history grows by one round at a time, and the start of the round before is
    in this cache from that round's searches: only the round just finished is
    replayed from it, so the cost of a search does not grow with the rounds
    played. A history with no shorter one cached within
    ``key.reach`` rounds (a state built or loaded part-way) is replayed whole,
    once."""
    rules, history = key.rules, key.history
    if key.reach and history:
        shorter = _Key(rules, history[:-1], key.players, key.first_dealer, key.reach - 1)
        before = _round_start(shorter)
        number = len(history) - 1
        if not is_over(before) and before.round.setup.index == number:
            return replay_round(before, _past_round(rules, history[-1]), f"rounds[{number}]")
        # (else the whole replay below refuses the history, as it always has)
    rounds = tuple(_past_round(rules, result) for result in history)
    return replay(Record(rules, key.players, key.first_dealer, rounds))


def _past_round(rules: RuleSet, result: RoundResult) -> RoundRecord:
    """The record of a finished round, its pack rebuilt out of its plays."""
    record = round_record(rules, result.setup, result.bids, result.tricks, ())
    return attrs.evolve(record, deck=_past_deck(result))


def _past_deck(result: RoundResult) -> tuple[Card, ...]:
    """A pack that deals each seat the cards it played, in the order its
    piles need, with the turn-up in place; unseen cards in pack order."""
    setup = result.setup
    played: list[list[Card]] = [[] for _ in range(setup.players)]
    for trick in result.tricks:
        for play in trick.plays:
            played[play.seat].append(play.card)
    if setup.played.play is PlayMode.REVERSE_ORDER:  # Roll 'Em turned over (§2.0 ROLL)
        played = [cards[::-1] for cards in played]
    seen = sum(card.mask for cards in played for card in cards)
    if setup.turnup is not None:
        seen |= setup.turnup.mask
    return pack_of(played, setup.dealer, setup.turnup, cards_of(DECK_MASK & ~seen))


def _voids(view: Observation) -> tuple[int, ...]:
    """The cards each seat has shown it does not hold (as masks)."""
    plays = itertools.chain((trick.plays for trick in view.tricks), (view.trick,))
    return shown_voids(view.setup.played.twos, list(plays), view.players)


def _plays_fit(view: Observation, masks: tuple[int, ...]) -> bool:
    """Whether every play of the round was legal from hands that end as ``masks``.
    The voids say it all unless twos are wild and a two was played: then the
    identities it could take depend on the rest of its player's hand (§2.0
    TWOS_WILD rules 3-8), so each play is ruled on again, in order, as it was made."""
    twos = view.setup.played.twos
    if twos is None:
        return True
    tricks = (*(trick.plays for trick in view.tricks), view.trick)
    if not any(play.card.rank is Rank.TWO for plays in tricks for play in plays):
        return True
    held = list(masks)
    for plays in tricks:  # what each seat held before its plays: what it holds and played
        for play in plays:
            held[play.seat] |= play.card.mask
    seen = view.setup.turnup.mask if view.setup.turnup is not None else 0
    trump = view.trump
    for plays in tricks:
        for number, play in enumerate(plays):
            seat, card = play.seat, play.card
            ruled = play_refusal(
                twos, plays[:number], held[seat], trump, seen, seat, card, play.as_card
            )
            if ruled is not None:
                return False
            held[seat] &= ~card.mask
            seen |= card.mask
    return True


def _sample_deck(
    view: Observation, voids: tuple[int, ...], rng: random.Random
) -> tuple[tuple[Card, ...], tuple[int, ...]] | None:
    """A random pack consistent with the view and the hands each seat holds
    now, or None if this draw got stuck."""
    setup = view.setup
    played = view.played
    mine = view.hand.mask if view.hand is not None else None
    needs = [
        (seat, view.hand_sizes[seat], voids[seat])
        for seat in range(view.players)
        if seat != view.seat or mine is None
    ]
    pool = unseen_given(view, played)
    held = _place(pool, needs, rng)
    if held is None:
        return None
    if mine is not None:
        held[view.seat] = mine
    hands = []
    # The order a seat was dealt its cards is unknown, and only Roll 'Em plays it
    # (§2.0 ROLL); the stock below the turn-up nobody sees or uses.
    ordered = setup.played.play in _DEALT_ORDERS
    for seat in range(view.players):
        cards = cards_of(held[seat] | played[seat])
        hands.append(rng.sample(cards, len(cards)) if ordered else cards)
    rest = cards_of(pool & ~sum(held.values()))
    deck = pack_of(hands, setup.dealer, setup.turnup, rest)
    return deck, tuple(held[seat] for seat in range(view.players))


def _place(
    pool: int, needs: Sequence[tuple[Seat, int, int]], rng: random.Random
) -> dict[Seat, int] | None:
    """Deal ``count`` cards of ``pool`` to each ``(seat, count, forbidden)``,
    none of them forbidden; None if a draw leaves no way to finish."""
    held: dict[Seat, int] = {}
    constrained = [need for need in needs if need[2]]
    rng.shuffle(constrained)
    for number, (seat, count, forbidden) in enumerate(constrained):
        eligible = cards_of(pool & ~forbidden)
        if len(eligible) < count:
            return None
        for _ in range(20):  # draws that leave the others no room are rare
            chosen = sum(map(_MASK, rng.sample(eligible, count)))
            if _room(pool & ~chosen, constrained[number + 1 :]):
                break
        else:
            return None
        held[seat] = chosen
        pool &= ~chosen
    free = [need for need in needs if not need[2]]
    drawn = rng.sample(cards_of(pool), sum(count for _, count, _ in free))
    at = 0
    for seat, count, _ in free:
        held[seat] = sum(map(_MASK, drawn[at : at + count]))
        at += count
    return held


def _room(pool: int, needs: Sequence[tuple[Seat, int, int]]) -> bool:
    """Hall's condition: every group of seats can find its cards in ``pool``."""
    for size in range(1, len(needs) + 1):
        for group in itertools.combinations(needs, size):
            common = DECK_MASK
            for _, _, forbidden in group:
                common &= forbidden
            if (pool & ~common).bit_count() < sum(count for _, count, _ in group):
                return False
    return True

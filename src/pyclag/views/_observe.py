"""What each player may know: :func:`observe`.

An :class:`Observation` is one seat's view of a game at one moment: its own
hand (unless it is face down and unseen), everything said and played at the
table, and the results so far; never the pack, the other hands or a turn-up
not yet shown. :func:`pyclag.determinize` (:mod:`pyclag.views._sampling`) goes the
other way, for search bots: a full game state, drawn at random, that this
seat cannot tell from the real one. ``docs/observations.rst`` lists what an observation holds in each phase
and deal type.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
>>> view = observe(state, 2)
>>> len(view.hand), view.hand_sizes, view.to_act, view.legal
(3, (3, 3, 3), 1, ())
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Final, Generic, TypeVar

import attrs

from pyclag._caches import bounded
from pyclag._checks import Frozen, not_a, seat_in
from pyclag._values import replace
from pyclag.actions import Call, Play, PlayerAction
from pyclag.cards import DECK_MASK, Card, Suit
from pyclag.engine import legal_actions
from pyclag.engine.display import phase_words, table_text
from pyclag.engine.pictures import table_picture
from pyclag.engine.rounds import not_a_state
from pyclag.engine.state import (
    Actor,
    GameState,
    Phase,
    RoundResult,
    RoundSetup,
    Seat,
    Trick,
    running_totals,
    tricks_won_by,
)
from pyclag.errors import RulesError
from pyclag.hand import Hand
from pyclag.rules.deals import Bidding
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.tally import contracts_made, winners_by_totals

__all__ = ["Observation", "check_view", "observe", "unseen_given"]


@attrs.frozen
class Observation(Frozen):
    """What ``seat`` may know of a game at one moment.

    ``history`` holds the finished rounds and ``setup`` the round in progress
    (the last round, once the game is over), each without its pack: the
    hands, bids, tricks, turn-up and call they show were all seen at the
    table. ``hand`` is the seat's own cards, ``None`` while they lie face
    down unseen (the blind bids, Roll 'Em); ``hand_sizes`` the cards each
    seat holds; ``trick`` the trick in progress and ``tricks`` the finished
    ones; ``legal`` the seat's legal actions (empty unless it is to act).

    >>> import pyclag
    >>> view = observe(pyclag.new_game(pyclag.NORMAL, 4), 0)
    >>> view.phase, view.to_act, view.hand, view.scores
    (<Phase.DEAL: 'deal'>, CHANCE, Hand.parse(''), (0, 0, 0, 0))
    """

    seat: Seat
    rules: RuleSet
    history: tuple[RoundResult, ...]
    setup: RoundSetup
    phase: Phase
    to_act: Actor
    bids: tuple[int | None, ...]
    hand: Hand | None
    hand_sizes: tuple[int, ...]
    trick: tuple[Play, ...]
    tricks: tuple[Trick, ...]
    legal: tuple[PlayerAction, ...]
    # The hash, once computed (see __hash__): not a field of the view.
    _hash: int | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __hash__(self) -> int:
        """A hash for transposition tables, computed once and kept: it costs less
        than :func:`observe` and reads only what changes from one moment of a game
        to the next (equal observations hash alike, as equal parts do).

        >>> import pyclag
        >>> hash(observe(pyclag.new_game(pyclag.NORMAL, 4), 0)) == hash(observe(pyclag.new_game(pyclag.NORMAL, 4), 0))
        True
        """
        found = self._hash
        if found is None:
            hand = self.hand
            setup = self.setup
            found = hash(
                (
                    self.seat,
                    setup.index,
                    setup.dealer,
                    self.phase,
                    self.to_act,
                    self.bids,
                    None if hand is None else hand.mask,
                    self.hand_sizes,
                    unseen_given(self, self.played),
                    len(self.tricks),
                    len(self.legal),
                )
            )
            object.__setattr__(self, "_hash", found)
        return found

    def __reduce__(self) -> tuple[type[Observation], tuple[object, ...]]:
        # A str hashes differently in another process: a pickle leaves the kept hash behind.
        return Observation, tuple(getattr(self, name) for name in _FIELDS)

    @property
    def players(self) -> int:
        """The number of players."""
        return self.setup.players

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return self.setup.hand_size

    @property
    def trick_winners(self) -> tuple[Seat, ...]:
        """The winner of each finished trick, in order."""
        return tuple(trick.winner for trick in self.tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Finished tricks won by each seat."""
        return tricks_won_by(self.setup.players, self.tricks)

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals by seat."""
        return running_totals(self.history, self.setup.players)

    @property
    def first_dealer(self) -> Seat:
        """The dealer of the first round."""
        return self.setup.first_dealer

    @property
    def dealer(self) -> Seat:
        """The dealer of the round in progress."""
        return self.setup.dealer

    @property
    def caller(self) -> Seat | None:
        """The RAF caller of the round in progress, if it has one."""
        return self.setup.caller

    @property
    def call(self) -> Call | None:
        """The caller's call, once made."""
        return self.setup.call

    @property
    def spec(self) -> RoundSpec:
        """The rules of the round in progress, as played: as scheduled, or as
        called or declared once the call or the declaration is made."""
        return self.setup.played

    @property
    def turnup(self) -> Card | None:
        """The turn-up, once it is shown."""
        return self.setup.turnup

    @property
    def round_rules(self) -> RoundRules | None:
        """The resolved rules of the round, once its trump is known."""
        return self.setup.round_rules

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once known (``None`` also when there is none)."""
        return self.setup.trump

    @property
    def played(self) -> tuple[int, ...]:
        """The cards each seat has played this round, as masks."""
        played = [0] * self.setup.players
        for plays in itertools.chain((trick.plays for trick in self.tricks), (self.trick,)):
            for play in plays:
                played[play.seat] |= play.card.mask
        return tuple(played)

    @property
    def seen(self) -> int:
        """The cards every player has seen this round, as a mask: the turn-up and
        the cards played (a :class:`~pyclag.engine.position.Position`'s)."""
        turnup = self.setup.turnup
        return sum(self.played) | (turnup.mask if turnup is not None else 0)

    def held(self, seat: Seat) -> int:
        """The cards ``seat`` holds, as a mask: this seat's own hand, the one a
        ruling on its own action reads (a :class:`~pyclag.engine.position.Position`'s).
        Another seat's cards, or its own while they lie face down, are hidden
        from it: a RulesError.

        >>> import pyclag
        >>> view = observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), deck=pyclag.DECK), 1)
        >>> str(pyclag.Hand(view.held(1))), view.seen == view.setup.turnup.mask
        ('2C', True)
        >>> view.held(2)
        Traceback (most recent call last):
        pyclag.errors.RulesError: held: seat 2's cards are hidden from seat 1
        """
        seat = seat_in("held", seat, self.setup.players)
        if seat != self.seat or self.hand is None:
            raise RulesError(f"held: seat {seat}'s cards are hidden from seat {self.seat}")
        return self.hand.mask

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen this round (neither in its hand, nor
        played, nor turned up), as a mask.

        >>> import random, pyclag
        >>> view = observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 4), rng=random.Random(1)), 0)
        >>> view.unseen.bit_count()  # 52 less 3 in hand and the turn-up
        48
        """
        return unseen_given(self, self.played)

    def __str__(self) -> str:
        """The table as this seat sees it, in a few lines: its own cards (or
        how many lie face down), how many the others hold, and its legal
        actions when it is to act (``docs/text.rst``).

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3, 2]), 3), rng=random.Random(2))
        >>> for tricks in (1, 0, 1):
        ...     state = pyclag.bid(state, tricks)
        >>> print(observe(pyclag.play(state, pyclag.Card.parse("4D")), 2))
        round 1 of 2 (3 cards), dealer seat 0; trumps D (turn-up KD)
        seat 0: 3 cards   bid 1  tricks 0  score 0
        seat 1: 2 cards   bid 1  tricks 0  score 0
        seat 2: 6C 2H 5H  bid 0  tricks 0  score 0  (you)
        trick: 4D (seat 1 led)
        to act: seat 2 (play); legal: 6C 2H 5H
        """
        hands = [_cards(size) for size in self.hand_sizes]
        mine = self.hand
        hands[self.seat] = f"{hands[self.seat]} face down" if mine is None else str(mine) or "-"
        rounds = self.rules.num_rounds(self.players)
        text = table_text(self, rounds, hands, self.scores, self._winners(), you=self.seat)
        legal = self._legal_words()
        return f"{text}; {legal}" if legal else text

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, a picture a notebook shows
        (:mod:`pyclag.views.pictures`): its own cards, its legal ones marked,
        and the backs of the cards the others hold."""
        mine = self.hand
        hands: list[tuple[Card, ...] | int] = list(self.hand_sizes)
        if mine is not None:
            hands[self.seat] = mine.cards
        cards = {action.card for action in self.legal if isinstance(action, Play)}
        rounds = self.rules.num_rounds(self.players)
        notes = [self._legal_words()] if self.legal and not cards else []
        legal = cards or None
        return table_picture(
            self, rounds, hands, self.scores, self._winners(), self.seat, legal, notes
        )

    def _winners(self) -> tuple[int, ...] | None:
        if self.phase is not Phase.GAME_OVER:
            return None
        made = contracts_made(self.players, [result.made for result in self.history])
        return winners_by_totals(self.scores, made, self.rules.tie_break)

    def _legal_words(self) -> str:
        legal = self.legal
        if len(legal) > 16:  # a RAF caller has hundreds of calls: count them instead
            return f"{len(legal)} legal actions"
        return f"legal: {' '.join(map(str, legal))}" if legal else ""

    def __repr__(self) -> str:
        where = f"round {self.setup.index + 1} of {self.rules.num_rounds(self.players)}"
        return (
            f"<Observation by seat {self.seat}: {self.rules.name}, {self.players} players, "
            f"{where}, {phase_words(self)}>"
        )


def unseen_given(view: Observation, played: tuple[int, ...]) -> int:
    """:attr:`Observation.unseen` of ``view``, whose :attr:`~Observation.played`
    is ``played`` (for a caller that has read it already).

    >>> import pyclag
    >>> view = observe(pyclag.new_game(pyclag.NORMAL, 4), 0)
    >>> unseen_given(view, view.played) == view.unseen == (1 << 52) - 1
    True
    """
    seen = sum(played)
    if view.hand is not None:
        seen |= view.hand.mask
    if view.setup.turnup is not None:
        seen |= view.setup.turnup.mask
    return DECK_MASK & ~seen


_FIELDS: Final = tuple(field.name for field in attrs.fields(Observation) if field.init)


def _cards(count: int) -> str:
    return "-" if not count else f"{count} card" if count == 1 else f"{count} cards"


def observe(state: GameState, seat: Seat) -> Observation:
    """What ``seat`` may know of ``state``, and nothing more. A ``seat`` that
    is not an int is a TypeError; a seat outside the table a RulesError.

    >>> import random, pyclag
    >>> rules = pyclag.presets.get("scottish").with_schedule([pyclag.presets.SCOTTISH.schedule[10]])
    >>> state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(1))
    >>> state.round.setup.played.label, observe(state, 1).hand, observe(state, 1).turnup
    ('Blind (cards and trumps unseen)', None, None)
    >>> observe(state, 3)
    Traceback (most recent call last):
    pyclag.errors.RulesError: observe: seat must be a seat in 0..2, not 3
    """
    try:
        rnd = state.round
        history = state.history
    except AttributeError:
        raise not_a_state("observe", state) from None
    setup = rnd.setup
    seat = seat_in("observe", seat, setup.players)
    current = rnd.phase
    over = current is Phase.ROUND_OVER
    # Blind bids are made with one's own cards face down (§2.0 BLIND_*, ROLL; Appendix B.5).
    unseen = current is Phase.BID and setup.played.bidding is Bidding.UNSEEN
    return Observation(
        seat,
        state.rules,
        _public_history(_Rounds(history)),
        _public_setup(setup),
        Phase.GAME_OVER if over else current,
        rnd.to_act,
        rnd.bids,
        None if unseen else Hand(rnd.masks[seat]),
        tuple(mask.bit_count() for mask in rnd.masks),
        rnd.trick,
        rnd.tricks,
        legal_actions(state) if rnd.to_act == seat and type(rnd.to_act) is int else (),
    )


def check_view(func: str, observation: object) -> Observation:
    """``observation``, if it is an Observation: else the TypeError that names ``func``.

    >>> check_view("my_bot", None)
    Traceback (most recent call last):
    TypeError: my_bot: observation must be an Observation, not NoneType
    """
    if not isinstance(observation, Observation):
        raise not_a(func, "observation", "an Observation", observation)
    return observation


# --- caches keyed by identity: states share these values until a round ends ---------

_T = TypeVar("_T")
_R = TypeVar("_R")


class _Same(Generic[_T]):
    """A cache key that matches only the very same value (frozen values are
    shared between the states of a round, and hashing them whole is slow)."""

    __slots__ = ("value",)

    def __init__(self, value: _T) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.value is self.value


def _by_identity(func: Callable[[_T], _R]) -> Callable[[_T], _R]:
    # Keyed by the identity of values a game builds (setups, histories); each entry holds
    # its value alive, so the bound is also a bound on what the cache keeps.
    def by_key(key: _Same[_T]) -> _R:
        return func(key.value)

    cached = bounded(256, name=f"{func.__module__}.{func.__qualname__}")(by_key)

    @functools.wraps(func)
    def lookup(value: _T) -> _R:
        result: _R = cached(_Same(value))
        return result

    return lookup


@_by_identity
def _public_setup(setup: RoundSetup) -> RoundSetup:
    """``setup`` without the pack, which only the dealer's shuffle fixed."""
    return setup if setup.deck is None else replace(setup, deck=None)


REACH: Final = 32
"""How many rounds back a history's cache (here and in :mod:`pyclag.views._sampling`)
looks for a shorter history of the same game before working from the start:
a game's history grows a round at a time, and a round or a few may pass
unobserved (a round with no decision to make, a search bot not asked).
(Internal surface.)"""


class _Rounds:
    """A game's history as a cache key: equal to an equal history (at once when
    it is the very same tuple, else round by round, each round at once when it
    is the very same value: a game's histories share their rounds), hashed by
    its length and the identity of its last round only, not by its whole value,
    so that a lookup costs the same however long the game has run. ``reach``
    (not part of the key) is how far back a miss may look (:data:`REACH`)."""

    __slots__ = ("history", "reach")

    def __init__(self, history: tuple[RoundResult, ...], reach: int = REACH) -> None:
        self.history = history
        self.reach = reach

    def __hash__(self) -> int:
        history = self.history
        return hash((len(history), id(history[-1]) if history else 0))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Rounds):
            return NotImplemented
        return other.history is self.history or other.history == self.history


@bounded(256)
def _public_history(key: _Rounds) -> tuple[RoundResult, ...]:
    """The finished rounds of ``key`` without their packs. A game's history grows
    by one round at a time, and the public history one round shorter is in this
    cache from the observations of the round before: it is reused, and only the
    round just finished is copied without its pack, so the cost of an
    observation does not grow with the rounds played. A history with no
    shorter one cached within ``key.reach`` rounds (a state built or loaded
    part-way) is copied whole, once."""
    history = key.history
    if not key.reach or len(history) < 2:
        return tuple(map(_public_result, history))
    before = _public_history(_Rounds(history[:-1], key.reach - 1))
    return (*before, _public_result(history[-1]))


def _public_result(result: RoundResult) -> RoundResult:
    setup = _public_setup(result.setup)
    return result if setup is result.setup else replace(result, setup=setup)

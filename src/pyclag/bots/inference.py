"""Worlds that fit what the opponents did, with the heuristic as their model.

At a table of :class:`~pyclag.bots.HeuristicBot` players, an opponent's bid and
each card it played are what the heuristic chose from its own observation at
that moment. That observation holds its own hand and what the table had seen
(the turn-up, the earlier bids, the tricks so far): so whether an opponent's
actions fit a guess of its hand depends on that hand alone. :class:`Evidence`
lists each opponent's decisions as this seat saw them and counts how many of
them a guessed hand explains; :func:`fitted_hands` draws the hidden hands one
opponent at a time from the cards left, keeping a hand only if it explains its
owner's decisions (up to ``slack`` of its plays may differ; the bid always
counts), and :func:`world_of` builds the game state of such a guess.

It applies to the plain deals (§1: bids made seeing one's hand, the turn-up
shown before the bids, hands played from the hand, no wild twos, no call),
where an opponent's earlier observations are exactly rebuilt
(:meth:`Evidence.view_of`); elsewhere :func:`applies` is false.

>>> import random, pyclag
>>> from pyclag.bots import HeuristicBot, play_game
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
>>> for _ in range(4):
...     state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, state.round.to_act)))
>>> view = pyclag.observe(state, 1)
>>> evidence = Evidence(view)
>>> hands = fitted_hands(evidence, random.Random(2), tries=500)
>>> [evidence.misfits(seat, hand) for seat, hand in sorted(hands.items())]
[0, 0]
>>> [evidence.misfits(seat, state.round.masks[seat] | view.played[seat]) for seat in (0, 2)]
[0, 0]
"""

from __future__ import annotations

import random
from typing import Final

from pyclag.actions import Bid, Play, PlayerAction
from pyclag.bots import _settings as settings
from pyclag.bots import heuristic
from pyclag.cards import DECK_MASK
from pyclag.engine.rounds import bid_choices, new_game_state, new_round_state, revise
from pyclag.engine.state import GameState, Phase, Trick
from pyclag.hand import Hand, cards_of
from pyclag.rules.dealing import pack_of
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.play import following, shown_voids
from pyclag.views import Observation, determinize

__all__ = ["FEW", "NEVER", "Evidence", "FittedWorlds", "applies", "fitted_hands", "world_of"]

FEW: Final = 20
"""The draws a hand gets once a hand of the same seat found no fit in a deal:
that seat does not play as the model would (a person, say), and drawing on
would cost time for nothing."""

NEVER: Final = 1 << 20
"""The misfit count of a hand that could not have made its owner's plays
(a card it lacks, or one it was not allowed to play): no slack admits it."""


def applies(view: Observation) -> bool:
    """Whether ``view``'s deal is one whose opponents' past observations can be
    rebuilt from the view (a plain deal with bids, its turn-up or trump known).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
    >>> applies(pyclag.observe(state, 1)), applies(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 1))
    (True, False)
    """
    spec = view.spec
    return (
        view.phase in _PHASES
        and view.hand is not None
        and view.round_rules is not None
        and view.setup.call is None
        and spec.bidding is Bidding.SEEN
        and spec.reveal is Reveal.BEFORE_BIDS
        and spec.play is PlayMode.HAND
        and spec.twos is None
    )


_PHASES: Final = frozenset((Phase.BID, Phase.PLAY))

_Moment = tuple[
    Phase, tuple[int | None, ...], tuple[int, ...], tuple[Play, ...], int, PlayerAction, int
]
"""One decision of an opponent: the phase, the bids then, the hand sizes then,
the trick then, the number of finished tricks then, what it did, and the mask
of the cards played before it."""


class Evidence:
    """Each opponent's decisions so far in ``view``'s deal, and how many of
    them a guessed hand of its explains (as the heuristic would have chosen).
    A hand's count is cached by the hand's mask, and extended as the deal goes
    on (:meth:`extend` takes a later view of the same deal). With ``loose``
    (a number of tricks), a hand explains a bid the heuristic would have made
    within ``loose`` tricks of it, and any legal play: a reading for opponents
    that are not heuristic bots.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
    >>> state = pyclag.bid(state, 2)
    >>> evidence = Evidence(pyclag.observe(state, 0))
    >>> [len(evidence.moments[seat]) for seat in (1, 2)]
    [1, 0]
    """

    def __init__(self, view: Observation, loose: int | None = None) -> None:
        self.view = view
        self.loose = settings.optional_count("Evidence", "loose", loose)
        self.seat = view.seat
        players = view.players
        self.moments: dict[int, list[_Moment]] = {
            seat: [] for seat in range(players) if seat != view.seat
        }
        self.played = view.played
        self.cache: dict[tuple[int, int], tuple[int, int]] = {}
        self.legal_bids: dict[int, tuple[PlayerAction, ...]] = {}
        self._add(view)

    def _add(self, view: Observation) -> None:
        players, size = view.players, view.hand_size
        moments = self.moments
        for seat in moments:
            moments[seat].clear()
        leader = view.setup.first_bidder
        bids: list[int | None] = [None] * players
        for step in range(players):  # the bids, from the eldest round (§1.6)
            seat = (leader + step) % players
            bid = view.bids[seat]
            if bid is None:
                break
            if seat in moments:
                moments[seat].append(
                    (Phase.BID, tuple(bids), (size,) * players, (), 0, Bid(seat, bid), 0)
                )
            bids[seat] = bid
        tricks = [trick.plays for trick in view.tricks]
        tricks.append(view.trick)
        gone = 0
        for number, plays in enumerate(tricks):
            sizes = [size - number] * players
            for place, play in enumerate(plays):
                if play.seat in moments:
                    moments[play.seat].append(
                        (Phase.PLAY, view.bids, tuple(sizes), plays[:place], number, play, gone)
                    )
                sizes[play.seat] -= 1
                gone |= play.card.mask

    def extend(self, view: Observation) -> None:
        """Take the decisions of ``view``, a later view of the same deal by the
        same seat; the cached counts stay valid (the earlier decisions are the same).

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> evidence = Evidence(pyclag.observe(state, 0))
        >>> evidence.extend(pyclag.observe(pyclag.bid(state, 2), 0))
        >>> len(evidence.moments[1])
        1
        """
        self.view = view
        self.played = view.played
        self._add(view)

    def view_of(self, seat: int, hand: int, moment: _Moment) -> Observation:
        """What ``seat`` saw at ``moment`` had its whole hand been ``hand``.

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> after = pyclag.bid(state, 2)
        >>> evidence = Evidence(pyclag.observe(after, 0))
        >>> evidence.view_of(1, state.round.masks[1], evidence.moments[1][0]) == pyclag.observe(state, 1)
        True
        """
        phase, bids, sizes, trick, number, _, gone = moment
        view = self.view
        tricks: tuple[Trick, ...] = view.tricks[:number]
        held = hand & ~gone
        legal: tuple[PlayerAction, ...]
        if phase is Phase.BID:
            legal = self._bids(seat, bids)
        else:
            legal = tuple(Play(seat, card) for card in cards_of(following(trick, held)))
        return Observation(
            seat,
            view.rules,
            view.history,
            view.setup,
            phase,
            seat,
            bids,
            Hand(held),
            sizes,
            trick,
            tricks,
            legal,
        )

    def _bids(self, seat: int, bids: tuple[int | None, ...]) -> tuple[PlayerAction, ...]:
        """``seat``'s legal bids after ``bids``: the same whatever its hand, so kept."""
        legal = self.legal_bids.get(seat)
        if legal is None:
            view = self.view
            choices = bid_choices(view.rules, view.setup, seat, bids)
            legal = self.legal_bids[seat] = tuple(Bid(seat, tricks) for tricks in choices)
        return legal

    def misfits(self, seat: int, hand: int, limit: int = NEVER) -> int:
        """How many of ``seat``'s decisions the heuristic, holding ``hand`` (its
        whole hand as dealt), would not have made: :data:`NEVER` if the hand
        lacks a card it played or could not legally have played one, else the
        count, stopping once it passes ``limit``; its bid misfit counts as
        :data:`NEVER` too (the bid is always fitted: exactly, or within
        ``loose``), and no count passes :data:`NEVER`.

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> evidence = Evidence(pyclag.observe(pyclag.bid(state, 2), 0))
        >>> evidence.misfits(1, state.round.masks[1]), evidence.misfits(1, state.round.masks[2])
        (0, 1048576)
        """
        played = self.played[seat]
        if played & ~hand:
            return NEVER
        moments = self.moments[seat]
        key = (seat, hand)
        checked, count = self.cache.get(key, (0, 0))
        while checked < len(moments) and count <= limit and count < NEVER:
            moment = moments[checked]
            action = moment[5]
            checked += 1
            if isinstance(action, Play):  # (a bid's legality does not depend on the hand)
                legal = following(moment[3], hand & ~moment[6])
                if not legal & action.card.mask:  # a card it lacked or had to keep
                    count = NEVER
                    continue
                if self.loose is not None or not legal & (legal - 1):
                    continue  # loose, or its one legal card: any model plays it
            view = self.view_of(seat, hand, moment)
            choice = heuristic.choose(view, view.legal)
            if self.loose is not None and isinstance(action, Bid) and isinstance(choice, Bid):
                if abs(choice.tricks - action.tricks) > self.loose:
                    count = NEVER
            elif choice != action:
                count += NEVER if isinstance(action, Bid) else 1
        if count >= NEVER or checked == len(moments):
            self.cache[key] = (len(moments), count)
        else:
            self.cache[key] = (checked, count)
        return count


def fitted_hands(
    evidence: Evidence,
    rng: random.Random,
    tries: int = 2000,
    slack: int = 0,
    fixed: dict[int, int] | None = None,
    few: frozenset[int] = frozenset(),
) -> dict[int, int]:
    """Each opponent's whole hand (as dealt, a mask) drawn one opponent at a
    time, in a random order, from the cards ``evidence``'s seat has not seen
    and the others have not been given: a hand is kept once it misfits at most
    ``slack`` of its owner's plays (and fits its bid); after ``tries`` draws
    the best one drawn. ``fixed`` hands are kept as given (the others are drawn
    around them); the seats in ``few`` get :data:`FEW` draws, not ``tries``.
    Returns ``{}`` if a draw left a later opponent no room.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
    >>> evidence = Evidence(pyclag.observe(pyclag.bid(state, 2), 0))
    >>> hands = fitted_hands(evidence, random.Random(3))
    >>> sorted(hands), evidence.misfits(1, hands[1])
    ([1, 2], 0)
    """
    view = evidence.view
    voids = _voids(view)
    played = evidence.played
    hands = dict(fixed or {})
    pool = view.unseen
    for hand in hands.values():
        pool &= ~hand
    seats = [seat for seat in evidence.moments if seat not in hands]
    rng.shuffle(seats)
    for seat in seats:
        eligible = cards_of(pool & ~voids[seat])
        count = view.hand_sizes[seat]
        if len(eligible) < count:
            return {}
        best, fewest = 0, NEVER + 1
        draws = FEW if seat in few else tries
        for _ in range(draws if count else 1):  # no hidden card: one hand to try
            drawn = sum(card.mask for card in rng.sample(eligible, count))
            misfit = evidence.misfits(seat, drawn | played[seat], fewest - 1)
            if misfit < fewest:
                best, fewest = drawn, misfit
                if misfit <= slack:
                    break
        hands[seat] = best | played[seat]
        pool &= ~best
    return hands


def _voids(view: Observation) -> tuple[int, ...]:
    """The cards each seat has shown it does not hold (RULES.md §1.8)."""
    plays = [trick.plays for trick in view.tricks]
    plays.append(view.trick)
    return shown_voids(view.setup.played.twos, plays, view.players)


def world_of(view: Observation, hands: dict[int, int], template: GameState) -> GameState:
    """The game state of ``view``'s moment in which each opponent was dealt
    ``hands[seat]`` (whole hands, as dealt) and the pack holds the rest; the
    finished rounds are ``template``'s (a state drawn for the same view).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
    >>> view = pyclag.observe(state, 0)
    >>> hands = {seat: state.round.masks[seat] for seat in (1, 2)}
    >>> world = world_of(view, hands, pyclag.determinize(view, random.Random(0)))
    >>> world.round.masks == state.round.masks, pyclag.observe(world, 0) == view
    (True, True)
    """
    played = view.played
    mine = view.hand.mask if view.hand is not None else 0
    whole = [hands.get(seat, mine | played[seat]) for seat in range(view.players)]
    setup = view.setup
    turnup = setup.turnup
    seen = sum(whole) | (turnup.mask if turnup is not None else 0)
    deck = pack_of(
        [cards_of(hand) for hand in whole], setup.dealer, turnup, cards_of(~seen & DECK_MASK)
    )
    masks = tuple(hand & ~done for hand, done in zip(whole, played, strict=True))
    rnd = new_round_state(
        revise(template.round.setup, deck=deck),
        view.phase,
        view.to_act,
        view.bids,
        masks,
        view.trick,
        view.tricks,
    )
    return new_game_state(view.rules, template.history, rnd)


class FittedWorlds:
    """The worlds of one seat's search, kept from one decision to the next of
    a deal: each world is a hand per opponent (as dealt) that fits what the
    opponents did (:func:`fitted_hands`); at a later decision of the same deal
    only the new decisions are checked, and only the hands they contradict
    are drawn again. ``tries`` and ``slack`` are :func:`fitted_hands`'s;
    ``loose`` is :class:`Evidence`'s;
    ``capped`` counts the hands taken as the best of their draws rather than
    fitting, ``hands`` all hands drawn. Once a seat's hand found no fit in a
    deal, that seat's hands get only :data:`FEW` draws for the rest of it.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
    >>> view = pyclag.observe(pyclag.bid(state, 2), 0)
    >>> worlds = FittedWorlds(tries=500).draw(view, random.Random(4), 3)
    >>> len(worlds), all(pyclag.observe(world, 0) == view for world in worlds)
    (3, True)
    """

    def __init__(self, tries: int = 2000, slack: int = 0, loose: int | None = None) -> None:
        self.tries, self.slack = tries, slack
        self.loose = settings.optional_count("FittedWorlds", "loose", loose)
        self.key: tuple[object, ...] | None = None
        self.evidence: Evidence | None = None
        self.kept: list[dict[int, int]] = []
        self.hopeless: set[int] = set()
        self.capped = self.hands = 0

    def draw(self, view: Observation, rng: random.Random, count: int) -> list[GameState]:
        """``count`` worlds for ``view``, a view :func:`applies` to.

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> keeper = FittedWorlds()
        >>> first = keeper.draw(pyclag.observe(pyclag.bid(state, 2), 0), random.Random(4), 2)
        >>> keeper.hands, len(keeper.kept)
        (4, 2)
        """
        played = view.played
        mine = view.hand.mask if view.hand is not None else 0
        key = (view.rules, view.history, view.setup.index, view.seat, mine | played[view.seat])
        evidence = self.evidence
        if key != self.key or evidence is None:
            self.key, self.kept, self.hopeless = key, [], set()
            evidence = self.evidence = Evidence(view, self.loose)
        else:
            evidence.extend(view)
        everyone = sum(played)
        template = determinize(view, rng)
        worlds = []
        for number in range(count):
            hands = self.kept[number] if number < len(self.kept) else {}
            fixed = {
                seat: hand
                for seat, hand in hands.items()
                if not hand & everyone & ~played[seat]
                and evidence.misfits(seat, hand, self.slack) <= self.slack
            }
            if len(fixed) < len(evidence.moments):
                few = frozenset(self.hopeless)
                for _ in range(10):
                    drawn = fitted_hands(evidence, rng, self.tries, self.slack, fixed, few)
                    if drawn:
                        break
                else:
                    drawn = {}
                if not drawn:  # no room left around the kept hands: draw them all
                    drawn = fitted_hands(evidence, rng, self.tries, self.slack, None, few)
                for seat, hand in drawn.items():
                    if seat not in fixed:
                        self.hands += 1
                        if evidence.misfits(seat, hand, self.slack) > self.slack:
                            self.capped += 1
                            self.hopeless.add(seat)
                hands = drawn
            if number < len(self.kept):
                self.kept[number] = hands
            else:
                self.kept.append(hands)
            worlds.append(world_of(view, hands, template) if hands else template)
        return worlds

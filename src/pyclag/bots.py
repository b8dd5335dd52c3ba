"""Bots: players that choose an action from their observation alone.

A bot is anything with ``choose(observation) -> action`` (:class:`Bot`); it
sees only what :func:`pyclag.observe` shows its seat. :class:`RandomBot`
picks a legal action at random; :class:`HeuristicBot` bids the tricks its
hand should take under the round's rules and plays to make that bid exactly.
:func:`play_game` seats bots at a table and plays a game to its end.

>>> import random, pyclag
>>> rules = pyclag.NORMAL.with_schedule([3, 3])
>>> bots = [HeuristicBot(), RandomBot(random.Random(1)), RandomBot(random.Random(2))]
>>> state = play_game(pyclag.new_game(rules, 3), bots, random.Random(7))
>>> pyclag.is_over(state), len(state.history)
(True, 2)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Protocol

from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Play, PlayerAction
from pyclag.cards import DECK, Card, Suit
from pyclag.checks import bounded, check_rng, not_a
from pyclag.decisions import DECISIONS
from pyclag.engine import apply, is_over, sample_chance
from pyclag.errors import Reason, RulesError, WrongPhaseError
from pyclag.flow import round_rules  # one RoundRules, and one set of tables, per kind
from pyclag.hand import Hand
from pyclag.refusals import check_state
from pyclag.rules.deals import Bidding
from pyclag.rules.round import RoundRules
from pyclag.scoring.schemes import MostTricks
from pyclag.state import GameState, Phase
from pyclag.views import Observation, check_view, observe

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play_game"]


class Bot(Protocol):
    """A player: ``choose`` returns one of ``observation.legal``."""

    def choose(self, observation: Observation) -> PlayerAction:
        """The action this bot takes, seeing only ``observation``.

        >>> class FirstBot:
        ...     def choose(self, observation: Observation) -> PlayerAction:
        ...         return observation.legal[0]
        >>> import random, pyclag
        >>> end = play_game(pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3), [FirstBot()] * 3, random.Random(1))
        >>> end.history[0].bids
        (0, 0, 0)
        """
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, drawing from its own ``rng``.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), rng=random.Random(1))
    >>> RandomBot(random.Random(2)).choose(pyclag.observe(state, 1))
    Bid(seat=1, tricks=0)
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random.Random() if rng is None else check_rng("RandomBot", rng)

    def choose(self, observation: Observation) -> PlayerAction:
        """A legal action at random.

        >>> import pyclag
        >>> RandomBot().choose(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 0))
        Traceback (most recent call last):
        pyclag.errors.WrongPhaseError: RandomBot.choose: seat 0 has nothing to choose in the deal phase; it is CHANCE's turn
        """
        return self.rng.choice(_legal(observation, "RandomBot"))


def _legal(observation: Observation, who: str) -> tuple[PlayerAction, ...]:
    check_view(f"{who}.choose", observation)
    if not observation.legal:
        raise WrongPhaseError(
            f"{who}.choose: seat {observation.seat} has nothing to choose in the "
            f"{observation.phase.value} phase; it is {observation.to_act!r}'s turn",
            Reason.WRONG_PHASE,
        )
    return observation.legal


class HeuristicBot:
    """Bids the tricks its hand should take and plays to take exactly that many.

    Each card's chance of taking a trick is the chance that no opponent holds
    a card that beats it, under the round's trumps, precedence and rank order
    (no trumps, Nuloss, aces low included); the bid is the legal bid nearest
    the sum. Unknown trumps (Guess Trumps) average over the four suits; a hand
    bid unseen expects its share of the tricks; madness weights the tricks,
    not the contract, so it bids as usual. In play it wins a trick as
    cheaply as it can while it needs tricks, and ducks as high as it can
    when it does not (always in misère; never in most-tricks rounds).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
    >>> view = pyclag.observe(state, 1)
    >>> str(view.hand), HeuristicBot().choose(view)
    ('7C 8D JD 6S QS', Bid(seat=1, tricks=1))
    """

    def choose(self, observation: Observation) -> PlayerAction:
        """The bid, play, call, trump or hand size this bot thinks best.

        >>> import pyclag
        >>> HeuristicBot().choose(pyclag.observe(pyclag.new_game(pyclag.presets.RAF, 4), 0))
        ChooseHandSize(seat=0, size=5)
        """
        legal = _legal(observation, "HeuristicBot")
        return _CHOOSERS[observation.phase](observation, legal)


def _bid(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    return _nearest_bid(legal, _expected_tricks(view))


def _trump(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    hand = view.hand
    declarations = [action for action in legal if isinstance(action, DeclareTrump)]
    if hand is None or not declarations:  # the dealer declares having seen the hand
        return legal[0]
    return max(declarations, key=lambda action: _trump_strength(view, hand, action))


def _hand_size(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    return legal[len(legal) // 2]  # the middle size: neither a lottery nor a marathon


# --- bidding -------------------------------------------------------------------------------


def _expected_tricks(view: Observation) -> float:
    """The tricks this hand should take in this round."""
    players, size = view.players, view.setup.hand_size
    if view.hand is None or not view.hand:  # bid unseen, or before the deal: a fair share
        return size / players
    hand = view.hand
    rules = view.round_rules
    if rules is not None:
        return _hand_tricks(view, hand, rules)
    # Trumps still hidden (Guess Trumps, §2.0): average over the suits they may be.
    scoring = view.rules.scoring
    order = view.spec.rank_order
    return sum(
        _hand_tricks(view, hand, round_rules(suit, scoring, order, None)) for suit in Suit
    ) / len(Suit)


def _hand_tricks(view: Observation, hand: Hand, rules: RoundRules) -> float:
    unseen = view.unseen
    opponents = sum(view.hand_sizes) - len(hand)
    return sum(_win_chance(card, rules, unseen, opponents) for card in hand)


def _win_chance(card: Card, rules: RoundRules, unseen: int, opponents: int) -> float:
    """The chance that none of the ``opponents`` cards held by others beats
    ``card`` led: the unseen cards are dealt to them at random."""
    beaters = (_beaten_by(card, rules) & unseen).bit_count()
    total = unseen.bit_count()
    if opponents <= 0 or beaters == 0:
        return 1.0
    if opponents > total - beaters:
        return 0.0
    return math.comb(total - beaters, opponents) / math.comb(total, opponents)


# Keyed by a card and a RoundRules (which holds a user-built Scoring): 52 per kind of round.
@bounded(4096)
def _beaten_by(card: Card, rules: RoundRules) -> int:
    """The cards that beat ``card`` when it leads a trick, as a mask."""
    table = rules.strength(card.suit)
    mine = table[card.index]
    return sum(other.mask for other in DECK if table[other.index] > mine)


def _nearest_bid(legal: Sequence[PlayerAction], expected: float) -> PlayerAction:
    bids = [action for action in legal if isinstance(action, Bid)]
    return min(bids, key=lambda action: (abs(action.tricks - expected), action.tricks))


def _trump_strength(view: Observation, hand: Hand, action: DeclareTrump) -> float:
    """How well this hand plays with the declared trump."""
    suit = action.suit if isinstance(action.suit, Suit) else None  # or no trumps
    rules = round_rules(suit, view.rules.scoring, view.spec.rank_order, None)
    return _hand_tricks(view, hand, rules) + 0.5 * len(hand.of_suit(suit) if suit else ())


def _call(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    """The RAF caller names its longest suit trumps and keeps the rest plain."""
    hand = view.hand
    if hand is None:  # the caller calls having seen the hand (§2.3)
        return legal[0]
    plain = [
        (len(hand.of_suit(call.suits)), call.suits.value, call)
        for call in legal
        if isinstance(call, Call)
        and isinstance(call.suits, Suit)
        and not (call.nuloss or call.blind or call.misere or call.madness)
    ]
    return max(plain)[2] if plain else legal[0]


# --- play ------------------------------------------------------------------------------------


def _play(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    rules = view.round_rules
    if rules is None:  # trumps are known once play begins (Appendix B)
        return legal[0]
    plays = [action for action in legal if isinstance(action, Play)]
    want = _wants_tricks(view)
    unseen = view.unseen
    if not view.trick:
        # Lead the card fewest unseen cards beat (the highest of equals) to win,
        # the card most of them beat (the lowest of equals) to lose.
        ranked = sorted(
            plays,
            key=lambda play: (
                (_beaten_by(play.effective, rules) & unseen).bit_count(),
                -rules.strength(play.effective.suit)[play.effective.index],
            ),
        )
        return ranked[0] if want else ranked[-1]
    led = view.trick[0].effective.suit
    table = rules.strength(led)
    best = max(table[play.effective.index] for play in view.trick)
    winners = sorted(
        (play for play in plays if table[play.effective.index] > best),
        key=lambda play: table[play.effective.index],
    )
    losers = sorted(
        (play for play in plays if table[play.effective.index] <= best),
        key=lambda play: table[play.effective.index],
    )
    if want:
        # Win as cheaply as possible; with no winner, throw the weakest card.
        return winners[0] if winners else losers[0]
    # Duck under the winning card as high as possible; forced to win, win high.
    return losers[-1] if losers else winners[-1]


def _wants_tricks(view: Observation) -> bool:
    """Whether this seat still wants tricks this round."""
    rules = view.round_rules
    if rules is not None and isinstance(rules.scoring, MostTricks):
        return True
    if view.spec.bidding is Bidding.FORCED_ZERO:
        return False  # misère: every trick costs (§2.0)
    bid = view.bids[view.seat]
    return bid is not None and view.tricks_won[view.seat] < bid


_Chooser = Callable[[Observation, Sequence[PlayerAction]], PlayerAction]
_BY_ACTION: Final[Mapping[type, _Chooser]] = {
    Bid: _bid,
    Play: _play,
    DeclareTrump: _trump,
    Call: _call,
    ChooseHandSize: _hand_size,
}
_CHOOSERS: Final[Mapping[Phase, _Chooser]] = {
    row.phase: _BY_ACTION[row.action] for row in DECISIONS if not row.chance
}
"""What the bot does in each players' decision of the table (both bidding phases
bid alike); a new row with a new kind of action fails here, at import."""


# --- a table of bots -----------------------------------------------------------------------


def play_game(state: GameState, bots: Sequence[Bot], rng: random.Random) -> GameState:
    """Play ``state`` to the end: each seat's bot chooses from its own
    observation, and ``rng`` deals. ``bots`` that are not a sequence are a
    TypeError; a sequence of the wrong length a RulesError.

    >>> import random, pyclag
    >>> end = play_game(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), [HeuristicBot()] * 3, random.Random(1))
    >>> end.scores
    (10, 0, 10)
    """
    check_state("play_game", state)
    check_rng("play_game", rng)
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise not_a("play_game", "bots", "a sequence of bots", bots)
    if len(bots) != state.players:
        # A table of bots is one per player: the player count's error (the policy in pyclag.errors).
        raise RulesError(
            f"play_game: {state.players} players need {state.players} bots, not {len(bots)}"
        )
    while not is_over(state):
        actor = state.round.to_act
        if isinstance(actor, int):
            state = apply(state, bots[actor].choose(observe(state, actor)))
        else:  # chance: a draw, a deal or a face-down shuffle
            state = apply(state, sample_chance(state, rng))
    return state

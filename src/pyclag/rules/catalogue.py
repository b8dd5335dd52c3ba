"""The deal types of RULES.md §2.0 as round specs: each a combination of rule
values, built here once so that presets (and your own rule sets) share them.

>>> [spec.label for spec in (no_trumps(), guess_trumps(), roll_em(), most_tricks())]
['No Trumps', 'Guess Trumps', "Roll 'Em", 'Most Tricks']
>>> misere(trumps=False, per_trick=-2).label
'No Trumps, Misère'
"""

from __future__ import annotations

from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.ordering import RankOrder
from pyclag.rules.round import RoundSpec
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, DealerCalls
from pyclag.scoring import schemes

__all__ = [
    "aces_low",
    "blind_before_deal",
    "blind_unseen",
    "dealer_calls",
    "guess_trumps",
    "misere",
    "most_tricks",
    "no_trumps",
    "normal",
    "roll_em",
    "twos_wild",
]


def normal(hand_size: int) -> RoundSpec:
    """``NORMAL``: turn-up trumps, bids after seeing the hand, the hook (§1).

    >>> normal(5).label
    ''
    """
    return RoundSpec(hand_size)


def no_trumps(hand_size: int = 7) -> RoundSpec:
    """``NT``: no card turned, no trumps [V: BGA deal 8].

    >>> no_trumps().suits
    NoTrumps()
    """
    return RoundSpec(hand_size, suits=NO_TRUMPS)


def guess_trumps(hand_size: int = 7) -> RoundSpec:
    """``GUESS``: the turn-up is shown only after the last bid [V: BGA deal 10].

    >>> guess_trumps().reveal.value
    'after-bids'
    """
    return RoundSpec(hand_size, reveal=Reveal.AFTER_BIDS)


def blind_unseen(hand_size: int = 7, trump_visible: bool = True) -> RoundSpec:
    """Blind bids after the deal without looking at one's own cards: with the
    turn-up shown (``BLIND_TK``, [V: WP-OLD]) or not (Scottish ``BLIND_NK``,
    [V: S-EN]; A16).

    >>> blind_unseen().label, blind_unseen(trump_visible=False).label
    ('Blind', 'Blind (cards and trumps unseen)')
    """
    if trump_visible:
        return RoundSpec(hand_size, bidding=Bidding.UNSEEN)
    return RoundSpec(
        hand_size,
        bidding=Bidding.UNSEEN,
        reveal=Reveal.AFTER_BIDS,
        name="Blind (cards and trumps unseen)",
    )


def blind_before_deal(hand_size: int = 7) -> RoundSpec:
    """Pagat's ``BLIND_NK``: bids before the deal (with the hook, A32), then
    deal, turn-up and play as normal [V: BGA deal 11].

    >>> blind_before_deal().bidding.value
    'before-deal'
    """
    return RoundSpec(hand_size, bidding=Bidding.BEFORE_DEAL)


def roll_em(hand_size: int = 7) -> RoundSpec:
    """``ROLL``: blind bids with the turn-up shown, then each player's cards are
    played face down in the order dealt, with no duty to follow [V: WP-OLD, KLAGG; A17].

    >>> roll_em().play.value
    'dealt'
    """
    return RoundSpec(hand_size, bidding=Bidding.UNSEEN, play=PlayMode.DEALT_ORDER, name="Roll 'Em")


def misere(trumps: bool, per_trick: int, hand_size: int = 7) -> RoundSpec:
    """``MISERE``: no bidding, every contract 0; +10 for no tricks, else
    ``per_trick`` per trick taken (§2.0).

    >>> misere(trumps=True, per_trick=1).scoring.points((0, 0, 0, 0), (1, 1, 2, 3, 3, 3, 3))
    (10, 2, 1, 4)
    """
    return RoundSpec(
        hand_size,
        suits=TURN_UP if trumps else NO_TRUMPS,
        bidding=Bidding.FORCED_ZERO,
        scoring=schemes.misere(per_trick),
    )


def twos_wild(hand_size: int = 7) -> RoundSpec:
    """``TWOS_WILD``: the four twos are wild (rules 1-8 of §2.0).

    >>> twos_wild().twos
    TwosWild(natural_suit=False, may_lead=True, any_identity=True, wild_trumps=True)
    """
    return RoundSpec(hand_size, twos=TwosWild())


def aces_low(hand_size: int = 7) -> RoundSpec:
    """``ACES_LOW``: the ace ranks below the two in every suit [T: TG; A37].

    >>> aces_low().rank_order.value
    'aces-low'
    """
    return RoundSpec(hand_size, rank_order=RankOrder.ACES_LOW)


def dealer_calls(hand_size: int = 7, allow_no_trumps: bool = False) -> RoundSpec:
    """``DEALER_CALLS``: after seeing their hand the dealer names trumps; no
    turn-up [T: TG; A11].

    >>> dealer_calls().label
    'Dealer Calls'
    """
    return RoundSpec(hand_size, suits=DealerCalls(allow_no_trumps))


def most_tricks(hand_size: int = 7, bonus: int = 10) -> RoundSpec:
    """``MOST_TRICKS``: no bids; ``bonus`` to the one player with the most
    tricks, nothing on a tie; turn-up trumps (A14) [V: S-ID].

    >>> most_tricks().bidding.value
    'none'
    """
    return RoundSpec(hand_size, bidding=Bidding.NONE, scoring=schemes.MostTricks(bonus))

"""The deal types of RULES.md §2.0 and the preset tables of §2.1-§2.5 and §2.8, written out
from RULES.md (not built from :mod:`pyclag.rules.catalogue`), and the checks that compare a
rule set with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import pyclag
from pyclag import RuleSet
from pyclag.engine.decisions import round_phases
from pyclag.engine.phases import Phase
from pyclag.rules import NO_TRUMPS, TURN_UP, RankOrder
from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.trumps import DealerCalls
from pyclag.scoring import ContractScoring
from pyclag.scoring.schemes import MostTricks

# --- the deal types of §2.0, as the fields a RoundSpec must have -----------------


class DealType(NamedTuple):
    """What §2.0 says of one deal type, as RoundSpec values."""

    suits: object = TURN_UP
    rank_order: RankOrder = RankOrder.ACE_HIGH
    bidding: Bidding = Bidding.SEEN
    reveal: Reveal = Reveal.BEFORE_BIDS
    play: PlayMode = PlayMode.HAND
    twos: TwosWild | None = None
    label: str = ""
    phases: tuple[Phase, ...] = (Phase.DEAL, Phase.BID, Phase.PLAY)
    misere_p: int | None = None  # MISERE(trumps, p): +10 for no tricks, else p per trick
    most_tricks: bool = False


_NO_BID: Final = (Phase.DEAL, Phase.PLAY)

NORMAL: Final = DealType()
NT: Final = DealType(suits=NO_TRUMPS, label="No Trumps")
GUESS: Final = DealType(reveal=Reveal.AFTER_BIDS, label="Guess Trumps")
BLIND_TK: Final = DealType(bidding=Bidding.UNSEEN, label="Blind")
BLIND_NK_SCOTTISH: Final = DealType(
    bidding=Bidding.UNSEEN, reveal=Reveal.AFTER_BIDS, label="Blind (cards and trumps unseen)"
)
BLIND_NK_PAGAT: Final = DealType(
    bidding=Bidding.BEFORE_DEAL,
    label="Blind (bids before the deal)",
    phases=(Phase.BID_BEFORE_DEAL, Phase.DEAL, Phase.PLAY),
)
ROLL: Final = DealType(bidding=Bidding.UNSEEN, play=PlayMode.DEALT_ORDER, label="Roll 'Em")
TWOS_WILD: Final = DealType(
    twos=TwosWild(natural_suit=False, may_lead=True, any_identity=True, wild_trumps=True),
    label="Twos Wild",
)
ACES_LOW: Final = DealType(rank_order=RankOrder.ACES_LOW, label="Aces Low")
DEALER_CALLS: Final = DealType(
    suits=DealerCalls(no_trumps=False),
    label="Dealer Calls",
    phases=(Phase.DEAL, Phase.DECLARE_TRUMP, Phase.BID, Phase.PLAY),
)
MOST_TRICKS: Final = DealType(
    bidding=Bidding.NONE, label="Most Tricks", phases=_NO_BID, most_tricks=True
)


def misere(trumps: bool, p: int) -> DealType:
    return DealType(
        suits=TURN_UP if trumps else NO_TRUMPS,
        bidding=Bidding.FORCED_ZERO,
        label="Misère" if trumps else "No Trumps, Misère",
        phases=_NO_BID,
        misere_p=p,
    )


def normals(sizes: Sequence[int]) -> list[tuple[int, DealType]]:
    return [(h, NORMAL) for h in sizes]


def sevens(*types: DealType) -> list[tuple[int, DealType]]:
    return [(7, kind) for kind in types]


UP: Final = range(1, 8)
DOWN: Final = range(7, 0, -1)

# §2.1 default (Decision 2): pagat's eight specials with Wikipedia scoring.
WIKIPEDIA_22: Final = [
    *normals(UP),
    *sevens(NT, misere(True, -2), GUESS, BLIND_NK_PAGAT, TWOS_WILD, ACES_LOW),
    *sevens(DEALER_CALLS, MOST_TRICKS),
    *normals(DOWN),
]
# §2.1 option phase2="six": WP-OLD's six in its order.
WIKIPEDIA_20: Final = [
    *normals(UP),
    *sevens(NT, GUESS, BLIND_TK, ROLL, misere(True, -2), misere(False, -2)),
    *normals(DOWN),
]
# §2.2: 7..1, NT, misère, guess, blind (A26, A27), 1..7.
SCOTTISH_18: Final = [
    *normals(DOWN),
    *sevens(NT, misere(True, -2), GUESS, BLIND_NK_SCOTTISH),
    *normals(UP),
]
# §2.5 (and §2.4 by Decision 3).
PAGAT_22: Final = [
    *normals(UP),
    *sevens(NT, misere(True, 1), GUESS, BLIND_NK_PAGAT, TWOS_WILD, ACES_LOW),
    *sevens(DEALER_CALLS, MOST_TRICKS),
    *normals(DOWN),
]
INDONESIAN_22: Final = PAGAT_22
# §2.4 option undescribed_rounds="normal": rounds 8, 10, 11, 13, 14 are normal 7-card rounds.
INDONESIAN_22_NORMAL: Final = [
    *normals(UP),
    *sevens(NORMAL, misere(True, 1), NORMAL, NORMAL, TWOS_WILD, NORMAL, NORMAL, MOST_TRICKS),
    *normals(DOWN),
]

# Misère scoring probe: 4 players, 7 tricks; A takes none, B 3, C 2, D 2.
MISERE_WINNERS: Final = (1, 1, 1, 2, 2, 3, 3)


def assert_deal(rules: RuleSet, index: int, size: int, kind: DealType) -> None:
    """Deal ``index`` of ``rules`` (as scheduled and as played) is ``kind`` of ``size`` cards."""
    deal = index + 1
    for spec in (rules.schedule[index], rules.round_spec(index)):
        assert spec.hand_size == size, f"deal {deal}: hand size"
        assert spec.hand_sizes == (), f"deal {deal}: hand sizes"
        assert spec.calls is None, f"deal {deal}: calls"
        assert spec.suits == kind.suits, f"deal {deal}: suits"
        assert spec.rank_order is kind.rank_order, f"deal {deal}: rank order"
        assert spec.bidding is kind.bidding, f"deal {deal}: bidding"
        assert spec.reveal is kind.reveal, f"deal {deal}: reveal"
        assert spec.play is kind.play, f"deal {deal}: play"
        assert spec.twos == kind.twos, f"deal {deal}: twos"
        assert spec.label == kind.label, f"deal {deal}: label"
        assert round_phases(spec, pyclag.NORMAL) == kind.phases, f"deal {deal}: phases"
        if kind.misere_p is not None:
            p = kind.misere_p
            assert isinstance(spec.scoring, ContractScoring), f"deal {deal}: misère scoring"
            points = spec.scoring.points((0, 0, 0, 0), MISERE_WINNERS)
            assert points == (10, 3 * p, 2 * p, 2 * p), f"deal {deal}: misère p"
        elif kind.most_tricks:
            assert spec.scoring == MostTricks(10), f"deal {deal}: most tricks"
        else:
            assert spec.scoring is None, f"deal {deal}: the preset family scores it"


def assert_schedule(rules: RuleSet, table: Sequence[tuple[int, DealType]]) -> None:
    assert len(rules.schedule) == len(table)
    for players in range(rules.min_players, rules.max_players + 1):
        assert rules.num_rounds(players) == len(table)
    for index, (size, kind) in enumerate(table):
        assert_deal(rules, index, size, kind)


PRESET_NAMES: Final = ("wikipedia", "scottish", "raf", "indonesian", "pagat")
PLAYERS: Final = {"wikipedia": (3, 7), "scottish": (3, 7), "raf": (3, 7)} | {
    "indonesian": (4, 7),
    "pagat": (4, 7),
}

"""What a record holds: :class:`Record` and :class:`RoundRecord`, and the
record of a game state (DESIGN.md §6).

>>> import pyclag
>>> record_of(pyclag.new_game(pyclag.NORMAL, players=3)).players
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from pyclag._checks import Frozen, not_a
from pyclag.actions import CallChoice, Play
from pyclag.cards import Card, Suit
from pyclag.engine import is_over
from pyclag.engine.decisions import round_phases
from pyclag.engine.rounds import check_state
from pyclag.engine.state import GameState, Phase, RoundSetup, Trick
from pyclag.errors import RecordError
from pyclag.rules.deals import PlayMode
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NoTrumps

__all__ = ["ROUND_FIELDS", "Record", "RoundRecord", "record_of", "refused", "round_record"]


@attrs.frozen
class RoundRecord(Frozen):
    """One round of a record, as DESIGN.md §6 writes it; a field is ``None`` (or empty)
    where the round does not have it or has not reached it yet.

    ``draw`` the cards turned for the first bidder (A25 option); ``deck`` the
    pack top first; ``hand_size`` the RAF dealer's choice; ``call`` the RAF
    caller's choice (replay gives it to the caller A18 names); ``trump`` the
    dealer's declaration in a dealer-calls round (``NO_TRUMPS`` for none);
    ``blind_orders`` each seat's face-down order in RAF Blind; ``bids`` the
    bids made, in bidding order (forced bids are not recorded); ``plays`` the
    cards played in order, each with the card a wild two stands for (none
    where the round plays itself from face-down piles).

    >>> RoundRecord(bids=(1, 0, 2)).plays
    ()
    """

    draw: tuple[Card, ...] | None = None
    deck: tuple[Card, ...] | None = None
    hand_size: int | None = None
    call: CallChoice | None = None
    trump: Suit | NoTrumps | None = None
    blind_orders: tuple[tuple[Card, ...], ...] | None = None
    bids: tuple[int, ...] = ()
    plays: tuple[tuple[Card, Card | None], ...] = ()

    def __repr__(self) -> str:
        # Short: a deck is 52 cards; the fields themselves hold everything.
        held = [f"draw {len(self.draw)}" if self.draw is not None else ""]
        held.append("deck" if self.deck is not None else "")
        held.append(f"hand size {self.hand_size}" if self.hand_size is not None else "")
        held.append(f"call {self.call}" if self.call is not None else "")
        trump = self.trump
        held.append(
            f"trump {trump.letter if isinstance(trump, Suit) else trump.notation}" if trump else ""
        )
        held.append("blind orders" if self.blind_orders is not None else "")
        held += [f"{len(self.bids)} bids", f"{len(self.plays)} plays"]
        return f"<RoundRecord {', '.join(word for word in held if word)}>"


@attrs.frozen
class Record(Frozen):
    """A game record: the rules, the table and the rounds so far.

    >>> import pyclag
    >>> Record(pyclag.NORMAL, players=4).rounds
    ()
    """

    rules: RuleSet
    players: int
    first_dealer: int = 0
    rounds: tuple[RoundRecord, ...] = ()

    def __repr__(self) -> str:
        return (
            f"<Record {self.rules.name}, {self.players} players, first dealer seat "
            f"{self.first_dealer}, {len(self.rounds)} rounds>"
        )


def record_of(state: GameState) -> Record:
    """The record of ``state``: every round played and the round in progress.

    >>> import pyclag
    >>> record_of(pyclag.new_game(pyclag.NORMAL, players=3)).rounds
    ()
    """
    check_state("record_of", state)
    rules = state.rules
    rounds = [
        round_record(rules, result.setup, result.bids, result.tricks, ())
        for result in state.history
    ]
    if not is_over(state):
        rnd = state.round
        current = round_record(rules, rnd.setup, rnd.bids, rnd.tricks, rnd.trick)
        if current != _EMPTY:
            rounds.append(current)
    return Record(rules, state.players, state.first_dealer, tuple(rounds))


def round_record(
    rules: RuleSet,
    setup: RoundSetup,
    bids: Sequence[int | None],
    tricks: Sequence[Trick],
    trick: Sequence[Play],
) -> RoundRecord:
    """The record of one round from its setup, bids by seat and plays so far.

    >>> import pyclag
    >>> setup = pyclag.new_game(pyclag.NORMAL, players=3).round.setup
    >>> record = round_record(pyclag.NORMAL, setup, (None, None, None), (), ())
    >>> record, record == RoundRecord()
    (<RoundRecord 0 bids, 0 plays>, True)
    """
    if not isinstance(rules, RuleSet):
        raise not_a("round_record", "rules", "a RuleSet", rules)
    if not isinstance(setup, RoundSetup):
        raise not_a("round_record", "setup", "a RoundSetup", setup)
    phases = round_phases(setup.played, rules)
    bidding = Phase.BID in phases or Phase.BID_BEFORE_DEAL in phases
    return RoundRecord(
        draw=setup.draw,
        deck=setup.deck,
        hand_size=setup.hand_size or None if setup.spec.hand_sizes else None,
        call=None if setup.call is None else setup.call.choice,
        trump=setup.declared,
        blind_orders=setup.piles,
        bids=tuple(
            bid for seat in setup.bidding_order if (bid := bids[seat]) is not None and bidding
        ),
        plays=tuple(
            (play.card, play.as_card)
            for done in (*tricks, Trick(0, tuple(trick), 0))
            for play in done.plays
            if setup.played.play is PlayMode.HAND  # piles play themselves (§2.0 ROLL, §2.3 Blind)
        ),
    )


_EMPTY: Final = RoundRecord()
ROUND_FIELDS: Final = tuple(field.name for field in attrs.fields(RoundRecord))
"""The fields of a round, in the order DESIGN.md §6 writes them: each is the
``record_field`` of a row of the decision table."""


def refused(path: str, reason: str) -> RecordError:
    """The refusal of a record at ``path`` (``""``: the text as a whole) for ``reason``.

    >>> refused("rounds[0].bids", "not a list"), refused("", "not JSON")
    (RecordError('rounds[0].bids: not a list'), RecordError('not JSON'))
    """
    return RecordError(f"{path}: {reason}" if path else reason, path=path)

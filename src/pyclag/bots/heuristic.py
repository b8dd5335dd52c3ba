"""The heuristic bot's choices, one per players' row of the decision table.

It bids the bid worth most given the spread of tricks its hand should take
(:mod:`pyclag.bots.odds`), cashes its likely winners while it needs tricks,
and leads low and sheds its winners once its bid is made; in misère it
ducks, in Most Tricks it wins.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
>>> view = pyclag.observe(state, 1)
>>> str(view.hand), choose(view, view.legal)
('7C 8D JD 6S QS', Bid(seat=1, tricks=2))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, NamedTuple

from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Play, PlayerAction
from pyclag.bots import odds
from pyclag.bots._table import legal_choices
from pyclag.cards import Suit
from pyclag.engine.decisions import DECISIONS
from pyclag.engine.rounds import round_rules  # one RoundRules, and one set of tables, per kind
from pyclag.engine.state import Phase
from pyclag.hand import Hand
from pyclag.rules.deals import Bidding
from pyclag.rules.play import best_play
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.tricks import card_strength
from pyclag.rules.trumps import NO_TRUMPS
from pyclag.scoring.schemes import ContractScoring, MostTricks
from pyclag.views import Observation

__all__ = ["HeuristicBot", "call_values", "choose", "expected_spread", "spec_rules"]

_SURE: Final = 0.95
"""A card this likely to win is counted on (a "master")."""
_CASH: Final = 0.5
"""A lead this likely to win is worth cashing while tricks are needed."""


# --- bidding ---------------------------------------------------------------------------


def spec_rules(view: Observation, spec: RoundSpec) -> list[RoundRules]:
    """The rules a round of ``spec`` may be played under, as this seat can
    tell: one, or one per suit while the trump is hidden (Guess Trumps, a
    turn-up not yet turned; §2.0).

    >>> import pyclag
    >>> view = pyclag.observe(pyclag.new_game(pyclag.NORMAL, 4), 0)
    >>> len(spec_rules(view, view.spec)), len(spec_rules(view, pyclag.RoundSpec(3, suits=pyclag.rules.trumps.NO_TRUMPS)))
    (4, 1)
    """
    scoring = view.rules.round_scoring(spec)
    order = spec.rank_order
    precedence = spec.suits.precedence
    return [
        round_rules(trump, scoring, order, precedence)
        for trump in spec.suits.trump_suits or (None,)
    ]


def expected_spread(view: Observation) -> list[float]:
    """The chance of each number of tricks this seat's hand should take;
    averaged over the suits a hidden trump may be; a hand bid unseen expects
    its fair share (§2.0 BLIND_*, ROLL).

    >>> import random, pyclag
    >>> view = pyclag.observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 4), rng=random.Random(8)), 0)
    >>> [round(p, 2) for p in expected_spread(view)]
    [0.69, 0.3, 0.02]
    """
    size = view.setup.hand_size
    hand = view.hand
    if hand is None or not hand:  # bid unseen: one trick in players'
        share = 1 / view.players
        return odds.trick_spread([share] * size)
    known = view.round_rules
    options = [known] if known is not None else spec_rules(view, view.spec)
    spreads = [odds.trick_spread(_chances(view, hand, rules)) for rules in options]
    return [sum(column) / len(spreads) for column in zip(*spreads, strict=True)]


def _chances(view: Observation, hand: Hand, rules: RoundRules) -> list[float]:
    if view.spec.play.is_pile:  # Roll 'Em, RAF Blind: the order, not the bot, plays
        share = 1 / view.players
        return [(chance + share) / 2 for chance in odds.card_chances(view, hand, rules)]
    return odds.card_chances(view, hand, rules)


def _bid(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    bids = [action for action in legal if isinstance(action, Bid)]
    scoring = view.rules.round_scoring(view.spec)
    best = odds.best_bid([bid.tricks for bid in bids], expected_spread(view), scoring)
    return next(bid for bid in bids if bid.tricks == best)


def _trump(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    """The dealer names the trump its hand scores most under (§2.0 DEALER_CALLS)."""
    hand = view.hand
    declarations = [action for action in legal if isinstance(action, DeclareTrump)]
    if hand is None or not declarations:
        return legal[0]
    bids = range(view.setup.hand_size + 1)

    def value(action: DeclareTrump) -> float:
        suit = action.suit
        spec = view.spec.with_trump(suit if isinstance(suit, Suit) else NO_TRUMPS)
        return odds.deal_value(view, hand, spec_rules(view, spec)[0], bids)

    return max(declarations, key=value)


def call_values(view: Observation, calls: Sequence[Call]) -> list[float]:
    """What the caller's hand should score under each call (§2.3): its best
    bid, or its forced 0 in misère; a blind call counts half its value.

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf", num_deals=2), 4)
    >>> from pyclag.bots import play_game, HeuristicBot
    >>> state = play_game(state, [HeuristicBot()] * 4, random.Random(2), rounds=1)
    >>> state = pyclag.deal(pyclag.apply(state, pyclag.legal_actions(state)[0]), rng=random.Random(3))
    >>> view = pyclag.observe(state, state.round.to_act)
    >>> values = call_values(view, view.legal)
    >>> len(values), str(view.legal[values.index(max(values))])
    (696, 'precedence:DCSH nuloss ascending')
    """
    hand = view.hand
    if hand is None:
        return [0.0] * len(calls)
    scoring = view.rules.scoring
    bids = range(view.setup.hand_size + 1)
    chances: dict[tuple[object, ...], list[float]] = {}
    values = []
    for call in calls:
        spec = (
            view.spec.with_call(call, scoring)
            if isinstance(scoring, ContractScoring)
            else view.spec
        )
        options = spec_rules(view, spec)
        key = (call.suits, call.nuloss)
        if key not in chances:
            chances[key] = odds.card_chances(view, hand, options[0])
        spread = odds.trick_spread(chances[key])
        rules = options[0]
        if call.misere:
            value = odds.points(rules.scoring, 0, spread)
        else:
            value = odds.points(rules.scoring, odds.best_bid(bids, spread, rules.scoring), spread)
        values.append(value / 2 if call.blind else value)
    return values


def _call(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    calls = [action for action in legal if isinstance(action, Call)]
    if not calls or view.hand is None:
        return legal[0]
    values = call_values(view, calls)
    return calls[values.index(max(values))]


def _hand_size(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    """The RAF dealer chooses before the deal (§2.3), so it cannot see its hand:
    ahead, it chooses the smallest size (fewer points at stake); behind, the
    largest (more to catch up with); level, the middle."""
    sizes = sorted(
        (action for action in legal if isinstance(action, ChooseHandSize)),
        key=lambda action: action.size,
    )
    scores = view.scores
    mine, best_other = (
        scores[view.seat],
        max(s for seat, s in enumerate(scores) if seat != view.seat),
    )
    if mine > best_other:
        return sizes[0]
    if mine < best_other:
        return sizes[-1]
    return sizes[len(sizes) // 2]


# --- play --------------------------------------------------------------------------------


def _need(view: Observation) -> int:
    """The tricks this seat still wants: every one in Most Tricks, none in
    misère or once its bid is made (§1.9); a seat past its bid plays on
    for tricks only where a missed bid still scores them (F2, A6)."""
    rules = view.round_rules
    left = len(view.hand or ())
    if rules is not None and isinstance(rules.scoring, MostTricks):
        return left
    if view.spec.bidding is Bidding.FORCED_ZERO:
        return 0
    bid = view.bids[view.seat]
    need = 0 if bid is None else bid - view.tricks_won[view.seat]
    scoring = rules.scoring if rules is not None else None
    if need < 0 and getattr(scoring, "per_trick_on_miss", 0) > 0:
        return left
    return max(need, 0)


def _play(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    rules = view.round_rules
    plays = [action for action in legal if isinstance(action, Play)]
    if rules is None or not plays:  # trumps are known once play begins (Appendix B)
        return legal[0]
    table = odds.opponents(view)
    later = odds.later_opponents(view, table)
    future = _future(plays, rules, list(table.values()))
    need = _need(view)
    left = len(view.hand or ())
    if not view.trick:
        return _lead(plays, future, rules, need, left, view)
    follow = _Follow.to(view, plays, rules, future, later)
    return follow.duck() if not need else follow.take(need, left)


def _future(
    plays: Sequence[Play], rules: RoundRules, everyone: Sequence[odds.Opponent]
) -> dict[Play, float]:
    """Each card's worth later on: its chance of winning when this seat leads it."""
    return {
        play: odds.win_chance(play.effective, play.effective.suit, rules, everyone)
        for play in plays
    }


class _Follow(NamedTuple):
    """A trick this seat follows to: its cards that would win it so far
    (``winners``, each with its chance to ``hold`` against the seats still to
    play) and those that would not (``losers``), both in the order legal: the
    working of one choice, never kept (so a tuple, not a value class)."""

    led: Suit
    rules: RoundRules
    plays: Sequence[Play]
    future: Mapping[Play, float]
    winners: Sequence[Play]
    losers: Sequence[Play]
    hold: Mapping[Play, float]
    later: bool
    """Whether any opponent plays to the trick after this seat."""

    @classmethod
    def to(
        cls,
        view: Observation,
        plays: Sequence[Play],
        rules: RoundRules,
        future: Mapping[Play, float],
        later: Sequence[odds.Opponent],
    ) -> _Follow:
        led = view.trick[0].effective.suit
        best = card_strength(best_play(view.trick, rules), led, rules)  # the engine's trick
        winners = [play for play in plays if card_strength(play, led, rules) > best]
        losers = [play for play in plays if card_strength(play, led, rules) <= best]
        hold = {play: odds.win_chance(play.effective, led, rules, later) for play in winners}
        return cls(led, rules, plays, future, winners, losers, hold, bool(later))

    def cheap(self, play: Play) -> tuple[float, int]:
        """A card's worth later on, then its strength in this trick."""
        return self.future[play], card_strength(play, self.led, self.rules)

    def duck(self) -> Play:
        """No trick wanted: lose it, or win it with the card likeliest to be beaten."""
        if self.losers:  # duck, shedding the card likeliest to win later
            return max(self.losers, key=self.cheap)
        if self.later:  # forced to win: the card likeliest to be beaten
            return min(self.winners, key=lambda play: (self.hold[play], -self.future[play]))
        return max(self.winners, key=self.future.__getitem__)

    def take(self, need: int, left: int) -> Play:
        """Tricks still wanted: wait on sure winners, win cheaply where it
        holds, or else throw a loser or fight with the strongest winner."""
        return self.wait(need, left) or self.win_cheaply() or self.throw(need, left) or self.fight()

    def wait(self, need: int, left: int) -> Play | None:
        """Its sure winners make the bid: wait with a loser rather than take
        this trick with a card that is not sure (a small trump, say)."""
        masters = sum(chance >= _SURE for chance in self.future.values())
        if need >= left or need > masters:
            return None
        spare = [play for play in self.losers if self.future[play] < _SURE]
        return min(spare, key=self.future.__getitem__) if spare else None

    def win_cheaply(self) -> Play | None:
        """Win as cheaply as is safe."""
        safe = [play for play in self.winners if self.hold[play] >= _CASH]
        return min(safe, key=self.cheap) if safe else None

    def throw(self, need: int, left: int) -> Play | None:
        """No safe win: keep the good cards and throw the worst, unless the hand
        holds more likely winners than it needs: then shed the best of them."""
        if not self.losers or need >= left:
            return None
        surplus = sum(self.future.values()) - need >= 1
        return (max if surplus else min)(self.losers, key=self.cheap)

    def fight(self) -> Play:
        """Every trick is needed: the winner likeliest to hold, or else the cheapest loser."""
        if self.winners:
            return max(self.winners, key=self.hold.__getitem__)
        return min(self.losers, key=self.cheap)


def _lead(
    plays: Sequence[Play],
    future: Mapping[Play, float],
    rules: RoundRules,
    need: int,
    left: int,
    view: Observation,
) -> Play:
    def own(play: Play) -> tuple[float, int]:
        return future[play], card_strength(play, play.effective.suit, rules)

    if not need:  # lead low: the card likeliest to lose
        return min(plays, key=own)
    trump = rules.trump
    if need >= left and trump is not None and view.unseen & trump.mask:
        # Every trick is needed: draw the opponents' trumps with a sure trump first.
        drawing = [p for p in plays if p.effective.suit is trump and future[p] >= _SURE]
        if drawing:
            return max(drawing, key=own)
    top = max(plays, key=own)
    if future[top] >= _CASH or need >= left:  # cash a likely winner
        return top
    return min(plays, key=own)  # nothing likely to win: give up the lead cheaply


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


def choose(view: Observation, legal: Sequence[PlayerAction]) -> PlayerAction:
    """The heuristic's choice among ``legal``, by the row of the view's phase.

    >>> import pyclag
    >>> view = pyclag.observe(pyclag.new_game(pyclag.presets.RAF, 4), 0)
    >>> choose(view, view.legal)
    ChooseHandSize(seat=0, size=5)
    """
    return _CHOOSERS[view.phase](view, legal)


class HeuristicBot:
    """Bids the tricks its hand should take and plays to take exactly that many.

    Each card's chance of taking a trick allows for following suit: a card is
    beaten by a stronger card of the suit led, or by a trump (a higher suit
    under a precedence) from an opponent void in that suit, voids estimated
    from the cards unseen and those shown in play (:mod:`pyclag.bots.odds`).
    It bids the legal bid worth most given the spread of tricks those chances
    give, the dealer's restriction (the hook) included. In play it cashes its
    likely winners while it needs tricks, waits with a loser when its sure
    winners already make the bid, and leads low and sheds its winners once
    the bid is made; in misère it ducks, in Most Tricks it wins. As the RAF
    caller it makes the call its hand should score most under.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
    >>> view = pyclag.observe(state, 1)
    >>> str(view.hand), HeuristicBot().choose(view)
    ('7C 8D JD 6S QS', Bid(seat=1, tricks=2))
    """

    def choose(self, observation: Observation) -> PlayerAction:
        """The bid, play, call, trump or hand size this bot thinks best.

        >>> import pyclag
        >>> HeuristicBot().choose(pyclag.observe(pyclag.new_game(pyclag.presets.RAF, 4), 0))
        ChooseHandSize(seat=0, size=5)
        """
        legal = legal_choices(observation, "HeuristicBot")
        return choose(observation, legal)

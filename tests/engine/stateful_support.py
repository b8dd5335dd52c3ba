"""The set-up and the invariant checks of the rule-based state machine (tests/engine/test_stateful.py)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    NORMAL,
    Action,
    Bid,
    Call,
    Card,
    ChooseHandSize,
    DeclareTrump,
    GameState,
    Phase,
    Play,
    Rank,
    RuleSet,
    ShuffleHands,
)
from pyclag.errors import (
    IllegalActionError,
    IllegalBidError,
    Reason,
    WrongPhaseError,
)
from pyclag.rules.deals import Bidding, Reveal

# --- set-up ----------------------------------------------------------------------------


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """NORMAL over a short schedule (so that games finish), with drawn options.

    Every option shrinks to NORMAL's own value ("ne", 1, False, "fallback_ne",
    "F1", "shared")."""
    schedule = draw(st.lists(st.integers(1, 7), min_size=1, max_size=4))
    options = draw(
        st.fixed_dictionaries(
            {
                # "gt" twice: its four variants (exact, infeasible) want more games.
                "hook": st.sampled_from(("ne", "gt", "none", "gt")),
                "hook_min_hand_size": st.integers(1, 4),
                "gt_exact": st.booleans(),
                "gt_infeasible": st.sampled_from(("fallback_ne", "allow_bid_h_plus_1")),
                "scoring": st.sampled_from(("F1", "F2", "F3")),
                "tie_break": st.sampled_from(("shared", "contracts_then_shared")),
            }
        )
    )
    return NORMAL.with_schedule(schedule).with_options(**options)


PRESET_TABLES: Final = tuple(
    (name, players)
    for name, low, high in (
        ("wikipedia", 3, 7),
        ("scottish", 3, 7),
        ("raf", 3, 7),
        ("indonesian", 4, 7),
        ("pagat", 4, 7),
    )
    for players in range(low, high + 1)
)
"""Every preset at every player count it allows (RULES.md §2.8)."""


@st.composite
def preset_rules(draw: st.DrawFn, name: str) -> RuleSet:
    """The preset ``name`` with some of its options drawn (each shrinks to the default)."""
    options: dict[str, object] = {}

    def maybe(option: str, values: tuple[object, ...]) -> None:
        value = draw(st.one_of(st.none(), st.sampled_from(values)), label=option)
        if value is not None:
            options[option] = value

    flags = (True, False)
    if name == "wikipedia":
        options["phase2"] = draw(st.sampled_from(("eight", "six")), label="phase2")
    if name == "indonesian":
        maybe("undescribed_rounds", ("pagat", "normal"))
    if name == "raf":
        # The eldest calls deal 1 half of the time, so that calls come early.
        options["first_deal_caller"] = draw(st.sampled_from(("eldest", "none")), label="caller")
        maybe("raf_trumps_from_turnup", flags)
    if name in ("wikipedia", "indonesian", "pagat"):
        maybe("dealer_calls_allow_nt", flags)
        for option in ("twos_natural_suit", "twos_any_identity"):
            maybe(option, flags)
        # Twos may not lead half of the time: rule 6's probe needs it.
        options["twos_may_lead"] = draw(st.booleans(), label="twos_may_lead")
    return pyclag.presets.get(name, **options)


Table = tuple[RuleSet, int, int, int]
"""Rules, players, first dealer, and how many rounds to play at random first."""


@st.composite
def tables(draw: st.DrawFn, only: tuple[str, int] | None = None) -> Table:
    """NORMAL over a short schedule, or a preset at one of its player counts
    (``only``: that preset and count), often started at a special deal (rounds
    8-15) or later by random play."""
    table = only or draw(st.sampled_from((None, *PRESET_TABLES)), label="table")
    if table is None:
        rules = draw(rule_sets(), label="rules")
        players, skip = draw(st.integers(3, 7), label="players"), 0
    else:
        name, players = table
        rules = draw(preset_rules(name), label="rules")
        last = rules.num_rounds(players) - 1
        # Deal 12 (twos wild) has the most probes: a third of its presets' games start there.
        twelve = [st.just(11)] if name in ("wikipedia", "indonesian", "pagat") else []
        skip = draw(
            st.one_of(
                st.sampled_from(range(7, 15)).map(lambda k: min(k, last)),
                *twelve,
                st.sampled_from(range(last + 1)),
            ),
            label="rounds played first",
        )
    return rules, players, draw(st.integers(0, players - 1), label="dealer"), skip


def choose(state: GameState, rng: random.Random) -> Action:
    if pyclag.next_actor(state) is CHANCE:
        return pyclag.sample_chance(state, rng)
    return rng.choice(pyclag.legal_actions(state))


def observe(state: GameState) -> tuple[object, ...]:
    """What the public queries say of a state; legal actions where there is a list."""
    actor = pyclag.next_actor(state)
    legal = None if actor is CHANCE else pyclag.legal_actions(state)
    return (pyclag.phase(state), actor, legal, state.scores, pyclag.is_over(state))


class _Snapshot:
    """An independent copy of the last state probed, with what the queries said of it.

    Several probes in a row hit the same state, so the copy is made once per state:
    copying is what makes shrinking a failure slow."""

    state: GameState | None = None
    copy: GameState | None = None
    seen: tuple[object, ...] = ()

    @classmethod
    def of(cls, state: GameState) -> tuple[GameState, tuple[object, ...]]:
        if cls.state is not state or cls.copy is None:
            # A pickled round trip is a deep copy (cards come back as the interned ones).
            cls.state, cls.copy, cls.seen = state, pickle.loads(pickle.dumps(state)), observe(state)
        return cls.copy, cls.seen


def refused(
    state: GameState,
    attempt: Callable[[], object],
    kind: type[IllegalActionError],
    reason: Reason,
) -> IllegalActionError:
    """``attempt`` must raise exactly ``kind`` with ``reason`` and leave ``state`` as it was."""
    before, seen = _Snapshot.of(state)
    with pytest.raises(IllegalActionError) as info:
        attempt()
    error = info.value
    assert type(error) is kind, f"{type(error).__name__} instead of {kind.__name__}: {error}"
    assert error.reason is reason, f"{error.reason} instead of {reason}: {error}"
    assert state == before
    assert observe(state) == seen
    return error


def refused_bids_and_plays(state: GameState, seat: int, card: Card, reason: Reason) -> None:
    """A bid and a play, by name and through ``apply``, are refused as wrong-phase;
    a bid in a round without bids (misère, most tricks) as forced (DESIGN.md §5)."""
    over = pyclag.is_over(state)
    forced = not over and not state.round.setup.played.has_bids
    bid_refusal = (IllegalBidError, Reason.FORCED_BID) if forced else (WrongPhaseError, reason)
    refused(state, lambda: pyclag.bid(state, 0), *bid_refusal)
    refused(state, lambda: pyclag.play(state, card), WrongPhaseError, reason)
    refused(state, lambda: pyclag.apply(state, Bid(seat, 0)), *bid_refusal)
    refused(state, lambda: pyclag.apply(state, Play(seat, card)), WrongPhaseError, reason)


PLAYER_PHASES: Final = (
    Phase.CHOOSE_HAND_SIZE,
    Phase.BID_BEFORE_DEAL,
    Phase.CALL,
    Phase.DECLARE_TRUMP,
    Phase.BID,
    Phase.PLAY,
)
"""The phases in which a seat decides."""
PHASE_OF: Final[dict[type, tuple[Phase, ...]]] = {
    ChooseHandSize: (Phase.CHOOSE_HAND_SIZE,),
    Call: (Phase.CALL,),
    DeclareTrump: (Phase.DECLARE_TRUMP,),
    ShuffleHands: (Phase.SHUFFLE,),
}
"""The phase of each special decision."""


def worth_probing(state: GameState) -> bool:
    """Where the probes have most to test: the dealer's bid (the hook's probes
    need it), a play where the seat could renounce, and the special decisions."""
    rnd = state.round
    if rnd.phase in (Phase.BID, Phase.BID_BEFORE_DEAL):
        return rnd.to_act == rnd.dealer
    return special_decision(state) or bool(renounces(state))


def special_decision(state: GameState) -> bool:
    """The RAF dealer's hand size, the call, the dealer's trump, a bid before the
    deal, the face-down shuffle, a play where a wild two may be played, and the
    first play of a round without bids."""
    rnd = state.round
    if rnd.phase in (
        Phase.CHOOSE_HAND_SIZE,
        Phase.CALL,
        Phase.DECLARE_TRUMP,
        Phase.SHUFFLE,
        Phase.BID_BEFORE_DEAL,
    ):
        return True
    if rnd.phase is not Phase.PLAY:
        return False
    if not rnd.tricks and not rnd.trick and not rnd.setup.played.bidding.has_bids:
        return True
    if rnd.setup.played.twos is not None and not rnd.trick:  # a lead: may a two lead?
        return any(card.rank is Rank.TWO for card in rnd.hands[rnd.leader])
    return bool(wild_twos(state))


def renounces(state: GameState) -> list[Card]:
    """Cards the seat to act holds off the led suit while it holds the led suit
    (with wild twos: a natural card of it, rule 5; a two is never a renounce)."""
    rnd = state.round
    seat = rnd.to_act
    if rnd.phase is not Phase.PLAY or not rnd.trick or not isinstance(seat, int):
        return []
    held = rnd.hands[seat]
    led = rnd.trick[0].effective.suit
    twos = rnd.setup.played.twos
    if twos is None:
        return [card for card in held if card.suit is not led] if held.of_suit(led) else []
    follows = [c for c in held.of_suit(led) if c.rank is not Rank.TWO or twos.natural_suit]
    return [c for c in held if c.suit is not led and c.rank is not Rank.TWO] if follows else []


def wild_twos(state: GameState) -> list[Card]:
    """The twos the seat to act may play as wild cards now."""
    rnd = state.round
    if rnd.phase is not Phase.PLAY or rnd.setup.played.twos is None:
        return []
    return [card for card in pyclag.legal_plays(state) if card.rank is Rank.TWO]


def check_card_conservation(state: GameState) -> None:
    """Hands + cards played this round + turn-up + stock are the 52 distinct cards."""
    rnd = state.round
    setup = rnd.setup
    if setup.deck is None:  # waiting for the deal: nothing dealt, nothing bid but blind bids
        assert rnd.phase in (Phase.CHOOSE_HAND_SIZE, Phase.BID_BEFORE_DEAL, Phase.DEAL)
        assert all(mask == 0 for mask in rnd.masks)
        assert setup.turnup is None and setup.round_rules is None
        if setup.played.bidding is not Bidding.BEFORE_DEAL:
            assert all(b is None for b in rnd.bids)
        elif rnd.phase is Phase.DEAL:  # pagat's blind deal: every bid before the cards
            assert all(b is not None for b in rnd.bids)
        return
    dealt = setup.players * setup.hand_size
    held = [card for hand in rnd.hands for card in hand]
    played = [play.card for trick in rnd.tricks for play in trick.plays]
    played += [play.card for play in rnd.trick]
    turnup = [] if setup.turnup is None else [setup.turnup]
    assert turnup == [] or turnup == [setup.deck[dealt]]
    stock = list(setup.deck[dealt + len(turnup) :])
    everything = held + played + turnup + stock
    assert len(everything) == 52 and set(everything) == set(DECK)
    assert set(held + played) == set(setup.deck[:dealt])


def check_next_actor(state: GameState) -> None:
    """next_actor agrees with the phase: CHANCE at a deal or a face-down shuffle,
    the dealer choosing the hand size or declaring trumps, the caller calling,
    the seat due at a bid or play, None once the game is over."""
    rnd, actor, current = state.round, pyclag.next_actor(state), pyclag.phase(state)
    n = state.players
    if current in (Phase.DEAL, Phase.SHUFFLE):
        assert actor is CHANCE
    elif current in (Phase.CHOOSE_HAND_SIZE, Phase.DECLARE_TRUMP):
        assert actor == rnd.dealer
    elif current is Phase.CALL:
        assert actor == rnd.setup.caller and actor is not None
    elif current in (Phase.BID, Phase.BID_BEFORE_DEAL):
        made = sum(b is not None for b in rnd.bids)
        assert made < n and actor == rnd.setup.bidding_order[made]
    elif current is Phase.PLAY:
        # Most tricks has no contracts; every other round has one per seat (misère: 0).
        no_bids = rnd.setup.played.bidding is Bidding.NONE
        assert all((b is None) is no_bids for b in rnd.bids)
        assert actor == (rnd.leader + len(rnd.trick)) % n
        assert isinstance(actor, int) and rnd.hands[actor]
        assert pyclag.legal_actions(state)  # a seat to play always has a legal play
    else:
        assert current is Phase.GAME_OVER and actor is None
        assert pyclag.is_over(state)
        assert len(state.history) == state.rules.num_rounds(n)


def check_hidden_trump(state: GameState) -> None:
    """The trump is not shown before its time (§4 invariants 6, 18): not while
    the caller calls or the dealer declares, nor during Guess Trumps' and the
    Scottish blind deal's bids."""
    rnd = state.round
    hidden = rnd.phase in (Phase.CALL, Phase.DECLARE_TRUMP) or (
        rnd.phase is Phase.BID and rnd.setup.played.reveal is Reveal.AFTER_BIDS
    )
    if hidden:
        assert rnd.turnup is None and rnd.trump is None and rnd.setup.round_rules is None
    if rnd.phase is Phase.PLAY:
        assert rnd.setup.round_rules is not None


def check_scores(state: GameState) -> None:
    """The running scores are the sums of the history's round points."""
    running = [0] * state.players
    for result in state.history:
        running = [total + p for total, p in zip(running, result.points, strict=True)]
        assert result.totals == tuple(running)
    assert state.scores == tuple(running)


def check_dealer_rotation(state: GameState, first_dealer: int) -> None:
    """The deal passes one seat left every round, from the first dealer."""
    n = state.players
    for k, result in enumerate(state.history):
        assert result.setup.index == k
        assert result.setup.dealer == (first_dealer + k) % n
    index = state.round.setup.index
    assert index == (len(state.history) - 1 if pyclag.is_over(state) else len(state.history))
    assert state.round.dealer == (first_dealer + index) % n

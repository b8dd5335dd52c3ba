"""Hypothesis properties for the special-deal, preset and RAF invariants of RULES.md §4.

tests/test_properties.py covers the normal rounds; this file covers the rest:
invariants 4, 6, 8, 9, 17, 18, 22, 23, 25, 27, 34-38, 40 and 42. Each test is
named after the invariant it checks and quotes its wording.

Most draw a table of one of the five presets (a player count in the preset's
range, a first dealer and some of its options) and play a whole game with
seeded random legal actions, every state kept. The expectations come from the
preset tables of RULES.md §2 written out below (:data:`SPECIALS`), not from
the rule set pyclag builds, so a preset that drifts from the rules fails here.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Action,
    Bid,
    Call,
    Card,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    GameState,
    Madness,
    Phase,
    Play,
    Rank,
    RoundResult,
    RoundRules,
    RoundSetup,
    ShuffleHands,
    Suit,
)
from pyclag.errors import WrongPhaseError
from pyclag.rules import NO_TRUMPS, TURN_UP, Precedence, RankOrder
from pyclag.rules.calls import caller_after
from pyclag.scoring import SCHEMES
from tests.helpers import rank_value

# --- the presets as RULES.md §2 tabulates them ------------------------------------------


class Kind(enum.Enum):
    """A deal type of RULES.md §2.0 (with the two blind readings of A16 apart)."""

    NORMAL = "normal"
    NT = "no trumps"
    MISERE = "misère with trumps"
    MISERE_NT = "misère without trumps"
    GUESS = "guess trumps"
    BLIND_TK = "blind, trump known"  # WP-OLD: own cards unseen, the turn-up shown
    BLIND_NK = "blind, trump unknown"  # Scottish: own cards and the turn-up unseen
    BLIND_BEFORE_DEAL = "blind, bids before the deal"  # pagat deal 11
    ROLL = "roll 'em"
    TWOS = "twos wild"
    ACES_LOW = "aces low"
    DEALER_CALLS = "dealer calls"
    MOST_TRICKS = "most tricks"
    RAF_STANDARD = "RAF deal without a caller"
    RAF_CALLED = "RAF deal with a caller"


PAGAT_EIGHT: Final = (
    Kind.NT,
    Kind.MISERE,
    Kind.GUESS,
    Kind.BLIND_BEFORE_DEAL,
    Kind.TWOS,
    Kind.ACES_LOW,
    Kind.DEALER_CALLS,
    Kind.MOST_TRICKS,
)
"""§2.5 deals 8-15; Wikipedia's default phase 2 (Decision 2), Indonesian's (Decision 3)."""
WIKIPEDIA_SIX: Final = (Kind.NT, Kind.GUESS, Kind.BLIND_TK, Kind.ROLL, Kind.MISERE, Kind.MISERE_NT)
"""§2.1 ``phase2="six"``: deals 8-13."""
SCOTTISH_FOUR: Final = (Kind.NT, Kind.MISERE, Kind.GUESS, Kind.BLIND_NK)
"""§2.2 deals 8-11."""
INDONESIAN_DESCRIBED: Final = (
    Kind.NORMAL,
    Kind.MISERE,
    Kind.NORMAL,
    Kind.NORMAL,
    Kind.TWOS,
    Kind.NORMAL,
    Kind.NORMAL,
    Kind.MOST_TRICKS,
)
"""§2.4 rounds 8-15 under ``undescribed_rounds="normal"``."""

PRESETS: Final = ("wikipedia", "scottish", "raf", "indonesian", "pagat")
PLAYERS: Final = {
    "wikipedia": (3, 7),
    "scottish": (3, 7),
    "raf": (3, 7),
    "indonesian": (4, 7),
    "pagat": (4, 7),
}
"""§2.8 players."""
MISERE_P: Final = {"wikipedia": -2, "scottish": -2, "raf": -2, "indonesian": 1, "pagat": 1}
"""§2.8 misère p (RAF: the value per trick without madness, A22)."""
TWOS_PRESETS: Final = ("wikipedia", "indonesian", "pagat")
"""The presets with a twos-wild round (deal 12)."""

UP: Final = tuple(range(1, 8))
DOWN: Final = tuple(range(7, 0, -1))
TURNUP_KINDS: Final = frozenset(
    {
        Kind.NORMAL,
        Kind.GUESS,
        Kind.BLIND_TK,
        Kind.BLIND_NK,
        Kind.BLIND_BEFORE_DEAL,
        Kind.ROLL,
        Kind.TWOS,
        Kind.ACES_LOW,
        Kind.MOST_TRICKS,
        Kind.RAF_STANDARD,
    }
)
"""Deal types whose trump is the turn-up (Appendix B step 4); misère too when it keeps trumps."""


# --- drawn tables and games ----------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A drawn game set-up: a preset, the players, the first dealer and options as drawn."""

    preset: str
    players: int
    first_dealer: int
    options: tuple[tuple[str, object], ...]

    def option(self, name: str) -> object:
        """A drawn option's value, ``None`` if it was not drawn (the preset's default)."""
        return dict(self.options).get(name)

    def new_game(self) -> GameState:
        rules = pyclag.presets.get(self.preset, **dict(self.options))
        return pyclag.new_game(rules, players=self.players, first_dealer=self.first_dealer)

    def schedule(self) -> tuple[tuple[int, Kind], ...]:
        """Hand size and deal type of every deal, from the tables of §2.1-§2.5 (not RAF)."""
        specials: tuple[Kind, ...]
        if self.preset == "wikipedia":
            six = self.option("phase2") == "six"
            first, specials, last = UP, WIKIPEDIA_SIX if six else PAGAT_EIGHT, DOWN
        elif self.preset == "scottish":
            first, specials, last = DOWN, SCOTTISH_FOUR, UP
        elif self.preset == "indonesian":
            normal = self.option("undescribed_rounds") == "normal"
            first, specials, last = UP, INDONESIAN_DESCRIBED if normal else PAGAT_EIGHT, DOWN
        else:
            assert self.preset == "pagat"
            first, specials, last = UP, PAGAT_EIGHT, DOWN
        return (
            *((h, Kind.NORMAL) for h in first),
            *((7, kind) for kind in specials),
            *((h, Kind.NORMAL) for h in last),
        )

    def num_deals(self) -> int:
        """§4.9: the schedule length (RAF: ``num_deals``, by default 2·N, A24)."""
        if self.preset == "raf":
            deals = self.option("num_deals")
            return 2 * self.players if deals is None else int(str(deals))
        return len(self.schedule())

    def kind(self, index: int) -> Kind:
        """The deal type of deal ``index`` (0-based)."""
        if self.preset == "raf":
            eldest_calls = self.option("first_deal_caller") == "eldest"
            return Kind.RAF_CALLED if index or eldest_calls else Kind.RAF_STANDARD
        return self.schedule()[index][1]

    def misere_p(self) -> int:
        """Points per misère trick (§2.8, or the drawn ``misere_points_per_trick``)."""
        p = self.option("misere_points_per_trick")
        return MISERE_P[self.preset] if p is None else int(str(p))

    def misere_trumps(self, kind: Kind) -> bool:
        """Whether a misère deal keeps the turn-up trump (A9, ``misere_trumps``)."""
        chosen = self.option("misere_trumps")
        return kind is Kind.MISERE if chosen is None else chosen is True

    def trump_hidden_while_bidding(self, kind: Kind) -> bool:
        """GUESS always; Scottish blind unless ``blind_trump_visible``; the other bids
        made unseen (BLIND_TK, ROLL) only when ``blind_trump_visible`` is False (A16)."""
        visible = self.option("blind_trump_visible")
        if kind is Kind.GUESS:
            return True
        if kind is Kind.BLIND_NK:
            return visible is not True
        if kind in (Kind.BLIND_TK, Kind.ROLL):
            return visible is False
        return False


def _maybe(
    draw: st.DrawFn, options: dict[str, object], name: str, values: Sequence[object]
) -> None:
    """Draw option ``name`` from ``values`` or leave it out (the preset's default)."""
    value = draw(st.one_of(st.none(), st.sampled_from(values)), label=name)
    if value is not None:
        options[name] = value


TWOS_OPTIONS: Final = (
    "twos_natural_suit",
    "twos_may_lead",
    "twos_any_identity",
    "twos_wild_trumps",
)


@st.composite
def tables(draw: st.DrawFn, preset: str) -> Table:
    """A player count in the preset's range, a first dealer and some of its options."""
    low, high = PLAYERS[preset]
    players = draw(st.integers(low, high), label="players")
    first_dealer = draw(st.integers(0, players - 1), label="first dealer")
    options: dict[str, object] = {}
    flags = (True, False)
    if preset == "raf":
        _maybe(draw, options, "first_deal_caller", ("none", "eldest"))
        _maybe(draw, options, "raf_trumps_from_turnup", flags)
        _maybe(draw, options, "madness_points_on_miss", flags)
        _maybe(draw, options, "misere_points_per_trick", (-1, -2, -3))
        _maybe(draw, options, "num_deals", (1, 2, 3, 5))
        return Table(preset, players, first_dealer, tuple(options.items()))
    if preset == "wikipedia":
        options["phase2"] = draw(st.sampled_from(("eight", "six")), label="phase2")
    if preset == "indonesian":
        choices = ("pagat", "normal")
        options["undescribed_rounds"] = draw(st.sampled_from(choices), label="undescribed")
    # Negative misère points only where the preset's own p is negative (invariant 38).
    negative = preset in ("wikipedia", "scottish")
    _maybe(draw, options, "misere_points_per_trick", (-2, -3, -5) if negative else (1, 2))
    _maybe(draw, options, "misere_trumps", flags)
    if preset in ("wikipedia", "scottish"):
        _maybe(draw, options, "blind_trump_visible", flags)
    if preset == "wikipedia":
        _maybe(draw, options, "roll_order", ("dealt", "reverse"))
    if preset in TWOS_PRESETS:
        _maybe(draw, options, "dealer_calls_allow_nt", flags)
        _maybe(draw, options, "most_tricks_bonus", (5, 10, 20))
        for name in TWOS_OPTIONS:
            _maybe(draw, options, name, flags)
    return Table(preset, players, first_dealer, tuple(options.items()))


@dataclass(frozen=True)
class RoundLog:
    """One deal of a game: each action with the state it was taken in, and its result."""

    index: int
    steps: tuple[tuple[GameState, Action], ...]
    result: RoundResult

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state of this deal in which a decision (or chance) was pending."""
        return tuple(state for state, _ in self.steps)

    def actions(self, kind: type[Action]) -> list[Action]:
        return [action for _, action in self.steps if isinstance(action, kind)]

    def call(self) -> Call | None:
        calls = [action for _, action in self.steps if isinstance(action, Call)]
        return calls[0] if calls else None


@dataclass(frozen=True, repr=False)
class Game:
    """A whole game played from ``seed``: ``states[i + 1]`` is ``states[i]``
    after ``actions[i]``."""

    table: Table
    seed: int
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]

    @property
    def final(self) -> GameState:
        return self.states[-1]

    @property
    def results(self) -> tuple[RoundResult, ...]:
        return self.final.history

    def __repr__(self) -> str:
        # Short: the table and seed rebuild the game (see play_game).
        return f"Game({self.table!r}, seed={self.seed}, actions={len(self.actions)})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """What hypothesis prints of a failing example: the short repr, not every state."""
        printer.text(repr(self))

    def rounds(self) -> list[RoundLog]:
        """The deals of the game, in order."""
        steps: dict[int, list[tuple[GameState, Action]]] = {}
        for before, action in zip(self.states, self.actions, strict=False):
            steps.setdefault(before.round.setup.index, []).append((before, action))
        return [
            RoundLog(index, tuple(steps[index]), result)
            for index, result in enumerate(self.results)
        ]


def choose(state: GameState, rng: random.Random) -> Action:
    """A random legal action, with two biases so that rare cases come up: an RAF
    caller first picks named trumps, no trumps or a precedence with equal odds
    (precedences are 24 of the 29 suit modes); in a twos-wild trick, half the
    time a two is declared as a card already in the trick when it may be (rule 2)."""
    if pyclag.next_actor(state) is CHANCE:
        return pyclag.sample_chance(state, rng)
    legal = pyclag.legal_actions(state)
    rnd = state.round
    if rnd.phase is Phase.CALL:
        mode = rng.choice((Suit, Precedence, type(NO_TRUMPS)))
        calls = [a for a in legal if isinstance(a, Call) and isinstance(a.suits, mode)]
        calls += [a for a in legal if mode is Suit and isinstance(a, Call) and a.suits is TURN_UP]
        return rng.choice(calls)
    if rnd.setup.spec.twos is not None and rnd.trick and rng.random() < 0.5:
        shown = {play.effective for play in rnd.trick}
        copies = [a for a in legal if isinstance(a, Play) and a.as_card in shown]
        if copies:
            return rng.choice(copies)
    return rng.choice(legal)


def play_game(table: Table, seed: int) -> Game:
    rng = random.Random(seed)
    state = table.new_game()
    states: list[GameState] = [state]
    actions: list[Action] = []
    while not pyclag.is_over(state):
        action = choose(state, rng)
        state = pyclag.apply(state, action)
        actions.append(action)
        states.append(state)
    return Game(table, seed, tuple(actions), tuple(states))


@st.composite
def games(draw: st.DrawFn, preset: str) -> Game:
    """A whole game of a drawn table of ``preset``, played with seeded random legal actions."""
    table = draw(tables(preset), label="table")
    return play_game(table, draw(st.integers(0, 2**32 - 1), label="seed"))


# --- independent reference rulings -----------------------------------------------------------


def dealt_piles(setup: RoundSetup) -> list[list[Card]]:
    """Each seat's cards in the order dealt: card i goes to seat (dealer+1+i) % N (§1.4)."""
    deck = setup.deck
    assert deck is not None
    n = setup.players
    piles: list[list[Card]] = [[] for _ in range(n)]
    for i in range(n * setup.hand_size):
        piles[(setup.dealer + 1 + i) % n].append(deck[i])
    return piles


def won_counts(players: int, winners: Sequence[int]) -> list[int]:
    counts = Counter(winners)
    return [counts[seat] for seat in range(players)]


@dataclass(frozen=True)
class Turn:
    """One play of a finished deal, with what its player knew and held before it."""

    play: Play
    number: int  # its place in the trick: 0 leads
    led: Suit  # the suit led (a wild two leads its declared suit)
    held: frozenset[Card]  # the player's hand before the play
    seen: frozenset[Card]  # the turn-up and every card played before it in the deal
    declared: frozenset[Card]  # what wild twos stood for earlier in the trick


def turns(result: RoundResult) -> Iterator[Turn]:
    """Every play of a finished deal, the hands rebuilt from its deck (§1.4);
    each card played must be held, and every hand ends empty."""
    setup = result.setup
    hands = [set(pile) for pile in dealt_piles(setup)]
    seen = set() if setup.turnup is None else {setup.turnup}
    for trick in result.tricks:
        led = trick.plays[0].effective.suit
        declared: set[Card] = set()
        for number, play in enumerate(trick.plays):
            held = hands[play.seat]
            assert play.card in held, f"seat {play.seat} played {play.card}, not held"
            yield Turn(play, number, led, frozenset(held), frozenset(seen), frozenset(declared))
            held.discard(play.card)
            seen.add(play.card)
            if play.as_card is not None:
                declared.add(play.as_card)
    assert all(not hand for hand in hands)


def can_follow(turn: Turn, table: Table) -> bool:
    """Twos wild, rules 4, 5 and 7: whether the player can follow the suit led.
    A natural (non-2) card of it follows; under ``twos_natural_suit`` so does the
    two of that suit, if some card of the suit is left for it to stand for
    (under ``twos_any_identity=False``: not a two, nor seen, nor held; never one
    already declared in the trick)."""
    led = turn.led
    if any(c.suit is led and c.rank is not Rank.TWO for c in turn.held):
        return True
    if table.option("twos_natural_suit") is not True or Card(led, Rank.TWO) not in turn.held:
        return False
    names = {c for c in DECK if c.suit is led} - turn.declared
    if table.option("twos_any_identity") is False:
        names -= {c for c in DECK if c.rank is Rank.TWO} | turn.seen | turn.held
    return bool(names)


def is_misere(table: Table, log: RoundLog) -> bool:
    """A MISERE deal, or an RAF deal called with Misère."""
    call = log.call()
    return table.kind(log.index) in (Kind.MISERE, Kind.MISERE_NT) or (
        call is not None and call.misere
    )


def piles_played(table: Table, log: RoundLog) -> list[list[Card]] | None:
    """The fixed pile order of a ROLL deal (A17) or an RAF Blind call; None if cards are chosen."""
    call = log.call()
    if table.kind(log.index) is Kind.ROLL:
        piles = dealt_piles(log.result.setup)
        if table.option("roll_order") == "reverse":
            piles = [pile[::-1] for pile in piles]
        return piles
    if call is not None and call.blind:
        (shuffle,) = log.actions(ShuffleHands)
        assert isinstance(shuffle, ShuffleHands)
        return [list(order) for order in shuffle.orders]
    return None


def turnup_trump(table: Table, log: RoundLog) -> bool:
    """Whether the deal's trump is set by the turn-up (§1.5, Appendix B step 4)."""
    kind, call = table.kind(log.index), log.call()
    if kind in (Kind.MISERE, Kind.MISERE_NT):
        return table.misere_trumps(kind)
    if kind is Kind.RAF_CALLED:
        assert call is not None
        return call.suits is TURN_UP
    return kind in TURNUP_KINDS


# --- dealing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_invariant_04_at_most_49_cards_are_dealt_so_a_turnup_exists(
    preset: str, data: st.DataObject
) -> None:
    """4. N·h <= 49 in every preset, so |stock| >= 3 and a turn-up card always
    exists when the deal needs one."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    rules = game.final.rules
    for index in range(rules.num_rounds(n)):
        spec = rules.round_spec(index)
        assert n * max(spec.hand_sizes or (spec.hand_size,)) <= 49
    for state in game.states:
        if pyclag.phase(state) is Phase.CHOOSE_HAND_SIZE:
            assert pyclag.legal_hand_sizes(state) == (3, 4, 5, 6, 7)
    for log in game.rounds():
        setup = log.result.setup
        h, deck = setup.hand_size, setup.deck
        assert deck is not None and len(deck) == 52
        assert n * h <= 49 and len(deck) - n * h >= 3
        if turnup_trump(table, log):
            assert setup.turnup is deck[n * h]
            assert setup.round_rules is not None
            assert setup.round_rules.trump is deck[n * h].suit


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=30)
@given(data=st.data())
def test_invariant_06_no_turnup_where_the_trump_is_not_turned_up(
    preset: str, data: st.DataObject
) -> None:
    """6. No turn-up card is exposed in deals whose trump is not set by a turn-up:
    NT, MISERE(trumps=False), DEALER_CALLS, and every RAF deal that has a Caller
    (unless raf_trumps_from_turnup is set, and then only for a TRUMPS call).

    Checked in every state of the deal (waiting for the call, the declaration,
    the bids, the play) and in the record."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    for log in game.rounds():
        kind, call = table.kind(log.index), log.call()
        declared = log.actions(DeclareTrump)
        from_turnup = turnup_trump(table, log)
        if kind is Kind.RAF_CALLED:
            assert call is not None and call.seat == log.result.setup.caller
            assert call.suits is not TURN_UP or table.option("raf_trumps_from_turnup") is True
        else:
            assert call is None and log.result.setup.caller is None
        assert len(declared) == (kind is Kind.DEALER_CALLS)
        for setup in (*(state.round.setup for state in log.states), log.result.setup):
            rules = setup.round_rules
            if setup.deck is None:  # before the deal (RAF hand size, bids before the deal)
                assert setup.turnup is None and rules is None
                continue
            if not from_turnup:
                assert setup.turnup is None, f"{kind}: turn-up {setup.turnup} exposed"
            if rules is None:  # the trump is not known yet: nothing is shown
                assert setup.turnup is None
                continue
            if from_turnup:
                assert setup.turnup is setup.deck[n * setup.hand_size]
                assert rules.trump is setup.turnup.suit and rules.precedence is None
            elif kind is Kind.DEALER_CALLS:
                (declaration,) = declared
                assert isinstance(declaration, DeclareTrump)
                assert rules.trump is declaration.suit and rules.precedence is None
            elif kind is Kind.RAF_CALLED:
                assert call is not None
                if isinstance(call.suits, Precedence):
                    assert rules.trump is None and rules.precedence == call.suits.order
                else:
                    expected = call.suits if isinstance(call.suits, Suit) else None
                    assert call.suits in (*Suit, NO_TRUMPS)
                    assert rules.trump is expected and rules.precedence is None
            else:  # NT and misère without trumps
                assert kind in (Kind.NT, Kind.MISERE, Kind.MISERE_NT)
                assert rules.trump is None and rules.precedence is None
        # The trump is known before any card is played.
        for state in log.states:
            if pyclag.phase(state) is Phase.PLAY:
                assert state.round.setup.round_rules is not None


# --- schedule ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15)
@given(data=st.data())
def test_invariant_08_hand_sizes_follow_the_preset_table(preset: str, data: st.DataObject) -> None:
    """8. The hand sizes per deal equal the preset table exactly (Wikipedia 20/22,
    Scottish 18, Indonesian/Pagat 22). RAF: each h is in 3..7 and equals the
    dealer's choice."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    sizes = [result.hand_size for result in game.results]
    if table.preset == "raf":
        for log in game.rounds():
            (choice,) = log.actions(ChooseHandSize)
            assert isinstance(choice, ChooseHandSize)
            assert choice.seat == log.result.setup.dealer
            assert 3 <= log.result.hand_size <= 7 and log.result.hand_size == choice.size
    else:
        assert sizes == [h for h, _ in table.schedule()]
        expected: dict[tuple[str, object], int] = {("wikipedia", "six"): 20, ("scottish", None): 18}
        assert len(sizes) == expected.get((table.preset, table.option("phase2")), 22)
    for log in game.rounds():
        h = log.result.hand_size
        for state in log.states:
            rnd = state.round
            if rnd.setup.deck is None:  # not dealt yet
                continue
            played = Counter(p.seat for t in rnd.tricks for p in t.plays)
            played.update(p.seat for p in rnd.trick)
            assert [len(rnd.hands[seat]) + played[seat] for seat in range(n)] == [h] * n


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=12)
@given(data=st.data())
def test_invariant_09_the_game_has_as_many_deals_as_the_schedule(
    preset: str, data: st.DataObject
) -> None:
    """9. The number of deals played equals the schedule length (RAF: num_deals,
    by default 2·N)."""
    game = data.draw(games(preset), label="game")
    table, state = game.table, game.final
    assert pyclag.is_over(state) and pyclag.phase(state) is Phase.GAME_OVER
    assert pyclag.next_actor(state) is None and pyclag.legal_actions(state) == ()
    assert len(state.history) == table.num_deals()
    assert [r.setup.index for r in state.history] == list(range(table.num_deals()))
    # Every state before the end was in a deal of the schedule.
    assert all(s.round.setup.index < table.num_deals() for s in game.states)


# --- bidding -----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_invariant_17_misere_contracts_are_zero(preset: str, data: st.DataObject) -> None:
    """17. In MISERE (and RAF misère calls) every recorded contract is 0."""
    game = data.draw(games(preset), label="game")
    n = game.table.players
    for log in game.rounds():
        if not is_misere(game.table, log):
            # Other deals have real bids, or none at all (most tricks).
            most = game.table.kind(log.index) is Kind.MOST_TRICKS
            assert len(log.actions(Bid)) == (0 if most else n)
            continue
        result = log.result
        assert result.bids == (0,) * n
        assert not log.actions(Bid)  # nobody bids: the zeros are forced
        won = result.tricks_won
        assert result.made == tuple(t == 0 for t in won)
        for state in log.states:
            assert pyclag.phase(state) is not Phase.BID
            if pyclag.phase(state) in (Phase.SHUFFLE, Phase.PLAY):
                assert state.round.bids == (0,) * n
                with pytest.raises(WrongPhaseError):
                    pyclag.legal_bids(state)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=30)
@given(data=st.data())
def test_invariant_18_trump_and_own_cards_hidden_while_bidding(
    preset: str, data: st.DataObject
) -> None:
    """18. GUESS: the trump is hidden from all players until the last bid is
    recorded. BLIND_*: no player can see their own hand when bidding. BLIND_NK:
    no trump is visible when bidding.

    Own cards: bids before the deal are made with no card dealt; other blind
    bids are made in a round whose spec says the bidder does not see the hand
    (pyclag has no per-seat view yet)."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    for log in game.rounds():
        kind = table.kind(log.index)
        setup = log.result.setup
        assert setup.deck is not None
        turnup = setup.deck[n * setup.hand_size]
        hidden = table.trump_hidden_while_bidding(kind)
        bidding = [s for s in log.states if pyclag.phase(s) in (Phase.BID, Phase.BID_BEFORE_DEAL)]
        bids = log.actions(Bid)
        assert len(bidding) == len(bids)
        if is_misere(table, log) or kind is Kind.MOST_TRICKS:
            assert not bidding
            continue
        assert len(bids) == n
        for state in bidding:
            rnd = state.round
            if kind is Kind.BLIND_BEFORE_DEAL:
                assert pyclag.phase(state) is Phase.BID_BEFORE_DEAL
                assert rnd.setup.deck is None and all(mask == 0 for mask in rnd.masks)
                assert rnd.turnup is None and rnd.trump is None
                continue
            assert pyclag.phase(state) is Phase.BID
            sees = rnd.setup.spec.bidding.sees_hand
            assert sees is (kind not in (Kind.BLIND_TK, Kind.BLIND_NK, Kind.ROLL))
            if hidden:
                assert rnd.turnup is None and rnd.trump is None
                assert rnd.setup.round_rules is None
            elif kind in TURNUP_KINDS:
                assert rnd.turnup is turnup and rnd.trump is turnup.suit
        if kind is Kind.BLIND_BEFORE_DEAL:  # every bid comes before the deal
            kinds = [type(action) for _, action in log.steps]
            assert kinds[:n] == [Bid] * n and kinds[n] is Deal
        if hidden or kind is Kind.BLIND_BEFORE_DEAL:
            # Revealed once the last bid is recorded: in the first state of play
            # (a Roll 'Em deal plays itself out on the last bid).
            playing = [s for s in log.states if pyclag.phase(s) is Phase.PLAY]
            if kind is not Kind.ROLL:
                assert playing and playing[0].round.turnup is turnup
            assert setup.turnup is turnup and setup.round_rules is not None


# --- play --------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=25)
@given(data=st.data())
def test_invariant_22_players_follow_suit(preset: str, data: st.DataObject) -> None:
    """22. Follow-suit (all deals except ROLL and RAF Blind): if the player held a
    card of the led suit (for TWOS_WILD, a non-2 card), the card played is of the
    led suit (for TWOS_WILD, a natural led-suit card or a 2 declared in the led suit).

    The hands are rebuilt from the deck the deal was dealt from (§1.4)."""
    game = data.draw(games(preset), label="game")
    table = game.table
    for log in game.rounds():
        if piles_played(table, log) is not None:
            continue
        twos = table.kind(log.index) is Kind.TWOS
        for turn in turns(log.result):
            play, led = turn.play, turn.led
            if not twos:
                assert play.as_card is None
            if turn.number == 0:
                continue
            if not twos:
                if any(c.suit is led for c in turn.held):
                    assert play.card.suit is led, f"{play} renounced {led}"
            elif can_follow(turn, table):
                if play.card.rank is Rank.TWO:
                    assert play.as_card is not None and play.as_card.suit is led
                else:
                    assert play.card.suit is led, f"{play} renounced {led}"


@pytest.mark.parametrize("preset", ["wikipedia", "raf"])
@settings(max_examples=50)
@given(data=st.data())
def test_invariant_23_face_down_piles_are_played_in_order(preset: str, data: st.DataObject) -> None:
    """23. ROLL and RAF Blind: the card played is always the next card of the
    player's fixed pile order, whatever the suit (ROLL: the order dealt, A17;
    RAF Blind: the order each seat shuffled to, setup.piles)."""
    game = data.draw(games(preset), label="game")
    table = game.table
    for log in game.rounds():
        piles = piles_played(table, log)
        if piles is None:
            continue
        setup = log.result.setup
        dealt = dealt_piles(setup)
        assert [sorted(p, key=DECK.index) for p in piles] == [
            sorted(p, key=DECK.index) for p in dealt
        ]
        if table.kind(log.index) is not Kind.ROLL:
            assert setup.piles == tuple(tuple(pile) for pile in piles)
        assert not log.actions(Play)  # nobody chooses a card
        for k, trick in enumerate(log.result.tricks):
            for play in trick.plays:
                assert play.card is piles[play.seat][k] and play.as_card is None


@st.composite
def natural_tricks(draw: st.DrawFn, min_size: int = 3) -> tuple[Play, ...]:
    """A trick of 3-7 distinct natural cards, seats clockwise from a drawn leader."""
    n = draw(st.integers(min_size, 7))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    pool = [card for card in DECK if card.suit in suits]
    cards = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    leader = draw(st.integers(0, n - 1))
    return tuple(Play((leader + i) % n, card) for i, card in enumerate(cards))


def precedence_winner(plays: Sequence[Play], order: Sequence[Suit], ranks: RankOrder) -> int:
    """§1.8 / A35: the largest (position of the suit, top highest; rank)."""
    best = max(
        plays, key=lambda p: (4 - list(order).index(p.card.suit), rank_value(p.card.rank, ranks))
    )
    return best.seat


@given(natural_tricks(), st.permutations(list(Suit)), st.sampled_from(RankOrder))
def test_invariant_25_precedence_winner_ignores_the_led_suit(
    plays: tuple[Play, ...], order: list[Suit], ranks: RankOrder
) -> None:
    """25. Precedence: the winner maximises (position of the suit in the precedence
    order, rank). This is independent of which suit was led."""
    rules = RoundRules(trump=None, scoring=SCHEMES["F1"], rank_order=ranks, precedence=tuple(order))
    expected = precedence_winner(plays, order, ranks)
    for k in range(len(plays)):  # every card in turn leads
        assert pyclag.trick_winner(plays[k:] + plays[:k], rules) == expected


@settings(max_examples=80)
@given(games("raf"))
def test_invariant_25_raf_precedence_tricks_go_to_the_top_suit(game: Game) -> None:
    """25. Precedence: the winner maximises (position of the suit in the precedence
    order, rank), whatever suit was led: in RAF deals called with a precedence."""
    for log in game.rounds():
        call = log.call()
        if call is None or not isinstance(call.suits, Precedence):
            continue
        ranks = RankOrder.TWO_HIGH if call.nuloss else RankOrder.ACE_HIGH
        for trick in log.result.tricks:
            assert trick.winner == precedence_winner(trick.plays, call.suits.order, ranks)


@pytest.mark.parametrize("preset", TWOS_PRESETS)
@settings(max_examples=45)
@given(data=st.data())
def test_invariant_27_wild_twos_in_play(preset: str, data: st.DataObject) -> None:
    """27. Twos-wild: declared identities of 2s within one trick are pairwise
    distinct. A 2 declared as X beats a natural X in the same trick. A 2 played
    while the player held a natural led-suit card is declared in the led suit."""
    game = data.draw(games(preset), label="game")
    table = game.table
    for log in game.rounds():
        result = log.result
        if table.kind(log.index) is not Kind.TWOS:
            assert all(p.as_card is None for t in result.tricks for p in t.plays)
            continue
        rules = result.setup.round_rules
        assert rules is not None
        for trick in result.tricks:
            wild = [p for p in trick.plays if p.card.rank is Rank.TWO]
            assert all(p.as_card is not None for p in wild)
            assert all(p.as_card is None for p in trick.plays if p.card.rank is not Rank.TWO)
            declared = [p.as_card for p in wild]
            assert len(declared) == len(set(declared))
            for p in wild:
                twins = [q for q in trick.plays if q.as_card is None and q.card is p.as_card]
                for twin in twins:
                    assert trick.winner != twin.seat
                    for pair in ((twin, p), (p, twin)):
                        assert pyclag.trick_winner(pair, rules) == p.seat
        for turn in turns(result):
            play = turn.play
            if turn.number and play.card.rank is Rank.TWO and can_follow(turn, table):
                assert play.as_card is not None and play.as_card.suit is turn.led
    # The legal declarations never repeat a card already declared in the trick.
    for state in game.states:
        rnd = state.round
        if pyclag.phase(state) is not Phase.PLAY or rnd.setup.spec.twos is None:
            continue
        taken = {p.as_card for p in rnd.trick if p.as_card is not None}
        for card in pyclag.legal_plays(state):
            if card.rank is Rank.TWO:
                assert not taken & set(pyclag.legal_declarations(state, card))


@settings(max_examples=150)
@example(players=7, options=(("twos_natural_suit", True), ("twos_any_identity", False)), seed=1551)
@given(
    players=st.integers(4, 7),
    options=st.lists(
        st.tuples(st.sampled_from(TWOS_OPTIONS), st.booleans()), unique_by=lambda o: o[0]
    ).map(tuple),
    seed=st.integers(0, 2**32 - 1),
)
def test_invariant_27_the_seat_to_play_always_has_a_legal_play(
    players: int, options: tuple[tuple[str, bool], ...], seed: int
) -> None:
    """27 (rules 4, 5 and 7 of §2.0 together). Under every setting of the
    twos-wild options, the seat to play in pagat's deal 12 has a legal play."""
    rules = pyclag.presets.get("pagat", **dict(options))
    rules = rules.with_schedule([rules.round_spec(11)])
    rng = random.Random(seed)
    state = pyclag.new_game(rules, players=players)
    while not pyclag.is_over(state):
        if pyclag.next_actor(state) is CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
            continue
        legal = pyclag.legal_actions(state)
        rnd = state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        assert legal, (
            f"seat {seat} holds {rnd.hands[seat]} and may play nothing to "
            f"{' '.join(map(str, rnd.trick))}"
        )
        state = pyclag.apply(state, rng.choice(legal))


def test_invariant_27_a_lone_two_of_the_led_suit_with_nothing_to_name_can_be_played() -> None:
    """27 (rules 4, 5 and 7 of §2.0). With ``twos_natural_suit`` and not
    ``twos_any_identity``: seat 6 holds 2D as its only diamond when diamonds
    are led and every other diamond has been played. The 2D may name no unseen
    diamond, so it does not oblige seat 6 to follow: the seat may play any card
    (it once had no legal play at all, and the game was stuck)."""
    rules = pyclag.presets.get("pagat", twos_natural_suit=True, twos_any_identity=False)
    rules = rules.with_schedule([rules.round_spec(11)])  # deal 12, Twos Wild
    deck = pyclag.parse_cards(
        "5D 5H 9S QD KS 2S 2C JD 6D 7S JS 4D 3S 6H KC 4S 6S 5S AS 2D QC QH 5C 7H 8H 3H "
        "7C 4C 8S 9D 4H 2H AC 7D TD AH 3D 8D 8C TH 3C KH KD TC 6C 9C AD TS 9H JC JH QS"
    )
    state = pyclag.deal(pyclag.new_game(rules, players=7), deck=deck)
    for tricks in (4, 6, 7, 6, 4, 3, 4):
        state = pyclag.bid(state, tricks)
    plays = "JD 6D 8D 2H=7D AD 2S=9D 2C=QD 4D 7D TD KD 9D 9S QD 5D 3D 7S 9C AS"
    for text in plays.split(" "):
        card, _, named = text.partition("=")
        state = pyclag.play(state, Card.parse(card), Card.parse(named) if named else None)
    rnd = state.round
    assert rnd.to_act == 6 and str(rnd.hands[6]) == "3C 7C 2D 3S TS"
    assert str(rnd.trick[0].card) == "5D"
    # Its 2D stands for no diamond, so it cannot follow: every card is legal.
    assert pyclag.legal_plays(state) == rnd.hands[6].cards
    assert pyclag.legal_actions(state) != ()


@st.composite
def wild_tricks(draw: st.DrawFn) -> tuple[tuple[Play, ...], RoundRules]:
    """A natural trick, round rules without a precedence, and a wild two declared as
    the card that wins it, inserted after the lead."""
    plays = draw(natural_tricks())
    trump = draw(st.one_of(st.none(), st.sampled_from(list(Suit))), label="trump")
    ranks = draw(st.sampled_from((RankOrder.ACE_HIGH, RankOrder.ACES_LOW)), label="ranks")
    rules = RoundRules(trump=trump, scoring=SCHEMES["F2"], rank_order=ranks)
    return plays, rules


@given(wild_tricks(), st.data())
def test_invariant_27_a_two_declared_as_the_winner_beats_it(
    trick: tuple[tuple[Play, ...], RoundRules], data: st.DataObject
) -> None:
    """27. A 2 declared as X beats a natural X in the same trick: a two declared as
    the card that would win takes the trick, wherever it is played after the lead."""
    plays, rules = trick
    winner = pyclag.trick_winner(plays, rules)
    card = next(p.card for p in plays if p.seat == winner)
    twos = [c for c in DECK if c.rank is Rank.TWO and c not in {p.card for p in plays}]
    if not twos:
        return
    two = data.draw(st.sampled_from(twos), label="two")
    where = data.draw(st.integers(1, len(plays)), label="position")
    n = len(plays) + 1
    cards = [p.card for p in plays]
    leader = plays[0].seat
    seated = [Play((leader + i) % n, c) for i, c in enumerate(cards)]
    wild_seat = (leader + where) % n
    # Re-seat so that seats stay clockwise with the wild two at ``where``.
    new: list[Play] = []
    for i in range(n):
        seat = (leader + i) % n
        if i < where:
            new.append(Play(seat, seated[i].card))
        elif i == where:
            new.append(Play(seat, two, card))
        else:
            new.append(Play(seat, seated[i - 1].card))
    assert pyclag.trick_winner(new, rules) == wild_seat


# --- scoring -----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_invariant_34_misere_scores_ten_or_p_per_trick(preset: str, data: st.DataObject) -> None:
    """34. MISERE: score is 10 if t=0, else p·t. With p<0, the sum of negative
    points equals p·h exactly. With p=+1, the deal total is h + 10·(players with
    0 tricks). (RAF misère without madness: p = -2, A22.)"""
    game = data.draw(games(preset), label="game")
    table = game.table
    p = table.misere_p()
    for log in game.rounds():
        call = log.call()
        if not is_misere(table, log) or (call is not None and call.madness is not None):
            continue
        result = log.result
        h, won = result.hand_size, result.tricks_won
        assert result.points == tuple(10 if t == 0 else p * t for t in won)
        zeros = won.count(0)
        if p < 0:
            assert sum(x for x in result.points if x < 0) == p * h
        if p == 1:
            assert sum(result.points) == h + 10 * zeros
        assert sum(result.points) == p * h + 10 * zeros


@pytest.mark.parametrize("preset", TWOS_PRESETS)
@settings(max_examples=30)
@given(data=st.data())
def test_invariant_35_most_tricks_pays_only_a_sole_leader(preset: str, data: st.DataObject) -> None:
    """35. MOST_TRICKS: at most one player scores (exactly 10), and only if their
    trick count is strictly greater than everyone else's. The deal total is 0 or 10.
    (10, or the drawn most_tricks_bonus.)"""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    bonus = table.option("most_tricks_bonus")
    prize = 10 if bonus is None else int(str(bonus))
    seen = 0
    for log in game.rounds():
        if table.kind(log.index) is not Kind.MOST_TRICKS:
            continue
        seen += 1
        result = log.result
        won = result.tricks_won
        assert result.bids == (None,) * n and not log.actions(Bid)
        assert result.made == (False,) * n
        scorers = [seat for seat in range(n) if result.points[seat]]
        assert len(scorers) <= 1 and sum(result.points) in (0, prize)
        top = max(won)
        if won.count(top) == 1:
            assert scorers == [won.index(top)] and result.points[won.index(top)] == prize
        else:
            assert not scorers
    assert seen == (1 if table.schedule()[14][1] is Kind.MOST_TRICKS else 0)


@given(st.integers(1, 13))
def test_invariant_36_madness_trick_values(h: int) -> None:
    """36. Madness: the trick values are a permutation of {2,4,…,2h} and sum to
    h(h+1). Ascending and descending values at trick j sum to 2(h+1)."""
    ascending = [Madness.ASCENDING.trick_value(j, h) for j in range(1, h + 1)]
    descending = [Madness.DESCENDING.trick_value(j, h) for j in range(1, h + 1)]
    for values in (ascending, descending):
        assert sorted(values) == list(range(2, 2 * h + 1, 2))
        assert sum(values) == h * (h + 1)
    assert ascending == sorted(ascending) and descending == sorted(descending, reverse=True)
    assert all(a + d == 2 * (h + 1) for a, d in zip(ascending, descending, strict=True))


@settings(max_examples=100)
@given(games("raf"))
def test_invariant_36_madness_deals_score_the_trick_values(game: Game) -> None:
    """36. Madness: trick j is worth v_j = 2j ascending, 2(h-j+1) descending (§2.3):
    an exact bid scores 10 + the values of the tricks won, a miss 0 (A21; the
    values under madness_points_on_miss); misère +10 for no tricks, else minus
    the values won (A22, scaled by misere_points_per_trick / -2)."""
    table = game.table
    keep = table.option("madness_points_on_miss") is True
    p = table.misere_p()
    for log in game.rounds():
        call = log.call()
        if call is None or call.madness is None:
            continue
        result = log.result
        h = result.hand_size
        values = [call.madness.trick_value(j, h) for j in range(1, h + 1)]
        assert sum(values) == h * (h + 1)
        worth = [0] * table.players
        for v, seat in zip(values, result.trick_winners, strict=True):
            worth[seat] += v
        won = result.tricks_won
        if call.misere:
            expected = [10 if t == 0 else p * w // 2 for t, w in zip(won, worth, strict=True)]
            assert sum(x for x in result.points if x < 0) == p * h * (h + 1) // 2
        else:
            expected = [
                10 + w if b == t else (w if keep else 0)
                for b, t, w in zip(result.bids, won, worth, strict=True)
            ]
        assert list(result.points) == expected


@settings(max_examples=100)
@given(games("raf"))
def test_invariant_37_raf_without_madness_or_misere_scores_f1(game: Game) -> None:
    """37. RAF with no madness and no misère: the score equals F1
    (10 + 2t for an exact bid, else 0), the uncalled first deal included."""
    for log in game.rounds():
        call = log.call()
        if call is not None and (call.madness is not None or call.misere):
            continue
        result = log.result
        expected = tuple(
            10 + 2 * t if b == t else 0 for b, t in zip(result.bids, result.tricks_won, strict=True)
        )
        assert result.points == expected, f"deal {log.index + 1} called {call}"


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_invariant_38_totals_never_decrease_without_negative_misere(
    preset: str, data: st.DataObject
) -> None:
    """38. Negative totals are possible only in presets with negative misère p
    (Wikipedia, Scottish, RAF, Foss). Indonesian and Pagat totals never decrease.

    Also: in the other presets a deal scores below 0 only in a misère."""
    game = data.draw(games(preset), label="game")
    table = game.table
    previous = (0,) * table.players
    for log in game.rounds():
        result = log.result
        if table.preset in ("indonesian", "pagat"):
            assert min(result.points) >= 0
            assert all(a >= b for a, b in zip(result.totals, previous, strict=True))
        elif min(result.points) < 0:
            assert is_misere(table, log)
        previous = result.totals
    if table.preset in ("indonesian", "pagat"):
        assert min(game.final.scores) >= 0


# --- game level --------------------------------------------------------------------------------


def reference_caller(points: Sequence[int], tricks: Sequence[int], eldest: int) -> int:
    """A18: the highest deal score, then the most tricks, then the earliest seat
    in the deal's order from its eldest."""
    n = len(points)
    order = [(eldest + i) % n for i in range(n)]
    best = max(points)
    tied = [seat for seat in order if points[seat] == best]
    most = max(tricks[seat] for seat in tied)
    return next(seat for seat in tied if tricks[seat] == most)


@settings(max_examples=80)
@given(games("raf"))
def test_invariant_40_the_top_scorer_calls_the_next_deal(game: Game) -> None:
    """40. RAF: the Caller of deal k+1 is determined by the A18 rule from deal k's
    scores. Deal 1 has no Caller (default)."""
    table = game.table
    logs = game.rounds()
    first = logs[0].result.setup
    if table.option("first_deal_caller") == "eldest":
        assert first.caller == first.eldest
    else:
        assert first.caller is None and logs[0].call() is None
        assert all(pyclag.phase(s) is not Phase.CALL for s in logs[0].states)
    for earlier, later in itertools.pairwise(logs):
        previous = earlier.result
        caller = later.result.setup.caller
        assert caller == caller_after(previous.points, previous.tricks_won, previous.setup.eldest)
        assert caller == reference_caller(
            previous.points, previous.tricks_won, previous.setup.eldest
        )
    for log in logs:
        caller = log.result.setup.caller
        if caller is None:
            continue
        call = log.call()
        assert call is not None and call.seat == caller and log.result.setup.call == call
        calling = [s for s in log.states if pyclag.phase(s) is Phase.CALL]
        assert len(calling) == 1 and pyclag.next_actor(calling[0]) == caller


# --- suit relabelling ------------------------------------------------------------------------


Relabel = dict[Suit, Suit]


def relabel_card(card: Card, sigma: Relabel) -> Card:
    return Card(sigma[card.suit], card.rank)


def relabel_play(play: Play, sigma: Relabel) -> Play:
    named = None if play.as_card is None else relabel_card(play.as_card, sigma)
    return Play(play.seat, relabel_card(play.card, sigma), named)


def relabel_action(action: Action, sigma: Relabel) -> Action:
    """The action with every suit in it relabelled (trumps, precedences, cards)."""
    if isinstance(action, Deal):
        return Deal(tuple(relabel_card(card, sigma) for card in action.deck))
    if isinstance(action, Play):
        return relabel_play(action, sigma)
    if isinstance(action, DeclareTrump):
        return DeclareTrump(action.seat, None if action.suit is None else sigma[action.suit])
    if isinstance(action, ShuffleHands):
        return ShuffleHands(
            tuple(tuple(relabel_card(c, sigma) for c in order) for order in action.orders)
        )
    if isinstance(action, Call):
        suits = action.suits
        if isinstance(suits, Suit):
            suits = sigma[suits]
        elif isinstance(suits, Precedence):
            suits = Precedence(tuple(sigma[s] for s in suits.order))
        return Call(action.seat, suits, action.nuloss, action.blind, action.misere, action.madness)
    return action  # bids and hand sizes name no suit


@st.composite
def mixed_tricks(draw: st.DrawFn) -> tuple[tuple[Play, ...], RoundRules]:
    """A trick of natural cards and wild twos declared as distinct cards, with
    drawn round rules (trump or precedence, rank order)."""
    plays = list(draw(natural_tricks()))
    naturals = {p.card for p in plays}
    declared: set[Card] = set()
    for i, play in enumerate(plays):
        if play.card.rank is Rank.TWO and draw(st.booleans(), label="wild"):
            pool = [c for c in DECK if c not in declared]
            named = draw(st.sampled_from(pool), label="declared")
            declared.add(named)
            plays[i] = Play(play.seat, play.card, named)
    assert naturals
    ranks = draw(st.sampled_from(RankOrder), label="ranks")
    if draw(st.booleans(), label="precedence"):
        order = tuple(draw(st.permutations(list(Suit)), label="order"))
        rules = RoundRules(trump=None, scoring=SCHEMES["F1"], rank_order=ranks, precedence=order)
    else:
        trump = draw(st.one_of(st.none(), st.sampled_from(list(Suit))), label="trump")
        rules = RoundRules(trump=trump, scoring=SCHEMES["F1"], rank_order=ranks)
    return tuple(plays), rules


@given(mixed_tricks(), st.permutations(list(Suit)))
def test_invariant_42_relabelled_suits_leave_the_trick_winner(
    trick: tuple[tuple[Play, ...], RoundRules], image: list[Suit]
) -> None:
    """42. Metamorphic check: relabelling suits consistently (including the
    trump/precedence order) leaves trick winners unchanged."""
    plays, rules = trick
    sigma = dict(zip(Suit, image, strict=True))
    moved = RoundRules(
        trump=None if rules.trump is None else sigma[rules.trump],
        scoring=rules.scoring,
        rank_order=rules.rank_order,
        precedence=None if rules.precedence is None else tuple(sigma[s] for s in rules.precedence),
    )
    relabelled = tuple(relabel_play(p, sigma) for p in plays)
    assert pyclag.trick_winner(relabelled, moved) == pyclag.trick_winner(plays, rules)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15)
@given(data=st.data(), image=st.permutations(list(Suit)))
def test_invariant_42_relabelled_suits_replay_the_same_game(
    preset: str, data: st.DataObject, image: list[Suit]
) -> None:
    """42. Metamorphic check: relabelling suits consistently (the pack, the trump
    declarations, RAF named trumps and precedence orders, wild-two declarations,
    face-down orders) leaves trick winners and scores unchanged: the same actions,
    relabelled, replay a game of every deal type with the same bids, winners and points."""
    game = data.draw(games(preset), label="game")
    sigma = dict(zip(Suit, image, strict=True))
    state = game.table.new_game()
    for action in game.actions:
        state = pyclag.apply(state, relabel_action(action, sigma))
    assert pyclag.is_over(state)
    assert len(state.history) == len(game.results)
    for mine, theirs in zip(state.history, game.results, strict=True):
        assert mine.bids == theirs.bids
        assert mine.trick_winners == theirs.trick_winners
        assert mine.points == theirs.points and mine.totals == theirs.totals
        assert mine.made == theirs.made
        assert mine.tricks == tuple(
            type(t)(t.leader, tuple(relabel_play(p, sigma) for p in t.plays), t.winner)
            for t in theirs.tricks
        )
        turnup = theirs.setup.turnup
        assert mine.setup.turnup == (None if turnup is None else relabel_card(turnup, sigma))
        assert mine.setup.round_rules is not None and theirs.setup.round_rules is not None
        trump = theirs.setup.round_rules.trump
        assert mine.setup.round_rules.trump is (None if trump is None else sigma[trump])
    assert pyclag.winners(state) == pyclag.winners(game.final)

"""The presets as RULES.md §2 tabulates them, drawn tables and games of every preset, and
plain reference rulings, for the special-deal properties of RULES.md §4.

The normal-round properties are in test_properties_deal_and_bids.py and
test_properties_play_and_scores.py; the special-deal, preset and RAF invariants (4, 6, 8, 9,
17, 18, 22, 23, 25, 27, 34-38, 40 and 42) in the test_properties_specials_*.py modules.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Action,
    Call,
    Card,
    GameState,
    Phase,
    Play,
    Rank,
    RoundResult,
    RoundSetup,
    ShuffleHands,
    Suit,
)
from pyclag.rules import NO_TRUMPS, TURN_UP, Precedence

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
    if rnd.setup.played.twos is not None and rnd.trick and rng.random() < 0.5:
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
        return [list(order) for order in shuffle.piles]
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


@st.composite
def natural_tricks(draw: st.DrawFn, min_size: int = 3) -> tuple[Play, ...]:
    """A trick of 3-7 distinct natural cards, seats clockwise from a drawn leader."""
    n = draw(st.integers(min_size, 7))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    pool = [card for card in DECK if card.suit in suits]
    cards = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    leader = draw(st.integers(0, n - 1))
    return tuple(Play((leader + i) % n, card) for i, card in enumerate(cards))

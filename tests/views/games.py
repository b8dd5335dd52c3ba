"""Games, moments and what a seat may see, for the tests of observations and determinization.

The games here are played with seeded random legal actions (for a play: a
card first, then what a wild two stands for, so that twos are not played at
the first chance), chance by :func:`pyclag.sample_chance`, every state kept.
What a seat may see is written out below from the rules (:func:`shown_turnup`,
:func:`hand_shown`), not read from the engine.
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

import attrs
from hypothesis import event
from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    Action,
    Card,
    GameState,
    Hand,
    Observation,
    Phase,
    Play,
    Rank,
    RoundSetup,
    RoundSpec,
    RuleSet,
    Suit,
    Trick,
    observe,
)
from pyclag._values import Value
from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.trumps import TurnUp

PRESETS: Final[dict[str, RuleSet]] = {
    "wikipedia": pyclag.presets.get("wikipedia"),
    "wikipedia-six": pyclag.presets.get("wikipedia", phase2="six"),
    # Roll 'Em from the last card dealt, and the WP-OLD blind with the trump hidden (A16, A17).
    "wikipedia-six-options": pyclag.presets.get(
        "wikipedia", phase2="six", roll_order="reverse", blind_trump_visible=False
    ),
    "scottish": pyclag.presets.get("scottish"),
    "raf": pyclag.presets.get("raf"),
    "raf-options": pyclag.presets.get(
        "raf", first_deal_caller="eldest", raf_trumps_from_turnup=True, num_deals=4
    ),
    "indonesian": pyclag.presets.get("indonesian"),
    "pagat": pyclag.presets.get("pagat"),
    # Wild-two rules 5-8 all the other way round (§2.0 TWOS_WILD).
    "pagat-twos-options": pyclag.presets.get(
        "pagat",
        twos_natural_suit=True,
        twos_may_lead=False,
        twos_any_identity=False,
        twos_wild_trumps=False,
    ),
}
"""Every preset, and the options that change what a seat sees or may infer."""

TABLES: Final = tuple(
    (name, players)
    for name, rules in PRESETS.items()
    for players in range(rules.min_players, rules.max_players + 1)
)
"""Every preset at every player count."""


# --- games ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A game played to the end: ``states[k]`` is the state before ``actions[k]``,
    ``states[-1]`` the finished game."""

    rules: RuleSet
    players: int
    first_dealer: int
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]


def choose(state: GameState, rng: random.Random) -> Action:
    """A random next action: chance by sample_chance; a play picks its card
    first, then what a wild two stands for."""
    if pyclag.next_actor(state) is CHANCE:
        return pyclag.sample_chance(state, rng)
    legal = pyclag.legal_actions(state)
    plays = [action for action in legal if isinstance(action, Play)]
    if plays:
        card = rng.choice(list(dict.fromkeys(play.card for play in plays)))
        return rng.choice([play for play in plays if play.card is card])
    return rng.choice(legal)


def play(
    rules: RuleSet, players: int, seed: int, first_dealer: int = 0, stop: int | None = None
) -> Game:
    """A game of ``rules`` from ``seed`` (up to ``stop`` actions)."""
    rng = random.Random(seed)
    state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
    actions: list[Action] = []
    states = [state]
    while pyclag.next_actor(state) is not None and (stop is None or len(actions) < stop):
        action = choose(state, rng)
        state = pyclag.apply(state, action)
        actions.append(action)
        states.append(state)
    return Game(rules, players, first_dealer, tuple(actions), tuple(states))


@functools.lru_cache(maxsize=32)
def preset_game(name: str, players: int, seed: int) -> Game:
    """A whole game of preset ``name`` (cached: examples share games)."""
    return play(PRESETS[name], players, seed, first_dealer=seed % players)


@dataclass(frozen=True)
class Moment:
    """One state of a game: ``game.states[at]``."""

    name: str
    game: Game
    at: int

    @property
    def state(self) -> GameState:
        return self.game.states[self.at]


@st.composite
def moments(draw: st.DrawFn) -> Moment:
    """A preset, a table and a seed; then a round of that game (so that the
    special deals come up as often as the normal ones), a phase of that round
    and a moment in it."""
    name = draw(st.sampled_from(tuple(PRESETS)))
    rules = PRESETS[name]
    players = draw(st.integers(rules.min_players, rules.max_players))
    game = preset_game(name, players, draw(st.integers(0, 2**16)))
    pick = random.Random(draw(st.integers(0, 2**32)))
    index = pick.randrange(game.states[-1].round.setup.index + 1)
    by_phase: dict[Phase, list[int]] = {}
    for at, state in enumerate(game.states):
        if state.round.setup.index == index:
            by_phase.setdefault(state.round.phase, []).append(at)
    at = pick.choice(by_phase[pick.choice(list(by_phase))])
    state = game.states[at]
    event(f"{state.round.setup.played.label or 'normal'}: {state.round.phase.value}")
    return Moment(name, game, at)


# --- what a seat may see, from the rules -------------------------------------------------------


def shown_turnup(setup: RoundSetup, phase: Phase) -> Card | None:
    """The turn-up every seat sees in ``phase`` (§1.5; §2.0; Appendix B steps 4
    and 6; invariant 6), from the round's real ``setup`` (with its pack)."""
    deck = setup.deck
    dealt = setup.players * setup.hand_size
    if deck is None or dealt >= 52:  # not dealt yet; or no card left to turn (A30)
        return None
    if setup.caller is not None and (
        setup.call is None or not isinstance(setup.call.suits, TurnUp)
    ):
        return None  # an RAF call names its trumps, unless it says "the turn-up" (A19)
    spec = setup.played
    if not isinstance(spec.suits, TurnUp):  # No Trumps, misère without trumps, Dealer Calls
        return None
    if spec.reveal is Reveal.AFTER_BIDS and phase is Phase.BID:  # Guess, Scottish blind
        return None
    return deck[dealt]


def hand_shown(setup: RoundSetup, phase: Phase) -> bool:
    """Whether a seat sees its own cards: not during blind bids (Appendix B step 5)."""
    return not (phase is Phase.BID and setup.played.bidding is Bidding.UNSEEN)


def played(tricks: Sequence[Trick], trick: Sequence[Play] = ()) -> frozenset[Card]:
    """The cards played in ``tricks`` and ``trick``."""
    return frozenset(play.card for done in (*(t.plays for t in tricks), trick) for play in done)


def naturals(cards: Hand, twos: TwosWild | None) -> frozenset[Card]:
    """The natural cards of a hand: all of them, but no two in a twos-wild round."""
    return frozenset(card for card in cards if twos is None or card.rank is not Rank.TWO)


def shown_voids(
    spec: RoundSpec, tricks: Sequence[Trick], trick: Sequence[Play]
) -> list[tuple[int, Suit]]:
    """(seat, suit) for each time a seat did not follow the suit led (§1.8; a
    wild two declared outside the suit led, §2.0 TWOS_WILD rule 4)."""
    shown = []
    for plays in (*(t.plays for t in tricks), tuple(trick)):
        if plays and spec.play is PlayMode.HAND:
            led = plays[0].effective.suit
            shown += [(p.seat, led) for p in plays[1:] if p.effective.suit is not led]
    return shown


# --- walking an observation for cards -------------------------------------------------------

Memo: TypeAlias = dict[int, tuple[object, frozenset[Card]]]


def cards_in(value: object, memo: Memo) -> frozenset[Card]:
    """Every Card reachable from ``value``. A Play contributes its card, not the
    identity a wild two stands for (a declaration, not a card anyone holds);
    the RuleSet is skipped (it is the same for every seat and holds no cards)."""
    if isinstance(value, Card):
        return frozenset((value,))
    if value is None or isinstance(value, int | str | enum.Enum | RuleSet):
        return frozenset()
    hit = memo.get(id(value))
    if hit is not None:
        return hit[1]
    found: frozenset[Card]
    if isinstance(value, Hand):
        found = frozenset(value)
    elif isinstance(value, Play):
        found = frozenset((value.card,))
    elif isinstance(value, tuple | list | set | frozenset):
        found = frozenset().union(*(cards_in(item, memo) for item in value))
    elif isinstance(value, dict):
        found = frozenset().union(*(cards_in(item, memo) for item in (*value, *value.values())))
    elif attrs.has(kind := type(value)):
        fields = attrs.fields(kind)
        found = frozenset().union(*(cards_in(getattr(value, f.name), memo) for f in fields))
    elif isinstance(value, Value):  # the state's values (pyclag.engine.state)
        found = frozenset().union(*(cards_in(field, memo) for field in value.fields()))
    else:
        raise AssertionError(f"unexpected {type(value).__name__} in an observation: {value!r}")
    memo[id(value)] = (value, found)  # keep the value alive, so its id stays its own
    return found


def check_nothing_hidden(state: GameState, seat: int, memo: Memo) -> None:
    """The observation of ``state`` by ``seat`` holds no card that seat has not seen."""
    view = observe(state, seat)
    rnd = state.round
    setup = rnd.setup
    assert view.setup.deck is None
    assert all(result.setup.deck is None for result in view.history)
    assert len(view.history) == len(state.history)
    for public, result in zip(view.history, state.history, strict=True):
        turnup = shown_turnup(result.setup, Phase.ROUND_OVER)
        allowed = played(result.tricks) | ({turnup} if turnup else set())
        assert cards_in(public, memo) <= allowed, (result.setup.index, result.setup.played.label)
    shown = hand_shown(setup, rnd.phase)
    assert view.hand == (rnd.hands[seat] if shown else None)
    turnup = shown_turnup(setup, rnd.phase)
    assert view.turnup == turnup
    hidden_trump = setup.played.reveal is Reveal.AFTER_BIDS and rnd.phase is Phase.BID
    if hidden_trump or (setup.caller is not None and setup.call is None):  # §4.18, §2.3
        assert view.trump is None and view.round_rules is None
    allowed = played(rnd.tricks, rnd.trick) | ({turnup} if turnup else set())
    if shown:
        allowed |= set(rnd.hands[seat])
    rest = (getattr(view, f.name) for f in attrs.fields(Observation) if f.name != "history")
    found = frozenset().union(*(cards_in(value, memo) for value in rest))
    assert found <= allowed, (
        setup.index,
        setup.played.label,
        rnd.phase,
        sorted(found - allowed, key=str),
    )

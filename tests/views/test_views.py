"""Per-player observations and determinization (issue 4, items 1, 2 and 6).

:func:`pyclag.observe` shows one seat exactly what it may know at one moment
(RULES.md §2.0, Appendix B steps 4-7 and its test hooks, invariants 6 and 18):
its own hand unless it lies face down unseen, the hand sizes, the turn-up only
once it is shown, every bid, card, declaration and call made, the results, and
its legal actions. :func:`pyclag.determinize` goes back to a full state that
the seat cannot tell from the real one.

The games here are played with seeded random legal actions (for a play: a
card first, then what a wild two stands for, so that twos are not played at
the first chance), chance by :func:`pyclag.sample_chance`, every state kept.
What a seat may see is written out below from the rules (:func:`shown_turnup`,
:func:`hand_shown`), not read from the engine.
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Action,
    Bid,
    Card,
    Deal,
    GameState,
    Hand,
    Observation,
    Phase,
    Play,
    Rank,
    RoundSetup,
    RoundSpec,
    RulesError,
    RuleSet,
    ShuffleHands,
    Suit,
    Trick,
    determinize,
    observe,
)
from pyclag.errors import IllegalActionError
from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.trumps import DealerCalls, TurnUp

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
    event(f"{state.round.setup.spec.label or 'normal'}: {state.round.phase.value}")
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
    spec = setup.spec
    if not isinstance(spec.suits, TurnUp):  # No Trumps, misère without trumps, Dealer Calls
        return None
    if spec.reveal is Reveal.AFTER_BIDS and phase is Phase.BID:  # Guess, Scottish blind
        return None
    return deck[dealt]


def hand_shown(setup: RoundSetup, phase: Phase) -> bool:
    """Whether a seat sees its own cards: not during blind bids (Appendix B step 5)."""
    return not (phase is Phase.BID and setup.spec.bidding is Bidding.UNSEEN)


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

_Memo: TypeAlias = dict[int, tuple[object, frozenset[Card]]]


def cards_in(value: object, memo: _Memo) -> frozenset[Card]:
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
    else:
        raise AssertionError(f"unexpected {type(value).__name__} in an observation: {value!r}")
    memo[id(value)] = (value, found)  # keep the value alive, so its id stays its own
    return found


def check_nothing_hidden(state: GameState, seat: int, memo: _Memo) -> None:
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
        assert cards_in(public, memo) <= allowed, (result.setup.index, result.setup.spec.label)
    shown = hand_shown(setup, rnd.phase)
    assert view.hand == (rnd.hands[seat] if shown else None)
    turnup = shown_turnup(setup, rnd.phase)
    assert view.turnup == turnup
    hidden_trump = setup.spec.reveal is Reveal.AFTER_BIDS and rnd.phase is Phase.BID
    if hidden_trump or (setup.caller is not None and setup.call is None):  # §4.18, §2.3
        assert view.trump is None and view.round_rules is None
    allowed = played(rnd.tricks, rnd.trick) | ({turnup} if turnup else set())
    if shown:
        allowed |= set(rnd.hands[seat])
    rest = (getattr(view, f.name) for f in attrs.fields(Observation) if f.name != "history")
    found = frozenset().union(*(cards_in(value, memo) for value in rest))
    assert found <= allowed, (
        setup.index,
        setup.spec.label,
        rnd.phase,
        sorted(found - allowed, key=str),
    )


# --- 1. what a seat cannot know does not change its observation ----------------------------------


def permuted(
    deck: tuple[Card, ...], seen: frozenset[Card], free: bool, rng: random.Random
) -> tuple[Card, ...]:
    """``deck`` with the cards not ``seen`` permuted among their places: any of
    them (``free``), or only within a suit; never the identity if it can help it."""
    groups: dict[Suit | None, list[int]] = {}
    for place, card in enumerate(deck):
        if card not in seen:
            groups.setdefault(None if free else card.suit, []).append(place)
    new = list(deck)
    for places in groups.values():
        cards = [deck[place] for place in places]
        moved = rng.sample(cards, len(cards))
        if moved == cards:
            moved = moved[1:] + moved[:1]
        for place, card in zip(places, moved, strict=True):
            new[place] = card
    return tuple(new)


def unseen_swapped(moment: Moment, seat: int, rng: random.Random) -> list[tuple[Card, ...]]:
    """A pack per round dealt so far, with the cards ``seat`` has not seen at
    the moment permuted among themselves: in finished rounds the stock (the
    turn-up excepted, once shown); in the round in progress also the others'
    unplayed cards (and its own, while face down). Once a card has been played
    this round, only cards of one suit change places (so every past play stays
    legal), and in a twos-wild round never a two or a card a two stood for."""
    state = moment.state
    decks = [action.deck for action in moment.game.actions[: moment.at] if isinstance(action, Deal)]
    new = []
    for index, deck in enumerate(decks):
        if index < len(state.history):
            result = state.history[index]
            seen = played(result.tricks)
            if result.setup.turnup is not None:
                seen |= {result.setup.turnup}
            new.append(permuted(deck, seen, True, rng))
            continue
        rnd = state.round
        seen_cards = set(played(rnd.tricks, rnd.trick))
        if rnd.setup.turnup is not None:
            seen_cards.add(rnd.setup.turnup)
        if hand_shown(rnd.setup, rnd.phase):
            seen_cards |= set(rnd.hands[seat])
        started = bool(rnd.tricks or rnd.trick)
        if started and rnd.setup.spec.twos is not None:
            seen_cards |= {card for card in DECK if card.rank is Rank.TWO}
            seen_cards |= {
                play.as_card
                for done in (*(t.plays for t in rnd.tricks), rnd.trick)
                for play in done
                if play.as_card is not None
            }
        new.append(permuted(deck, frozenset(seen_cards), not started, rng))
    return new


def replayed(game: Game, at: int, decks: Sequence[tuple[Card, ...]]) -> GameState:
    """The first ``at`` actions of ``game`` again, dealt from ``decks``; the RAF
    blind face-down orders follow the cards to their new places."""
    state = pyclag.new_game(game.rules, players=game.players, first_dealer=game.first_dealer)
    new_decks = iter(decks)
    moved: dict[Card, Card] = {}
    for action in game.actions[:at]:
        if isinstance(action, Deal):
            deck = next(new_decks)
            moved = dict(zip(action.deck, deck, strict=True))
            action = Deal(deck)
        elif isinstance(action, ShuffleHands):
            action = ShuffleHands(tuple(tuple(moved[c] for c in order) for order in action.orders))
        state = pyclag.apply(state, action)
    return state


@settings(max_examples=150)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16))
def test_states_that_differ_only_in_what_the_seat_cannot_know_give_equal_observations(
    moment: Moment, seat_pick: int, seed: int
) -> None:
    """Issue 4, item 1: "two states that differ only in what the seat cannot
    know give equal observations"."""
    seat = seat_pick % moment.game.players
    real = moment.state
    decks = unseen_swapped(moment, seat, random.Random(seed))
    other = replayed(moment.game, moment.at, decks)
    view = observe(real, seat)
    assert observe(other, seat) == view
    if real.round.to_act == seat:
        assert pyclag.legal_actions(other) == pyclag.legal_actions(real) == view.legal
    # The test has teeth: the states do differ, and the other seats can tell.
    old_decks = [a.deck for a in moment.game.actions[: moment.at] if isinstance(a, Deal)]
    assert (other != real) == (list(decks) != old_decks)
    for watcher in range(moment.game.players):
        moved = other.round.masks[watcher] != real.round.masks[watcher]
        if watcher != seat and moved and hand_shown(real.round.setup, real.round.phase):
            assert observe(other, watcher) != observe(real, watcher)


def test_a_hidden_turnup_and_hidden_hands_are_what_the_property_swaps() -> None:
    """The swap above reaches what invariant 18 hides: a Guess Trumps turn-up
    before the last bid, and in the Scottish blind the turn-up and the seat's
    own face-down cards too; the observation stays the same while the trump
    suit and the hands change."""
    game = preset_game("scottish", 3, 1)
    checked = set()
    for at, state in enumerate(game.states):
        spec, phase = state.round.setup.spec, state.round.phase
        if phase is not Phase.BID or spec.reveal is not Reveal.AFTER_BIDS:
            continue
        for attempt in range(20):
            decks = unseen_swapped(Moment("scottish", game, at), 0, random.Random(attempt))
            other = replayed(game, at, decks)
            real_deck, other_deck = state.round.setup.deck, other.round.setup.deck
            assert real_deck is not None and other_deck is not None
            dealt = 3 * state.round.setup.hand_size
            if other_deck[dealt].suit is not real_deck[dealt].suit:
                assert observe(other, 0) == observe(state, 0)
                assert other.round.masks[1:] != state.round.masks[1:]
                own_moved = other.round.masks[0] != state.round.masks[0]
                assert own_moved == (spec.bidding is Bidding.UNSEEN)
                checked.add(spec.bidding)
                break
    assert checked == {Bidding.SEEN, Bidding.UNSEEN}


# --- 2. legal actions from the observation alone ------------------------------------------------


@settings(max_examples=150)
@given(moments(), st.integers(0, 2**16))
def test_every_legal_action_of_the_seat_can_be_computed_from_its_observation(
    moment: Moment, seed: int
) -> None:
    """Issue 4, item 1: "every legal action of the seat can be computed from its
    observation alone" -- a determinized state has the same legal actions."""
    state = moment.state
    actor = state.round.to_act
    for seat in range(moment.game.players):
        view = observe(state, seat)
        if seat == actor:
            assert view.legal == pyclag.legal_actions(state)
            assert view.legal, "the seat to act has something to do"
            guess = determinize(view, random.Random(seed))
            assert pyclag.legal_actions(guess) == view.legal
        else:
            assert view.legal == ()


# --- 3. determinize: consistent with the observation ---------------------------------------------


@settings(max_examples=150)
@given(moments(), st.integers(0, 2**16))
def test_the_observation_of_a_determinized_state_is_the_observation(
    moment: Moment, seed: int
) -> None:
    """Issue 4, item 2: "the observation of the determinized state equals the
    original observation"; hand sizes kept; known voids respected (a seat that
    failed to follow a suit holds no natural card of it, a two declared out of a
    suit's place tells the same)."""
    state = moment.state
    rng = random.Random(seed)
    for seat in range(moment.game.players):
        view = observe(state, seat)
        guess = determinize(view, rng)
        assert observe(guess, seat) == view
        rnd = guess.round
        assert tuple(len(hand) for hand in rnd.hands) == view.hand_sizes
        if view.hand is not None and view.phase is not Phase.GAME_OVER:
            assert rnd.hands[seat] == view.hand
        spec = rnd.setup.spec
        for shower, suit in shown_voids(spec, rnd.tricks, rnd.trick):
            assert not naturals(rnd.hands[shower].of_suit(suit), spec.twos), (shower, suit)
        twos = spec.twos
        for done in (*(t.plays for t in rnd.tricks), rnd.trick):
            if twos is None or not done:
                continue
            if not twos.may_lead and done[0].card.rank is Rank.TWO:  # rule 6: only from twos
                assert all(card.rank is Rank.TWO for card in rnd.hands[done[0].seat])
            if not twos.any_identity:  # rule 7: not a card one holds
                assert all(p.as_card not in rnd.hands[p.seat] for p in done if p.as_card)


def test_determinize_places_every_unseen_card() -> None:
    """Issue 4, item 2: "every unseen card placed": the hands of a determinized
    state, the cards played and the pack agree, and the seat's own hand, the
    turn-up and the cards played are where the observation puts them."""
    game = preset_game("pagat", 5, 3)
    rng = random.Random(0)
    changed = 0
    for state in game.states[::9]:
        for seat in range(5):
            view = observe(state, seat)
            guess = determinize(view, rng)
            deck = guess.round.setup.deck
            if deck is None:
                continue
            assert sorted(deck, key=lambda c: c.index) == list(DECK)
            rnd = guess.round
            held = [set(hand) for hand in rnd.hands]
            assert sum(map(len, held)) == len(set().union(*held))
            gone = played(rnd.tricks, rnd.trick)
            assert not gone & set().union(*held)
            assert rnd.setup.turnup == view.turnup
            assert view.hand is None or rnd.hands[seat] == view.hand
            changed += rnd.masks != state.round.masks
    assert changed > 100, "determinize draws hands other than the real ones"


# --- 4. every consistent placement of a small endgame can occur ------------------------------


@dataclass(frozen=True)
class Endgame:
    rules: RuleSet
    game: Game
    seat: int

    @property
    def others(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s != self.seat)


Placement: TypeAlias = tuple[frozenset[Card], ...]


def splits(cards: Sequence[Card], sizes: Sequence[int]) -> Iterator[Placement]:
    """Every way to deal ``cards`` into hands of ``sizes``."""
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in first]
        for tail in splits(rest, sizes[1:]):
            yield (frozenset(first), *tail)


def consistent_placements(endgame: Endgame) -> set[Placement]:
    """By brute force: every placement of the cards the seat has not seen, in
    hands of the right sizes, from which the engine accepts every action
    taken so far (so the voids come from the rules, not from pyclag.views)."""
    game, seat = endgame.game, endgame.seat
    state = game.states[-1]
    rnd = state.round
    view = observe(state, seat)
    assert view.hand is not None
    mine = frozenset(view.hand)
    gone: list[list[Card]] = [[] for _ in range(4)]
    for done in (*(t.plays for t in rnd.tricks), rnd.trick):
        for p in done:
            gone[p.seat].append(p.card)
    unseen = [card for card in DECK if card not in mine | played(rnd.tricks, rnd.trick)]
    found = set()
    for placement in splits(unseen, [view.hand_sizes[s] for s in endgame.others]):
        hands = dict(zip(endgame.others, placement, strict=True)) | {seat: mine}
        deck: list[Card | None] = [None] * 52
        for s in range(4):
            deck[(s - rnd.setup.dealer - 1) % 4 :: 4] = gone[s] + sorted(hands[s], key=str)
        again = pyclag.new_game(endgame.rules, players=4)
        try:
            again = pyclag.apply(again, Deal(tuple(c for c in deck if c is not None)))
            for action in game.actions[1:]:
                again = pyclag.apply(again, action)
        except IllegalActionError:
            continue
        assert observe(again, seat) == view
        found.add(placement)
    return found


def find_endgame(spec: RoundSpec) -> tuple[Endgame, set[Placement]]:
    """A 13-card round for four (the whole pack dealt, no stock) played to its
    last two tricks, seen by a seat for which another seat has shown a void
    that rules placements out (and, with wild twos, a two is still unseen and
    one was declared out of the suit led)."""
    rules = pyclag.NORMAL.with_schedule([spec])
    for seed in range(500):
        game = play(rules, 4, seed, stop=1 + 4 + 4 * 11)  # the deal, the bids, 11 tricks
        rnd = game.states[-1].round
        for seat in range(4):
            endgame = Endgame(rules, game, seat)
            voids = [s for s, _ in shown_voids(spec, rnd.tricks, rnd.trick) if s != seat]
            if not voids:
                continue
            if spec.twos is not None:
                gone = played(rnd.tricks, rnd.trick) | set(rnd.hands[seat])
                if all(c in gone for c in DECK if c.rank is Rank.TWO):
                    continue
                if not any(
                    p.as_card is not None
                    and p.seat != seat
                    and p.as_card.suit is not t.plays[0].effective.suit
                    for t in rnd.tricks
                    for p in t.plays[1:]
                ):
                    continue
            placements = consistent_placements(endgame)
            sizes = [len(rnd.hands[s]) for s in endgame.others]
            every = math.factorial(sum(sizes)) // math.prod(map(math.factorial, sizes))
            if 4 < len(placements) < every:
                return endgame, placements
    raise AssertionError("no endgame with a telling void in 500 deals")


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param(RoundSpec(13), id="normal"),
        pytest.param(RoundSpec(13, twos=TwosWild()), id="twos-wild"),
        pytest.param(
            RoundSpec(
                13,
                twos=TwosWild(
                    natural_suit=True, may_lead=False, any_identity=False, wild_trumps=False
                ),
            ),
            id="twos-wild-options",
        ),
    ],
)
def test_every_consistent_placement_of_a_small_endgame_can_occur(spec: RoundSpec) -> None:
    """Issue 4, item 2: "across many samples every consistent placement of a
    small endgame can occur" -- and nothing else does: the placements drawn
    are exactly the consistent ones."""
    endgame, placements = find_endgame(spec)
    view = observe(endgame.game.states[-1], endgame.seat)
    rng = random.Random(2024)
    drawn = set()
    for sample in range(2000):
        guess = determinize(view, rng)
        if sample < 20:
            assert observe(guess, endgame.seat) == view
        drawn.add(tuple(frozenset(guess.round.hands[s]) for s in endgame.others))
    assert drawn == placements


# --- 5. no hidden card reaches an observation -----------------------------------------------------


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_no_hidden_card_reaches_an_observation(name: str, players: int) -> None:
    """Issue 4: "no hidden card reaches an observation in any preset": every card
    in an observation is the seat's own (while it may look at them), played,
    or a turn-up that was shown; the pack never appears."""
    game = play(PRESETS[name], players, seed=players, first_dealer=players - 1)
    memo: _Memo = {}
    last: tuple[int, Phase] | None = None
    for at, state in enumerate(game.states):
        moment = (state.round.setup.index, state.round.phase)
        if moment == last and at % 5:  # every change of phase, and every fifth state
            continue
        last = moment
        for seat in range(players):
            check_nothing_hidden(state, seat, memo)


@settings(max_examples=60)
@given(moments())
def test_observe_shows_the_table(moment: Moment) -> None:
    """Issue 4, item 1: the observation holds every bid made, every card played
    and by whom, wild-two declarations, tricks won, scores, the rule set, the
    dealer, the caller and the call, whose turn it is and the hand sizes; the
    finished rounds and the round's setup as they were, less the pack."""
    state = moment.state
    rnd = state.round
    for seat in range(state.players):
        view = observe(state, seat)
        assert view.seat == seat
        assert view.rules == state.rules
        assert view.phase is pyclag.phase(state)
        assert view.to_act == pyclag.next_actor(state)
        assert view.bids == rnd.bids
        assert view.trick == rnd.trick
        assert view.tricks == rnd.tricks
        assert view.tricks_won == rnd.tricks_won
        assert view.hand_sizes == tuple(len(hand) for hand in rnd.hands)
        assert view.scores == state.scores
        assert view.players == state.players
        assert view.first_dealer == state.first_dealer
        assert (view.dealer, view.caller, view.call) == (
            rnd.dealer,
            rnd.setup.caller,
            rnd.setup.call,
        )
        assert view.setup == attrs.evolve(rnd.setup, deck=None)
        assert view.history == tuple(
            attrs.evolve(result, setup=attrs.evolve(result.setup, deck=None))
            for result in state.history
        )


# --- the deal types, one by one (Appendix B test hooks, invariants 6 and 18) -------------------


def special_states(names: Sequence[str], **where: object) -> Iterator[GameState]:
    """The states of four-player games of presets ``names`` (two seeds each)
    whose round spec has the attribute values ``where``."""
    for name in names:
        for seed in (0, 1):
            for state in preset_game(name, 4, seed).states:
                spec = state.round.setup.spec
                if all(getattr(spec, key) == value for key, value in where.items()):
                    yield state


def views(state: GameState) -> list[Observation]:
    return [observe(state, seat) for seat in range(state.players)]


def real_turnup(state: GameState) -> Card:
    setup = state.round.setup
    assert setup.deck is not None
    return setup.deck[setup.players * setup.hand_size]


def test_invariant_18_guess_trumps_hides_the_turnup_until_the_last_bid() -> None:
    """§4.18: "GUESS: the trump is hidden from all players until the last bid
    is recorded"; then every seat sees the turn-up."""
    bidding = playing = 0
    for state in special_states(
        ("wikipedia", "scottish", "indonesian", "pagat"),
        reveal=Reveal.AFTER_BIDS,
        bidding=Bidding.SEEN,
    ):
        phase = state.round.phase
        for view in views(state):
            if phase is Phase.BID:
                assert (view.turnup, view.trump, view.round_rules) == (None, None, None)
                assert view.hand == state.round.hands[view.seat]
                bidding += 1
            elif phase is Phase.PLAY:
                assert view.turnup == real_turnup(state)
                assert view.trump is real_turnup(state).suit
                playing += 1
    assert bidding and playing


def test_invariant_18_scottish_blind_hides_own_cards_and_trumps_while_bidding() -> None:
    """§4.18: "BLIND_*: no player can see their own hand when bidding. BLIND_NK: no
    trump is visible when bidding" (the Scottish blind, and WP-OLD's blind under
    ``blind_trump_visible=False``); the bids are offered without them."""
    bidding = playing = 0
    for state in special_states(
        ("scottish", "wikipedia-six-options"), reveal=Reveal.AFTER_BIDS, bidding=Bidding.UNSEEN
    ):
        phase = state.round.phase
        for view in views(state):
            if phase is Phase.BID:
                assert (view.hand, view.turnup, view.trump) == (None, None, None)
                if view.to_act == view.seat:
                    assert all(isinstance(action, Bid) for action in view.legal)
                bidding += 1
            elif phase is Phase.PLAY:
                assert view.hand == state.round.hands[view.seat]
                assert view.turnup == real_turnup(state)
                playing += 1
    assert bidding and playing


@pytest.mark.parametrize("mode", [PlayMode.HAND, PlayMode.DEALT_ORDER])
def test_invariant_18_blind_and_roll_em_bids_hide_only_the_own_hand(mode: PlayMode) -> None:
    """§4.18 and Appendix B step 5: in the WP-OLD blind and Roll 'Em the bids are
    made without looking at one's own cards, the turn-up shown (A16); after the
    last bid the blind's hands are picked up, and Roll 'Em plays itself."""
    bidding = after = 0
    for state in special_states(
        ("wikipedia-six",), reveal=Reveal.BEFORE_BIDS, bidding=Bidding.UNSEEN, play=mode
    ):
        rnd = state.round
        for view in views(state):
            if rnd.phase is Phase.BID:
                assert view.hand is None
                assert view.hand_sizes == (7, 7, 7, 7)
                assert view.turnup == real_turnup(state)
                bidding += 1
            elif rnd.phase is Phase.PLAY:
                assert mode is PlayMode.HAND
                assert view.hand == rnd.hands[view.seat]
                after += 1
    assert bidding
    if mode is PlayMode.HAND:
        assert after
    else:  # the next state after the last bid is the next round, Roll 'Em played and public
        game = preset_game("wikipedia-six", 4, 0)
        roll = next(i for i, s in enumerate(game.states) if s.round.setup.spec.play is mode)
        done = next(s for s in game.states[roll:] if s.round.setup.spec.play is not mode)
        result = observe(done, 0).history[-1]
        assert len(result.tricks) == 7 and result.setup.deck is None


def test_pagat_deal_11_blind_bids_come_before_any_card() -> None:
    """§2.5 deal 11 (Appendix B step 2): the bids come before the deal, so an
    observation then holds no card at all, and the bids offered are 0..7."""
    before = 0
    for state in special_states(("wikipedia", "indonesian", "pagat"), bidding=Bidding.BEFORE_DEAL):
        if state.round.phase is Phase.BID_BEFORE_DEAL:
            memo: _Memo = {}
            for view in views(state):
                assert view.hand == Hand()
                assert view.hand_sizes == (0, 0, 0, 0)
                assert view.turnup is None and view.trump is None
                assert not cards_in(view.setup, memo) and not cards_in(view.legal, memo)
                if view.to_act == view.seat:
                    assert view.legal == pyclag.legal_actions(state)
                    assert all(isinstance(action, Bid) for action in view.legal)
                    if view.seat != view.dealer:  # only the dealer is hooked (§4.16)
                        assert view.legal == tuple(Bid(view.seat, n) for n in range(8))
                before += 1
    assert before


def test_dealer_calls_shows_no_turnup_and_then_the_declared_trump() -> None:
    """§2.0 DEALER_CALLS: no turn-up; the trump is unknown until the dealer
    names it, then every seat sees it."""
    declaring = after = 0
    for state in special_states(("pagat",)):
        if not isinstance(PRESETS["pagat"].round_spec(state.round.setup.index).suits, DealerCalls):
            continue
        phase = state.round.phase
        for view in views(state):
            assert view.turnup is None
            if phase is Phase.DECLARE_TRUMP:
                assert view.trump is None and view.round_rules is None
                declaring += 1
            elif phase in (Phase.BID, Phase.PLAY):
                assert view.trump is state.round.trump is not None
                after += 1
    assert declaring and after


@pytest.mark.parametrize("name", ["raf", "raf-options"])
def test_invariant_6_raf_called_deals_show_no_turnup(name: str) -> None:
    """§4.6: no turn-up is exposed in an RAF deal with a caller (under
    ``raf_trumps_from_turnup``, only once a turn-up call is made); before the call
    nobody knows the trump, afterwards everybody sees the call."""
    kinds = set()
    for players, seed in itertools.product((3, 5), range(12)):
        for state in preset_game(name, players, seed).states:
            setup = state.round.setup
            if setup.caller is None:
                continue
            for view in views(state):
                assert view.caller == setup.caller
                assert view.call == setup.call
                if setup.call is None:
                    assert (view.turnup, view.trump, view.round_rules) == (None, None, None)
                elif isinstance(setup.call.suits, TurnUp):
                    assert view.turnup == real_turnup(state)
                    assert view.trump is real_turnup(state).suit
                else:
                    assert view.turnup is None
                    if isinstance(setup.call.suits, Suit):
                        assert view.trump is setup.call.suits
            if setup.call is not None:
                kinds.add(type(setup.call.suits).__name__)
    # A19: under raf_trumps_from_turnup the caller calls "the turn-up" instead of a suit.
    trumps = "TurnUp" if name == "raf-options" else "Suit"
    assert kinds == {trumps, "NoTrumps", "Precedence"}


def test_raf_blind_shows_own_cards_but_not_their_order() -> None:
    """§2.3 Blind: "every player shuffles their own hand, lays it face down":
    before the shuffle a seat knows its cards (a set, no order); the piles it
    plays from are public only once played, in the order played."""
    shuffles = 0
    for name in ("raf", "raf-options"):
        game = preset_game(name, 4, 5)
        for at, state in enumerate(game.states):
            if state.round.phase is not Phase.SHUFFLE:
                continue
            for view in views(state):
                assert view.hand == state.round.hands[view.seat]
                assert view.setup.piles is None
            after = observe(game.states[at + 1], 0).history[-1]
            assert after.setup.piles is not None
            for seat, pile in enumerate(after.setup.piles):
                assert pile == tuple(
                    p.card for t in after.tricks for p in t.plays if p.seat == seat
                )
            shuffles += 1
    assert shuffles


def test_the_pack_is_never_in_an_observation() -> None:
    """The pack (``setup.deck``) is the dealer's secret: it is None in every
    observation and every finished round it holds, the game over too."""
    for name in PRESETS:
        game = preset_game(name, 4, 11)
        for state in (*game.states[::17], game.states[-1]):
            for view in views(state):
                assert view.setup.deck is None
                assert all(result.setup.deck is None for result in view.history)


# --- 6. refusals ---------------------------------------------------------------------------------


def test_observe_refuses_what_is_not_a_state_or_a_seat() -> None:
    state = pyclag.new_game(pyclag.NORMAL, players=4)
    with pytest.raises(TypeError, match="observe"):
        observe(None, 0)  # type: ignore[arg-type]
    for seat in (9, 4, -1, "1", True, 1.0, None):
        with pytest.raises(RulesError, match="seat"):
            observe(state, seat)  # type: ignore[arg-type]


def test_determinize_refuses_what_is_not_an_observation_or_an_rng() -> None:
    view = observe(pyclag.new_game(pyclag.NORMAL, players=4), 0)
    with pytest.raises(TypeError, match="determinize"):
        determinize("x", random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng"):
        determinize(view, None)  # type: ignore[arg-type]

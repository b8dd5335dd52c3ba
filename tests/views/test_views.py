"""Observations and determinization: what a seat cannot know does not change its observation,
its legal actions follow from the observation alone, and a determinized state is consistent
with it.

:func:`pyclag.observe` shows one seat exactly what it may know at one moment
(RULES.md §2.0, Appendix B steps 4-7 and its test hooks, invariants 6 and 18):
its own hand unless it lies face down unseen, the hand sizes, the turn-up only
once it is shown, every bid, card, declaration and call made, the results, and
its legal actions. :func:`pyclag.determinize` goes back to a full state that
the seat cannot tell from the real one.

The games are played as :mod:`tests.views.games` describes; what a seat may see
is written out there from the rules, not read from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    DECK,
    Card,
    Deal,
    GameState,
    Phase,
    Rank,
    ShuffleHands,
    Suit,
    determinize,
    observe,
)
from pyclag.rules.deals import Bidding, Reveal
from tests.views.games import (
    Game,
    Moment,
    hand_shown,
    moments,
    naturals,
    played,
    preset_game,
    shown_voids,
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
        if started and rnd.setup.played.twos is not None:
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
            action = ShuffleHands(tuple(tuple(moved[c] for c in order) for order in action.piles))
        state = pyclag.apply(state, action)
    return state


@settings(max_examples=150)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16))
def test_states_that_differ_only_in_what_the_seat_cannot_know_give_equal_observations(
    moment: Moment, seat_pick: int, seed: int
) -> None:
    """Required: "two states that differ only in what the seat cannot
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
        spec, phase = state.round.setup.played, state.round.phase
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
    """Required: "every legal action of the seat can be computed from its
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
    """Required: "the observation of the determinized state equals the
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
        spec = rnd.setup.played
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
    """Required: "every unseen card placed": the hands of a determinized
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

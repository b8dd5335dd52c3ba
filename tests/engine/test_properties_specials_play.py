"""Hypothesis properties for the special-deal invariants of RULES.md §4 in play: follow-suit,
face-down piles, precedence and wild twos (invariants 22, 23, 25 and 27).

Each test is named after the invariant it checks and quotes its wording. Most
draw a table of one of the five presets (a player count in the preset's range,
a first dealer and some of its options) and play a whole game with seeded
random legal actions, every state kept (:mod:`tests.engine.special_games`). The
expectations come from the preset tables of RULES.md §2 written out there, not
from the rule set pyclag builds, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Card,
    Phase,
    Play,
    Rank,
    RoundRules,
    Suit,
)
from pyclag.rules import Precedence, RankOrder
from pyclag.scoring import SCHEMES
from tests.engine.special_games import (
    PRESETS,
    TWOS_OPTIONS,
    TWOS_PRESETS,
    Game,
    Kind,
    can_follow,
    dealt_piles,
    games,
    natural_tricks,
    piles_played,
    turns,
)
from tests.helpers import rank_value

# --- play --------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=25)
@given(data=st.data())
def test_inv22_players_follow_suit(preset: str, data: st.DataObject) -> None:
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
def test_inv23_face_down_piles_are_played_in_order(preset: str, data: st.DataObject) -> None:
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


def precedence_winner(plays: Sequence[Play], order: Sequence[Suit], ranks: RankOrder) -> int:
    """§1.8 / A35: the largest (position of the suit, top highest; rank)."""
    best = max(
        plays, key=lambda p: (4 - list(order).index(p.card.suit), rank_value(p.card.rank, ranks))
    )
    return best.seat


@given(natural_tricks(), st.permutations(list(Suit)), st.sampled_from(RankOrder))
def test_inv25_precedence_winner_ignores_the_led_suit(
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
def test_inv25_raf_precedence_tricks_go_to_the_top_suit(game: Game) -> None:
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
def test_inv27_wild_twos_in_play(preset: str, data: st.DataObject) -> None:
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
        if pyclag.phase(state) is not Phase.PLAY or rnd.setup.played.twos is None:
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
def test_inv27_the_seat_to_play_always_has_a_legal_play(
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


def test_inv27_a_lone_two_of_the_led_suit_with_nothing_to_name_can_be_played() -> None:
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
def test_inv27_a_two_declared_as_the_winner_beats_it(
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

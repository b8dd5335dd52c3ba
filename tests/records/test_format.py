"""Game records (DESIGN.md §6): the exact §6 format ``dump`` writes, and records that stop part-way."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import pyclag
from pyclag import NORMAL, Card, GameState, Phase, RuleSet, presets
from pyclag.engine.decisions import round_phases
from pyclag.presets import RAF, WIKIPEDIA
from pyclag.records import dump, load, replay, summary
from pyclag.rules.deals import PlayMode
from pyclag.rules.trumps import DealerCalls
from tests.helpers import deck_from
from tests.records.corpus import (
    CALL_KEYS,
    RAF_ELDEST,
    RECORD_KEYS,
    ROUND_KEYS,
    SIX,
    seeded_game,
    seeded_states,
)

# --- the exact §6 format --------------------------------------------------------------------

FORMAT_GAMES: list[tuple[RuleSet, int, int]] = [
    (WIKIPEDIA, 4, 2),
    (WIKIPEDIA, 3, 5),
    (SIX, 5, 1),
    (presets.SCOTTISH, 3, 7),
    (presets.INDONESIAN, 5, 4),
    (RAF_ELDEST, 4, 0),
    (RAF, 5, 3),
]


def test_dump_layout_is_one_field_a_line_and_one_round_a_line() -> None:
    state = seeded_game(NORMAL.with_schedule([2, 1]), 3, 4)
    lines = dump(state).split("\n")
    assert lines[0] == "{"
    assert lines[1:7] == [
        '  "format": "pyclag/1",',
        '  "preset": "normal",',
        '  "options": {},',
        '  "schedule": [2, 1],',
        '  "players": 3,',
        '  "first_dealer": 0,',
    ]
    assert lines[7] == '  "rounds": ['
    assert [line[:13] for line in lines[8:10]] == ['    {"deck": '] * 2
    assert lines[8].endswith("]},")
    assert lines[9].endswith("]}")
    assert lines[10:] == ["  ]", "}"]
    assert dump(pyclag.new_game(NORMAL, 3)).split("\n")[-2:] == ['  "rounds": []', "}"]


def _dealt(deck: list[str], dealer: int, players: int, hand_size: int) -> list[set[str]]:
    """§1.4 as §6 states it: card i (i < N*h) goes to seat (dealer + 1 + i) % N."""
    hands: list[set[str]] = [set() for _ in range(players)]
    for i in range(players * hand_size):
        hands[(dealer + 1 + i) % players].add(deck[i])
    return hands


@pytest.mark.parametrize(
    ("rules", "players", "seed"), FORMAT_GAMES, ids=[f"{r.name}-{p}" for r, p, _ in FORMAT_GAMES]
)
def test_dump_writes_the_section_6_fields_exactly(rules: RuleSet, players: int, seed: int) -> None:
    state = seeded_game(rules, players, seed)
    record = json.loads(dump(state))
    present = [key for key in RECORD_KEYS if key in record]
    assert list(record) == present
    assert record["format"] == "pyclag/1"
    assert record["preset"] == rules.name
    assert record["players"] == players
    assert len(record["rounds"]) == len(state.history)
    for number, (rnd, result) in enumerate(zip(record["rounds"], state.history, strict=True)):
        setup = result.setup
        n, h, dealer = players, result.hand_size, setup.dealer
        assert dealer == number % players
        assert list(rnd) == [key for key in ROUND_KEYS if key in rnd]
        # the deck: all 52 cards, top first; the deal and the turn-up come from it
        deck = rnd["deck"].split(" ")
        assert len(deck) == 52
        assert set(map(Card.parse, deck)) == set(pyclag.DECK)
        assert tuple(map(Card.parse, deck)) == setup.deck
        if setup.turnup is not None:
            assert str(setup.turnup) == deck[n * h]
        # hand_size only where the dealer chooses it (RAF)
        assert ("hand_size" in rnd) == (rules.name == "raf")
        if "hand_size" in rnd:
            assert rnd["hand_size"] == h
        # call only on RAF rounds that have a caller
        assert ("call" in rnd) == (setup.call is not None)
        if setup.call is not None:
            call = rnd["call"]
            assert list(call) == list(CALL_KEYS)
            assert re.fullmatch(r"trumps:[CDHS]|no-trumps|precedence:[CDHS]{4}", call["suits"])
            assert call["madness"] in (None, "ascending", "descending")
            assert [call[flag] for flag in CALL_KEYS[1:4]] == [
                setup.call.nuloss,
                setup.call.blind,
                setup.call.misere,
            ]
        # trump only on dealer-calls rounds: the suit named, null for no trumps
        dealer_calls = isinstance(rules.round_spec(number).suits, DealerCalls)
        assert ("trump" in rnd) == dealer_calls
        if dealer_calls:
            trump = setup.round_rules.trump if setup.round_rules else None
            assert rnd["trump"] == (None if trump is None else trump.letter)
        # blind_orders only on RAF blind rounds: each seat's own cards, face down
        blind = setup.call is not None and setup.call.blind
        assert ("blind_orders" in rnd) == blind
        if blind:
            hands = _dealt(deck, dealer, n, h)
            assert [set(pile) for pile in rnd["blind_orders"]] == hands
            assert [tuple(map(Card.parse, pile)) for pile in rnd["blind_orders"]] == list(
                setup.piles or ()
            )
        # bids in bidding order (eldest first), omitted where forced
        forced = all(b == 0 for b in result.bids) and Phase.BID not in round_phases(
            setup.played, pyclag.NORMAL
        )
        no_bids = all(b is None for b in result.bids)
        assert ("bids" in rnd) == (not forced and not no_bids)
        if "bids" in rnd:
            assert rnd["bids"] == [result.bids[(dealer + 1 + i) % n] for i in range(n)]
        # plays in playing order; none where the piles play themselves
        played = [play for trick in result.tricks for play in trick.plays]
        assert len(played) == n * h
        if setup.played.play is PlayMode.HAND:
            texts = [str(p.card) if p.as_card is None else f"{p.card}={p.as_card}" for p in played]
            assert rnd["plays"] == texts
        else:
            assert "plays" not in rnd
        # card i of the deck went to seat (dealer + 1 + i) % N: what each seat played
        hands = _dealt(deck, dealer, n, h)
        for seat in range(n):
            assert {str(p.card) for p in played if p.seat == seat} == hands[seat]


def test_dump_section_6_corpus_covers_every_optional_field() -> None:
    seen: set[str] = set()
    wild: list[str] = []
    forced_rounds = 0
    for rules, players, seed in FORMAT_GAMES:
        for rnd in json.loads(dump(seeded_game(rules, players, seed)))["rounds"]:
            seen.update(rnd)
            wild += [p for p in rnd.get("plays", []) if "=" in p]
            forced_rounds += "bids" not in rnd
    assert seen == set(ROUND_KEYS)
    assert forced_rounds >= 5
    assert wild
    assert all(re.fullmatch(r"2[CDHS]=[2-9TJQKA][CDHS]", p) for p in wild)


def test_wild_two_is_written_two_equals_card() -> None:
    spec = WIKIPEDIA.schedule[11]
    state = pyclag.deal(
        pyclag.new_game(WIKIPEDIA.with_schedule([spec]), 4), deck=deck_from("2H 5C 3C 4C")
    )
    for bid in (1, 1, 1, 1):
        state = pyclag.bid(state, bid)
    state = pyclag.play(state, Card.parse("2H"), Card.parse("AC"))
    record = json.loads(dump(state))
    assert record["rounds"][0]["plays"] == ["2H=AC"]
    assert record["rounds"][0]["bids"] == [1, 1, 1, 1]
    assert replay(load(dump(state))) == state


# --- a record may stop part-way -----------------------------------------------------------------


def _decisions(rnd: dict[str, Any], bids_first: bool) -> list[tuple[str, int | None]]:
    """A round record's decisions in the order the round takes them (Appendix B):
    (field, None) for a one-off field, (field, k) for the k-th bid or play."""
    singles = {key: [(key, None)] for key in ("hand_size", "deck", "call", "trump", "blind_orders")}
    bids = [("bids", k) for k in range(len(rnd.get("bids", [])))]
    plays = [("plays", k) for k in range(len(rnd.get("plays", [])))]
    order: list[tuple[str, int | None]] = []
    if bids_first:  # Pagat blind: bids before the deal
        order += bids
    for key in ("hand_size", "deck", "call", "trump"):
        order += singles[key] if key in rnd else []
    if not bids_first:
        order += bids
    order += singles["blind_orders"] if "blind_orders" in rnd else []
    return order + plays


def _prefix(rnd: dict[str, Any], decisions: list[tuple[str, int | None]]) -> dict[str, Any]:
    """The round record holding only ``decisions``."""
    out: dict[str, Any] = {}
    for key, k in decisions:
        if k is None:
            out[key] = rnd[key]
        else:
            out.setdefault(key, []).append(rnd[key][k])
    return {key: out[key] for key in ROUND_KEYS if key in out}


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        (WIKIPEDIA.with_schedule([2, *WIKIPEDIA.schedule[7:15]]), 3, 5),
        (SIX.with_schedule(SIX.schedule[7:13]), 3, 2),
        (RAF_ELDEST.with_options(num_deals=5), 4, 0),
        (presets.SCOTTISH.with_schedule([3, *presets.SCOTTISH.schedule[7:11]]), 4, 1),
    ],
    ids=["wikipedia-specials", "six-specials", "raf-eldest", "scottish-specials"],
)
def test_truncated_record_replays_to_the_state_after_the_same_actions(
    rules: RuleSet, players: int, seed: int
) -> None:
    states = list(seeded_states(rules, players, seed))
    record = json.loads(dump(states[-1]))
    reached: list[GameState] = [pyclag.new_game(rules, players)]
    for number, rnd in enumerate(record["rounds"]):
        spec = states[-1].history[number].setup.played
        decisions = _decisions(
            rnd, bids_first=Phase.BID_BEFORE_DEAL in round_phases(spec, pyclag.NORMAL)
        )
        for cut in range(len(decisions) + 1):
            partial = dict(
                record, rounds=[*record["rounds"][:number], _prefix(rnd, decisions[:cut])]
            )
            state = replay(load(json.dumps(partial)))
            if state != reached[-1]:
                reached.append(state)
    # every prefix gives the next state of the game played action by action
    assert reached == states


def test_truncated_last_round_without_its_plays_waits_for_the_first_play() -> None:
    state = seeded_game(NORMAL.with_schedule([3, 4]), 4, 2)
    record = json.loads(dump(state))
    del record["rounds"][1]["plays"]
    partial = replay(load(json.dumps(record)))
    assert pyclag.phase(partial) is Phase.PLAY
    assert len(partial.history) == 1
    assert partial.scores == state.history[0].totals
    assert summary(partial)["winners"] is None

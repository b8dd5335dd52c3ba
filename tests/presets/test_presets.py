"""The five presets, clause by clause (RULES.md Decisions 1-5, §2.1-§2.5, §2.8,
§4 invariants 4, 8 and 9).

The expected tables here are written out from RULES.md, not built from
:mod:`pyclag.rules.catalogue`, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final, NamedTuple

import pytest

import pyclag
from pyclag import RoundSpec, RulesError, RuleSet, presets
from pyclag.phases import Phase
from pyclag.playout import play_out
from pyclag.rules import NO_TRUMPS, OPTIONS, TURN_UP, HookForm, RankOrder
from pyclag.rules.calls import FirstCaller
from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.trumps import DealerCalls
from pyclag.scorecard import schedule
from pyclag.scoring import F1, F2, ContractScoring, TieBreak, winners_by_totals
from pyclag.scoring.schemes import MostTricks
from tests.helpers import bid_all, random_game

# --- the deal types of §2.0, as the fields a RoundSpec must have -----------------


class DealType(NamedTuple):
    """What §2.0 says of one deal type, as RoundSpec values."""

    suits: object = TURN_UP
    rank_order: RankOrder = RankOrder.ACE_HIGH
    bidding: Bidding = Bidding.SEEN
    reveal: Reveal = Reveal.BEFORE_BIDS
    play: PlayMode = PlayMode.HAND
    twos: TwosWild | None = None
    label: str = ""
    phases: tuple[Phase, ...] = (Phase.DEAL, Phase.BID, Phase.PLAY)
    misere_p: int | None = None  # MISERE(trumps, p): +10 for no tricks, else p per trick
    most_tricks: bool = False


_NO_BID: Final = (Phase.DEAL, Phase.PLAY)

NORMAL: Final = DealType()
NT: Final = DealType(suits=NO_TRUMPS, label="No Trumps")
GUESS: Final = DealType(reveal=Reveal.AFTER_BIDS, label="Guess Trumps")
BLIND_TK: Final = DealType(bidding=Bidding.UNSEEN, label="Blind")
BLIND_NK_SCOTTISH: Final = DealType(
    bidding=Bidding.UNSEEN, reveal=Reveal.AFTER_BIDS, label="Blind (cards and trumps unseen)"
)
BLIND_NK_PAGAT: Final = DealType(
    bidding=Bidding.BEFORE_DEAL,
    label="Blind (bids before the deal)",
    phases=(Phase.BID_BEFORE_DEAL, Phase.DEAL, Phase.PLAY),
)
ROLL: Final = DealType(bidding=Bidding.UNSEEN, play=PlayMode.DEALT_ORDER, label="Roll 'Em")
TWOS_WILD: Final = DealType(
    twos=TwosWild(natural_suit=False, may_lead=True, any_identity=True, wild_trumps=True),
    label="Twos Wild",
)
ACES_LOW: Final = DealType(rank_order=RankOrder.ACES_LOW, label="Aces Low")
DEALER_CALLS: Final = DealType(
    suits=DealerCalls(no_trumps=False),
    label="Dealer Calls",
    phases=(Phase.DEAL, Phase.DECLARE_TRUMP, Phase.BID, Phase.PLAY),
)
MOST_TRICKS: Final = DealType(
    bidding=Bidding.NONE, label="Most Tricks", phases=_NO_BID, most_tricks=True
)


def misere(trumps: bool, p: int) -> DealType:
    return DealType(
        suits=TURN_UP if trumps else NO_TRUMPS,
        bidding=Bidding.FORCED_ZERO,
        label="Misère" if trumps else "No Trumps, Misère",
        phases=_NO_BID,
        misere_p=p,
    )


def normals(sizes: Sequence[int]) -> list[tuple[int, DealType]]:
    return [(h, NORMAL) for h in sizes]


def sevens(*types: DealType) -> list[tuple[int, DealType]]:
    return [(7, kind) for kind in types]


UP: Final = range(1, 8)
DOWN: Final = range(7, 0, -1)

# §2.1 default (Decision 2): pagat's eight specials with Wikipedia scoring.
WIKIPEDIA_22: Final = [
    *normals(UP),
    *sevens(NT, misere(True, -2), GUESS, BLIND_NK_PAGAT, TWOS_WILD, ACES_LOW),
    *sevens(DEALER_CALLS, MOST_TRICKS),
    *normals(DOWN),
]
# §2.1 option phase2="six": WP-OLD's six in its order.
WIKIPEDIA_20: Final = [
    *normals(UP),
    *sevens(NT, GUESS, BLIND_TK, ROLL, misere(True, -2), misere(False, -2)),
    *normals(DOWN),
]
# §2.2: 7..1, NT, misère, guess, blind (A26, A27), 1..7.
SCOTTISH_18: Final = [
    *normals(DOWN),
    *sevens(NT, misere(True, -2), GUESS, BLIND_NK_SCOTTISH),
    *normals(UP),
]
# §2.5 (and §2.4 by Decision 3).
PAGAT_22: Final = [
    *normals(UP),
    *sevens(NT, misere(True, 1), GUESS, BLIND_NK_PAGAT, TWOS_WILD, ACES_LOW),
    *sevens(DEALER_CALLS, MOST_TRICKS),
    *normals(DOWN),
]
INDONESIAN_22: Final = PAGAT_22
# §2.4 option undescribed_rounds="normal": rounds 8, 10, 11, 13, 14 are normal 7-card rounds.
INDONESIAN_22_NORMAL: Final = [
    *normals(UP),
    *sevens(NORMAL, misere(True, 1), NORMAL, NORMAL, TWOS_WILD, NORMAL, NORMAL, MOST_TRICKS),
    *normals(DOWN),
]

# Misère scoring probe: 4 players, 7 tricks; A takes none, B 3, C 2, D 2.
_MISERE_WINNERS: Final = (1, 1, 1, 2, 2, 3, 3)


def assert_deal(rules: RuleSet, index: int, size: int, kind: DealType) -> None:
    """Deal ``index`` of ``rules`` (as scheduled and as played) is ``kind`` of ``size`` cards."""
    deal = index + 1
    for spec in (rules.schedule[index], rules.round_spec(index)):
        assert spec.hand_size == size, f"deal {deal}: hand size"
        assert spec.hand_sizes == (), f"deal {deal}: hand sizes"
        assert spec.calls is None, f"deal {deal}: calls"
        assert spec.suits == kind.suits, f"deal {deal}: suits"
        assert spec.rank_order is kind.rank_order, f"deal {deal}: rank order"
        assert spec.bidding is kind.bidding, f"deal {deal}: bidding"
        assert spec.reveal is kind.reveal, f"deal {deal}: reveal"
        assert spec.play is kind.play, f"deal {deal}: play"
        assert spec.twos == kind.twos, f"deal {deal}: twos"
        assert spec.label == kind.label, f"deal {deal}: label"
        assert spec.phases == kind.phases, f"deal {deal}: phases"
        if kind.misere_p is not None:
            p = kind.misere_p
            assert isinstance(spec.scoring, ContractScoring), f"deal {deal}: misère scoring"
            points = spec.scoring.points((0, 0, 0, 0), _MISERE_WINNERS)
            assert points == (10, 3 * p, 2 * p, 2 * p), f"deal {deal}: misère p"
        elif kind.most_tricks:
            assert spec.scoring == MostTricks(10), f"deal {deal}: most tricks"
        else:
            assert spec.scoring is None, f"deal {deal}: the preset family scores it"


def assert_schedule(rules: RuleSet, table: Sequence[tuple[int, DealType]]) -> None:
    assert len(rules.schedule) == len(table)
    for players in range(rules.min_players, rules.max_players + 1):
        assert rules.num_rounds(players) == len(table)
    for index, (size, kind) in enumerate(table):
        assert_deal(rules, index, size, kind)


# --- §2.1-§2.5: the schedule tables --------------------------------------------


def test_2_1_wikipedia_default_22_deals_pagat_specials_with_wikipedia_scoring() -> None:
    rules = presets.get("wikipedia")
    assert rules is presets.WIKIPEDIA
    assert [spec.hand_size for spec in rules.schedule] == [*UP, *[7] * 8, *DOWN]
    assert_schedule(rules, WIKIPEDIA_22)
    assert rules.scoring is F1


def test_2_1_wikipedia_phase2_six_20_deals_in_wp_old_order() -> None:
    rules = presets.get("wikipedia", phase2="six")
    assert [spec.hand_size for spec in rules.schedule] == [*UP, *[7] * 6, *DOWN]
    assert_schedule(rules, WIKIPEDIA_20)
    # Deal 8 NT, 9 GUESS, 10 BLIND_TK, 11 ROLL, 12 misère trumps -2, 13 misère NT -2.
    labels = [spec.label for spec in rules.schedule[7:13]]
    assert labels == [
        "No Trumps",
        "Guess Trumps",
        "Blind",
        "Roll 'Em",
        "Misère",
        "No Trumps, Misère",
    ]
    assert rules.scoring is F1
    assert (rules.hook, rules.min_players, rules.max_players) == (
        presets.WIKIPEDIA.hook,
        3,
        7,
    )


def test_2_1_wikipedia_phase2_eight_is_the_default_and_can_be_chosen_back() -> None:
    six = presets.get("wikipedia", phase2="six")
    assert six.with_options(phase2="eight").schedule == presets.WIKIPEDIA.schedule
    assert presets.get("wikipedia", phase2="eight").schedule == presets.WIKIPEDIA.schedule


def test_2_2_scottish_18_deals() -> None:
    rules = presets.get("scottish")
    assert rules is presets.SCOTTISH
    assert [spec.hand_size for spec in rules.schedule] == [*DOWN, 7, 7, 7, 7, *UP]
    assert_schedule(rules, SCOTTISH_18)
    assert rules.scoring is F2


def test_2_3_raf_one_called_deal_with_dealer_chosen_hand_size() -> None:
    rules = presets.get("raf")
    assert rules is presets.RAF
    assert rules.scoring is F1
    for index in (0, 1, 5, 13):  # the single entry repeats for the whole game
        spec = rules.round_spec(index)
        assert spec.hand_sizes == (3, 4, 5, 6, 7)
        assert spec.hand_size == 7
        assert spec.calls is not None
        assert spec.calls.first_caller is FirstCaller.NONE
        assert spec.calls.trumps_from_turnup is False
        assert spec.calls.madness_points_on_miss is False
        assert spec.phases == (
            Phase.CHOOSE_HAND_SIZE,
            Phase.DEAL,
            Phase.CALL,
            Phase.BID,
            Phase.PLAY,
        )


@pytest.mark.parametrize("players", range(3, 8))
def test_2_3_raf_num_rounds_is_twice_the_players(players: int) -> None:
    assert presets.RAF.num_rounds(players) == 2 * players
    assert presets.get("raf", num_deals=5).num_rounds(players) == 5
    assert presets.get("raf", num_deals=5).options["num_deals"] == 5


def test_2_3_raf_num_deals_option_sets_the_game_length() -> None:
    state = random_game(presets.get("raf", num_deals=3), players=5, seed=11)
    assert pyclag.is_over(state)
    assert len(state.history) == 3


def test_2_4_indonesian_default_fills_undescribed_rounds_from_pagat() -> None:
    rules = presets.get("indonesian")
    assert rules is presets.INDONESIAN
    assert rules.options["undescribed_rounds"] == "pagat"
    assert_schedule(rules, INDONESIAN_22)
    assert rules.scoring is F2


def test_2_4_indonesian_undescribed_rounds_normal() -> None:
    rules = presets.get("indonesian", undescribed_rounds="normal")
    assert rules.options["undescribed_rounds"] == "normal"
    assert_schedule(rules, INDONESIAN_22_NORMAL)
    # Rounds 9, 12 and 15 are kept exactly as in the default.
    for index in (8, 11, 14):
        assert rules.schedule[index] == presets.INDONESIAN.schedule[index]
    for index in (7, 9, 10, 12, 13):
        assert rules.schedule[index] == RoundSpec(7)
    assert (rules.hook, rules.scoring, rules.tie_break, rules.min_players) == (
        presets.INDONESIAN.hook,
        F2,
        TieBreak.CONTRACTS_THEN_SHARED,
        4,
    )


def test_2_5_pagat_22_deals() -> None:
    rules = presets.get("pagat")
    assert rules is presets.PAGAT
    assert [spec.hand_size for spec in rules.schedule] == [*UP, *[7] * 8, *DOWN]
    assert_schedule(rules, PAGAT_22)
    assert rules.scoring is F2


# --- §2.8 comparison matrix: players, hook, scoring, misère p, tie-break ---------

PRESET_NAMES: Final = ("wikipedia", "scottish", "raf", "indonesian", "pagat")
PLAYERS: Final = {"wikipedia": (3, 7), "scottish": (3, 7), "raf": (3, 7)} | {
    "indonesian": (4, 7),
    "pagat": (4, 7),
}


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_2_8_player_range(name: str) -> None:
    rules = presets.get(name)
    low, high = PLAYERS[name]
    assert (rules.min_players, rules.max_players) == (low, high)
    for players in (low, high):
        assert pyclag.new_game(rules, players=players).players == players
    for players in (low - 1, high + 1):
        with pytest.raises(RulesError, match=f"players must be an int in {low}..{high}"):
            pyclag.new_game(rules, players=players)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_2_8_hook_form_gt_only_for_indonesian(name: str) -> None:
    rules = presets.get(name)
    if name == "indonesian":
        assert rules.hook.form is HookForm.EXCEED
        assert rules.options["hook"] == "gt"
        # S-ID's example: seven cards, the others bid 1 each, so the dealer must bid 5 or more.
        assert rules.hook.dealer_bids(hand_size=7, others=3) == (5, 6, 7)
    else:
        assert rules.hook.form is HookForm.NOT_EQUAL
        assert rules.options["hook"] == "ne"
        assert rules.hook.dealer_bids(hand_size=7, others=3) == (0, 1, 2, 3, 5, 6, 7)
    assert rules.hook.min_hand_size == 1  # A4: the hook applies to every hand size


@pytest.mark.parametrize(("name", "dealer_bids"), [("indonesian", (2,)), ("pagat", (0, 2))])
def test_2_4_gt_hook_binds_the_dealer_in_round_2(name: str, dealer_bids: tuple[int, ...]) -> None:
    # Round 2 (h = 2): the others bid 0, 0, 1 (S = 1). GT: the total must exceed 2,
    # so the dealer must bid 2; NE (pagat): anything but 1.
    state = play_out(pyclag.new_game(presets.get(name), players=4), random.Random(5), rounds=1)
    assert state.round.setup.hand_size == 2
    state = pyclag.deal(state, rng=random.Random(6))
    state = bid_all(state, [0, 0, 1])
    assert pyclag.next_actor(state) == state.round.dealer
    assert pyclag.legal_bids(state) == dealer_bids


@pytest.mark.parametrize(
    ("name", "family"),
    [("wikipedia", "F1"), ("scottish", "F2"), ("raf", "F1"), ("indonesian", "F2"), ("pagat", "F2")],
)
def test_1_9_scoring_family(name: str, family: str) -> None:
    rules = presets.get(name)
    assert rules.scoring.name == family
    assert rules.options["scoring"] == family
    # E1's bids and tricks: F1 (12, 12, 10, 0), F2 (11, 11, 10, 1).
    expected = {"F1": (12, 12, 10, 0), "F2": (11, 11, 10, 1)}[family]
    assert rules.scoring.points((1, 1, 0, 0), (0, 1, 3)) == expected
    assert rules.options["trick_points_on_miss"] == {"F1": 0, "F2": 1}[family]


@pytest.mark.parametrize(
    ("name", "index", "p"),
    [
        ("wikipedia", 8, -2),
        ("scottish", 8, -2),
        ("indonesian", 8, 1),
        ("pagat", 8, 1),
    ],
)
def test_2_0_misere_p_by_preset(name: str, index: int, p: int) -> None:
    spec = presets.get(name).round_spec(index)
    assert spec.bidding is Bidding.FORCED_ZERO
    assert spec.suits == TURN_UP  # A9: misère keeps the turn-up in all four
    assert spec.scoring is not None
    assert spec.scoring.points((0, 0, 0, 0), _MISERE_WINNERS) == (10, 3 * p, 2 * p, 2 * p)


def test_2_0_misere_p_wikipedia_phase2_six_both_misere_deals() -> None:
    rules = presets.get("wikipedia", phase2="six")
    for index, suits in ((11, TURN_UP), (12, NO_TRUMPS)):
        spec = rules.round_spec(index)
        assert spec.suits == suits
        assert spec.scoring is not None
        assert spec.scoring.points((0, 0, 0, 0), _MISERE_WINNERS) == (10, -6, -4, -4)


def test_2_3_raf_misere_call_scores_minus_2_per_trick() -> None:
    spec = presets.RAF.round_spec(0)
    assert spec.calls is not None
    assert spec.calls.misere_per_trick == -2  # A22
    called = spec.with_call(pyclag.Call(0, pyclag.Suit.HEARTS, misere=True), presets.RAF.scoring)
    assert called.bidding is Bidding.FORCED_ZERO
    assert called.scoring is not None
    assert called.scoring.points((0, 0, 0, 0), _MISERE_WINNERS) == (10, -6, -4, -4)


def test_options_change_misere_p_in_a_preset_with_phase2_in_either_order() -> None:
    # The deal options apply to the chosen phase-2 schedule whichever is set first.
    for rules in (
        presets.get("wikipedia", phase2="six", misere_points_per_trick=-3),
        presets.get("wikipedia", misere_points_per_trick=-3, phase2="six"),
    ):
        assert rules.options["phase2"] == "six"
        for index in (11, 12):
            scoring = rules.round_spec(index).scoring
            assert scoring is not None
            assert scoring.points((0, 0, 0, 0), _MISERE_WINNERS) == (10, -9, -6, -6)


@pytest.mark.parametrize(
    ("name", "tie_break", "winners"),
    [
        ("wikipedia", TieBreak.SHARED, (0, 1)),
        ("scottish", TieBreak.SHARED, (0, 1)),
        ("raf", TieBreak.SHARED, (0, 1)),
        ("indonesian", TieBreak.CONTRACTS_THEN_SHARED, (1,)),
        ("pagat", TieBreak.CONTRACTS_THEN_SHARED, (1,)),
    ],
)
def test_1_10_tie_break(name: str, tie_break: TieBreak, winners: tuple[int, ...]) -> None:
    rules = presets.get(name)
    assert rules.tie_break is tie_break
    assert rules.options["tie_break"] == tie_break.value
    # E15's totals: A and B tie on 212, B made more contracts.
    assert winners_by_totals((212, 212, 190, 175), (8, 10, 6, 5), rules.tie_break) == winners
    assert winners_by_totals((212, 212, 190, 175), (10, 10, 6, 5), rules.tie_break) == (0, 1)


# --- presets.get, names, options ------------------------------------------------

ALIASES: Final = {
    "wp": "wikipedia",
    "scotland": "scottish",
    "scots": "scottish",
    "royal air force": "raf",
    "unified": "raf",
    "indonesia": "indonesian",
    "gamerules": "indonesian",
    "id": "indonesian",
    "mcleod": "pagat",
}
CONSTANTS: Final = {
    "wikipedia": presets.WIKIPEDIA,
    "scottish": presets.SCOTTISH,
    "raf": presets.RAF,
    "indonesian": presets.INDONESIAN,
    "pagat": presets.PAGAT,
    "normal": pyclag.NORMAL,
}


def test_presets_names() -> None:
    assert presets.names() == ("indonesian", "normal", "pagat", "raf", "scottish", "wikipedia")
    for name in presets.names():
        assert presets.get(name).name == name


@pytest.mark.parametrize("name", sorted(CONSTANTS))
def test_presets_get_is_case_insensitive(name: str) -> None:
    for spelling in (name, name.upper(), name.title(), f"  {name.capitalize()} "):
        assert presets.get(spelling) is CONSTANTS[name]


@pytest.mark.parametrize(("alias", "name"), sorted(ALIASES.items()))
def test_presets_get_takes_aliases(alias: str, name: str) -> None:
    assert presets.ALIASES[alias] == name
    assert presets.get(alias) is CONSTANTS[name]
    assert presets.get(alias.upper()) is CONSTANTS[name]


def test_presets_aliases_are_exactly_the_documented_ones() -> None:
    assert dict(presets.ALIASES) == ALIASES
    assert presets.get("Royal   Air\tForce") is presets.RAF


def test_presets_get_with_an_alias_applies_options() -> None:
    assert len(presets.get("WP", phase2="six").schedule) == 20
    assert presets.get("ID", undescribed_rounds="normal").schedule[7] == RoundSpec(7)


@pytest.mark.parametrize("name", ["nonesuch", "wikipedia2", "", "r a f", "paga"])
def test_presets_unknown_preset_lists_the_valid_ones(name: str) -> None:
    with pytest.raises(RulesError) as caught:
        presets.get(name)
    message = str(caught.value)
    assert message.startswith(f"unknown preset {name!r}; valid presets: ")
    assert "indonesian, normal, pagat, raf, scottish, wikipedia" in message
    for alias in ALIASES:
        assert alias in message


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_presets_unknown_option_lists_the_valid_ones(name: str) -> None:
    with pytest.raises(RulesError) as caught:
        presets.get(name, phase3="six")
    message = str(caught.value)
    assert message.startswith("unknown option 'phase3'; valid options: ")
    listed = message.split("valid options: ", 1)[1].split(", ")
    own = {"wikipedia": ["phase2"], "indonesian": ["undescribed_rounds"]}.get(name, [])
    assert listed == sorted([*OPTIONS, *own])


def test_presets_schedule_options_belong_to_their_preset_only() -> None:
    with pytest.raises(RulesError, match="unknown option 'phase2'"):
        presets.get("pagat", phase2="six")
    with pytest.raises(RulesError, match="unknown option 'undescribed_rounds'"):
        presets.get("wikipedia", undescribed_rounds="normal")


@pytest.mark.parametrize(
    ("name", "option", "value", "message"),
    [
        ("wikipedia", "phase2", "seven", "option phase2='seven': expected one of 'eight', 'six'"),
        ("wikipedia", "phase2", "Six", "expected one of 'eight', 'six'"),
        ("wikipedia", "phase2", 6, "option phase2=6: expected a string"),
        (
            "indonesian",
            "undescribed_rounds",
            "special",
            "option undescribed_rounds='special': expected one of 'pagat', 'normal'",
        ),
        ("indonesian", "undescribed_rounds", None, "expected a string"),
        ("raf", "num_deals", 0, "option num_deals=0: num_deals must be None or an int"),
        ("raf", "first_deal_caller", "dealer", "option first_deal_caller='dealer'"),
        ("pagat", "hook", "greater", "option hook='greater': form must be one of 'ne', 'gt'"),
        ("scottish", "scoring", "F9", "option scoring='F9'"),
    ],
)
def test_presets_bad_option_value_is_refused(
    name: str, option: str, value: object, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        presets.get(name, **{option: value})


def test_presets_options_include_the_schedule_choices() -> None:
    assert presets.WIKIPEDIA.options["phase2"] == "eight"
    assert presets.get("wikipedia", phase2="six").options["phase2"] == "six"
    assert presets.INDONESIAN.options["undescribed_rounds"] == "pagat"
    assert set(presets.WIKIPEDIA.options) == {*OPTIONS, "phase2"}
    assert set(presets.INDONESIAN.options) == {*OPTIONS, "undescribed_rounds"}
    for rules in (presets.SCOTTISH, presets.RAF, presets.PAGAT):
        assert set(rules.options) == set(OPTIONS)


def test_presets_get_leaves_the_constants_untouched() -> None:
    presets.get("wikipedia", phase2="six")
    presets.get("indonesian", undescribed_rounds="normal")
    assert len(presets.WIKIPEDIA.schedule) == 22
    assert presets.WIKIPEDIA.options["phase2"] == "eight"
    assert presets.INDONESIAN.schedule[7].suits == NO_TRUMPS


# --- §4 invariants 4, 8 and 9 ------------------------------------------------------

TABLES: Final[dict[str, list[tuple[int, DealType]]]] = {
    "wikipedia": WIKIPEDIA_22,
    "scottish": SCOTTISH_18,
    "indonesian": INDONESIAN_22,
    "pagat": PAGAT_22,
}


def _all_rule_sets() -> list[tuple[str, RuleSet]]:
    return [
        *((name, presets.get(name)) for name in PRESET_NAMES),
        ("wikipedia phase2=six", presets.get("wikipedia", phase2="six")),
        ("indonesian undescribed=normal", presets.get("indonesian", undescribed_rounds="normal")),
    ]


def _expected_sizes(label: str) -> list[int] | None:
    tables = {
        **TABLES,
        "wikipedia phase2=six": WIKIPEDIA_20,
        "indonesian undescribed=normal": INDONESIAN_22_NORMAL,
    }
    table = tables.get(label)
    return None if table is None else [size for size, _ in table]


GAMES: Final = [
    pytest.param(label, players, id=f"{label}-{players}p")
    for label, rules in _all_rule_sets()
    for players in range(rules.min_players, rules.max_players + 1)
]


@pytest.mark.parametrize(("label", "players"), GAMES)
def test_invariant_4_at_most_49_cards_dealt(label: str, players: int) -> None:
    rules = dict(_all_rule_sets())[label]
    sizes = {size for index in range(rules.num_rounds(players)) for size in _sizes(rules, index)}
    assert players * max(sizes) <= 49


def _sizes(rules: RuleSet, index: int) -> tuple[int, ...]:
    spec = rules.round_spec(index)
    return spec.hand_sizes or (spec.hand_size,)


@pytest.mark.parametrize(("label", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_invariants_8_and_9_a_seeded_random_game_of_every_preset_and_player_count(
    label: str, players: int, seed: int
) -> None:
    rules = dict(_all_rule_sets())[label]
    first_dealer = seed % players
    state = random_game(rules, players, seed=1000 * seed + players, first_dealer=first_dealer)
    assert pyclag.is_over(state)
    assert pyclag.phase(state) is Phase.GAME_OVER
    assert pyclag.next_actor(state) is None

    # Invariant 9: the number of deals played is the schedule length (RAF: num_deals = 2N).
    expected = _expected_sizes(label)
    deals = 2 * players if expected is None else len(expected)
    assert rules.num_rounds(players) == deals
    assert len(state.history) == deals

    totals = [0] * players
    for index, result in enumerate(state.history):
        # Invariant 8: the hand size of every deal is the table's (RAF: the dealer's 3..7).
        if expected is None:
            assert 3 <= result.hand_size <= 7
        else:
            assert result.hand_size == expected[index], f"deal {index + 1}"
        assert result.setup.index == index
        assert result.setup.dealer == (first_dealer + index) % players  # invariant 10
        assert len(result.tricks) == result.hand_size  # invariant 19
        assert sum(result.tricks_won) == result.hand_size  # invariant 28
        # Invariant 29: the running total is the sum of the deal scores.
        totals = [total + points for total, points in zip(totals, result.points, strict=True)]
        assert result.totals == tuple(totals)
    assert state.scores == tuple(totals)
    assert set(pyclag.winners(state)) <= set(range(players))
    assert max(state.scores) == state.scores[pyclag.winners(state)[0]]


@pytest.mark.parametrize("label", [label for label, _ in _all_rule_sets() if label != "raf"])
def test_invariant_8_deal_types_as_played_follow_the_table(label: str) -> None:
    # The rounds a random game played are the table's deal types (dealer calls: the
    # declared trump replaces the call; everything else is the scheduled spec).
    rules = dict(_all_rule_sets())[label]
    state = random_game(rules, rules.max_players, seed=3)
    for result, spec in zip(state.history, rules.schedule, strict=True):
        played = result.setup.spec
        if isinstance(spec.suits, DealerCalls):
            assert played.label.startswith("Dealer Calls: Trumps ")
            assert result.setup.turnup is None
        else:
            assert played == spec
        if spec.bidding is Bidding.FORCED_ZERO:
            assert result.bids == (0,) * rules.max_players
        elif spec.bidding is Bidding.NONE:
            assert result.bids == (None,) * rules.max_players
        else:
            assert all(isinstance(b, int) for b in result.bids)


def test_invariant_41_a_seed_replays_the_same_game_for_every_preset() -> None:
    # Two games of the same seed give the same history (invariant 41), so the
    # per-preset checks above are reproducible.
    for _label, rules in _all_rule_sets():
        players = rules.min_players
        first = random_game(rules, players, seed=9)
        second = random_game(rules, players, seed=9)
        assert first.history == second.history


def test_raf_random_game_hand_sizes_are_the_dealers_choices() -> None:
    sizes: set[int] = set()
    for seed, players in itertools.product(range(4), range(3, 8)):
        state = random_game(presets.RAF, players, seed=seed)
        assert len(state.history) == 2 * players
        sizes.update(result.hand_size for result in state.history)
    assert sizes == {3, 4, 5, 6, 7}


@pytest.mark.parametrize("players", [3, 5, 7])
def test_a18_the_schedule_shows_the_first_raf_deal_without_a_caller(players: int) -> None:
    rows = schedule(presets.get("raf"), players)
    assert len(rows) == 2 * players  # A24: twice the players
    assert [row.cards for row in rows] == ["3-7"] * len(rows)  # the dealer chooses each time
    assert rows[0].rule == "normal (no caller yet)"
    assert {row.rule for row in rows[1:]} == {"Caller's choice"}
    assert rows[0].scoring == "F1"
    assert {row.scoring for row in rows[1:]} == {"F1 or as called"}  # misère, madness (§2.3)
    # With an eldest caller in deal 1, every deal is called.
    eldest = schedule(presets.get("raf", first_deal_caller="eldest"), players)
    assert {row.rule for row in eldest} == {"Caller's choice"}


@pytest.mark.parametrize("name", presets.names())
def test_2_the_schedule_table_is_the_game_as_played(name: str) -> None:
    rules = presets.get(name)
    rows = schedule(rules, 4)
    game = random_game(rules, 4, seed=1)
    assert [row.deal for row in rows] == [result.setup.index + 1 for result in game.history]
    for row, result in zip(rows, game.history, strict=True):
        low, _, high = row.cards.partition("-")  # "7", or "3-7" where the dealer chooses
        assert int(low) <= result.hand_size <= int(high or low)
        if result.setup.caller is None:  # a call sets its own scoring (madness, misère)
            assert row.scoring == (result.setup.spec.scoring or rules.scoring).name


def test_design_5_a_schedule_of_no_rule_set_or_a_bad_table_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="rules must be a RuleSet, not 'raf'"):
        schedule("raf", 4)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"players must be an int in 4\.\.7"):
        schedule(presets.get("pagat"), 3)

"""Bounded memory for servers: every cache keyed by values users build (rule sets,
round specs, calls) is declared with ``pyclag._caches.bounded`` and stays within
its bound however many distinct house rules are played."""

from __future__ import annotations

import random
from collections import Counter

import attrs

import pyclag
import pyclag.engine
from pyclag import RoundSpec
from pyclag._caches import CACHES, clear_caches
from pyclag.bots import HeuristicBot
from pyclag.rules import catalogue
from pyclag.rules.calls import CallRules
from pyclag.views import determinize, observe

HOUSE_RULES = 20_000

# The caches keyed by user-built values (and the finite-domain ones declared the same way).
CONVERTED = {
    "pyclag.bots.odds.stronger",
    "pyclag.engine._schedule.round_phases",
    "pyclag.engine._flow._uncalled",
    "pyclag.engine._flow.round_rules",
    "pyclag.rules.calls._choice_set",
    "pyclag.rules.calls._legal_calls",
    "pyclag.rules.options._apply",
    "pyclag.rules.round._strength_table",
    "pyclag.engine._turns._bids",
    "pyclag.engine._turns._called",
    "pyclag.views._observe._public_history",
    "pyclag.views._observe._public_setup",
    "pyclag.views._sampling._round_start",
}


def _house_rules(i: int) -> pyclag.RuleSet:
    """The ``i``-th house-rule set: one short round of four kinds in turn (misère,
    wild twos, a RAF called round of 1 or 2 cards whose first deal the eldest calls
    or nobody does, the dealer calling trumps), each with its own name, misère value
    and variant flags."""
    per_trick = -(i % 900) - 1
    kind = i % 4
    if kind == 0:
        spec = catalogue.misere(trumps=bool(i // 4 % 2), per_trick=per_trick, hand_size=1)
    elif kind == 1:
        spec = catalogue.twos_wild(hand_size=1)
    elif kind == 2:
        spec = RoundSpec(2, hand_sizes=(1, 2), calls=CallRules(misere_per_trick=per_trick))
    else:
        spec = catalogue.dealer_calls(hand_size=1, allow_no_trumps=bool(i // 4 % 2))
    rules = pyclag.NORMAL.with_schedule([attrs.evolve(spec, name=f"house {i}")])
    options: dict[str, object] = {"misere_points_per_trick": per_trick}
    if kind == 2 and i // 4 % 2:
        options["first_deal_caller"] = "eldest"
    return rules.with_options(**options)


def test_caches_stay_within_their_bounds_over_20000_house_rule_sets() -> None:
    clear_caches()
    bot = HeuristicBot()
    kinds: Counter[str] = Counter()
    calls = 0
    for i in range(HOUSE_RULES):
        rules = _house_rules(i)
        rng = random.Random(i)
        game = pyclag.new_game(rules, 3)
        done = pyclag.engine.play_out(game, rng, rounds=1)
        assert len(done.history) == 1
        kinds[done.history[0].setup.played.label] += 1
        calls += done.history[0].setup.call is not None
        if i % 8 < 4:  # a bot's decision and a search's guess, on every kind of round
            dealt = pyclag.engine.play_out(game, rng, steps=2)
            seat = pyclag.next_actor(dealt)
            if isinstance(seat, int):
                view = observe(dealt, seat)
                bot.choose(view)
                determinize(view, rng)
    assert len(kinds) > 4  # misère, wild twos, dealer calls and a spread of calls were played
    assert calls == HOUSE_RULES // 8  # the eldest called in every other RAF round
    names = {cache.name for cache in CACHES}
    assert names >= CONVERTED
    for cache in CACHES:
        info = cache.cached.cache_info()
        assert info.maxsize == cache.bound
        assert info.currsize <= cache.bound, cache.name
    # These caches saw several times more keys than they may hold, so their bounds were
    # tested (the others saw fewer, or have a finite domain, like _strength_table).
    full = {cache.name for cache in CACHES if cache.cached.cache_info().currsize == cache.bound}
    assert full >= {
        "pyclag.engine._schedule.round_phases",
        "pyclag.engine._flow._uncalled",
        "pyclag.engine._flow.round_rules",
        "pyclag.rules.calls._legal_calls",
        "pyclag.rules.options._apply",
        "pyclag.engine._turns._called",
        "pyclag.views._observe._public_setup",
        "pyclag.views._sampling._round_start",
    }


def test_the_cache_registry_has_no_duplicate_names() -> None:
    names = [cache.name for cache in CACHES]
    assert names
    assert len(names) == len(set(names))

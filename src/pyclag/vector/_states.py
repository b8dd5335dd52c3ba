"""Between a batch and the reference engine's :class:`~pyclag.GameState`
values: ``Env.to_states`` replays each game's packs and actions through the
engine (so a state is the engine's own, exact), and ``Env.from_states``
reads states into arrays (determinized worlds for search start here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from pyclag._checks import not_a
from pyclag.actions import Action, Deal, Draw, ShuffleHands
from pyclag.codec import action_of, card_id, card_of
from pyclag.engine import apply
from pyclag.engine.phases import Phase
from pyclag.engine.state import CHANCE, GameState
from pyclag.errors import RulesError
from pyclag.hand import Hand
from pyclag.rules.round import RoundSpec
from pyclag.vector import _kernel
from pyclag.vector._backend import NUMPY, Backend
from pyclag.vector._state import Arrays
from pyclag.vector._tables import NO_TRUMP, PHASE, UNKNOWN, Tables
from pyclag.views.encoding import suit_index

__all__ = ["check_states", "from_states", "to_states"]


def to_states(
    bk: Backend,
    a: Arrays,
    origins: Sequence[GameState | None],
    start: GameState,
    games: Sequence[int],
) -> list[GameState]:
    """The engine's state of each of ``games``, replayed from ``start`` (or
    the state it was built from) with its packs and actions."""
    now = [bk.to_numpy(x) for x in (a.deck, a.log, a.piles, a.drawn)]
    past = [bk.to_numpy(x) for x in (a.past_decks, a.past_logs, a.past_piles, a.past_drawn)]
    rounds = bk.to_numpy(a.round)
    out = []
    for game in games:
        state = origins[game] or start
        current = int(rounds[game])
        for index in range(state.round.setup.index, current + 1):
            if index < current:
                deck, actions, pile, drawn = (field[game, index] for field in past)
            else:
                deck, actions, pile, drawn = (field[game] for field in now)
            chance = _Chance(deck, pile, drawn)
            state = _replay(state, index, chance, [int(x) for x in actions if x >= 0])
        out.append(state)
    return out


class _Chance(NamedTuple):
    """What chance gave a round: its pack, its face-down piles (RAF Blind)
    and its draw for the first bidder, as card ids."""

    deck: Any
    piles: Any
    drawn: Any

    def action(self, state: GameState) -> Action:
        """The chance action ``state`` waits for."""
        phase = state.round.phase
        if phase is Phase.DRAW:
            return Draw(tuple(card_of(int(x)) for x in self.drawn if x >= 0))
        if phase is Phase.SHUFFLE:
            size, players = state.round.setup.hand_size, state.players
            cards = [card_of(int(x)) for x in self.piles[: players * size]]
            return ShuffleHands(
                tuple(tuple(cards[seat * size : seat * size + size]) for seat in range(players))
            )
        return Deal(tuple(card_of(int(x)) for x in self.deck))


def _replay(state: GameState, index: int, chance: _Chance, actions: list[int]) -> GameState:
    """Round ``index`` of ``state`` played on with what chance gave it and its actions."""
    taken = 0
    while state.round.setup.index == index and state.round.phase is not Phase.ROUND_OVER:
        if state.round.to_act is CHANCE:
            state = apply(state, chance.action(state))
        elif taken < len(actions):
            state = apply(state, action_of(state, actions[taken]))
            taken += 1
        else:
            break
    return state


def check_states(states: Sequence[GameState], start: GameState, batch: int) -> None:
    """Refuse ``states`` that are not ``batch`` games of ``start``'s rules and table."""
    if len(states) != batch:
        raise RulesError(
            f"Env.from_states: the Env's batch is {batch} games, not {len(states)} states"
        )
    rules, players = start.rules, start.players
    for number, state in enumerate(states):
        if type(state) is not GameState:
            raise not_a("Env.from_states", f"states[{number}]", "a GameState", state)
        if (state.rules is not rules and state.rules != rules) or state.players != players:
            raise RulesError(
                f"Env.from_states: states[{number}] is a game of {state.rules.name!r} for "
                f"{state.players} players, not of this Env's {rules.name!r} for {players}"
            )


def from_states(
    bk: Backend,
    t: Tables,
    numbers: dict[RoundSpec, int],
    states: Sequence[GameState],
    keys: Any,
) -> Arrays:
    """``states`` as arrays, one game each (``keys``: each game's later chance;
    ``numbers``: the number of each round as played), read as they stand: a
    game waiting for its deal is still waiting."""
    # Built in NumPy and moved once (JAX would dispatch each blank array on its own).
    blank = _kernel.blank(
        NUMPY, t, np.asarray(bk.to_numpy(keys)), t.players, states[0].first_dealer
    )
    # Each distinct state read once (search reads many copies of a few worlds).
    distinct: dict[int, int] = {}
    rows: list[dict[str, Any]] = []
    index = []
    for state in states:
        if id(state) not in distinct:
            distinct[id(state)] = len(rows)
            rows.append(_row(numbers, state))
        index.append(distinct[id(state)])
    fields = {name: np.stack([row[name] for row in rows])[index] for name in rows[0]}
    return Arrays(*(bk.asarray(value) for value in blank._replace(**fields)))


def _suit_masks(mask: int) -> list[int]:
    out = [0, 0, 0, 0]
    for card in Hand(mask):
        number = card_id(card)
        out[number % 4] |= 1 << (number // 4)
    return out


def _row(numbers: dict[RoundSpec, int], state: GameState) -> dict[str, Any]:
    rnd = state.round
    setup = rnd.setup
    players = setup.players
    over = rnd.phase is Phase.ROUND_OVER
    played = [0] * players
    for trick in rnd.tricks:
        for play in trick.plays:
            played[play.seat] |= play.card.mask
    for play in rnd.trick:
        played[play.seat] |= play.card.mask
    rules = setup.round_rules
    trump = (
        UNKNOWN if rules is None else NO_TRUMP if rules.trump is None else suit_index(rules.trump)
    )
    weighted = [0] * players
    scoring = state.rules.round_scoring(setup.played)
    madness = getattr(scoring, "madness", None)
    for number, trick in enumerate(rnd.tricks, 1):
        value = 1 if madness is None else madness.trick_value(number, setup.hand_size) // 2
        weighted[trick.winner] += value
    piles = [card_id(card) for pile in setup.piles or () for card in pile]
    drawn = [card_id(card) for card in setup.draw or ()]
    on_table = [card_id(play.effective) for play in rnd.trick]
    i32 = np.int32
    return {
        "round": np.array(setup.index, i32),
        "played": np.array(numbers[setup.played], i32),
        "size": np.array(setup.hand_size, i32),
        "caller": np.array(-1 if setup.caller is None else setup.caller, i32),
        "piles": np.array(piles + [-1] * (52 - len(piles)), i32),
        "drawn": np.array(drawn + [-1] * (52 - len(drawn)), i32),
        "dealer": np.array(setup.dealer, i32),
        "first": np.array(setup.first_bidder, i32),
        "phase": np.array(PHASE[Phase.GAME_OVER if over else rnd.phase], i32),
        "to_act": np.array(rnd.to_act if type(rnd.to_act) is int else -1, i32),
        "hand": np.array([_suit_masks(mask) for mask in rnd.masks], i32),
        "dealt": np.array(
            [_suit_masks(mask | more) for mask, more in zip(rnd.masks, played, strict=True)], i32
        ),
        "deck": np.array(
            [card_id(card) for card in setup.deck] if setup.deck is not None else [-1] * 52, i32
        ),
        "trump": np.array(trump, i32),
        "turnup": np.array(-1 if setup.turnup is None else card_id(setup.turnup), i32),
        "bids": np.array([-1 if bid is None else bid for bid in rnd.bids], i32),
        "trick": np.array(on_table + [-1] * (players - len(on_table)), i32),
        "wild": np.array(
            [play.as_card is not None for play in rnd.trick] + [False] * (players - len(on_table))
        ),
        "trick_len": np.array(len(on_table), i32),
        "leader": np.array(rnd.leader, i32),
        "done": np.array(len(rnd.tricks), i32),
        "won": np.array(rnd.tricks_won, i32),
        "weighted": np.array(weighted, i32),
        "scores": np.array(state.scores, i32),
    }

"""The exact endgame of :class:`~pyclag.bots.pimc.PIMCBot` (``endgame=``).

Once few cards are left, the rest of a deal is searched exactly against
opponents who play as :class:`~pyclag.bots.HeuristicBot` would from their own
observations. :func:`endgame_points` takes one world at a time and lets the
seat pick its best line in each, as if it could see that world's hands (the
"strategy fusion" of perfect-information search); :func:`endgame_values`
searches all the worlds at once and makes the seat pick one card for all the
worlds it cannot tell apart.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(0))
>>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 0)
>>> endgame_points(state, 1, 0, (), {}), endgame_values([state], 1, 0, (), {})
(0, [0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence

from pyclag.actions import Play
from pyclag.bots import heuristic
from pyclag.cards import DECK, Card
from pyclag.decisions import PLAY_CARD
from pyclag.engine import wrong_phase_error
from pyclag.errors import RulesError
from pyclag.hand import cards_of
from pyclag.plays import play_mask
from pyclag.state import GameState, Phase
from pyclag.views import observe

__all__ = ["Replies", "endgame_points", "endgame_values"]

Replies = dict[tuple[int, int, tuple[int, ...]], Card]
"""The opponents' cards an endgame search has asked the heuristic for, by
seat, the mask of its hand and the indices of the cards played so far in the
deal (with the deal's public facts, its whole observation)."""

_PLAY = Phase.PLAY


def endgame_points(
    state: GameState,
    seat: int,
    this_round: int,
    path: tuple[int, ...],
    cache: Replies,
) -> int:
    """The most points ``seat`` can make in deal ``this_round`` from ``state``
    (its play phase, the deal played from the hand, no wild twos) if every
    other seat plays as :class:`~pyclag.bots.HeuristicBot` would from its own
    observation of ``state``: an exact search of ``seat``'s lines. ``path``
    is the indices of the cards played so far in the deal, in order; with the
    deal's public facts it is what the table has seen, so ``cache`` keeps an
    opponent's card by its seat, its hand's mask and ``path`` (one cache per
    deal and seat; the caller keeps it).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(0))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 0)
    >>> [str(hand) for hand in state.round.hands], state.round.bids
    (['9C 8S', '4H 4S', 'AC AH'], (0, 1, 0))
    >>> [endgame_points(state, seat, 0, (), {}) for seat in range(3)]
    [10, 0, 0]

    Clubs are trumps (the 7C turned up): seat 2's ace of trumps takes a trick
    whatever it does, and seat 1's fours take none.
    """
    if len(state.history) > this_round:  # the deal is over
        return state.history[this_round].points[seat]
    actor = _actor(state, "endgame_points")
    if actor == seat:  # its own best line
        legal = play_mask(state.round, seat)
        return max(
            endgame_points(
                PLAY_CARD(state, state.round, seat, card, None),
                seat,
                this_round,
                (*path, card.index),
                cache,
            )
            for card in cards_of(legal)
        )
    card = _reply(state, actor, path, cache)
    after = PLAY_CARD(state, state.round, actor, card, None)
    return endgame_points(after, seat, this_round, (*path, card.index), cache)


def endgame_values(
    worlds: Sequence[GameState],
    seat: int,
    this_round: int,
    path: tuple[int, ...],
    cache: Replies,
    cards: Sequence[Card] | None = None,
) -> list[int]:
    """The points ``seat`` makes in deal ``this_round``, summed over
    ``worlds``, for each of ``cards`` (by default its legal cards, in order),
    if it plays that card now and from then on the best cards it can choose
    knowing only what it sees: after each of its cards the worlds are played
    on to its next turn (the opponents as in :func:`endgame_points`), grouped
    by the cards played since, and in each group it plays one card for all
    the group's worlds, the one with the best total. ``worlds`` are states
    ``seat`` cannot tell apart, with ``seat`` to play (a deal played from the
    hand, no wild twos); ``path`` is the cards played so far in all of them.
    No value is above the sum of :func:`endgame_points` over the worlds,
    which lets the seat choose differently in each; with one world they are
    equal.

    >>> import random, pyclag
    >>> from pyclag.state import GameState, RoundState
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(5))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 2), 1), 1)
    >>> [str(hand) for hand in state.round.hands], state.round.to_act
    (['JC 3H KS', 'KC AH QS', '7D QH 6S'], 1)
    >>> r, swap = state.round, pyclag.Card.parse("JC").mask | pyclag.Card.parse("7D").mask
    >>> masks = (r.masks[0] ^ swap, r.masks[1], r.masks[2] ^ swap)
    >>> other = GameState(state.rules, state.history, RoundState(r.setup, r.phase, 1, r.bids, masks, (), ()))
    >>> worlds, hand = [state, other], list(pyclag.observe(state, 1).hand)
    >>> [sum(endgame_points(pyclag.play(world, card), 1, 0, (card.index,), {}) for world in worlds) for card in hand]
    [14, 28, 28]
    >>> endgame_values(worlds, 1, 0, (), {}), endgame_values([state], 1, 0, (), {})
    ([14, 14, 28], [0, 14, 14])

    The two worlds differ only in the JC and 7D, which seat 1 does not see
    played in the first trick when it leads the AH: the fused search then
    plays another card in each world.
    """
    if not worlds:
        raise RulesError("endgame_values: no worlds to search")
    hand = worlds[0].round.masks[seat] if 0 <= seat < len(worlds[0].round.masks) else None
    for number, world in enumerate(worlds):
        if _actor(world, "endgame_values") != seat or world.round.masks[seat] != hand:
            raise RulesError(
                f"endgame_values: world {number} is not seat {seat}'s turn with the hand of world 0"
            )
    legal = play_mask(worlds[0].round, seat)
    chosen = list(cards_of(legal) if cards is None else cards)
    for card in chosen:
        if not isinstance(card, Card) or not legal & card.mask:
            raise RulesError(f"endgame_values: {card} is no legal card of seat {seat}")
    return [_after(worlds, seat, this_round, path, card, cache) for card in chosen]


def _best(
    worlds: list[GameState], seat: int, this_round: int, path: tuple[int, ...], cache: Replies
) -> int:
    """The best total over ``worlds`` (``seat`` to play in each, the same
    cards seen) of one card played in all of them, and the best from then on."""
    if len(worlds) == 1:  # nothing left to tell apart: the world's own best line
        return endgame_points(worlds[0], seat, this_round, path, cache)
    legal = play_mask(worlds[0].round, seat)
    return max(_after(worlds, seat, this_round, path, card, cache) for card in cards_of(legal))


def _after(
    worlds: Sequence[GameState],
    seat: int,
    this_round: int,
    path: tuple[int, ...],
    card: Card,
    cache: Replies,
) -> int:
    """The total over ``worlds`` if ``seat`` plays ``card`` in each, the
    others reply, and it plays on as :func:`_best` in each group of worlds
    it then cannot tell apart."""
    total = 0
    groups: dict[tuple[int, ...], list[GameState]] = {}
    for world in worlds:
        state, seen = PLAY_CARD(world, world.round, seat, card, None), (*path, card.index)
        while len(state.history) <= this_round and state.round.to_act != seat:
            actor = _actor(state, "endgame_values")
            reply = _reply(state, actor, seen, cache)
            state, seen = PLAY_CARD(state, state.round, actor, reply, None), (*seen, reply.index)
        if len(state.history) > this_round:  # the deal is over
            total += state.history[this_round].points[seat]
        else:
            groups.setdefault(seen, []).append(state)
    return total + sum(
        _best(group, seat, this_round, seen, cache) for seen, group in groups.items()
    )


def _actor(state: GameState, what: str) -> int:
    """The seat to play in ``state``, checked: its play phase, no wild twos."""
    rnd = state.round
    actor = rnd.to_act
    if not isinstance(actor, int) or rnd.phase is not _PLAY:
        raise wrong_phase_error(state, what, _PLAY)
    if rnd.setup.played.twos is not None:  # a two would need its declaration searched too
        raise RulesError(
            f"{what}: a deal with wild twos is not searched ({rnd.setup.played.label})"
        )
    return actor


def _reply(state: GameState, actor: int, path: tuple[int, ...], cache: Replies) -> Card:
    """The card ``actor`` plays as the heuristic bot would, from ``cache`` if
    it was asked before with the same hand and the same cards seen."""
    rnd = state.round
    legal = play_mask(rnd, actor)
    if not legal & (legal - 1):  # one legal card
        return DECK[legal.bit_length() - 1]
    key = (actor, rnd.masks[actor], path)
    card = cache.get(key)
    if card is None:
        view = observe(state, actor)
        action = heuristic.choose(view, view.legal)
        if not isinstance(action, Play):  # a wild two's declaration: not searched
            raise RulesError(f"endgame_points: {action} is no plain card to search")
        card = cache[key] = action.card
    return card

"""PIMCBot's exact endgame without strategy fusion, and how little it changes.

Run it with ``python examples/endgame_fusion.py [DEALS] [--seed S] [--most K]``.

:func:`pyclag.bots.playouts.endgame_points` searches each world apart: the seat
takes its best line in each, as if it could see that world's hands, so in two
worlds it cannot tell apart it may play different later cards ("strategy
fusion"), which overrates every candidate. :func:`endgame_values` searches all
the worlds at once: after each of the seat's cards the worlds are played on to
its next turn (the opponents as the heuristic bot would play, as in
``endgame_points``), grouped by the cards played since (what the seat then
sees), and in each group the seat plays one card, the one with the best total
over the group. The program plays ``DEALS`` 7-card deals of 4 players (seed
``S + i``), a fused :class:`~pyclag.bots.pimc.PIMCBot` in each seat in turn
against heuristic bots, and at each of its decisions with ``K`` cards or fewer
and a choice it searches the worlds a PIMC bot draws both ways: it prints, by
the cards in hand, the decisions, those where a card's value differs and those
where the best card differs, and how many groups of several worlds the search
met. It measured the fifth round's ``PIMCBot(fusion=False)`` (the bots page):
no gain, because 48 worlds drawn are almost all told apart by the next trick.
"""

from __future__ import annotations

import argparse
import collections
import random
from collections.abc import Sequence

import pyclag
from pyclag.bots import Bot, HeuristicBot, heuristic, play_game
from pyclag.bots.pimc import PIMCBot
from pyclag.bots.playouts import endgame_points
from pyclag.cards import DECK, Card
from pyclag.engine.rounds import play_card, play_mask, wrong_phase_error
from pyclag.engine.state import GameState, Phase
from pyclag.hand import cards_of
from pyclag.views import Observation

Replies = dict[tuple[int, int, tuple[int, ...]], Card]
"""The opponents' cards by seat, hand mask and cards played so far (the cache
:func:`~pyclag.bots.playouts.endgame_points` keeps)."""

GROUPS: collections.Counter[bool] = collections.Counter()
"""The groups of worlds :func:`endgame_values` searched, by whether they held
several worlds (a diagnostic)."""


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
    knowing only what it sees. ``worlds`` are states ``seat`` cannot tell
    apart, with ``seat`` to play (a deal played from the hand, no wild twos);
    ``path`` is the cards played so far in all of them. No value is above the
    sum over the worlds of :func:`~pyclag.bots.playouts.endgame_points`, which
    lets the seat choose differently in each; with one world they are equal.

    >>> import random, pyclag
    >>> from pyclag.engine.state import GameState, RoundState
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
        raise pyclag.RulesError("endgame_values: no worlds to search")
    hand = worlds[0].round.masks[seat] if 0 <= seat < len(worlds[0].round.masks) else None
    for number, world in enumerate(worlds):
        if _actor(world) != seat or world.round.masks[seat] != hand:
            raise pyclag.RulesError(
                f"endgame_values: world {number} is not seat {seat}'s turn with the hand of world 0"
            )
    legal = play_mask(worlds[0].round, seat)
    chosen = list(cards_of(legal) if cards is None else cards)
    for card in chosen:
        if not isinstance(card, Card) or not legal & card.mask:
            raise pyclag.RulesError(f"endgame_values: {card} is no legal card of seat {seat}")
    return [_after(worlds, seat, this_round, path, card, cache) for card in chosen]


def _best(
    worlds: list[GameState], seat: int, this_round: int, path: tuple[int, ...], cache: Replies
) -> int:
    """The best total over ``worlds`` (``seat`` to play in each, the same
    cards seen) of one card played in all of them, and the best from then on."""
    GROUPS[len(worlds) > 1] += 1
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
        state, seen = play_card(world, world.round, seat, card, None), (*path, card.index)
        while len(state.history) <= this_round and state.round.to_act != seat:
            actor = _actor(state)
            reply = _reply(state, actor, seen, cache)
            state, seen = play_card(state, state.round, actor, reply, None), (*seen, reply.index)
        if len(state.history) > this_round:  # the deal is over
            total += state.history[this_round].points[seat]
        else:
            groups.setdefault(seen, []).append(state)
    return total + sum(
        _best(group, seat, this_round, seen, cache) for seen, group in groups.items()
    )


def _actor(state: GameState) -> int:
    """The seat to play in ``state``, checked: its play phase, no wild twos."""
    rnd = state.round
    actor = rnd.to_act
    if not isinstance(actor, int) or rnd.phase is not Phase.PLAY:
        raise wrong_phase_error(state, "endgame_values", Phase.PLAY)
    if rnd.setup.played.twos is not None:
        raise pyclag.RulesError(
            f"endgame_values: a deal with wild twos is not searched ({rnd.setup.played.label})"
        )
    return actor


def _reply(state: GameState, actor: int, path: tuple[int, ...], cache: Replies) -> Card:
    """The card ``actor`` plays as the heuristic bot would (as in
    ``endgame_points``, in the same cache)."""
    rnd = state.round
    legal = play_mask(rnd, actor)
    if not legal & (legal - 1):  # one legal card
        return DECK[legal.bit_length() - 1]
    key = (actor, rnd.masks[actor], path)
    card = cache.get(key)
    if card is None:
        view = pyclag.observe(state, actor)
        action = heuristic.choose(view, view.legal)
        if not isinstance(action, pyclag.Play):
            raise pyclag.RulesError(f"endgame_values: {action} is no plain card to search")
        card = cache[key] = action.card
    return card


class Probe(PIMCBot):
    """A fused PIMC bot that, at each decision with ``most`` cards or fewer
    and a choice, searches the worlds a PIMC bot draws both ways and counts
    the differences in ``counts`` (it plays as the plain bot).

    >>> Probe(most=3).counts
    Counter()
    """

    def __init__(self, most: int, seed: object = 0) -> None:
        super().__init__(seed=seed, objective="points", bid_search=None)
        self.most, self.counts = most, collections.Counter[tuple[int, str]]()

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        """The plain bot's choice, after the count.

        >>> import random
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(0))
        >>> Probe(most=2).choose(pyclag.observe(state, 1))
        Bid(seat=1, tricks=0)
        """
        hand = observation.hand
        if (
            observation.phase is Phase.PLAY
            and hand is not None
            and len(hand) <= self.most
            and len(observation.legal) > 1
        ):
            plays = [play for trick in observation.tricks for play in trick.plays]
            path = tuple(play.card.index for play in [*plays, *observation.trick])
            worlds = PIMCBot(seed=len(path)).sample_worlds(observation)
            cards = [action.card for action in observation.legal if isinstance(action, pyclag.Play)]
            seat, cache = observation.seat, Replies()
            fused = [
                sum(
                    endgame_points(pyclag.play(world, card), seat, 0, (*path, card.index), cache)
                    for world in worlds
                )
                for card in cards
            ]
            plain = endgame_values(worlds, seat, 0, path, cache, cards)
            size = len(hand)
            self.counts[size, "decisions"] += 1
            self.counts[size, "a value differs"] += plain != fused
            best = max(range(len(cards)), key=plain.__getitem__)
            self.counts[size, "the best card differs"] += best != max(
                range(len(cards)), key=fused.__getitem__
            )
        return super().choose(observation)


def main() -> None:
    """Print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=1)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--most", type=int, default=5, help="the most cards in hand searched")
    args = parser.parse_args()
    rules = pyclag.NORMAL.with_schedule([7])
    counts = collections.Counter[tuple[int, str]]()
    for deal in range(args.deals):
        start = pyclag.new_game(rules, 4, deal % 4)
        for seat in range(4):
            probe = Probe(args.most, seed=args.seed)
            bots: list[Bot] = [HeuristicBot() for _ in range(4)]
            bots[seat] = probe
            play_game(start, bots, random.Random(args.seed + deal))
            counts += probe.counts
    print(f"{args.deals} deals x 4 seats, seed {args.seed}: PIMC's decisions, searched both ways")
    for size in sorted({size for size, _ in counts}, reverse=True):
        row = ", ".join(
            f"{what} {counts[size, what]}"
            for what in ("decisions", "a value differs", "the best card differs")
        )
        print(f"{size} cards in hand: {row}")
    print(f"groups of several worlds searched together: {GROUPS[True]} of {GROUPS.total()}")


if __name__ == "__main__":
    main()

"""A batch's state: the arrays of :class:`Arrays`, batch axis first."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Arrays", "choose", "seat_flags"]


class Arrays(NamedTuple):
    """The state of a batch of games (``B`` games, ``P`` seats, ``R`` rounds,
    ``A`` the most actions a round takes). Cards are codec ids; -1 is none."""

    key: Any  # (B,) uint32: each game's stream of chance
    round: Any  # (B,) the round in progress (0-based)
    played: Any  # (B,) the number of the round as played (Tables' V rows)
    size: Any  # (B,) cards dealt to each player (0 until the dealer chooses)
    caller: Any  # (B,) the seat that calls the round, -1 for none
    dealer: Any  # (B,)
    first: Any  # (B,) the first bidder, who leads the first trick
    phase: Any  # (B,) the phase's number (GAME_OVER's once the game is over)
    to_act: Any  # (B,) the seat to act, -1 for none
    hand: Any  # (B, P, 4) each seat's cards: a 13-bit mask of ranks per suit
    dealt: Any  # (B, P, 4) the cards each seat was dealt this round
    deck: Any  # (B, 52) the round's pack, top first
    piles: Any  # (B, 52) face-down piles, shuffled: seat k's from k * size, top first
    drawn: Any  # (B, 52) the cards turned in the draw for the first bidder, in order
    trump: Any  # (B,) 0..3 a suit, NO_TRUMP, UNKNOWN until known
    turnup: Any  # (B,) the turn-up once shown
    bids: Any  # (B, P) -1 until made
    trick: Any  # (B, P) the trick in progress by position: the card each counts as
    wild: Any  # (B, P) bool: where a wild two was played
    trick_len: Any  # (B,)
    leader: Any  # (B,)
    done: Any  # (B,) tricks finished this round
    won: Any  # (B, P) tricks won this round
    weighted: Any  # (B, P) tricks won, each by its madness weight
    log: Any  # (B, A) the round's actions by id, in order
    logged: Any  # (B,)
    past_decks: Any  # (B, R, 52) int8 each finished round's pack
    past_logs: Any  # (B, R, A) int16 each finished round's actions
    past_piles: Any  # (B, R, 52) int8 each finished round's shuffled piles
    past_drawn: Any  # (B, R, 52) int8 each finished round's draw
    scores: Any  # (B, P) running totals
    rewards: Any  # (B, P) points scored at the last step


def seat_flags(xp: Any, seat: Any, players: int) -> Any:
    """(B, players) bool: each game's ``seat`` as flags."""
    return seat[:, None] == xp.arange(players)[None, :]


def choose(xp: Any, flags: Any, chosen: Arrays, other: Arrays) -> Arrays:
    """Each game's arrays from ``chosen`` where its flag is set, else from ``other``."""
    return Arrays(
        *(
            xp.where(flags.reshape(-1, *[1] * (mine.ndim - 1)), mine, theirs)
            for mine, theirs in zip(chosen, other, strict=True)
        )
    )

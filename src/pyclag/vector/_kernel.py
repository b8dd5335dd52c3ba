"""The batched kernel: whole games of Clag as arrays, stepped in lockstep.

Written once over a backend's array namespace (:mod:`pyclag.vector._backend`):
every function here is pure, takes the compiled rules
(:class:`~pyclag.vector._tables.Tables`) and :class:`Arrays` with the batch
axis first, and decides nothing per game in Python, so that JAX can jit it
as NumPy runs it. Cards are codec ids (``rank * 4 + suit``, suits C, D, S, H)
and a hand is four 13-bit masks, one a suit, so that the cards a seat may play
are a few integers: the random player counts and picks within them, and the
legal mask's 52 flags are spread from them only when it is read.
"""

from __future__ import annotations

from typing import Any, Final

from pyclag.vector._backend import Backend
from pyclag.vector._chance import deal, draw, shuffle
from pyclag.vector._rounds import (
    BID,
    BID_FIRST,
    CALL,
    DEAL,
    DECLARE,
    DRAW,
    HAND_SIZE,
    OVER,
    PLAY,
    ROUND_OVER,
    SHUFFLE,
)
from pyclag.vector._state import Arrays, seat_flags
from pyclag.vector._tables import (
    BID_ID,
    CALL_ID,
    HAND_ID,
    NO_TRUMP,
    TRUMP_ID,
    UNKNOWN,
    WILD_ID,
    Tables,
)

__all__ = ["Arrays", "blank", "reset", "run_on", "settle", "step"]

_FORCED_ZERO: Final = 3  # Bidding.FORCED_ZERO's place in its enum
_SHUFFLED: Final = 3  # PlayMode.SHUFFLED's place in PILES


# --- small helpers ---------------------------------------------------------------------------


def _first_actor(xp: Any, s: Arrays, phase: Any) -> Any:
    """Who acts on entering ``phase``: the first bidder bids first and leads;
    the dealer chooses the hand size and declares trumps; the caller calls;
    nobody in a chance step or once over."""
    seat = xp.where((phase == BID) | (phase == BID_FIRST) | (phase == PLAY), s.first, -1)
    seat = xp.where((phase == DECLARE) | (phase == HAND_SIZE), s.dealer, seat)
    return xp.where(phase == CALL, s.caller, seat)


def _start(t: Tables, s: Arrays, index: Any, caller: Any) -> tuple[Any, Any]:
    """The round as played and the phase of round ``index`` as it starts with
    ``caller`` (-1: nobody calls, a standard deal)."""
    played = t.scheduled[index] * (caller >= 0) + t.uncalled[index] * (caller < 0)
    return played, t.first_phase[played]


# --- reset -----------------------------------------------------------------------------------


def blank(bk: Backend, t: Tables, keys: Any, players: int, first_dealer: Any) -> Arrays:
    """A batch at the start of its first round, before anything settles."""
    xp = bk.xp
    count = keys.shape[0]
    rounds = t.size.shape[0]
    width = t.width
    zeros = xp.zeros(count, xp.int32)
    dealer = xp.asarray(first_dealer, dtype=xp.int32) + zeros
    none = xp.full((count, players), -1, xp.int32)
    caller = xp.where(t.eldest_calls[0], (dealer + 1) % players, -1)
    played = t.scheduled[0] * (caller >= 0) + t.uncalled[0] * (caller < 0)
    return Arrays(
        key=keys,
        round=zeros,
        played=played,
        size=zeros + t.size[0],
        caller=caller,
        dealer=dealer,
        first=(dealer + 1) % players,
        phase=t.first_phase[played],
        to_act=zeros - 1,
        hand=xp.zeros((count, players, 4), xp.int32),
        dealt=xp.zeros((count, players, 4), xp.int32),
        deck=xp.full((count, 52), -1, xp.int32),
        piles=xp.full((count, 52), -1, xp.int32),
        drawn=xp.full((count, 52), -1, xp.int32),
        trump=zeros + UNKNOWN,
        turnup=zeros - 1,
        bids=none,
        trick=none,
        wild=none >= 0,
        trick_len=zeros,
        leader=(dealer + 1) % players,
        done=zeros,
        won=xp.zeros((count, players), xp.int32),
        weighted=xp.zeros((count, players), xp.int32),
        log=xp.full((count, width), -1, xp.int32),
        logged=zeros,
        past_decks=xp.full((count, rounds, 52), -1, xp.int8),
        past_logs=xp.full((count, rounds, width), -1, xp.int16),
        past_piles=xp.full((count, rounds, 52), -1, xp.int8),
        past_drawn=xp.full((count, rounds, 52), -1, xp.int8),
        scores=xp.zeros((count, players), xp.int32),
        rewards=xp.zeros((count, players), xp.int32),
    )


def reset(bk: Backend, t: Tables, keys: Any, first_dealer: Any) -> Arrays:
    """A batch of new games, their first round dealt (chance from ``keys``)."""
    s = blank(bk, t, keys, t.players, first_dealer)
    return settle(bk, t, s, s.phase >= 0)


def run_on(bk: Backend, t: Tables, s: Arrays) -> Arrays:
    """Games waiting for chance (a batch read from states) run on to their
    next decision."""
    return settle(bk, t, s, (s.phase == DRAW) | (s.phase == DEAL) | (s.phase == SHUFFLE))


# --- a step ----------------------------------------------------------------------------------


def step(bk: Backend, t: Tables, s: Arrays, action: Any) -> Arrays:
    """Every game takes its action (a codec id; a finished game ignores its
    own), then runs on to its next decision: a pure function of arrays. The
    actions must be legal (:func:`~pyclag.vector._legal.legal_mask`); :class:`~pyclag.vector.Env`
    checks them before it calls this."""
    xp = bk.xp
    players = s.bids.shape[1]
    action = xp.asarray(action, dtype=xp.int32)
    live = s.phase != OVER
    seat = s.to_act
    s = s._replace(
        log=bk.write(s.log, s.logged, action, live),
        logged=s.logged + live,
        rewards=xp.zeros_like(s.rewards),
    )
    bidding = live & ((s.phase == BID) | (s.phase == BID_FIRST))
    playing = live & (s.phase == PLAY)
    choosing = live & (s.phase == HAND_SIZE)
    calling = live & (s.phase == CALL)
    declaring = live & (s.phase == DECLARE)
    s = bk.maybe(bidding, _bid, t, s, action, bidding)
    s = bk.maybe(playing, _play, t, s, action, playing)
    last = (s.first + players - 1) % players
    finished = (bidding & (seat == last)) | choosing | calling | declaring
    moved = finished | (playing & (s.phase == ROUND_OVER))
    s = bk.maybe(finished, _move_on, t, s, action, finished)
    return settle(bk, t, s, moved)


def _move_on(bk: Backend, t: Tables, s: Arrays, action: Any, finished: Any) -> Arrays:
    """Games whose action ended a phase: a call or a declaration makes the
    round another round as played, a choice of hand size sets it; each
    game goes to the next phase of its round as played."""
    xp = bk.xp
    r = s.round
    calling, declaring = s.phase == CALL, s.phase == DECLARE
    call = xp.minimum(xp.maximum(action - CALL_ID, 0), t.call_to.shape[1] - 1)
    trump = xp.minimum(xp.maximum(action - TRUMP_ID, 0), 4)
    played = xp.where(calling, t.call_to[r, call], s.played)
    played = xp.where(declaring, t.declare_to[r, trump], played)
    return s._replace(
        played=played,
        size=xp.where(s.phase == HAND_SIZE, action - HAND_ID + 1, s.size),
        phase=xp.where(finished, t.next_phase[played, s.phase], s.phase),
    )


def _bid(bk: Backend, t: Tables, s: Arrays, action: Any, bidding: Any) -> Arrays:
    xp = bk.xp
    players = s.bids.shape[1]
    last = (s.first + players - 1) % players
    more = bidding & (s.to_act != last)
    return s._replace(
        bids=bk.write(s.bids, s.to_act, action - BID_ID, bidding),
        to_act=xp.where(more, (s.to_act + 1) % players, s.to_act),
    )


def _play(bk: Backend, t: Tables, s: Arrays, action: Any, playing: Any) -> Arrays:
    xp = bk.xp
    players = s.bids.shape[1]
    wild = action >= WILD_ID  # a two, and the card it stands for
    card = xp.where(wild, (action - WILD_ID) // 52, action)  # the two of its suit: rank 0
    counts_as = xp.where(wild, (action - WILD_ID) % 52, action)
    # The card's bit, at its seat and suit, leaves the hand (a legal card is held).
    cells = s.hand.reshape(s.hand.shape[0], players * 4)  # (seat, suit) by seat * 4 + suit
    cell = s.to_act * 4 + card % 4
    trick_len = s.trick_len + playing
    full = playing & (trick_len == players)
    s = s._replace(
        hand=bk.toggle(cells, cell, 1 << (card // 4), playing).reshape(s.hand.shape),
        trick=bk.write(s.trick, s.trick_len, counts_as, playing),
        wild=bk.write(s.wild, s.trick_len, wild, playing),
        trick_len=trick_len,
        to_act=xp.where(playing & ~full, (s.to_act + 1) % players, s.to_act),
    )
    return bk.maybe(full, _close_trick, t, s, full)


def _winners(bk: Backend, t: Tables, s: Arrays, cards: Any, leader: Any, wild: Any) -> Any:
    """The seat that wins each trick of ``cards`` (by position, led by
    ``leader``): the strongest, a wild two one above the card it names played
    naturally (the strength tables' values are even)."""
    xp = bk.xp
    players = cards.shape[1]
    trump = s.trump % (NO_TRUMP + 1)  # UNKNOWN reads no trumps: never in a trick
    kind = t.strength_kind[s.played]
    led = cards[:, 0] % 4
    strength = t.strength[kind[:, None], trump[:, None], led[:, None], cards] + wild
    return (leader + xp.argmax(strength, axis=1)) % players


def _weight(xp: Any, t: Tables, s: Arrays, done: Any) -> Any:
    """What the trick after ``done`` tricks counts for (§2.3: the madness's
    trick values, compiled from :meth:`~pyclag.actions.Madness.trick_value`)."""
    return t.weights[t.madness[s.played], s.size, xp.minimum(done, t.weights.shape[2] - 1)]


def _close_trick(bk: Backend, t: Tables, s: Arrays, full: Any) -> Arrays:
    xp = bk.xp
    players = s.bids.shape[1]
    winner = _winners(bk, t, s, s.trick, s.leader, s.wild)
    took = seat_flags(xp, winner, players) & full[:, None]
    weight = _weight(xp, t, s, s.done)[:, None]
    done = s.done + full
    over = full & (done == s.size)
    return s._replace(
        won=s.won + took,
        weighted=s.weighted + took * weight,
        done=done,
        leader=xp.where(full, winner, s.leader),
        to_act=xp.where(full, winner, s.to_act),
        trick=xp.where(full[:, None], -1, s.trick),
        wild=s.wild & ~full[:, None],
        trick_len=xp.where(full, 0, s.trick_len),
        phase=xp.where(over, ROUND_OVER, s.phase),
    )


# --- running on to the next decision ---------------------------------------------------------


def settle(bk: Backend, t: Tables, s: Arrays, moved: Any) -> Arrays:
    """Run every game that has just left a phase on to its next decision (or
    the end of the game): score a finished round and start the next, deal,
    show the trump when the round's rules allow, play face-down piles."""
    for _ in range(t.chained):
        chance = (s.phase == DRAW) | (s.phase == DEAL) | (s.phase == SHUFFLE)
        pending = moved | (s.phase == ROUND_OVER) | chance
        if not bk.any(pending):
            break
        s = bk.maybe(pending, _run_on, t, s, moved)
        moved = moved & False
    return s


def _run_on(bk: Backend, t: Tables, s: Arrays, moved: Any) -> Arrays:
    """One pass of :func:`settle`."""
    xp = bk.xp
    before = s.phase
    s = bk.maybe(s.phase == ROUND_OVER, _end_round, t, s)
    if DRAW in t.phases:  # the rules' own phases: the rest are not compiled in
        s = bk.maybe(s.phase == DRAW, draw, t, s)
    s = bk.maybe(s.phase == DEAL, deal, t, s)
    s = _reveal(bk, t, s)
    if SHUFFLE in t.phases:
        s = bk.maybe(s.phase == SHUFFLE, shuffle, t, s)
    forced = (s.phase == PLAY) & (t.bidding[s.played] == _FORCED_ZERO)
    s = s._replace(bids=xp.where(forced[:, None], 0, s.bids))
    if t.piled:
        piles = (s.phase == PLAY) & (t.pile[s.played] > 0) & (s.done == 0)
        s = bk.maybe(piles, _play_piles, t, s, piles)
    entering = moved | (s.phase != before)
    return s._replace(to_act=xp.where(entering, _first_actor(xp, s, s.phase), s.to_act))


def _end_round(bk: Backend, t: Tables, s: Arrays) -> Arrays:
    """Score the finished rounds, keep their packs, piles and actions, and
    start the next round (or end the game), with its caller if it has one."""
    xp = bk.xp
    players = s.bids.shape[1]
    ending = s.phase == ROUND_OVER
    r, v = s.round, s.played
    made = s.bids == s.won
    contract = xp.where(made, t.bonus[v][:, None] + t.per_trick[v][:, None] * s.weighted, 0)
    contract = xp.where(made, contract, t.on_miss[v][:, None] * s.weighted)
    top = s.won.max(axis=1, keepdims=True)
    sole = (s.won == top).sum(axis=1, keepdims=True) == 1
    most = xp.where(sole & (s.won == top), t.bonus[v][:, None], 0)
    points = xp.where(t.most_tricks[v][:, None], most, contract) * ending[:, None]
    scores = s.scores + points
    rounds = s.past_decks.shape[1]
    here = ((xp.arange(rounds)[None, :] == r[:, None]) & ending[:, None])[:, :, None]
    going_on = ending & (r + 1 < rounds)
    nxt = xp.where(going_on, r + 1, r)
    dealer = xp.where(going_on, (s.dealer + 1) % players, s.dealer)
    # The next caller came out on top of this round (A18): the most points (or
    # the highest total), then the most tricks, then the earliest from its eldest.
    leading = xp.where(t.by_totals[nxt][:, None], scores, points)
    place = (xp.arange(players)[None, :] - s.first[:, None]) % players
    rank = (leading * 64 + s.won) * 64 + (players - place)
    caller = xp.where(t.has_calls[nxt], xp.argmax(rank, axis=1), -1)
    played, first_phase = _start(t, s, nxt, caller)
    fresh = going_on[:, None]
    none = xp.full_like(s.bids, -1)
    s = s._replace(
        scores=scores,
        rewards=s.rewards + points,
        past_decks=xp.where(here, s.deck.astype(xp.int8)[:, None, :], s.past_decks),
        past_logs=xp.where(here, s.log.astype(xp.int16)[:, None, :], s.past_logs),
        past_piles=xp.where(here, s.piles.astype(xp.int8)[:, None, :], s.past_piles),
        past_drawn=xp.where(here, s.drawn.astype(xp.int8)[:, None, :], s.past_drawn),
        round=nxt,
        played=xp.where(going_on, played, s.played),
        size=xp.where(going_on, t.size[nxt], s.size),
        caller=xp.where(going_on, caller, s.caller),
        dealer=dealer,
        first=xp.where(going_on, (dealer + 1) % players, s.first),
        phase=xp.where(going_on, first_phase, xp.where(ending, OVER, s.phase)),
    )
    return s._replace(
        hand=xp.where(fresh[:, :, None], 0, s.hand),
        dealt=xp.where(fresh[:, :, None], 0, s.dealt),
        deck=xp.where(fresh, -1, s.deck),
        piles=xp.where(fresh, -1, s.piles),
        drawn=xp.where(fresh, -1, s.drawn),
        trump=xp.where(going_on, UNKNOWN, s.trump),
        turnup=xp.where(going_on, -1, s.turnup),
        bids=xp.where(fresh, none, s.bids),
        trick=xp.where(fresh, none, s.trick),
        wild=s.wild & ~fresh,
        trick_len=xp.where(going_on, 0, s.trick_len),
        leader=xp.where(going_on, s.first, s.leader),
        done=xp.where(going_on, 0, s.done),
        won=xp.where(fresh, 0, s.won),
        weighted=xp.where(fresh, 0, s.weighted),
        log=xp.where(fresh, -1, s.log),
        logged=xp.where(going_on, 0, s.logged),
    )


def _reveal(bk: Backend, t: Tables, s: Arrays) -> Arrays:
    """Show the trump of each dealt round whose rules allow it now (§1.5; the
    Guess Trumps and Scottish Blind turn-up waits for the last bid)."""
    xp = bk.xp
    players = s.bids.shape[1]
    v = s.played
    fixed = t.fixed_trump[v]
    waits = t.reveal_after[v] & ((s.phase == BID) | (s.phase == BID_FIRST))
    turns_up = t.turns_up[v] & (players * s.size < 52)  # no card left to turn: no trumps
    known = turns_up | (fixed != UNKNOWN)
    shows = (s.trump == UNKNOWN) & (s.deck[:, 0] >= 0) & known & ~waits
    up = xp.take_along_axis(s.deck, xp.minimum(players * s.size, 51)[:, None], axis=1)[:, 0]
    turned = shows & turns_up
    return s._replace(
        trump=xp.where(shows, xp.where(turns_up, up % 4, fixed), s.trump),
        turnup=xp.where(turned, up, s.turnup),
    )


def _play_piles(bk: Backend, t: Tables, s: Arrays, piles: Any) -> Arrays:
    """Play every trick of the face-down piles (Roll 'Em): each seat's next
    card, no duty to follow; nobody has a choice, so the round ends here."""
    xp = bk.xp
    players = s.bids.shape[1]
    size = s.size
    reverse = t.pile[s.played] == 2
    shuffled = t.pile[s.played] == _SHUFFLED
    seats = xp.arange(players)[None, :]
    offset = (seats - s.dealer[:, None] - 1) % players  # each seat's place from the eldest
    leader = s.first
    won, weighted = s.won, s.weighted
    for k in range(t.largest):
        going = piles & (k < size)
        turn = xp.where(reverse, size - 1 - k, k)
        dealt = xp.take_along_axis(s.deck, xp.minimum(turn[:, None] * players + offset, 51), axis=1)
        pile = xp.take_along_axis(s.piles, xp.minimum(seats * size[:, None] + k, 51), axis=1)
        by_seat = xp.where(shuffled[:, None], pile, dealt)
        order = (leader[:, None] + seats) % players
        cards = xp.take_along_axis(by_seat, order, axis=1)
        winner = _winners(bk, t, s, cards, leader, 0)
        took = seat_flags(xp, winner, players) & going[:, None]
        weight = _weight(xp, t, s, k)[:, None]
        won = won + took
        weighted = weighted + took * weight
        leader = xp.where(going, winner, leader)
    return s._replace(
        won=won,
        weighted=weighted,
        done=xp.where(piles, size, s.done),
        leader=xp.where(piles, leader, s.leader),
        hand=xp.where(piles[:, None, None], 0, s.hand),
        phase=xp.where(piles, t.next_phase[s.played, PLAY], s.phase),
    )

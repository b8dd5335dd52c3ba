"""Records as JSON text: :func:`dump` writes one, :func:`load` reads one and
checks its form (DESIGN.md §6). A record names its rules as a preset with
options (format ``pyclag/1``), or where no preset is exact as a ``rules``
object (format ``pyclag/2``, :mod:`pyclag.records.codec`); both are read. The text comes from strangers: it is read with
the standard ``json`` module only, within :data:`~pyclag.records.fields.MAX_TEXT` characters and
:data:`~pyclag.records.fields.MAX_ROUNDS` rounds, with no repeated field, no NaN and no nesting
deeper than the format's; every fault is a RecordError at its path.

>>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": []}').players
4
"""

from __future__ import annotations

from typing import Any, Final

from pyclag.cards import Card, Suit
from pyclag.engine.rounds import check_state
from pyclag.engine.state import GameState
from pyclag.errors import RecordError, Refusal
from pyclag.limits import MAX_HAND_SIZE
from pyclag.notation import read_play
from pyclag.records.codec import check_deals, rules_head, rules_of
from pyclag.records.fields import (
    HEAD_FIELDS,
    MAX_ROUNDS,
    MAX_TEXT,
    call_fields,
    call_from,
    layout,
    listed,
    object_fields,
    string,
    table_from,
    trump_from,
    whole,
)
from pyclag.records.model import ROUND_FIELDS, Record, RoundRecord, record_of
from pyclag.records.model import refused as _refused
from pyclag.rules.dealing import deck_refusal

__all__ = ["COMPACT_FORMAT", "FORMAT", "FORMATS", "MAX_ROUNDS", "MAX_TEXT", "dump", "load"]

FORMAT: Final = "pyclag/2"
"""The format of a record whose rules are a ``rules`` object (any rule set)."""

COMPACT_FORMAT: Final = "pyclag/1"
"""The format of a record whose rules are a preset, its options and schedule:
what :func:`dump` writes whenever that form is exact, so that every reader of
``pyclag/1`` still reads it."""

FORMATS: Final = (COMPACT_FORMAT, FORMAT)
"""The formats :func:`load` reads (``pyclag/2`` may name a preset too)."""


def dump(state: GameState) -> str:
    """The JSON record of ``state`` (DESIGN.md §6), finished or not.

    The rules are written as a preset and the options changed from it (format
    ``pyclag/1``) when that is exact; any other rule set, built from rule
    objects, is written whole as a ``rules`` object (format ``pyclag/2``).

    >>> import pyclag
    >>> print(dump(pyclag.new_game(pyclag.presets.get("raf", num_deals=3), players=4)))
    {
      "format": "pyclag/1",
      "preset": "raf",
      "options": {"num_deals": 3},
      "players": 4,
      "first_dealer": 0,
      "rounds": []
    }
    """
    record = record_of(check_state("dump", state))
    head = rules_head(record.rules, COMPACT_FORMAT, FORMAT)
    head.update(players=record.players, first_dealer=record.first_dealer)
    return layout(head, "rounds", [_round_fields(rnd) for rnd in record.rounds])


def _round_fields(rnd: RoundRecord) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if rnd.draw is not None:
        fields["draw"] = " ".join(map(str, rnd.draw))
    if rnd.deck is not None:
        fields["deck"] = " ".join(map(str, rnd.deck))
    if rnd.hand_size is not None:
        fields["hand_size"] = rnd.hand_size
    if rnd.call is not None:
        fields["call"] = call_fields(rnd.call)
    if rnd.trump is not None:
        fields["trump"] = rnd.trump.letter if isinstance(rnd.trump, Suit) else None
    if rnd.blind_orders is not None:
        fields["blind_orders"] = [[str(card) for card in pile] for pile in rnd.blind_orders]
    if rnd.bids:
        fields["bids"] = list(rnd.bids)
    if rnd.plays:
        fields["plays"] = [
            str(card) if declared is None else f"{card}={declared}" for card, declared in rnd.plays
        ]
    return fields


# --- from text ---------------------------------------------------------------------------


def load(text: str | bytes) -> Record:
    """Read a record from JSON text, checking its form (replay checks its play).

    >>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": []}').rules.name
    'wikipedia'
    >>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": [], "extra": 1}')
    Traceback (most recent call last):
    pyclag.errors.RecordError: extra: unknown field; a record has format, preset, options, schedule, players, first_dealer, rules, rounds
    """
    fields, rules, players, first_dealer = table_from(
        text, FORMATS, _RECORD_FIELDS, "rounds", read_rules=lambda head: rules_of(head, FORMAT)
    )
    if "rules" in fields:
        check_deals(rules, players)
    rounds = listed(fields["rounds"], "rounds", rules.num_rounds(players))
    return Record(
        rules,
        players,
        first_dealer,
        tuple(_round(item, f"rounds[{n}]", players) for n, item in enumerate(rounds)),
    )


_RECORD_FIELDS: Final = (*HEAD_FIELDS, "rules", "rounds")


def _round(value: object, path: str, players: int) -> RoundRecord:
    fields = object_fields(value, path, ROUND_FIELDS)
    deck = fields.get("deck")
    draw = fields.get("draw")
    blind = fields.get("blind_orders")
    return RoundRecord(
        draw=None if draw is None else _cards(draw, f"{path}.draw", 52),
        deck=None if deck is None else _deck(deck, f"{path}.deck"),
        hand_size=None
        if "hand_size" not in fields
        else whole(fields["hand_size"], f"{path}.hand_size", 1, MAX_HAND_SIZE),
        call=None if "call" not in fields else call_from(fields["call"], f"{path}.call"),
        trump=None if "trump" not in fields else trump_from(fields["trump"], f"{path}.trump"),
        blind_orders=None if blind is None else _orders(blind, f"{path}.blind_orders", players),
        bids=tuple(
            whole(bid, f"{path}.bids[{n}]", 0, MAX_HAND_SIZE)
            for n, bid in enumerate(listed(fields.get("bids", []), f"{path}.bids", players))
        ),
        plays=tuple(
            _play(play, f"{path}.plays[{n}]")
            for n, play in enumerate(listed(fields.get("plays", []), f"{path}.plays", 52))
        ),
    )


def _cards(text: object, path: str, most: int) -> tuple[Card, ...]:
    words = string(text, path).split()
    if len(words) > most:
        raise _refused(path, f"{len(words)} cards, more than {most}")
    return tuple(_card(word, path) for word in words)


def _card(value: object, path: str) -> Card:
    try:
        return Card.parse(string(value, path))
    except RecordError as err:
        raise _refused(path, str(err)) from None


def _deck(value: object, path: str) -> tuple[Card, ...]:
    deck = _cards(value, path, 52)
    ruling = deck_refusal(deck)
    if isinstance(ruling, Refusal):
        raise _refused(path, ruling.why)
    return deck


def _orders(value: object, path: str, players: int) -> tuple[tuple[Card, ...], ...]:
    piles = listed(value, path, players)
    return tuple(
        tuple(
            _card(card, f"{path}[{n}][{k}]")
            for k, card in enumerate(listed(pile, f"{path}[{n}]", 52))
        )
        for n, pile in enumerate(piles)
    )


def _play(value: object, path: str) -> tuple[Card, Card | None]:
    try:
        play = read_play(string(value, path), 0)
    except RecordError as err:
        raise _refused(path, str(err)) from None
    return play.card, play.as_card

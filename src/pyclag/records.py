"""Game records: a game, whole or in part, as JSON text (DESIGN.md §6).

A record names the rules (a preset, the options changed from it and, where
it differs, the schedule), the table, and for each round its deck and every
decision in order. :func:`replay` plays a record through the engine, so every
bid, play and call in it is checked; :func:`load` checks the text itself.
Records come from strangers: the text is read with the standard ``json``
module only, within the limits below, and any fault raises
:class:`~pyclag.errors.RecordError` naming the round, the field and the
reason, with ``.path`` pointing at the field (``rounds[2].plays[5]``).

>>> import random, pyclag
>>> from pyclag.playout import play_out
>>> state = play_out(pyclag.new_game(pyclag.presets.get("scottish"), 3), random.Random(1))
>>> text = dump(state)
>>> replay(load(text)) == state
True
>>> load(text.replace('"players": 3', '"players": 9'))
Traceback (most recent call last):
pyclag.errors.RecordError: players: scottish is for 3..7 players, not 9
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NoReturn

import attrs

from pyclag import presets
from pyclag._refusals import check_deck, check_state, not_a
from pyclag.actions import (
    Action,
    Bid,
    Call,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Madness,
    Play,
    ShuffleHands,
)
from pyclag.cards import Card, Suit
from pyclag.engine import apply, is_over, new_game, winners
from pyclag.errors import ClagError, IllegalActionError, RecordError, RulesError
from pyclag.rules.deals import PlayMode
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, DealerCalls, NoTrumps, Precedence, TurnUp
from pyclag.state import GameState, Phase, RoundSetup, Trick

__all__ = [
    "FORMAT",
    "MAX_ROUNDS",
    "MAX_TEXT",
    "Record",
    "RoundRecord",
    "dump",
    "load",
    "record_of",
    "replay",
    "summary",
]

FORMAT: Final = "pyclag/1"
"""The value of a record's ``format`` field."""

MAX_TEXT: Final = 1_000_000
"""The longest record text read, in characters. A real game takes 20-40 thousand."""

MAX_ROUNDS: Final = 1000
"""The most rounds a record may hold (the largest ``num_deals`` a rule set allows)."""


@attrs.frozen
class RoundRecord:
    """One round of a record, as §6 writes it; a field is ``None`` (or empty)
    where the round does not have it or has not reached it yet.

    ``deck`` is the pack top first; ``hand_size`` the RAF dealer's choice;
    ``call`` the RAF caller's call (its seat is not recorded: replay gives it
    to the caller A18 names, so it reads 0 here); ``trump`` the dealer's
    declaration in a dealer-calls round (``NO_TRUMPS`` for none);
    ``blind_orders`` each seat's face-down order in RAF Blind; ``bids`` the
    bids made, in bidding order (forced bids are not recorded); ``plays`` the
    cards played in order, each with the card a wild two stands for (none
    where the round plays itself from face-down piles).

    >>> RoundRecord(bids=(1, 0, 2)).plays
    ()
    """

    deck: tuple[Card, ...] | None = None
    hand_size: int | None = None
    call: Call | None = None
    trump: Suit | NoTrumps | None = None
    blind_orders: tuple[tuple[Card, ...], ...] | None = None
    bids: tuple[int, ...] = ()
    plays: tuple[tuple[Card, Card | None], ...] = ()


@attrs.frozen
class Record:
    """A game record: the rules, the table and the rounds so far.

    >>> import pyclag
    >>> Record(pyclag.NORMAL, players=4).rounds
    ()
    """

    rules: RuleSet
    players: int
    first_dealer: int = 0
    rounds: tuple[RoundRecord, ...] = ()


# --- from a state ------------------------------------------------------------------------


def record_of(state: GameState) -> Record:
    """The record of ``state``: every round played and the round in progress.

    >>> import pyclag
    >>> record_of(pyclag.new_game(pyclag.NORMAL, players=3)).rounds
    ()
    """
    check_state("record_of", state)
    rules = state.rules
    rounds = [
        round_record(rules, result.setup, result.bids, result.tricks, ())
        for result in state.history
    ]
    if not is_over(state):
        rnd = state.round
        current = round_record(rules, rnd.setup, rnd.bids, rnd.tricks, rnd.trick)
        if current != _EMPTY:
            rounds.append(current)
    return Record(rules, state.players, state.first_dealer, tuple(rounds))


def round_record(
    rules: RuleSet,
    setup: RoundSetup,
    bids: Sequence[int | None],
    tricks: Sequence[Trick],
    trick: Sequence[Play],
) -> RoundRecord:
    """The record of one round from its setup, bids by seat and plays so far.

    >>> import pyclag
    >>> setup = pyclag.new_game(pyclag.NORMAL, players=3).round.setup
    >>> round_record(pyclag.NORMAL, setup, (None, None, None), (), ())
    RoundRecord(deck=None, hand_size=None, call=None, trump=None, blind_orders=None, bids=(), plays=())
    """
    spec = setup.spec
    phases = spec.phases
    declared = isinstance(rules.round_spec(setup.index).suits, DealerCalls)
    rules_known = setup.round_rules
    call = setup.call
    return RoundRecord(
        deck=setup.deck,
        hand_size=setup.hand_size or None if spec.hand_sizes else None,
        call=None if call is None else attrs.evolve(call, seat=0),
        trump=(
            None
            if not declared or rules_known is None
            else rules_known.trump
            if rules_known.trump is not None
            else NO_TRUMPS
        ),
        blind_orders=setup.piles,
        bids=tuple(
            bid
            for seat in setup.bidding_order
            if (bid := bids[seat]) is not None
            and (Phase.BID in phases or Phase.BID_BEFORE_DEAL in phases)
        ),
        plays=tuple(
            (play.card, play.as_card)
            for done in (*tricks, Trick(0, tuple(trick), 0))
            for play in done.plays
            if spec.play is PlayMode.HAND  # piles play themselves (§2.0 ROLL, §2.3 Blind)
        ),
    )


_EMPTY: Final = RoundRecord()


# --- to text ---------------------------------------------------------------------------------


def dump(state: GameState) -> str:
    """The JSON record of ``state`` (DESIGN.md §6), finished or not.

    The rules are written as a preset and the options changed from it; a rule
    set that is not a preset with options and a schedule of its rounds (one
    built from rule objects) cannot be written, and raises RecordError.

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
    record = record_of(state)
    head = {"format": FORMAT, **_rules_fields(record.rules)}
    head.update(players=record.players, first_dealer=record.first_dealer)
    lines = [f"  {json.dumps(key)}: {_compact(value)}," for key, value in head.items()]
    rounds = [f"    {_compact(_round_fields(rnd))}" for rnd in record.rounds]
    body = "[\n" + ",\n".join(rounds) + "\n  ]" if rounds else "[]"
    return "{\n" + "\n".join(lines) + f'\n  "rounds": {body}\n}}'


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _rules_fields(rules: RuleSet) -> dict[str, Any]:
    """The preset, options and schedule that rebuild ``rules`` exactly: only
    what :func:`load` reads back to the very same rule set is written."""
    if rules.name in presets.names():
        preset = presets.get(rules.name)
        for schedule in (None, [_spec_text(spec) for spec in rules.schedule]):
            base = preset if schedule is None else preset.with_schedule(rules.schedule)
            changed = {
                name: value
                for name, value in rules.options.items()
                if base.options.get(name, value) != value
            }
            fields: dict[str, Any] = {"preset": rules.name, "options": changed}
            if schedule is not None:
                fields["schedule"] = schedule
            try:
                if _rules(fields) == rules:
                    return fields
            except RecordError:  # a round or an option value a record cannot hold
                continue
    raise RecordError(
        f"rule set {rules.name!r} cannot be written as a record: it is not a preset with "
        f"options and a schedule of the preset's own rounds (presets: {', '.join(presets.names())})"
    )


def _spec_text(spec: RoundSpec) -> int | str:
    """A schedule entry: the hand size of a normal round, else "<cards> <label>"."""
    return spec.hand_size if spec == RoundSpec(spec.hand_size) else f"{spec.hand_size} {spec.label}"


def _round_fields(rnd: RoundRecord) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if rnd.deck is not None:
        fields["deck"] = " ".join(map(str, rnd.deck))
    if rnd.hand_size is not None:
        fields["hand_size"] = rnd.hand_size
    if rnd.call is not None:
        fields["call"] = _call_fields(rnd.call)
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


def _call_fields(call: Call) -> dict[str, Any]:
    suits = call.suits
    if isinstance(suits, Suit):
        text = f"trumps:{suits.letter}"
    elif isinstance(suits, Precedence):
        text = "precedence:" + "".join(suit.letter for suit in suits.order)
    else:
        text = "no-trumps" if isinstance(suits, NoTrumps) else "turn-up"
    madness = None if call.madness is None else call.madness.value
    return {
        "suits": text,
        "nuloss": call.nuloss,
        "blind": call.blind,
        "misere": call.misere,
        "madness": madness,
    }


# --- from text ---------------------------------------------------------------------------


def load(text: str | bytes) -> Record:
    """Read a record from JSON text, checking its form (replay checks its play).

    >>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": []}').rules.name
    'wikipedia'
    >>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": [], "extra": 1}')
    Traceback (most recent call last):
    pyclag.errors.RecordError: extra: unknown field; a record has format, preset, options, schedule, players, first_dealer, rounds
    """
    data = _parse_json(text)
    fields = _fields(data, "", _RECORD_FIELDS, required=("format", "preset", "players", "rounds"))
    if fields["format"] != FORMAT:
        _fail("format", f"expected {FORMAT!r}, not {fields['format']!r}")
    rules = _rules(fields)
    players = _int(fields["players"], "players", 1, 52)
    if not rules.min_players <= players <= rules.max_players:
        _fail(
            "players",
            f"{rules.name} is for {rules.min_players}..{rules.max_players} players, not {players}",
        )
    first_dealer = _int(fields.get("first_dealer", 0), "first_dealer", 0, players - 1)
    rounds = _list(fields["rounds"], "rounds", rules.num_rounds(players))
    return Record(
        rules,
        players,
        first_dealer,
        tuple(_round(item, f"rounds[{n}]", players) for n, item in enumerate(rounds)),
    )


_RECORD_FIELDS: Final = (
    "format",
    "preset",
    "options",
    "schedule",
    "players",
    "first_dealer",
    "rounds",
)
_ROUND_FIELDS: Final = ("deck", "hand_size", "call", "trump", "blind_orders", "bids", "plays")
_CALL_FIELDS: Final = ("suits", "nuloss", "blind", "misere", "madness")


def _fail(path: str, reason: str) -> NoReturn:
    raise RecordError(f"{path}: {reason}" if path else reason, path=path)


def _parse_json(text: object) -> object:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark is harmless
        except UnicodeDecodeError as err:
            _fail("", f"not UTF-8 text ({err.reason} at byte {err.start})")
    if not isinstance(text, str):
        raise not_a("load", "text", "a str or bytes", text)
    if len(text) > MAX_TEXT:
        _fail("", f"{len(text)} characters is more than a record may hold ({MAX_TEXT})")
    try:
        return json.loads(
            text.removeprefix("\ufeff"),
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as err:
        _fail("", f"not JSON: {err.msg} at line {err.lineno} column {err.colno}")
    except RecursionError:
        _fail("", "nested too deeply for a record")
    except ValueError as err:  # an integer too long to read, NaN
        _fail("", f"not a valid record: {err}")


class _Twice(dict[str, object]):
    """A JSON object with a repeated field, kept so that the refusal can name
    where it is (see :func:`_fields`)."""

    twice: str = ""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    fields = dict(pairs)
    if len(fields) != len(pairs):
        keys = [key for key, _ in pairs]
        fields = _Twice(pairs)
        fields.twice = next(key for key in keys if keys.count(key) > 1)
    return fields


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a record may hold")


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false"}.get(
        type(value), "null" if value is None else "a number"
    )


def _fields(
    value: object, path: str, allowed: Sequence[str], required: Sequence[str] = ()
) -> dict[str, object]:
    if not isinstance(value, dict):
        _fail(path, f"{path or 'the record'} must be an object, not {_kind(value)}")
    twice = getattr(value, "twice", None)
    if twice is not None:
        _fail(f"{path}.{twice}" if path else twice, "this field appears twice")
    for key in value:
        if allowed and key not in allowed:
            _fail(
                f"{path}.{key}" if path else key,
                f"unknown field; {_has(path)} {', '.join(allowed)}",
            )
    for key in required:
        if key not in value:
            _fail(f"{path}.{key}" if path else key, f"missing; {_has(path)} {', '.join(allowed)}")
    return value


def _has(path: str) -> str:
    return "a record has" if not path else "a call has" if path.endswith("call") else "a round has"


def _int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        _fail(path, f"expected a whole number in {low}..{high}, not {json.dumps(value)[:40]}")
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected a string, not {_kind(value)}")
    return value


def _list(value: object, path: str, most: int) -> list[object]:
    if not isinstance(value, list):
        _fail(path, f"expected a list, not {_kind(value)}")
    if len(value) > most:
        _fail(path, f"{len(value)} items, more than the {most} this game can have")
    return value


def _rules(fields: dict[str, object]) -> RuleSet:
    name = _str(fields["preset"], "preset")
    try:
        rules = presets.get(name)
    except RulesError as err:
        _fail("preset", str(err))
    if "schedule" in fields:
        entries = _list(fields["schedule"], "schedule", MAX_ROUNDS)
        if not entries:
            _fail("schedule", "a schedule needs at least one round")
        rules = rules.with_schedule(
            _schedule_entry(rules, entry, f"schedule[{n}]") for n, entry in enumerate(entries)
        )
    options = fields.get("options", {})
    if not isinstance(options, dict):
        _fail("options", f"expected an object, not {_kind(options)}")
    options = _fields(options, "options", ())
    for key, value in options.items():
        if value is not None and not isinstance(value, (bool, int, str)):
            _fail(
                f"options.{key}",
                f"expected null, true, false, a number or a string, not {_kind(value)}",
            )
    try:
        return rules.with_options(**options)
    except RulesError as err:
        _fail("options", str(err))


def _schedule_entry(preset: RuleSet, entry: object, path: str) -> int | RoundSpec:
    if type(entry) is int:
        return _int(entry, path, 1, 52)
    text = _str(entry, path)
    known = [
        *preset.schedule,
        *(spec for c in preset.choices for _, specs in c.choices for spec in specs),
    ]
    for spec in known:
        if _spec_text(spec) == text:
            return spec
    _fail(path, f"{text!r} is neither a hand size nor a round of {preset.name}")


def _round(value: object, path: str, players: int) -> RoundRecord:
    fields = _fields(value, path, _ROUND_FIELDS)
    deck = fields.get("deck")
    blind = fields.get("blind_orders")
    return RoundRecord(
        deck=None if deck is None else _deck(deck, f"{path}.deck"),
        hand_size=None
        if "hand_size" not in fields
        else _int(fields["hand_size"], f"{path}.hand_size", 1, 52),
        call=None if "call" not in fields else _call(fields["call"], f"{path}.call"),
        trump=None if "trump" not in fields else _trump(fields["trump"], f"{path}.trump"),
        blind_orders=None if blind is None else _orders(blind, f"{path}.blind_orders", players),
        bids=tuple(
            _int(bid, f"{path}.bids[{n}]", 0, 52)
            for n, bid in enumerate(_list(fields.get("bids", []), f"{path}.bids", players))
        ),
        plays=tuple(
            _play(play, f"{path}.plays[{n}]")
            for n, play in enumerate(_list(fields.get("plays", []), f"{path}.plays", 52))
        ),
    )


def _cards(text: object, path: str, most: int) -> tuple[Card, ...]:
    words = _str(text, path).split()
    if len(words) > most:
        _fail(path, f"{len(words)} cards, more than {most}")
    return tuple(_card(word, path) for word in words)


def _card(value: object, path: str) -> Card:
    try:
        return Card.parse(_str(value, path))
    except RecordError as err:
        _fail(path, str(err))


def _deck(value: object, path: str) -> tuple[Card, ...]:
    deck = _cards(value, path, 52)
    try:
        check_deck(deck)
    except IllegalActionError as err:
        _fail(path, str(err))
    return deck


def _orders(value: object, path: str, players: int) -> tuple[tuple[Card, ...], ...]:
    piles = _list(value, path, players)
    return tuple(
        tuple(
            _card(card, f"{path}[{n}][{k}]")
            for k, card in enumerate(_list(pile, f"{path}[{n}]", 52))
        )
        for n, pile in enumerate(piles)
    )


def _play(value: object, path: str) -> tuple[Card, Card | None]:
    text = _str(value, path)
    card, equals, declared = text.partition("=")
    return _card(card, path), _card(declared, path) if equals else None


def _trump(value: object, path: str) -> Suit | NoTrumps:
    if value is None:
        return NO_TRUMPS
    try:
        return Suit.parse(_str(value, path))
    except RecordError as err:
        _fail(path, str(err))


def _call(value: object, path: str) -> Call:
    fields = _fields(value, path, _CALL_FIELDS, required=("suits",))
    flags = {flag: _flag(fields.get(flag, False), f"{path}.{flag}") for flag in _CALL_FIELDS[1:4]}
    madness = fields.get("madness")
    if madness is not None and madness not in ("ascending", "descending"):
        _fail(
            f"{path}.madness",
            f'expected null, "ascending" or "descending", not {json.dumps(madness)[:40]}',
        )
    return Call(
        0,
        _call_suits(fields["suits"], f"{path}.suits"),
        nuloss=flags["nuloss"],
        blind=flags["blind"],
        misere=flags["misere"],
        madness=None if madness is None else Madness(madness),
    )


def _flag(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, not {_kind(value)}")
    return value


def _call_suits(value: object, path: str) -> Suit | TurnUp | NoTrumps | Precedence:
    text = _str(value, path)
    kind, _, rest = text.partition(":")
    try:
        if kind == "trumps" and rest:
            return Suit.parse(rest)
        if kind == "precedence" and rest:
            return Precedence(rest)
    except (RecordError, RulesError) as err:
        _fail(path, str(err))
    if text == "no-trumps":
        return NO_TRUMPS
    if text == "turn-up":
        return TURN_UP
    _fail(
        path,
        f'expected "trumps:<suit>", "no-trumps", "turn-up" or "precedence:<4 suits>", not {text[:40]!r}',
    )


# --- replay --------------------------------------------------------------------------------


def replay(record: Record) -> GameState:
    """Play ``record`` through the engine and return the state it reaches; a
    record that stops part-way gives the state there.

    >>> import pyclag
    >>> text = '{"format": "pyclag/1", "preset": "normal", "players": 3, "rounds": [{"bids": [1]}]}'
    >>> replay(load(text))
    Traceback (most recent call last):
    pyclag.errors.RecordError: rounds[0].bids: the round is waiting for its deck, so the bids cannot be used yet
    """
    if not isinstance(record, Record):
        raise not_a("replay", "record", "a Record", record)
    try:
        state = new_game(record.rules, record.players, record.first_dealer)
    except RulesError as err:
        _fail("players", str(err))
    last = len(record.rounds) - 1
    for number, rnd in enumerate(record.rounds):
        path = f"rounds[{number}]"
        if is_over(state):
            _fail(path, f"the game is over after {number} rounds")
        state = replay_round(state, rnd, path)
        if number < last and state.round.setup.index == number:
            _fail(path, "the round is not finished, yet another round follows it")
    return state


def replay_round(state: GameState, rnd: RoundRecord, path: str = "round") -> GameState:
    """Play the round ``rnd`` from ``state``, which is at the round's start: as
    far as the record goes, and to the round's end if it is complete.

    >>> import pyclag
    >>> state = replay_round(pyclag.new_game(pyclag.NORMAL, 3), RoundRecord(deck=pyclag.DECK))
    >>> pyclag.phase(state).value
    'bid'
    """
    index = state.round.setup.index
    queue = _Queue(rnd)
    while state.round.setup.index == index and not is_over(state):
        actor = state.round.to_act
        step = queue.next(state.round.phase, actor if type(actor) is int else 0)
        if step is None:
            break
        field, action = step
        try:
            state = apply(state, action)
        except ClagError as err:
            _fail(f"{path}.{field}", str(err))
    queue.check_used(state, index, path)
    return state


_BID, _BID_FIRST, _PLAY = Phase.BID, Phase.BID_BEFORE_DEAL, Phase.PLAY

# The record field that holds each single decision, and the phase that takes it.
_SINGLE: Final = {
    Phase.CHOOSE_HAND_SIZE: "hand_size",
    Phase.DEAL: "deck",
    Phase.CALL: "call",
    Phase.DECLARE_TRUMP: "trump",
    Phase.SHUFFLE: "blind_orders",
}
_PHASE_OF: Final = {field: taker for taker, field in _SINGLE.items()}


class _Queue:
    """A round record's decisions, handed out one at a time as the round asks."""

    __slots__ = ("bids", "plays", "rnd", "taken")

    def __init__(self, rnd: RoundRecord) -> None:
        self.rnd = rnd
        self.bids = 0
        self.plays = 0
        self.taken: set[str] = set()

    def next(self, current: Phase, seat: int) -> tuple[str, Action] | None:
        """The record's next decision for ``current`` by ``seat``, with its field;
        ``None`` where the record stops."""
        rnd = self.rnd
        if current is _PLAY:
            if self.plays == len(rnd.plays):
                return None
            card, declared = rnd.plays[self.plays]
            self.plays += 1
            return f"plays[{self.plays - 1}]", Play(seat, card, declared)
        if current is _BID or current is _BID_FIRST:
            if self.bids == len(rnd.bids):
                return None
            self.bids += 1
            return f"bids[{self.bids - 1}]", Bid(seat, rnd.bids[self.bids - 1])
        field = _SINGLE[current]
        if field in self.taken or getattr(rnd, field) is None:
            return None
        self.taken.add(field)
        return field, _single(rnd, field, seat)

    def check_used(self, state: GameState, index: int, path: str) -> None:
        """Refuse whatever the record holds that the round did not take."""
        rnd = self.rnd
        over = is_over(state) or state.round.setup.index != index
        setup = state.history[index].setup if over else state.round.setup
        left = {
            "bids": len(rnd.bids) - self.bids,
            "plays": len(rnd.plays) - self.plays,
            **{
                field: int(getattr(rnd, field) is not None and field not in self.taken)
                for field in _PHASE_OF
            },
        }
        for field in _ROUND_FIELDS:
            if not left[field]:
                continue
            name = field.replace("_", " ")
            phases = (_BID, _BID_FIRST) if field == "bids" else (_PHASE_OF.get(field, _PLAY),)
            if not any(wanted in setup.spec.phases for wanted in phases):
                why = f"this round ({_label(setup)}) has no {name}"
            elif field == "plays" and setup.spec.play is not PlayMode.HAND:
                why = f"this round ({_label(setup)}) plays itself from face-down piles"
            elif over:
                why = f"{left[field]} left over after the round ended"
            else:
                waiting = _WAITING[state.round.phase]
                why = f"the round is waiting for its {waiting}, so the {name} cannot be used yet"
            _fail(f"{path}.{field}", why)


def _single(rnd: RoundRecord, field: str, seat: int) -> Action:
    """The action of a one-off decision ``field`` of ``rnd``, taken by ``seat``."""
    if field == "deck":
        assert rnd.deck is not None
        return Deal(rnd.deck)
    if field == "hand_size":
        assert rnd.hand_size is not None
        return ChooseHandSize(seat, rnd.hand_size)
    if field == "call":
        assert rnd.call is not None
        return attrs.evolve(rnd.call, seat=seat)
    if field == "trump":
        return DeclareTrump(seat, rnd.trump if isinstance(rnd.trump, Suit) else None)
    assert rnd.blind_orders is not None
    return ShuffleHands(rnd.blind_orders)


def _label(setup: RoundSetup) -> str:
    return setup.spec.label or f"{setup.hand_size} cards"


_WAITING: Final = {
    Phase.CHOOSE_HAND_SIZE: "hand size",
    Phase.BID_BEFORE_DEAL: "bids",
    Phase.DEAL: "deck",
    Phase.CALL: "call",
    Phase.DECLARE_TRUMP: "trump",
    Phase.BID: "bids",
    Phase.SHUFFLE: "blind orders",
    Phase.PLAY: "plays",
}


# --- what a replay shows ----------------------------------------------------------------------


def summary(state: GameState) -> dict[str, Any]:
    """The rounds and totals of ``state`` as ``pyclag replay --json`` prints them
    (DESIGN.md §6): every list by seat; ``winners`` is null until the game is over.

    >>> import pyclag
    >>> summary(pyclag.new_game(pyclag.NORMAL, 3))
    {'rounds': [], 'totals': [0, 0, 0], 'winners': None}
    """
    return {
        "rounds": [
            {
                "bids": list(result.bids),
                "tricks": list(result.tricks_won),
                "points": list(result.points),
            }
            for result in state.history
        ],
        "totals": list(state.scores),
        "winners": list(winners(state)) if is_over(state) else None,
    }

"""The Python side of the browser app (web/): every rule, legal set, refusal and
score the page shows comes from here, that is from pyclag; the page only
draws what these functions return and sends back what was tapped.

The page calls :func:`call` with a function's name and its arguments as JSON
text, and gets JSON text back: the function's answer, or ``{"refused": ...}``
with pyclag's own message when pyclag refuses the input. The state travels as
pyclag's own files: a score sheet as the file ``pyclag score --save`` writes
(:func:`pyclag.scoresheet.dump_sheet`), a game against bots as a game record
(:func:`pyclag.records.dump`). The page keeps them in the browser's storage.

>>> import json
>>> sheet = json.loads(call("sheet_new", '{"preset": "normal", "names": ["Ann", "Bob", "Cy"]}'))
>>> sheet["current"]["heading"]
'Deal 1 of 13: 1 card, normal; dealer Ann, Bob bids first'
>>> json.loads(call("sheet_enter", json.dumps({"file": sheet["file"], "value": 7})))["refused"]
'illegal bid 7 by Bob: a bid is 0..1 tricks in deal 1 of 13 (1 card, dealer Ann); legal bids: 0 1'
"""

from __future__ import annotations

import base64
import contextlib
import json
import random
import zlib
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from pyclag import Play, presets, records
from pyclag.actions import DeclareTrump
from pyclag.bots import HeuristicBot
from pyclag.cards import Suit
from pyclag.engine import apply, is_over, new_game, next_actor, sample_chance, winners
from pyclag.engine.state import GameState, Phase
from pyclag.errors import ClagError
from pyclag.notation import read_call
from pyclag.rules.bidding import BID_RANGES
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NoTrumps
from pyclag.scoresheet import ScoreSheet, SheetDeal, dump_sheet, load_sheet, sheet_csv
from pyclag.terminal import Teller, deal_lines, show_status
from pyclag.terminal.scorekeeper import named
from pyclag.terminal.words import name, rank_order, sorted_cards
from pyclag.views import Observation, observe
from pyclag.views.pictures import card_svg, table_svg

__all__ = ["FUNCTIONS", "call", "link_of", "sheet_of_link"]

Json = Any


# --- the rules to choose from ------------------------------------------------------------


def presets_info() -> list[dict[str, Json]]:
    """Every preset with its table sizes and every option with its value and what it rules.

    >>> [p["name"] for p in presets_info()][:2], presets_info()[0]["options"][0]["name"]
    (['indonesian', 'normal'], 'aces_low_trumps')
    """
    found = []
    for key in presets.names():
        rules = presets.get(key)
        options: list[dict[str, Json]] = [
            {"name": option, "value": _shown(value), "about": rules.explain(option)}
            for option, value in sorted(rules.options.items())
        ]
        options += [
            {
                "name": c.option,
                "value": c.chosen,
                "about": c.about,
                "choices": [n for n, _ in c.choices],
            }
            for c in rules.choices
        ]
        found.append(
            {
                "name": key,
                "summary": presets.summary(key),
                "min_players": rules.min_players,
                "max_players": rules.max_players,
                "options": options,
            }
        )
    return found


def _shown(value: object) -> str:
    return json.dumps(value) if value is None or isinstance(value, bool) else str(value)


def _option_value(text: str) -> object:
    """An option's value as typed (as ``pyclag score --option`` reads it)."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if value is None or isinstance(value, (bool, int)) else text


def _rules(preset: str, options: dict[str, str] | None) -> RuleSet:
    return presets.get(preset, **{k: _option_value(v) for k, v in (options or {}).items()})


# --- the score sheet ---------------------------------------------------------------------

_SHEETS: dict[str, ScoreSheet] = {}


def _sheet(file: str) -> ScoreSheet:
    """The sheet a file holds (the last few read are kept: a tap does not walk the game again)."""
    sheet = _SHEETS.get(file)
    if sheet is None:
        sheet = load_sheet(file)
        if len(_SHEETS) > 8:
            _SHEETS.clear()
        _SHEETS[file] = sheet
    return sheet


def sheet_new(
    preset: str = "wikipedia",
    options: dict[str, str] | None = None,
    players: int | None = None,
    names: Sequence[str] | None = None,
    first_dealer: int = 0,
) -> dict[str, Json]:
    """A new sheet (as ``pyclag score`` starts one): the rules, the names, the first dealer."""
    given = None if not names else tuple(n.strip() for n in names)
    count = players if players is not None else len(given) if given else 4
    return sheet_view(ScoreSheet(_rules(preset, options), count, first_dealer, given))


def sheet_open(file: str) -> dict[str, Json]:
    """The sheet a file holds: an import, or the game kept in the browser."""
    return sheet_view(_sheet(file))


def sheet_enter(file: str, value: Json) -> dict[str, Json]:
    """The sheet with ``value`` entered for what the current deal waits for:
    a seat (the draw), a hand size, a call as typed, the index of a trump, a
    bid, or a list (the tricks taken by seat, or each trick's winner)."""
    sheet = _sheet(file)
    deal = sheet.current
    waiting = Phase.GAME_OVER if deal is None else deal.waiting
    if deal is None or waiting is Phase.DRAW:
        sheet = sheet.draw(value)
    elif waiting is Phase.CHOOSE_HAND_SIZE:
        sheet = sheet.choose_hand_size(value)
    elif waiting is Phase.CALL:
        sheet = sheet.call(read_call(value, deal.to_act or 0))
    elif waiting is Phase.DECLARE_TRUMP:
        sheet = sheet.declare_trump(deal.legal[value])
    elif waiting is not Phase.PLAY:
        sheet = sheet.bid(value)
    elif deal.scoring.by_trick:
        sheet = sheet.trick_winners(value)
    else:
        sheet = sheet.took(value)
    return sheet_view(sheet)


def sheet_undo(file: str) -> dict[str, Json]:
    """The sheet one entry back."""
    return sheet_view(_sheet(file).undo())


def sheet_edit(
    file: str, number: int, bids: Sequence[int], tricks: Sequence[int] | None
) -> dict[str, Json]:
    """The sheet with deal ``number``'s bids (in bidding order) and tricks (by
    seat, or each trick's winner where the deal counts them) entered again,
    and every later deal scored again."""
    sheet = _sheet(file)
    entry = sheet.entries[number - 1] if 0 < number <= len(sheet.entries) else None
    if entry is None:
        return sheet_view(sheet.edit(number, sheet.entries[0]))  # pyclag's refusal
    if entry.trick_winners is None:
        entry = attrs.evolve(entry, bids=tuple(bids), tricks=tricks)
    else:
        entry = attrs.evolve(entry, bids=tuple(bids), trick_winners=tricks)
    return sheet_view(sheet.edit(number, entry))


def sheet_view(sheet: ScoreSheet) -> dict[str, Json]:
    """What the page shows of a sheet, in pyclag's words, and its file."""
    file = dump_sheet(sheet)
    _SHEETS[file] = sheet
    names = [sheet.name(seat) for seat in range(sheet.players)]
    view: dict[str, Json] = {
        "file": file,
        "rules": sheet.rules.name,
        "names": names,
        "totals": list(sheet.totals),
        "deals": sheet.rules.num_rounds(sheet.players),
        "card": sheet.card() if sheet.rows else "",
        "rows": [_row(sheet, row) for row in sheet.rows],
        "csv": sheet_csv(sheet),
        "chart": sheet.chart(),
        "link": link_of(file),
        "can_undo": bool(sheet.entries),
        "current": None if sheet.current is None else _current(sheet, sheet.current),
        "verdict": _verdict(sheet) if sheet.current is None else None,
    }
    return view


def _row(sheet: ScoreSheet, row: Any) -> dict[str, Json]:
    deal: SheetDeal = row.deal
    order = deal.setup.bidding_order if deal.setup.played.has_bids else ()
    return {
        "number": deal.number,
        "cards": deal.hand_size,
        "rule": deal.rule,
        "bids": list(deal.bids),
        "order": list(order),
        "tricks": list(row.tricks_won),
        "by_trick": deal.entry.trick_winners is not None,
        "trick_winners": list(deal.entry.trick_winners or ()),
        "points": list(row.points),
        "made": list(row.made),
        "totals": list(row.totals),
    }


def _current(sheet: ScoreSheet, deal: SheetDeal) -> dict[str, Json]:
    """The deal being played: what it is, what is special, what it waits for."""
    setup, waiting = deal.setup, deal.waiting
    caller = "the caller" if setup.caller is None else sheet.name(setup.caller)
    answer: dict[str, Json] = {
        "number": deal.number,
        "heading": _heading(sheet, deal),
        "special": [named(sheet, line) for line in deal_lines(setup, sheet.rules, caller)],
        "waiting": waiting.value,
        "asks": named(sheet, deal.asks),
        "to_act": None if deal.to_act is None else sheet.name(deal.to_act),
        "hand_size": deal.hand_size,
        "bids": [],
        "choices": [],
    }
    if setup.played.has_bids and setup.hand_size:
        answer["bids"] = [[sheet.name(s), deal.bids[s]] for s in setup.bidding_order]
    if waiting is Phase.DRAW or waiting is Phase.CHOOSE_HAND_SIZE:
        answer["choices"] = [
            {"label": sheet.name(v) if waiting is Phase.DRAW else str(v), "value": v}
            for v in deal.legal
            if isinstance(v, int)
        ]
    elif waiting is Phase.DECLARE_TRUMP:
        answer["choices"] = [
            {"label": str(DeclareTrump(0, suit)), "value": i}
            for i, suit in enumerate(deal.legal)
            if isinstance(suit, (Suit, NoTrumps))
        ]
    elif waiting in (Phase.BID, Phase.BID_BEFORE_DEAL):
        struck = deal.forbidden or ()
        answer["choices"] = [
            {"label": str(b), "value": b, "struck": b in struck} for b in BID_RANGES[deal.hand_size]
        ]
        if struck:
            barred = " or ".join(map(str, struck))
            answer["asks"] = f"{answer['to_act']} bids last and may not bid {barred}"
    elif waiting is Phase.CALL:
        answer["call_examples"] = [str(c) for c in deal.legal[:6]]
    elif waiting is Phase.PLAY:
        answer["by_trick"] = deal.scoring.by_trick
    return answer


def _heading(sheet: ScoreSheet, deal: SheetDeal) -> str:
    setup = deal.setup
    size = deal.hand_size
    cards = f"{size} card{'s' if size > 1 else ''}" if size else "the dealer chooses the cards"
    who = [f"dealer {sheet.name(deal.dealer)}"]
    if setup.caller is not None:
        who.append(f"{sheet.name(setup.caller)} calls")
    if deal.waiting is not Phase.DRAW and setup.played.has_bids:
        who.append(f"{sheet.name(setup.first_bidder)} bids first")
    deals = sheet.rules.num_rounds(sheet.players)
    return f"Deal {deal.number} of {deals}: {cards}, {deal.rule}; {', '.join(who)}"


def _verdict(sheet: ScoreSheet) -> str:
    """The winners, and the tie-break where it decided."""
    best, totals = sheet.winners(), sheet.totals
    top = totals[best[0]]
    tied = [seat for seat, total in enumerate(totals) if total == top]
    names = " and ".join(sheet.name(seat) for seat in best)
    verb = "wins" if len(best) == 1 else "share the win"
    text = f"Game over: {names} {verb} with {top}."
    if len(tied) > 1:
        made = ", ".join(f"{sheet.name(s)} {sheet.contracts_made[s]}" for s in tied)
        text += f" Tie-break ({sheet.rules.options['tie_break']}): {sheet.rules.explain('tie_break')} Contracts made: {made}."
    return text


def link_of(file: str) -> str:
    """A sheet file packed for a link's fragment: deflated, then URL-safe base64.

    >>> sheet_of_link(link_of("{}"))
    '{}'
    """
    return base64.urlsafe_b64encode(zlib.compress(file.encode(), 9)).decode().rstrip("=")


def sheet_of_link(packed: str) -> str:
    """The sheet file a link carries (:func:`link_of`)."""
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        return zlib.decompress(data, bufsize=1 << 16).decode()
    except (ValueError, zlib.error) as err:
        raise ClagError(f"the link does not carry a score sheet: {err}") from None


def sheet_from_link(packed: str) -> dict[str, Json]:
    """The sheet a link carries, checked as an imported file is."""
    return sheet_open(sheet_of_link(packed))


# --- a game against bots -----------------------------------------------------------------

_GAMES: dict[str, tuple[GameState, int, Teller]] = {}


def game_new(
    preset: str = "wikipedia",
    options: dict[str, str] | None = None,
    players: int = 4,
    seat: int = 0,
) -> dict[str, Json]:
    """A new game at ``players`` seats, you at ``seat``, heuristic bots at the others."""
    rules = _rules(preset, options)
    state = new_game(rules, players)
    if not 0 <= seat < players:
        raise ClagError(f"seat must be a seat in 0..{players - 1}, not {seat}")
    return _game_view(_bots_to_play(state, seat), seat, Teller())


def game_open(record: str, seat: int) -> dict[str, Json]:
    """The game a record holds (kept in the browser), told again from its start."""
    return _game_view(_bots_to_play(records.replay(records.load(record)), seat), seat, Teller())


def game_act(record: str, seat: int, index: int) -> dict[str, Json]:
    """The game after your action ``index`` of your legal actions, and the bots' after it."""
    state, _, teller = _game(record, seat)
    legal = observe(state, seat).legal
    if not 0 <= index < len(legal):
        raise ClagError(f"no action {index}: you have {len(legal)} legal actions")
    return _game_view(_bots_to_play(apply(state, legal[index]), seat), seat, teller)


def _game(record: str, seat: int) -> tuple[GameState, int, Teller]:
    kept = _GAMES.get(record)
    if kept is None or kept[1] != seat:
        kept = (records.replay(records.load(record)), seat, Teller())
    return kept


def _bots_to_play(state: GameState, seat: int) -> GameState:
    """The game played on, the cards dealt and the bots deciding, to your turn or the end."""
    rng, bot = random.Random(), HeuristicBot()
    while True:
        actor = next_actor(state)
        if is_over(state) or actor == seat:
            return state
        if isinstance(actor, int):
            state = apply(state, bot.choose(observe(state, actor)))
        else:
            state = apply(state, sample_chance(state, rng))


def _game_view(state: GameState, seat: int, teller: Teller) -> dict[str, Json]:
    record = records.dump(state)
    _GAMES.clear()
    _GAMES[record] = (state, seat, teller)
    view = observe(state, seat)
    over = view.phase is Phase.GAME_OVER
    hand = [] if view.hand is None else sorted_cards(view.hand, rank_order(view))
    plays = [(i, a) for i, a in enumerate(view.legal) if isinstance(a, Play)]
    return {
        "record": record,
        "seat": seat,
        "news": teller.news(view),
        "status": [] if over else show_status(view).splitlines()[:-1],
        "phase": view.phase.value,
        "hand": [str(card) for card in hand],
        "faces": {str(c): card_svg(c) for c in (*hand, *(p.card for p in view.trick))},
        "table": table_svg(view),
        "legal_cards": sorted({str(a.card) for _, a in plays}),
        "plays": [{"card": str(a.card), "label": str(a), "index": i} for i, a in plays],
        "trick": [[name(view, p.seat), str(p), str(p.card)] for p in view.trick],
        "actions": []
        if view.phase is Phase.PLAY
        else [{"label": _action_label(view, a), "index": i} for i, a in enumerate(view.legal)],
        "scores": [[name(view, s), view.scores[s]] for s in range(view.players)],
        "verdict": _game_verdict(state, view) if over else None,
    }


def _action_label(view: Observation, action: object) -> str:
    label = getattr(getattr(action, "choice", None), "label", None)
    return str(label) if label else str(action)


def _game_verdict(state: GameState, view: Observation) -> str:
    best = winners(state)
    who = " and ".join(name(view, s) for s in best)
    return f"Game over: {who} {'win' if len(best) > 1 or best[0] == view.seat else 'wins'} with {view.scores[best[0]]}."


# --- the page's door ---------------------------------------------------------------------

FUNCTIONS: Final[dict[str, Callable[..., Json]]] = {
    f.__name__: f
    for f in (
        presets_info,
        sheet_new,
        sheet_open,
        sheet_enter,
        sheet_undo,
        sheet_edit,
        sheet_from_link,
        game_new,
        game_open,
        game_act,
    )
}
"""What the page may call."""


def call(function: str, arguments: str = "{}") -> str:
    """``function`` of :data:`FUNCTIONS` called with the JSON object ``arguments``;
    its answer as JSON text, or ``{"refused": message}`` where pyclag refuses.

    >>> call("sheet_new", '{"preset": "nonesuch"}')[:40]
    '{"refused": "unknown preset \\'nonesuch\\'; '
    """
    try:
        answer = FUNCTIONS[function](**json.loads(arguments))
    except ClagError as err:
        names = json.loads(arguments).get("file")
        text = str(err)
        if isinstance(names, str):
            with contextlib.suppress(ClagError):  # a file that does not load: seats as numbers
                text = named(_sheet(names), text)
        return json.dumps({"refused": text})
    return json.dumps(answer)

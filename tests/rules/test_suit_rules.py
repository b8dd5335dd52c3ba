"""Issue 34 item 3, "Behaviour on the suit rule": each kind of
:data:`~pyclag.rules.trumps.SuitRule` answers for itself what a deal under it
shows, and no ``isinstance`` ladder over the kinds is left outside ``rules/``.

The expected answers are written out for every kind (the five, and the turn-up
as the presets use it: plain, Guess Trumps, a RAF caller's deal); they are what
the ladders in the heuristic, the terminal, the display, the records, the codec,
the OpenSpiel game and the score sheet answered before the kinds answered for
themselves.
"""

from __future__ import annotations

import ast
import copy
import pathlib
import pickle
import typing
from typing import Final

import pytest

import pyclag
from pyclag import presets
from pyclag.actions import CallChoice
from pyclag.bots.heuristic import spec_rules
from pyclag.cards import Suit
from pyclag.engine.display import trumps_words
from pyclag.engine.state import RoundSetup
from pyclag.errors import IllegalTrumpError, Reason, Refusal
from pyclag.records.fields import call_fields
from pyclag.rules.calls import CallRules
from pyclag.rules.deals import Reveal
from pyclag.rules.round import RoundSpec
from pyclag.rules.trumps import (
    NO_TRUMPS,
    TURN_UP,
    DealerCalls,
    NoTurnUp,
    Precedence,
    SuitRule,
    Trumps,
)
from pyclag.terminal._explain import suits_text

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
NO_DECLARATION: Final = "this round has no trump to declare"

KINDS: Final[dict[str, RoundSpec]] = {
    "turn-up": RoundSpec(7),
    "guess trumps": RoundSpec(7, reveal=Reveal.AFTER_BIDS),
    "raf call": RoundSpec(7, calls=CallRules()),
    "no trumps": RoundSpec(7, suits=NO_TRUMPS),
    "trumps": RoundSpec(7, suits=Trumps(H)),
    "dealer calls": RoundSpec(7, suits=DealerCalls()),
    "dealer calls nt": RoundSpec(7, suits=DealerCalls(no_trumps=True)),
    "precedence": RoundSpec(7, suits=Precedence("HSDC")),
}
"""Every kind of suit rule, with the turn-up as the presets deal it."""

RULE: Final = {
    # kind: (turns_up, dealer_declares, trump, precedence, trump_suits, choices)
    "turn-up": (True, False, None, None, (C, D, H, S), ()),
    "guess trumps": (True, False, None, None, (C, D, H, S), ()),
    "raf call": (True, False, None, None, (C, D, H, S), ()),
    "no trumps": (False, False, None, None, (), ()),
    "trumps": (False, False, H, None, (H,), ()),
    "dealer calls": (False, True, None, None, (C, D, H, S), (C, D, H, S)),
    "dealer calls nt": (False, True, None, None, (C, D, H, S), (C, D, H, S, NO_TRUMPS)),
    "precedence": (False, False, None, (H, S, D, C), (), ()),
}

WORDS: Final = {
    # kind: (label, description, what the terminal explains, what the table shows before the deal)
    "turn-up": ("", "", "", "trumps not yet shown"),
    "guess trumps": (
        "",
        "",
        "Guess Trumps: the card that names trumps is shown only after the last bid.",
        "trumps not yet shown",
    ),
    "raf call": ("", "", "", "trumps not yet called"),
    "no trumps": (
        "No Trumps",
        "No trumps: the highest card of the suit led wins each trick.",
        "No trumps: the highest card of the suit led wins each trick.",
        "no trumps",
    ),
    "trumps": ("Trumps H", "Trumps are hearts.", "Trumps are hearts.", "trumps H"),
    "dealer calls": (
        "Dealer Calls",
        "Dealer Calls: the dealer declares trumps after seeing their hand: "
        "clubs, diamonds, hearts, spades.",
        "Dealer Calls: the dealer declares trumps after seeing their hand: "
        "clubs, diamonds, hearts, spades.",
        "trumps not yet declared",
    ),
    "dealer calls nt": (
        "Dealer Calls",
        "Dealer Calls: the dealer declares trumps after seeing their hand: "
        "clubs, diamonds, hearts, spades, no trumps.",
        "Dealer Calls: the dealer declares trumps after seeing their hand: "
        "clubs, diamonds, hearts, spades, no trumps.",
        "trumps not yet declared",
    ),
    "precedence": (
        "Precedence HSDC",
        "Suit precedence H S D C: a card of a higher suit beats every card of a lower suit, "
        "whatever was led (follow suit as usual).",
        "Suit precedence H S D C: a card of a higher suit beats every card of a lower suit, "
        "whatever was led (follow suit as usual).",
        "precedence HSDC",
    ),
}

HEURISTIC: Final = {
    # kind: the (trump, precedence) of each rule set the heuristic weighs a hand under
    "turn-up": [(C, None), (D, None), (H, None), (S, None)],
    "guess trumps": [(C, None), (D, None), (H, None), (S, None)],
    "raf call": [(C, None), (D, None), (H, None), (S, None)],
    "no trumps": [(None, None)],
    "trumps": [(H, None)],
    "dealer calls": [(C, None), (D, None), (H, None), (S, None)],
    "dealer calls nt": [(C, None), (D, None), (H, None), (S, None)],
    "precedence": [(None, (H, S, D, C))],
}


@pytest.mark.parametrize("kind", KINDS)
def test_issue_34_item_3_each_suit_rule_answers_what_the_deal_shows(kind: str) -> None:
    """issue 34 item 3: turned up or not, declared or not, the trump and the
    precedence it names, the suits that may be trumps, the dealer's choices."""
    suits = KINDS[kind].suits
    answers = (
        suits.turns_up,
        suits.dealer_declares,
        suits.trump,
        suits.precedence,
        suits.trump_suits,
        suits.choices,
    )
    assert answers == RULE[kind]


NOT_NAMED: Final = "not a trump the dealer may name"
DECLARED: Final = {
    # kind: what declaring hearts, no trumps and the text "H" comes to
    "turn-up": [NO_DECLARATION] * 3,
    "guess trumps": [NO_DECLARATION] * 3,
    "raf call": [NO_DECLARATION] * 3,
    "no trumps": [NO_DECLARATION] * 3,
    "trumps": [NO_DECLARATION] * 3,
    "dealer calls": [H, NOT_NAMED, NOT_NAMED],
    "dealer calls nt": [H, NO_TRUMPS, NOT_NAMED],
    "precedence": [NO_DECLARATION] * 3,
}


def _ruled(ruling: object) -> object:
    """A declared trump, or the reason a refusal gives (checked to be a bad trump)."""
    if isinstance(ruling, Refusal):
        assert (ruling.error, ruling.reason) == (IllegalTrumpError, Reason.BAD_TRUMP)
        return ruling.why
    return ruling


@pytest.mark.parametrize("kind", KINDS)
def test_issue_34_item_3_each_suit_rule_rules_on_a_declaration(kind: str) -> None:
    """issue 34 item 3: a dealer-calls rule declares what its choices hold; every
    other rule refuses any declaration, as the engine's ladder refused it."""
    suits = KINDS[kind].suits
    rulings = [suits.ruling(choice) for choice in (H, NO_TRUMPS, "H")]
    assert [_ruled(ruling) for ruling in rulings] == DECLARED[kind]


@pytest.mark.parametrize("kind", KINDS)
def test_issue_34_item_3_each_suit_rule_says_in_words_how_suits_rank(kind: str) -> None:
    """issue 34 item 3: the label, the description, the terminal's explanation and
    the table's words before the deal, as the ladders wrote them."""
    spec = KINDS[kind]
    setup = RoundSetup(index=0, spec=spec, players=4, dealer=0, hand_size=7)
    words = (spec.suits.label, spec.suits.description, suits_text(spec), trumps_words(setup))
    assert words == WORDS[kind]


@pytest.mark.parametrize("kind", KINDS)
def test_issue_34_item_3_the_heuristic_weighs_each_suit_rule_as_before(kind: str) -> None:
    """issue 34 item 3: one rule set per suit while the trump is unknown, else the one."""
    view = pyclag.observe(pyclag.new_game(pyclag.NORMAL, 4), 0)
    weighed = [(rules.trump, rules.precedence) for rules in spec_rules(view, KINDS[kind])]
    assert weighed == HEURISTIC[kind]


def test_issue_34_item_3_each_call_choice_is_written_and_typed_as_before() -> None:
    """issue 34 item 3: a record writes a call's suits by its notation; the
    terminal lists it by its shorthand."""
    written = [
        call_fields(CallChoice(suits))["suits"]
        for suits in (H, TURN_UP, NO_TRUMPS, Precedence("HSDC"))
    ]
    assert written == ["trumps:H", "turn-up", "no-trumps", "precedence:HSDC"]
    shorthands = [rule.shorthand for rule in (TURN_UP, NO_TRUMPS, Trumps(S), Precedence("DCHS"))]
    assert shorthands == ["trumps", "nt", "trumps S", "precedence DCHS"]


def test_issue_34_item_3_the_suit_rules_stay_frozen_hashable_and_picklable() -> None:
    """issue 34 item 3: behaviour added, the values are the values they were."""
    for spec in KINDS.values():
        rule = spec.suits
        again = pickle.loads(pickle.dumps(rule))
        assert again == rule
        assert hash(again) == hash(rule)
        assert copy.deepcopy(rule) is rule
        assert not hasattr(rule, "__dict__")  # slotted: nothing added per value


def _preset_deals() -> set[tuple[SuitRule, Reveal, bool]]:
    found = set()
    for name in presets.names():
        rules = presets.get(name)
        specs = list(rules.schedule)
        for choice in rules.choices:
            specs += [spec for _, chosen in choice.choices for spec in chosen]
        found |= {(spec.suits, spec.reveal, spec.calls is not None) for spec in specs}
    return found


def test_issue_34_item_3_the_kinds_cover_every_suit_rule_the_presets_deal() -> None:
    """issue 34 item 3: each suit rule a preset deals (with its reveal and its
    caller) is one of the kinds whose answers are written out above."""
    kinds = {(spec.suits, spec.reveal, spec.calls is not None) for spec in KINDS.values()}
    missing = _preset_deals() - kinds
    assert not missing, f"a suit rule the presets deal has no written-out answers: {missing}"


# --- no ladder outside rules/ --------------------------------------------------------------

SRC: Final = pathlib.Path(pyclag.__file__).resolve().parent
SUIT_RULE_CLASSES: Final = frozenset(
    {kind.__name__ for kind in typing.get_args(SuitRule)} | {NoTurnUp.__name__}
)
REASON: Final = "# isinstance:"
"""The comment that keeps a dispatch on a suit rule's class, with the reason after it."""


def _names(node: ast.AST) -> set[str]:
    """The class names an isinstance or type test's second part names."""
    parts = node.elts if isinstance(node, ast.Tuple) else [node]
    named = {part.id for part in parts if isinstance(part, ast.Name)}
    return named | {part.attr for part in parts if isinstance(part, ast.Attribute)}


def _is_type_call(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"


def _dispatches(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` that ask which kind of suit rule a value is."""
    lines = []
    for node in ast.walk(tree):
        asked: set[str] = set()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                asked = _names(node.args[1])
        elif isinstance(node, ast.Compare) and _is_type_call(node.left):
            asked = set().union(*map(_names, node.comparators))
        elif isinstance(node, ast.MatchClass):
            asked = _names(node.cls)
        if asked & SUIT_RULE_CLASSES and isinstance(node, (ast.expr, ast.pattern)):
            lines.append(node.lineno)
    return sorted(lines)


def _ladders() -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name.startswith("rules/"):
            continue
        text = path.read_text()
        lines = text.splitlines()
        for number in _dispatches(ast.parse(text)):
            comment = lines[number - 1].partition(REASON)[2].strip()
            if not comment:
                found.append(f"{name}:{number}: {lines[number - 1].strip()}")
    return found


def test_issue_34_item_3_no_suit_rule_ladder_is_left_outside_rules() -> None:
    """issue 34 item 3: outside ``rules/`` nothing asks which kind of suit rule
    it holds (``isinstance``, ``type(x) is``, ``case``) unless a comment says why."""
    assert _ladders() == []


def test_issue_34_item_3_the_ladder_finder_finds_every_form() -> None:
    """issue 34 item 3: the structural test sees each way of asking the kind."""
    source = """
isinstance(x, TurnUp)
isinstance(x, (Suit, NoTrumps))
isinstance(x, trumps.DealerCalls)
type(x) is Precedence
type(x) in (Trumps, int)
match x:
    case NoTurnUp():
        pass
isinstance(x, Suit)
type(x) is Suit
"""
    assert _dispatches(ast.parse(source)) == [2, 3, 4, 5, 6, 8]

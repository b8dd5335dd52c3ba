"""pyclag: the card game Clag (Oh Hell with special deals) as pure functions
over immutable state.

>>> import random, pyclag
>>> state = pyclag.new_game(pyclag.NORMAL, players=4, first_dealer=0)
>>> state = pyclag.deal(state, rng=random.Random(7))
>>> pyclag.phase(state).name, pyclag.next_actor(state)
('BID', 1)

:mod:`pyclag.presets`, :mod:`pyclag.records`, the views
(:func:`~pyclag.views.observe`, :class:`~pyclag.views.Observation`,
:func:`~pyclag.views.determinize`), :func:`~pyclag.engine.rollouts` and the
checked trick rulings (:func:`~pyclag.rules.tricks.trick_winner` and its
neighbours) are imported, with the modules under them, the first time they are
asked for, so that ``import pyclag`` builds only the engine and its rules.
"""

import sys
from typing import TYPE_CHECKING, Final

from pyclag._caches import lazy_names
from pyclag.actions import (
    Action,
    Bid,
    Call,
    CallChoice,
    ChanceAction,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Draw,
    Madness,
    Play,
    PlayerAction,
    ShuffleHands,
)
from pyclag.cards import DECK, Card, Rank, Suit, parse_cards
from pyclag.engine import (
    Outcome,
    apply,
    bid,
    call,
    choose_hand_size,
    deal,
    declare_trump,
    is_legal,
    is_over,
    legal_actions,
    legal_bids,
    legal_calls,
    legal_declarations,
    legal_hand_sizes,
    legal_plays,
    legal_trumps,
    new_game,
    next_actor,
    outcome,
    parse_action,
    phase,
    play,
    sample_chance,
    shuffle_hands,
    winners,
)
from pyclag.engine.state import (
    CHANCE,
    GameState,
    Phase,
    RoundResult,
    RoundSetup,
    RoundState,
    Seat,
    Trick,
)
from pyclag.errors import (
    ClagError,
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalChanceError,
    IllegalDeclarationError,
    IllegalHandSizeError,
    IllegalPlayError,
    IllegalTrumpError,
    OutOfTurnError,
    Reason,
    RecordError,
    RulesError,
    WrongPhaseError,
)
from pyclag.hand import Hand
from pyclag.rules import NORMAL, RoundRules, RoundSpec, RuleSet
from pyclag.rules.dealing import draw_for_dealer

if TYPE_CHECKING:
    from pyclag import presets, records
    from pyclag.engine import rollouts
    from pyclag.rules.tricks import beats, card_strength, score_round, trick_winner, winning_play
    from pyclag.views import Observation, determinize, observe

__version__ = "0.2.0"

_MOVED: Final = {
    "pyclag.state": "pyclag.engine.state",
    "pyclag.phases": "pyclag.engine.phases",
    "pyclag.play_action": "pyclag._play",
}
"""Modules of 0.2 whose classes now live elsewhere, by their new homes. A pickle
names the module a class was defined in, so the old names stay importable (as
these very modules) for pickles written by 0.2 to load."""

for _old, _new in _MOVED.items():
    sys.modules.setdefault(_old, sys.modules[_new])

__all__ = [
    "CHANCE",
    "DECK",
    "NORMAL",
    "Action",
    "Bid",
    "Call",
    "CallChoice",
    "Card",
    "ChanceAction",
    "ChooseHandSize",
    "ClagError",
    "Deal",
    "DeclareTrump",
    "Draw",
    "GameState",
    "Hand",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalCallError",
    "IllegalChanceError",
    "IllegalDeclarationError",
    "IllegalHandSizeError",
    "IllegalPlayError",
    "IllegalTrumpError",
    "Madness",
    "Observation",
    "OutOfTurnError",
    "Outcome",
    "Phase",
    "Play",
    "PlayerAction",
    "Rank",
    "Reason",
    "RecordError",
    "RoundResult",
    "RoundRules",
    "RoundSetup",
    "RoundSpec",
    "RoundState",
    "RuleSet",
    "RulesError",
    "Seat",
    "ShuffleHands",
    "Suit",
    "Trick",
    "WrongPhaseError",
    "__version__",
    "apply",
    "beats",
    "bid",
    "call",
    "card_strength",
    "choose_hand_size",
    "deal",
    "declare_trump",
    "determinize",
    "draw_for_dealer",
    "is_legal",
    "is_over",
    "legal_actions",
    "legal_bids",
    "legal_calls",
    "legal_declarations",
    "legal_hand_sizes",
    "legal_plays",
    "legal_trumps",
    "new_game",
    "next_actor",
    "observe",
    "outcome",
    "parse_action",
    "parse_cards",
    "phase",
    "play",
    "presets",
    "records",
    "rollouts",
    "sample_chance",
    "score_round",
    "shuffle_hands",
    "trick_winner",
    "winners",
    "winning_play",
]

_LAZY: Final = {
    "Observation": "pyclag.views",
    "determinize": "pyclag.views",
    "observe": "pyclag.views",
    "presets": None,
    "records": None,
    "rollouts": "pyclag.engine",
    **dict.fromkeys(
        ("beats", "card_strength", "score_round", "trick_winner", "winning_play"),
        "pyclag.rules.tricks",
    ),
}
"""The public names imported on first use: a subpackage (None), or the module a name is in."""

__getattr__, __dir__ = lazy_names(__name__, _LAZY)

"""pyclag: the card game Clag (Oh Hell with special deals) as pure functions
over immutable state.

>>> import random, pyclag
>>> state = pyclag.new_game(pyclag.NORMAL, players=4, first_dealer=0)
>>> state = pyclag.deal(state, rng=random.Random(7))
>>> pyclag.phase(state).name, pyclag.next_actor(state)
('BID', 1)
"""

from pyclag import presets, records
from pyclag.actions import (
    Action,
    Bid,
    Call,
    ChanceAction,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Madness,
    Play,
    PlayerAction,
    ShuffleHands,
)
from pyclag.cards import DECK, Card, Rank, Suit, parse_cards
from pyclag.dealing import draw_for_dealer
from pyclag.engine import (
    apply,
    deal,
    is_over,
    new_game,
    next_actor,
    phase,
    sample_chance,
    shuffle_hands,
    winners,
)
from pyclag.errors import (
    ClagError,
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalDeclarationError,
    IllegalPlayError,
    OutOfTurnError,
    Reason,
    RecordError,
    RulesError,
    WrongPhaseError,
)
from pyclag.hand import Hand
from pyclag.moves import (
    bid,
    call,
    choose_hand_size,
    declare_trump,
    legal_actions,
    legal_bids,
    legal_calls,
    legal_declarations,
    legal_hand_sizes,
    legal_plays,
    legal_trumps,
    play,
)
from pyclag.rules import NORMAL, RoundRules, RoundSpec, RuleSet, trick_winner
from pyclag.scoring import score_round
from pyclag.state import CHANCE, GameState, Phase, RoundResult, RoundSetup, RoundState, Seat, Trick
from pyclag.views import Observation, determinize, observe

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "DECK",
    "NORMAL",
    "Action",
    "Bid",
    "Call",
    "Card",
    "ChanceAction",
    "ChooseHandSize",
    "ClagError",
    "Deal",
    "DeclareTrump",
    "GameState",
    "Hand",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalCallError",
    "IllegalDeclarationError",
    "IllegalPlayError",
    "Madness",
    "Observation",
    "OutOfTurnError",
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
    "bid",
    "call",
    "choose_hand_size",
    "deal",
    "declare_trump",
    "determinize",
    "draw_for_dealer",
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
    "parse_cards",
    "phase",
    "play",
    "presets",
    "records",
    "sample_chance",
    "score_round",
    "shuffle_hands",
    "trick_winner",
    "winners",
]

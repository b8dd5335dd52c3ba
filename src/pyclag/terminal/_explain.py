"""What a deal's rules mean, in a line or two each, written from the rule
set's own data (the round spec's axes, its scoring scheme and the deal
options), never typed per preset: a new special deal built from the same
axes is explained by the same words. Internal surface of :mod:`pyclag.terminal`.

>>> import pyclag
>>> spec = pyclag.presets.get("wikipedia").round_spec(8)
>>> for line in spec_lines(spec, pyclag.presets.get("wikipedia"), 7):
...     print(line)
Misère: nobody bids; every contract is 0 tricks. Taking no tricks scores 10; each trick taken scores -2.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyclag.actions import CallChoice, Madness
from pyclag.cards import Suit
from pyclag.engine.state import RoundResult, RoundSetup
from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.ordering import RankOrder
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, Precedence
from pyclag.scoring.schemes import ContractScoring, MostTricks, Scoring

__all__ = [
    "call_lines",
    "deal_lines",
    "hook_text",
    "madness_values",
    "order_text",
    "pile_text",
    "result_notes",
    "rules_lines",
    "scoring_text",
    "spec_lines",
    "suits_text",
]


def suits_text(spec: RoundSpec) -> str:
    """How suits rank in a deal of ``spec``: '' for the normal turn-up trump.

    >>> suits_text(RoundSpec(7, suits=Precedence("HSDC")))
    'Suit precedence H S D C: a card of a higher suit beats every card of a lower suit, whatever was led (follow suit as usual).'
    """
    if spec.suits.turns_up and spec.reveal is Reveal.AFTER_BIDS:
        return "Guess Trumps: the card that names trumps is shown only after the last bid."
    return spec.suits.description


def order_text(order: RankOrder) -> str:
    """The rank order of a deal, when it is not the normal ace-high one.

    >>> order_text(RankOrder.TWO_HIGH)
    'Nuloss: ranks run upside down, high to low 2 3 4 5 6 7 8 9 T J Q K A.'
    >>> order_text(RankOrder.ACE_HIGH)
    ''
    """
    if order is RankOrder.ACE_HIGH:
        return ""
    ranks = " ".join(rank.letter for rank in order.high_to_low())
    if order is RankOrder.TWO_HIGH:
        return f"Nuloss: ranks run upside down, high to low {ranks}."
    trumps = "" if order.in_trumps is order else " (in trumps the ace stays high)"
    return f"Aces Low: ranks high to low {ranks}{trumps}."


def _bidding_text(spec: RoundSpec, scoring: Scoring, hand_size: int) -> str:
    bidding = spec.bidding
    if bidding is Bidding.UNSEEN:
        seen = "" if spec.reveal is Reveal.AFTER_BIDS else " (the turn-up is shown)"
        return f"Blind: everyone bids before looking at their own cards{seen}."
    if bidding is Bidding.BEFORE_DEAL:
        return "Blind: everyone bids before the cards are dealt."
    if bidding is Bidding.FORCED_ZERO and isinstance(scoring, ContractScoring):
        weight = (
            ""
            if scoring.madness is None
            else " times its madness weight ("
            + " ".join(map(str, madness_values(scoring.madness, 1, hand_size)))
            + ")"
        )
        return (
            "Misère: nobody bids; every contract is 0 tricks. Taking no tricks scores "
            f"{scoring.bonus}; each trick taken scores {scoring.per_trick_on_miss}{weight}."
        )
    if bidding is Bidding.NONE:
        return f"{scoring.label}: nobody bids. " + scoring_text(scoring)
    return ""


def pile_text(play: PlayMode) -> str:
    """Why the tricks of a deal play themselves, if they do.

    >>> pile_text(PlayMode.SHUFFLED)
    'Each hand is shuffled face down and its top card played to each trick: nobody chooses a card, so the tricks play themselves.'
    """
    if play is PlayMode.DEALT_ORDER:
        where = "in the order they were dealt, the first dealt first"
    elif play is PlayMode.REVERSE_ORDER:
        where = "in the order they were dealt, the last dealt first"
    elif play is PlayMode.SHUFFLED:
        return (
            "Each hand is shuffled face down and its top card played to each trick: "
            "nobody chooses a card, so the tricks play themselves."
        )
    else:
        return ""
    return (
        f"Each player's cards stay face down and are played one a trick {where}, with no "
        "duty to follow suit: nobody chooses a card, so the tricks play themselves."
    )


def _twos_text(twos: TwosWild) -> str:
    # The four rule flags of §2.0 TWOS_WILD, rules 5-8 (A13), each in a few words.
    rules = [
        "a two keeps its own suit for following suit"
        if twos.natural_suit
        else "a two has no suit of its own for following suit",
        "it may be led" if twos.may_lead else "it may not be led",
        "it may stand for any card"
        if twos.any_identity
        else "it may not stand for a two, the turn-up, a card you hold or one already played",
    ]
    if not twos.wild_trumps:
        rules.append("it stands for a trump only when trumps were led")
    return (
        "Twos Wild: a two is played as any card you name (type 2H=AC or 2H as AC) and beats "
        f"that card played naturally; {'; '.join(rules)}."
    )


def madness_values(madness: Madness, per_trick: int, hand_size: int) -> tuple[int, ...]:
    """What each trick of a madness deal is worth to its winner (§2.3), in order.

    >>> madness_values(Madness.ASCENDING, 2, 5), madness_values(Madness.DESCENDING, 2, 3)
    ((2, 4, 6, 8, 10), (6, 4, 2))
    """
    return tuple(
        per_trick * (madness.trick_value(j, hand_size) // 2) for j in range(1, hand_size + 1)
    )


def scoring_text(scoring: Scoring, hand_size: int | None = None) -> str:
    """How a deal scores, from its scheme's numbers.

    >>> from pyclag.scoring.schemes import F1, F2, misere
    >>> scoring_text(F1), scoring_text(F2)
    ('An exact bid scores 10 + 2 a trick; a missed bid scores nothing.', 'An exact bid scores 10 + 1 a trick; a missed bid scores 1 a trick.')
    >>> scoring_text(misere(-2)), scoring_text(MostTricks())
    ('Taking no tricks scores 10; each trick taken scores -2.', 'The one player who takes the most tricks scores 10; a tie for most scores nobody.')
    """
    if isinstance(scoring, MostTricks):
        return (
            f"The one player who takes the most tricks scores {scoring.bonus}; "
            "a tie for most scores nobody."
        )
    if scoring.per_trick == 0 and scoring.madness is None:  # misère: every contract is 0
        return (
            f"Taking no tricks scores {scoring.bonus}; each trick taken scores "
            f"{scoring.per_trick_on_miss}."
        )
    missed = "nothing" if scoring.per_trick_on_miss == 0 else f"{scoring.per_trick_on_miss} a trick"
    if scoring.madness is None:
        return (
            f"An exact bid scores {scoring.bonus} + {scoring.per_trick} a trick; "
            f"a missed bid scores {missed}."
        )
    sizes = (
        ""
        if hand_size is None
        else (
            ": " + " ".join(map(str, madness_values(scoring.madness, scoring.per_trick, hand_size)))
        )
    )
    return (
        f"{scoring.madness.value.capitalize()} madness: each trick is worth its own value"
        f"{sizes}; an exact bid scores {scoring.bonus} + the values of the tricks taken; "
        f"a missed bid scores {missed if scoring.per_trick_on_miss == 0 else 'their values'}."
    )


def deal_lines(setup: RoundSetup, rules: RuleSet, caller: str = "the caller") -> list[str]:
    """What is special about the deal of ``setup`` under ``rules``, a line per
    rule: nothing for a normal deal; for a RAF deal, the call once it is made
    (``caller`` names who makes it).

    >>> import pyclag
    >>> deal_lines(pyclag.new_game(pyclag.NORMAL, 3).round.setup, pyclag.NORMAL)
    []
    >>> rules = pyclag.NORMAL.with_schedule([RoundSpec(7, suits=Precedence("HSDC"), rank_order=RankOrder.TWO_HIGH)])
    >>> print("\\n".join(deal_lines(pyclag.new_game(rules, 3).round.setup, rules)))
    Suit precedence H S D C: a card of a higher suit beats every card of a lower suit, whatever was led (follow suit as usual).
    Nuloss: ranks run upside down, high to low 2 3 4 5 6 7 8 9 T J Q K A.
    """
    spec = setup.played
    if spec.calls is not None and setup.call is None:
        if setup.caller is None:  # A18: the first deal has nobody to call it
            return []
        names = "name" if caller == "you" else "names"  # "you name", "seat 2 names"
        return [
            f"Caller's choice: {caller} {names} this deal's suits and options after seeing "
            "the hand (at the call, help says what each word means)."
        ]
    return spec_lines(spec, rules, setup.hand_size)


def spec_lines(spec: RoundSpec, rules: RuleSet, hand_size: int) -> list[str]:
    """What is special about a deal of ``spec`` (as played) with ``hand_size``
    cards, a line per rule (:func:`deal_lines`).

    >>> import pyclag
    >>> spec_lines(RoundSpec(5, play=PlayMode.DEALT_ORDER), pyclag.NORMAL, 5)
    ["Each player's cards stay face down and are played one a trick in the order they were dealt, the first dealt first, with no duty to follow suit: nobody chooses a card, so the tricks play themselves."]
    """
    scoring = rules.round_scoring(spec)
    lines = [
        suits_text(spec),
        _bidding_text(spec, scoring, hand_size),
        pile_text(spec.play),
        _twos_text(spec.twos) if spec.twos is not None else "",
        order_text(spec.rank_order),
    ]
    if spec.bidding.has_bids and _numbers(scoring) != _numbers(rules.scoring):
        lines.append(scoring_text(scoring, hand_size))
    return [line for line in lines if line]


def _numbers(scoring: Scoring) -> tuple[object, ...]:
    """What a scheme scores, whatever its name (a call renames the rule set's scoring)."""
    if isinstance(scoring, MostTricks):
        return (scoring.bonus,)
    return (scoring.bonus, scoring.per_trick, scoring.per_trick_on_miss, scoring.madness)


def call_lines(rules: RuleSet, spec: RoundSpec, hand_size: int, words: Sequence[str]) -> list[str]:
    """What each word of a RAF call means (§2.3), from the deal each makes
    (:meth:`RoundSpec.with_call <pyclag.rules.round.RoundSpec.with_call>`):
    the suit modes and options ``words`` lists as you would type them.

    >>> import pyclag
    >>> raf = pyclag.presets.get("raf")
    >>> for line in call_lines(raf, raf.round_spec(1), 3, ["nt", "misere", "ascending"]):
    ...     print(line)
      nt: No trumps: the highest card of the suit led wins each trick.
      misere: Misère: nobody bids; every contract is 0 tricks. Taking no tricks scores 10; each trick taken scores -2.
      ascending: Ascending madness: each trick is worth its own value: 2 4 6; an exact bid scores 10 + the values of the tricks taken; a missed bid scores nothing.
    """
    base = rules.scoring if isinstance(rules.scoring, ContractScoring) else None
    lines = []
    for word in words:
        choice = _choice(word)
        if choice is None or base is None:
            continue
        called = spec.with_call(choice, base)
        if word == "trumps":  # the bare word calls the turn-up (_choice)
            text = "the turn-up card names trumps."
        else:
            text = " ".join(spec_lines(called, rules, hand_size))
        lines.append(f"  {word}: {text}")
    return lines


def _choice(word: str) -> CallChoice | None:
    """The call that ``word`` alone makes (a bare option: with the turn-up trump)."""
    if word == "nt":
        return CallChoice(NO_TRUMPS)
    if word == "trumps":
        return CallChoice(TURN_UP)
    if word.startswith("trumps "):
        return CallChoice(Suit.parse(word.split()[1]))
    if word.startswith("precedence "):
        return CallChoice(Precedence(word.split()[1]))
    if word in ("ascending", "descending"):
        return CallChoice(TURN_UP, madness=Madness(word))
    if word in ("nuloss", "blind", "misere"):
        return CallChoice(
            TURN_UP, nuloss=word == "nuloss", blind=word == "blind", misere=word == "misere"
        )
    return None


def rules_lines(setup: RoundSetup, rules: RuleSet) -> list[str]:
    """The whole of a deal's rules, for ``rules`` at a prompt: what is special
    (:func:`deal_lines`), how it scores and the restriction on the last bid.

    >>> import pyclag
    >>> game = pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 4)
    >>> print("\\n".join(rules_lines(game.round.setup, pyclag.NORMAL)))
    A normal deal: the turn-up names trumps; follow suit if you can.
    An exact bid scores 10 + 2 a trick; a missed bid scores nothing.
    The last bidder may not bid so that the bids total 3, the number of tricks.
    """
    spec, hand_size = setup.played, setup.hand_size
    lines = deal_lines(setup, rules) or [
        "A normal deal: the turn-up names trumps; follow suit if you can."
    ]
    scoring = rules.round_scoring(spec)
    text = scoring_text(scoring, hand_size)
    if not any(text in line for line in lines):
        lines.append(text)
    if spec.bidding.has_bids:
        lines.append(hook_text(rules, hand_size or None))  # 0: the size is still to choose
    return lines


def hook_text(rules: RuleSet, hand_size: int | None = None) -> str:
    """The restriction on the last bid (§1.7, A1-A4), for a deal of
    ``hand_size`` cards (``None``: any deal).

    >>> import pyclag
    >>> hook_text(pyclag.NORMAL), hook_text(pyclag.NORMAL.with_options(hook="gt"), 5)
    ('The last bidder may not bid so that the bids total the number of tricks.', 'The bids must total more than 5, the number of tricks.')
    """
    hook = rules.hook
    form = rules.options["hook"]
    tricks = "the number of tricks" if hand_size is None else f"{hand_size}, the number of tricks"
    if form == "none" or (hand_size is not None and hand_size < hook.min_hand_size):
        return "Any bid is allowed: nothing restricts the last bid."
    if form == "gt":
        exact = "exactly one more than" if hook.gt_exact else "more than"
        return f"The bids must total {exact} {tricks}."
    return f"The last bidder may not bid so that the bids total {tricks}."


def result_notes(result: RoundResult, names: Sequence[str]) -> list[str]:
    """Why a deal's scores are what they are, where that is not plain: a
    missed misère, a tie for Most Tricks, the trick values of a madness deal.

    >>> import random, pyclag
    >>> from pyclag.engine import play_out
    >>> spec = pyclag.presets.get("wikipedia").round_spec(14)
    >>> state = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 3), random.Random(0))
    >>> result_notes(state.history[0], ["you", "seat 1", "seat 2"])
    ['Most Tricks: you and seat 2 tie with 3 tricks, so nobody scores.']
    """
    rules = result.setup.round_rules
    scoring = None if rules is None else rules.scoring
    won = result.tricks_won
    if isinstance(scoring, MostTricks):
        top = max(won)
        tied = [names[seat] for seat, count in enumerate(won) if count == top]
        if len(tied) > 1:
            return [f"Most Tricks: {' and '.join(tied)} tie with {top} tricks, so nobody scores."]
        return []
    if not isinstance(scoring, ContractScoring):
        return []
    misere = result.setup.played.bidding is Bidding.FORCED_ZERO
    if scoring.madness is not None:
        per = scoring.per_trick_on_miss if misere else scoring.per_trick
        values = madness_values(scoring.madness, per, result.hand_size)
        taken = [
            f"{names[seat]} " + "+".join(str(values[j]) for j in _taken(result, seat))
            for seat in range(len(names))
            if won[seat]
        ]
        what = "Misère: each trick taken scores its value" if misere else "Trick values"
        return [f"{what} {' '.join(map(str, values))}; taken: {', '.join(taken)}."]
    if misere and scoring.per_trick_on_miss:
        missed = [
            f"{names[seat]} {won[seat]} x {scoring.per_trick_on_miss}"
            for seat in range(len(names))
            if won[seat]
        ]
        if missed:
            return [
                f"Misère: each trick taken scores {scoring.per_trick_on_miss}: {', '.join(missed)}."
            ]
    return []


def _taken(result: RoundResult, seat: int) -> list[int]:
    """The tricks ``seat`` took in ``result``, by place (0-based)."""
    return [place for place, winner in enumerate(result.trick_winners) if winner == seat]

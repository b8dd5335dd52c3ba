"""The page ``pyclag rules`` prints: a preset's table, scoring and schedule,
what each special deal means and every option with what it rules, all read
from the rule set (:mod:`pyclag.terminal._explain`, :meth:`RuleSet.explain
<pyclag.rules.ruleset.RuleSet.explain>`). Internal surface of :mod:`pyclag.terminal`.

>>> import pyclag
>>> print(rules_page(pyclag.presets.get("wikipedia"), 4).split("\\noptions")[0])
Wikipedia: the current English Wikipedia article on Clag
players 3-7; 22 deals with 4 players; ties shared.
Scoring F1: an exact bid scores 10 + 2 a trick; a missed bid scores nothing.
Hook ne: the last bidder may not bid so that the bids total the number of
    tricks.
round  cards  special rule                  scoring
    1      1  normal                        F1
    2      2  normal                        F1
    3      3  normal                        F1
    4      4  normal                        F1
    5      5  normal                        F1
    6      6  normal                        F1
    7      7  normal                        F1
    8      7  No Trumps                     F1
    9      7  Misère                        misère -2
   10      7  Guess Trumps                  F1
   11      7  Blind (bids before the deal)  F1
   12      7  Twos Wild                     F1
   13      7  Aces Low                      F1
   14      7  Dealer Calls                  F1
   15      7  Most Tricks                   most tricks
   16      7  normal                        F1
   17      6  normal                        F1
   18      5  normal                        F1
   19      4  normal                        F1
   20      3  normal                        F1
   21      2  normal                        F1
   22      1  normal                        F1
special deals:
  No Trumps: the highest card of the suit led wins each trick.
  Misère: nobody bids; every contract is 0 tricks. Taking no tricks scores 10;
      each trick taken scores -2.
  Guess Trumps: the card that names trumps is shown only after the last bid.
  Blind (bids before the deal): everyone bids before the cards are dealt.
  Twos Wild: a two is played as any card you name (type 2H=AC or 2H as AC) and
      beats that card played naturally; a two has no suit of its own for
      following suit; it may be led; it may stand for any card.
  Aces Low: ranks high to low K Q J T 9 8 7 6 5 4 3 2 A.
  Dealer Calls: the dealer declares trumps after seeing their hand: clubs,
      diamonds, hearts, spades.
  Most Tricks: nobody bids. The one player who takes the most tricks scores 10;
      a tie for most scores nobody.
"""

from __future__ import annotations

import json
import textwrap

from pyclag import presets
from pyclag.rules.ruleset import RuleSet
from pyclag.scoresheet.scorecard import schedule
from pyclag.terminal._explain import call_lines, hook_text, scoring_text, spec_lines

__all__ = ["rules_page"]

_WIDTH = 80
"""The page's width: it reads in any terminal."""


def rules_page(rules: RuleSet, players: int) -> str:
    """The rules of ``rules`` at a table of ``players``, as ``pyclag rules``
    prints them: every option with its value and what it rules.

    >>> import pyclag
    >>> page = rules_page(pyclag.presets.get("raf"), 3)
    >>> print(page.split("options")[1].split("\\n  aces")[0])
     (deal 1
          has no caller: a normal deal):
        trumps H: Trumps are hearts.
        trumps: the turn-up card names trumps.
        nt: No trumps: the highest card of the suit led wins each trick.
        precedence HSDC: Suit precedence H S D C: a card of a higher suit beats
            every card of a lower suit, whatever was led (follow suit as usual).
        nuloss: Nuloss: ranks run upside down, high to low 2 3 4 5 6 7 8 9 T J Q K
            A.
        blind: Each hand is shuffled face down and its top card played to each
            trick: nobody chooses a card, so the tricks play themselves.
        misere: Misère: nobody bids; every contract is 0 tricks. Taking no tricks
            scores 10; each trick taken scores -2.
        ascending: Ascending madness: each trick is worth its own value: 2 4 6 8 10
            12 14; an exact bid scores 10 + the values of the tricks taken; a missed
            bid scores nothing.
        descending: Descending madness: each trick is worth its own value: 14 12 10
            8 6 4 2; an exact bid scores 10 + the values of the tricks taken; a
            missed bid scores nothing.
    >>> print("\\n".join(page.splitlines()[-3:]))
          default, False: it has none) (A13).
      twos_wild_trumps = none
          Twos Wild, rule 8: a two declared as a trump is a trump (A13).
    >>> max(len(line) for line in page.splitlines()) <= 80
    True
    """
    deals = rules.num_rounds(players)
    form = rules.options["hook"]
    smallest = rules.hook.min_hand_size
    lines = [
        presets.summary(rules.name) if rules.name in presets.names() else rules.name,
        f"players {rules.min_players}-{rules.max_players}; {deals} deals with {players} "
        f"players; ties {rules.options['tie_break']}.",
        f"Scoring {rules.scoring.name}: {_lower(scoring_text(rules.scoring))}",
        f"Hook {form}: {_lower(hook_text(rules))}"
        + (f" (from {smallest} cards)" if smallest > 1 and form != "none" else ""),
    ]
    rows = schedule(rules, players)
    wide = max(len("special rule"), *(len(row.rule) for row in rows))
    lines.append(f"{'round':>5}  {'cards':>5}  {'special rule':<{wide}}  scoring")
    for row in rows:
        lines.append(f"{row.deal:>5}  {row.cards:>5}  {row.rule:<{wide}}  {row.scoring}")
    specials = _specials(rules, players)
    if specials:
        lines.append("special deals:")
        lines += specials
    lines.append("options (name = value; none: as the schedule says):")
    for name, value in rules.options.items():
        shown = "none" if value is None else json.dumps(value)
        choices = [c for c in rules.choices if c.option == name]
        extra = f"  (one of: {', '.join(n for n, _ in choices[0].choices)})" if choices else ""
        lines.append(f"  {name} = {shown}{extra}")
        about = rules.explain(name)
        if about:
            lines += textwrap.wrap(
                about,
                _WIDTH,
                initial_indent=" " * 6,
                subsequent_indent=" " * 6,
                break_on_hyphens=False,
            )
    return "\n".join(_fit(lines))


def _lower(sentence: str) -> str:
    """A sentence that follows a colon: its first letter small."""
    return sentence[:1].lower() + sentence[1:]


def _fit(lines: list[str]) -> list[str]:
    """Lines no wider than the page: a long one wrapped under its own indent."""
    fitted: list[str] = []
    for line in lines:
        if len(line) <= _WIDTH:
            fitted.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        fitted += textwrap.wrap(line, _WIDTH, subsequent_indent=indent, break_on_hyphens=False)
    return fitted


def _specials(rules: RuleSet, players: int) -> list[str]:
    """Each special deal of the game once, with what it means."""
    lines: list[str] = []
    seen: set[str] = set()
    for index in range(rules.num_rounds(players)):
        spec = rules.round_spec(index)
        if not spec.label or spec.label in seen:
            continue
        seen.add(spec.label)
        if spec.calls is not None:
            words = ["trumps H", "trumps", "nt", "precedence HSDC"]
            words += ["nuloss", "blind", "misere", "ascending", "descending"]
            lines.append(
                f"  {spec.label}: the caller names the deal's suit mode and any options "
                f"({'deal 1 has no caller: a normal deal' if index == 0 else 'from deal 2'}):"
            )
            lines += ["  " + line for line in call_lines(rules, spec, spec.hand_size, words)]
            continue
        meaning = " ".join(spec_lines(spec, rules, spec.hand_size))
        # "Misère: nobody bids ...", "No trumps: the highest ..." name the deal
        # already: the label stands in for that name rather than before it.
        name, colon, rest = meaning.partition(": ")
        if colon and spec.label.lower().startswith(name.lower()):
            meaning = rest
        lines.append(f"  {spec.label}: {meaning}")
    return lines

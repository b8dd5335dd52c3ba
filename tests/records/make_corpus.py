"""The corpus of seeded games (issue 32 item 3): ``tests/data/corpus/``, one game
record a file, made by this script and replayed in the suite
(tests/records/test_corpus.py). Remake it after a change to the rules or the format::

    python -m tests.records.make_corpus

Each game is played with random legal actions from its seed
(:func:`pyclag.engine.play_out`), so the corpus is what the engine does, not what
someone typed. Between them the games cover every preset (some whole, most on short
schedules of the preset's own rounds, so that the corpus stays small), every special
deal of :mod:`pyclag.rules.catalogue` (those that no preset plays in a rule set of
their own, written as a ``rules`` object, format ``pyclag/2``), the RAF calls under
each RAF option, the Scottish draw, and games stopped part-way.
``MANIFEST.json`` names each file's game and the summary its replay gives.
"""

from __future__ import annotations

import json
import random
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

import pyclag
from pyclag import GameState, RuleSet, presets
from pyclag.engine import play_out
from pyclag.records import dump, load, replay, summary
from pyclag.rules import RoundSpec, catalogue

CORPUS = Path(__file__).resolve().parent.parent / "data" / "corpus"
"""Where the corpus lies."""


@attrs.frozen
class Game:
    """One game of the corpus: its rules, its table and its seed; ``steps`` stops it
    part-way (None plays it to the end)."""

    name: str
    rules: RuleSet
    players: int
    seed: int
    first_dealer: int = 0
    steps: int | None = None

    def play(self) -> GameState:
        """The game, played from its seed."""
        state = pyclag.new_game(self.rules, self.players, self.first_dealer)
        return play_out(state, random.Random(self.seed), steps=self.steps)


def _specials(rules: RuleSet) -> list[RoundSpec]:
    """The preset's special rounds, one of each kind (first seen first)."""
    found: dict[str, RoundSpec] = {}
    for spec in rules.schedule:
        if spec.label and spec.label not in found:
            found[spec.label] = spec
    return list(found.values())


def _catalogue_rounds() -> list[RoundSpec]:
    """Every special deal of the catalogue, at 5 cards (some in two forms)."""
    return [
        catalogue.no_trumps(5),
        catalogue.guess_trumps(5),
        catalogue.blind_unseen(5),
        catalogue.blind_unseen(5, trump_visible=False),
        catalogue.blind_before_deal(5),
        catalogue.roll_em(5),
        catalogue.misere(trumps=True, per_trick=-1, hand_size=5),
        catalogue.misere(trumps=False, per_trick=-2, hand_size=5),
        catalogue.twos_wild(5),
        catalogue.aces_low(5),
        catalogue.dealer_calls(5),
        catalogue.dealer_calls(5, allow_no_trumps=True),
        catalogue.most_tricks(5),
    ]


def games() -> Iterator[Game]:
    """The corpus's games, in order."""
    seed = 0
    for name in presets.names():  # each preset once whole
        rules = presets.get(name)
        seed += 1
        yield Game(f"{name}-whole", rules, rules.min_players + 1, seed)
    for name in ("wikipedia", "scottish", "indonesian", "pagat"):
        # each of the preset's special rounds, after a normal round, at each table size
        rules = presets.get(name)
        for spec in _specials(rules):
            short = rules.with_schedule([2, spec])
            for players in (rules.min_players, rules.max_players):
                seed += 1
                yield Game(
                    f"{name}-{slug(spec.label)}-{players}p", short, players, seed, seed % players
                )
    raf_rules = {
        "raf": presets.get("raf", num_deals=4),
        "raf-eldest": presets.get("raf", num_deals=4, first_deal_caller="eldest"),
        "raf-turnup": presets.get("raf", num_deals=4, raf_trumps_from_turnup=True),
        "raf-leader": presets.get("raf", num_deals=4, caller_rule="game_leader"),
        "raf-madness-miss": presets.get("raf", num_deals=4, madness_points_on_miss=True),
    }
    for name, rules in raf_rules.items():
        for players in range(3, 8):
            seed += 1
            yield Game(f"{name}-{players}p", rules, players, seed, seed % players)
    for spec in _catalogue_rounds():  # every special deal, as a rules object
        rules = RuleSet("catalogue", [3, spec])
        seed += 1
        yield Game(f"catalogue-{slug(spec.label)}", rules, 4, seed)
    drawing = presets.get("scottish", scottish_draw_each_round=True).with_schedule([1, 3])
    for players in range(3, 8):
        seed += 1
        yield Game(f"scottish-draw-{players}p", drawing, players, seed)
    hooks = {
        "normal-gt": pyclag.NORMAL.with_schedule([1, 2, 3]).with_options(hook="gt"),
        "normal-short": pyclag.NORMAL.with_schedule([1, 2, 3]),
    }
    for name, rules in hooks.items():
        for players in range(3, 8):
            seed += 1
            yield Game(f"{name}-{players}p", rules, players, seed, seed % players)
    for name in presets.names():  # stopped part-way, some mid-trick
        rules = presets.get(name)
        short = rules.with_schedule(rules.schedule[:3])
        for steps in (7, 40):
            seed += 1
            yield Game(f"{name}-stopped-{steps}", short, rules.min_players, seed, steps=steps)


def slug(label: str) -> str:
    """A round's label as a file name's part: ``"Roll 'Em"`` is ``roll-em``."""
    plain = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower().replace("'", "")).strip("-")


def file_name(number: int, game: Game) -> str:
    """The file of the corpus's game ``number``."""
    return f"{number:03d}-{game.name}.json"


def made() -> Iterator[tuple[str, Game, str, dict[str, Any]]]:
    """Each game's file name, the game, its record's text and its replay's summary."""
    for number, game in enumerate(games()):
        state = game.play()
        text = dump(state)
        assert replay(load(text)) == state
        yield file_name(number, game), game, text, summary(state)


def main() -> None:
    """Write the corpus and its manifest."""
    CORPUS.mkdir(parents=True, exist_ok=True)
    for old in CORPUS.glob("*.json"):
        old.unlink()
    manifest: dict[str, Any] = {}
    for name, game, text, result in made():
        (CORPUS / name).write_text(text + "\n", "utf-8")
        manifest[name] = {"players": game.players, "seed": game.seed, "summary": result}
    lines = (f"{json.dumps(name)}: {json.dumps(entry)}" for name, entry in manifest.items())
    (CORPUS / "MANIFEST.json").write_text("{\n" + ",\n".join(lines) + "\n}\n", "utf-8")
    sys.stdout.write(f"wrote {len(manifest)} games to {CORPUS}\n")


if __name__ == "__main__":
    main()

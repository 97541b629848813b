"""The conformance suite catches what it is for: each test plants one bug in a variant of
the tests' toy game (which itself passes the suite, test_conformance.py), registers it
as a game of its own, and sees ``play_checked`` fail with words that name the bug."""
from __future__ import annotations

import dataclasses
import sys
import types

import pytest

from inkterm.engine import GAMES, GameState

from toy_game import State as Toy

from .conformance import play_checked

SEEDS = range(8)  # toy games are short: several, so no check is missed by luck


@pytest.fixture
def planted(monkeypatch):
    """Register a toy variant (a State subclass with its own ``game_id``) for one test."""
    list(GAMES)  # the shipped games are found first

    def register(cls: type[Toy], **spec_changes) -> str:
        module = types.ModuleType(f"planted_{cls.game_id}")
        module.State = cls  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, module.__name__, module)
        monkeypatch.setattr(GAMES, "_specs", dict(GAMES._specs))  # undone after the test
        GAMES.add(dataclasses.replace(GAMES["toy"], id=cls.game_id, module=module.__name__, **spec_changes))
        return cls.game_id

    return register


def fails_every_game(gid: str, words: str) -> None:
    for seed in SEEDS:
        with pytest.raises(AssertionError, match=words):
            play_checked(gid, 2, seed)


# --- (a) state left out of the dump: a clone silently loses it -------------------------------
class ForgetsTotals(Toy):
    """Its dump leaves out the running totals (a clone starts them at 0 again)."""

    game_id = "toy-forgets-totals"

    def _dump(self):
        return {k: v for k, v in super()._dump().items() if k != "totals"}

    def _restore(self, d):
        super()._restore({**d, "totals": [0] * len(d["secret"])})


class ForgetsCounter(Toy):
    """Its dump leaves out the counter, which the choices' hints name."""

    game_id = "toy-forgets-counter"

    def _dump(self):
        return {k: v for k, v in super()._dump().items() if k != "counter"}

    def _restore(self, d):
        super()._restore({"counter": 0, **d})


def test_a_field_left_out_of_the_dump_is_caught_in_the_summary(planted):
    fails_every_game(planted(ForgetsTotals), r"a clone.* differs from the game at state\.summary")


def test_a_field_left_out_of_the_dump_is_caught_in_the_decision(planted):
    fails_every_game(planted(ForgetsCounter), r"a clone.*(another decision|state\.decision)")


# --- (b) a decision topic that names no heading of the rules ---------------------------------
class TopicWithoutHeading(Toy):
    game_id = "toy-topic-without-heading"

    def _decide(self):
        d = super()._decide()
        d.topic = "counting"  # the rules say "Adding"
        return d


def test_a_topic_without_a_rules_heading_is_caught(planted):
    fails_every_game(planted(TopicWithoutHeading), r"the topic 'counting' .* names no heading")


# --- (c) randomness drawn without reveal(): undo could step back over the roll ---------------
class RollsInSecret(Toy):
    game_id = "toy-rolls-in-secret"

    def reveal(self):
        pass  # the die is rolled, but undo is not told


def test_a_draw_without_reveal_is_caught(planted):
    fails_every_game(planted(RollsInSecret), r"drew from the game's generator without reveal\(\)")


# --- (d) hidden information that determinize does not redraw, or redraws visibly ------------
class KeepsSecretsInPlans(Toy):
    """Declares hidden information but plans on the real secret cards (bots would read them)."""

    game_id = "toy-keeps-secrets"
    determinize = GameState.determinize


class RedrawsYourOwnCard(Toy):
    """Redraws every secret card, the planning seat's own too (which it can see)."""

    game_id = "toy-redraws-your-own"

    def determinize(self, seat, rng):
        other = GameState.determinize(self, seat, rng)
        other.secret = [rng.randint(1, 9) for _ in self.secret]
        return other


def test_hidden_information_that_determinize_never_redraws_is_caught(planted):
    fails_every_game(planted(KeepsSecretsInPlans), r"declares hidden information, but determinize never redrew")


def test_a_determinization_the_seat_can_tell_from_the_game_is_caught(planted):
    fails_every_game(planted(RedrawsYourOwnCard), r"can tell a determinization from the game at view\.secret")


class DeclaresNothingHidden(Toy):
    """Its spec says every seat sees the same, but each seat sees its own secret card."""

    game_id = "toy-declares-nothing-hidden"

    def _decide(self):
        d = super()._decide()
        d.secret = False  # its decisions agree with the spec; its views do not
        return d


class HandsOverForNothing(Toy):
    """Its spec and its views hide nothing, but its decisions call themselves secret."""

    game_id = "toy-hands-over-for-nothing"

    def view(self, seat):
        return self.summary()


def test_a_game_that_declares_nothing_hidden_must_show_every_seat_the_summary(planted):
    fails_every_game(planted(DeclaresNothingHidden, hidden_information=False),
                     r"declares no hidden information, but seat 0's view is not the summary")


def test_a_secret_decision_in_a_game_that_declares_nothing_hidden_is_caught(planted):
    fails_every_game(planted(HandsOverForNothing, hidden_information=False),
                     r"declares no hidden information, but its decision .* says it is secret")


# --- a view that a table's JSON would change ---------------------------------------------------
class TuplesInItsSummary(Toy):
    """Its breakdown rows are tuples: a table sends lists, so a front end reads another view."""

    game_id = "toy-tuples-in-its-summary"

    def summary(self):
        v = super().summary()
        for p in v["players"]:
            p["breakdown"] = [tuple(row) for row in p["breakdown"]]
        return v


def test_a_summary_that_json_would_change_is_caught(planted):
    fails_every_game(planted(TuplesInItsSummary), r"the summary changes through JSON")

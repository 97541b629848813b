"""The table tells the story (every game): no change a player would see on the table
happens without an event that names the seat it happened to, and a choice says every
amount it brings. Each game declares its per-seat facts and how an amount of each is
written (``GameState.SEAT_FACTS``); these tests hold the rules and the words to them."""
from __future__ import annotations

import random
import re

import pytest

from inkterm.engine import GAMES, new_game
from inkterm.engine.types import BACK_KEY
from inkterm.engine.state import fact_family

from .conformance import seats

#: Seeds and choices a game: enough to meet most rules, few enough to stay quick.
SEEDS = (1, 2, 3)
STEPS = 400


def told_games():
    return [pytest.param(g, id=g) for g, spec in GAMES.items() if spec.state_class().SEAT_FACTS]


def amount_pattern(template: str) -> re.Pattern[str]:
    """A fact's way of writing an amount, with any number for "{n}"."""
    return re.compile(re.escape(template).replace(re.escape("{n}"), r"\d+"))


def says(template: str, n: int, text: str) -> bool:
    """Whether ``text`` writes the amount ``n`` the template's way (one without "{n}"
    stands for an amount of one: "a blank")."""
    return template.replace("{n}", str(n)) in text if "{n}" in template else n == 1 and template in text


def names(text: str, seat: int, seat_names: list[str]) -> bool:
    return re.search(rf"(?<!\w){re.escape(seat_names[seat])}(?!\w)", text) is not None


def changes(before: list[dict[str, int]], after: list[dict[str, int]]):
    for seat, (b, a) in enumerate(zip(before, after)):
        for path in sorted(b.keys() | a.keys()):
            if b.get(path, 0) != a.get(path, 0):
                yield seat, path, a.get(path, 0) - b.get(path, 0)


def random_play(game: str, seed: int):
    spec = GAMES[game]
    st = new_game(game, seats(min(3, spec.max_players)), seed=seed)
    rng = random.Random(seed)
    for _ in range(STEPS):
        d = st.decision()
        if d is None:
            return
        yield st, d
        st.apply(rng.choice(d.keys))


@pytest.mark.parametrize("game", told_games())
def test_every_change_of_a_seat_is_told_by_an_event_naming_it(game):
    """Between any two choices, each seat's fact that changed has an event that names
    the seat (as its own, or in words) and writes an amount of that fact."""
    facts = GAMES[game].state_class().fact_ways()
    untold = []
    for seed in SEEDS:
        for st, d in random_play(game, seed):
            before = st.seat_facts()
            probe = st.clone()
            events = probe.apply(random.Random(len(st.record.choices)).choice(d.keys))
            for seat, path, delta in changes(before, probe.seat_facts()):
                family = fact_family(path, facts)
                assert family is not None
                ways = [amount_pattern(t) for t in facts[family]]
                if not any((e.seat == seat or names(str(e.text), seat, st.seats))
                           and any(w.search(str(e.text)) for w in ways) for e in events):
                    untold.append((seed, len(st.record.choices), st.seats[seat], path, delta,
                                   [str(e.text) for e in events]))
    assert not untold, "\n".join(map(str, untold[:12])) + f"\n({len(untold)} in all)"


def amounts(text: str, template: str) -> list[int]:
    """The amounts ``text`` writes the template's way ("{n}★" in "gains 2★" → [2])."""
    if "{n}" not in template:
        return [1] if template in text else []
    pattern = re.escape(template).replace(re.escape("{n}"), r"(\d+)")
    return [int(n) for n in re.findall(rf"(?<![\d.]){pattern}", text)]


@pytest.mark.parametrize("game", told_games())
def test_a_choice_says_every_amount_it_brings(game):
    """Each offered choice, applied to a clone: every amount of a fact that its events
    give or take from the chooser (read the game's way, ``SEAT_FACTS``; the test above
    holds those events to the facts that really change) is written in the choice's
    label or hint."""
    facts = GAMES[game].state_class().fact_ways()
    unsaid = []
    for seed in SEEDS:
        for st, d in random_play(game, seed):
            for c in d.choices:
                events = st.clone().apply(c.key)
                said = f"{c.label} {c.hint}"
                for e in events:
                    if not (e.seat == d.seat or names(str(e.text), d.seat, st.seats)):
                        continue
                    for family, templates in facts.items():
                        for n in {n for t in templates for n in amounts(str(e.text), t)}:
                            if not any(says(t, n, said) for t in templates):
                                unsaid.append((seed, d.prompt, said, family, n, str(e.text)))
    assert not unsaid, "\n".join(map(str, unsaid[:15])) + f"\n({len(unsaid)} in all)"


def units(templates: tuple[str, ...]) -> list[str]:
    """A fact's unit as its amounts are written, without the number ("OK", "♣", "$")."""
    return [u for t in templates if (u := t.replace("{n}", "").strip())]


#: A choice that gives up what follows says so ("the action is lost").
FORGOES = ("lost", "unused", "nothing")


@pytest.mark.parametrize("game", told_games())
def test_a_first_step_says_what_its_action_can_bring(game):
    """A choice that does nothing yet and leads to its seat's next choice (the first
    step of an action: "Grow (Botany)", which token, which zone) has a hint, and it
    names what the action can bring: every fact that each way of finishing the step
    brings, and at least one of those some way brings (applied to clones one step on)."""
    facts = GAMES[game].state_class().fact_ways()
    unsaid = []
    for seed in SEEDS:
        for st, d in random_play(game, seed):
            for c in d.choices:
                if c.key == BACK_KEY:
                    continue
                probe = st.clone()
                if probe.apply(c.key):
                    continue  # it did something: the test above holds it to its amounts
                nd = probe.decision()
                if nd is None or nd.seat != d.seat or set(nd.keys) == set(d.keys):
                    continue
                each = []
                for c2 in nd.choices:
                    if c2.key == BACK_KEY:
                        continue
                    got = set()
                    for e in probe.clone().apply(c2.key):
                        if e.seat == d.seat or names(str(e.text), d.seat, st.seats):
                            got |= {f for f, ts in facts.items() if any(amounts(str(e.text), t) for t in ts)}
                    each.append(got)
                if not each or not set().union(*each):
                    continue
                said = f"{c.label} {c.hint}"
                named = {f for f in set().union(*each) if any(u in said for u in units(facts[f]))}
                certain = set.intersection(*each) - named
                if not c.hint or certain or not (named or any(w in c.hint for w in FORGOES)):
                    unsaid.append((seed, d.prompt, c.label, c.hint, sorted(certain or set().union(*each))))
    assert not unsaid, "\n".join(map(str, unsaid[:15])) + f"\n({len(unsaid)} in all)"


@pytest.mark.parametrize("game", told_games())
def test_what_another_s_choice_did_to_you_is_told_as_data_in_each_reader_s_language(game):
    """The "to you" lines (engine/concerns.py: a fact lost or gained, a score overtaken,
    what only the game knows is yours) are messages, not English strings: a shared
    table's server makes them once and each reader reads them in their own language."""
    from inkterm.engine.concerns import Snapshot, hits
    from inkterm.engine.text import Msg, render

    told = []
    for seed in SEEDS:
        for st, d in random_play(game, seed):
            before = Snapshot(st)
            probe = st.clone()
            events = probe.apply(random.Random(len(st.record.choices)).choice(d.keys))
            for hit in hits(probe, before, d.seat, events, list(range(len(st.seats)))).values():
                told += hit
    assert told, "no choice did anything to another seat"
    for e in told:
        assert isinstance(e.text, Msg), e.text
        assert render(e.text, "zh") != render(e.text, "en"), render(e.text, "en")

"""Bots: legal choices only, repeatable with a seed, blind to other seats' secrets,
and stronger the more they think."""
from __future__ import annotations

import random
import types

import pytest

from inkterm.bots import BOT_SPECS, GreedyBot, RandomBot, SearchBot, is_bot, make_bot
from inkterm.bots.hooks import hooks
from inkterm.engine import GAMES, IllegalChoice, new_game


def play(game: str, specs: list[str], seed: int, limit: int = 5000) -> tuple[object, list[str]]:
    state = new_game(game, [f"S{i}" for i in range(len(specs))], seed=seed)
    bots = [make_bot(spec, seed=seed * 10 + i) for i, spec in enumerate(specs)]
    keys = []
    while not state.is_over:
        d = state.decision()
        key = bots[d.seat].choose(state)
        assert key in d.keys, f"{specs[d.seat]} chose {key!r}, not among {d.keys}"
        state.apply(key)
        keys.append(key)
        assert len(keys) < limit
    return state, keys


def advanced(game: str, seats: int, seed: int, steps: int):
    """A position some random steps into a game."""
    state = new_game(game, [f"S{i}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision().choices).key)
    return state


# --- seat specs -----------------------------------------------------------------------
def test_specs():
    assert is_bot("random") and is_bot("greedy") and is_bot("search") and is_bot("search:50")
    assert is_bot("bot") and is_bot(" Greedy ")
    assert not is_bot("Ann") and not is_bot("search:x") and not is_bot("greedy:3") and not is_bot("search:0")
    assert isinstance(make_bot("bot"), SearchBot) and make_bot("bot").level == "normal"  # issue 36: normal
    assert isinstance(make_bot("random"), RandomBot)
    assert make_bot("search:37").iterations == 37
    assert isinstance(make_bot("search"), SearchBot)
    assert make_bot("search").iterations is None  # the game's own default budget
    assert hooks("kiln").search_iterations >= 100
    for bad in ("Ann", "greedy:3", "search:-1", "search:x"):
        with pytest.raises(ValueError):
            make_bot(bad)
    assert set(BOT_SPECS) >= {"random", "greedy", "search", "bot", "easy", "normal", "hard"}


# --- legality ---------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_kiln_bots_only_choose_legal_keys(seats):
    specs = ["greedy", "random", "search:8", "greedy"][:seats]
    state, keys = play("kiln", specs, seed=seats)
    assert state.is_over and len(keys) > 100
    assert len(state.ranking()) == seats


@pytest.mark.parametrize("game", [g for g in ("inkwell", "voynich") if g in GAMES])
def test_other_games_bots_only_choose_legal_keys(game):
    spec = GAMES[game]
    n = max(2, spec.min_players)
    try:
        new_game(game, [f"S{i}" for i in range(n)], seed=1)
    except ImportError:  # pragma: no cover - engine not there yet
        pytest.skip(f"{game} engine not available")
    state, keys = play(game, ["greedy", "random"][:n], seed=1)
    assert state.is_over
    state = advanced(game, n, 2, 15)
    if not state.is_over:
        d = state.decision()
        assert make_bot("search:10", 1).choose(state) in d.keys


def test_choose_refuses_a_finished_game():
    state, _ = play("kiln", ["random", "random"], seed=5)
    for spec in ("random", "greedy", "search:5"):
        with pytest.raises(ValueError):
            make_bot(spec).choose(state)


def test_bots_leave_the_state_untouched():
    state = advanced("kiln", 3, 4, 40)
    before = state.to_json()
    for spec in ("random", "greedy", "search:30"):
        key = make_bot(spec, 3).choose(state)
        assert state.to_json() == before
        assert key in state.decision().keys


# --- repeatability ----------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_same_seed_same_game(spec):
    _, a = play("kiln", [spec, spec], seed=11)
    _, b = play("kiln", [spec, spec], seed=11)
    assert a == b
    _, c = play("kiln", [spec, spec], seed=12)
    assert a != c


def test_search_same_seed_same_choices():
    for seed in (1, 2, 3):
        state = advanced("kiln", 2, seed, 30 + seed)
        a = [make_bot("search:40", k).choose(state) for k in range(4)]
        b = [make_bot("search:40", k).choose(state) for k in range(4)]
        assert a == b


# --- hidden information ---------------------------------------------------------------------
def with_secrets_changed(state, seat: int, rng: random.Random):
    """A copy of a Kiln position in which the other seats' hands and the deck are dealt
    differently, while ``seat``'s view stays exactly the same."""
    other = state.clone()
    m = other.m
    pool = [c for s, p in enumerate(m.players) if s != seat for c in p.hand] + m.deck
    rng.shuffle(pool)
    for s, p in enumerate(m.players):
        if s != seat:
            p.hand, pool = pool[: len(p.hand)], pool[len(p.hand):]
    m.deck = pool
    other._decided = False
    assert other.view(seat) == state.view(seat)
    return other


def canonical_determinize(state):
    """Make ``determinize`` a function of what the seat sees and the generator alone:
    the hidden cards are put in one canonical order before the game's own shuffle.
    (Kiln's determinize shuffles them from wherever they lie, so without this two
    secret deals would give equal distributions of copies but not equal copies.)"""
    original = type(state).determinize

    def det(self, seat, rng):
        tidy = self.clone()
        m = tidy.m
        pool = sorted([c for s, p in enumerate(m.players) if s != seat for c in p.hand] + m.deck)
        for s, p in enumerate(m.players):
            if s != seat:
                p.hand, pool = pool[: len(p.hand)], pool[len(p.hand):]
        m.deck = pool
        return original(tidy, seat, rng)

    state.determinize = types.MethodType(det, state)
    return state


class PeekingBot(SearchBot):
    """A cheat, to show the test can fail: it plans on plain clones (the real deck and
    hands) and favours a move according to what the next seat holds."""

    def search(self, state, me, *args):
        secret = sorted(state.m.players[(me + 1) % len(state.seats)].hand)
        state = state.clone()
        state.determinize = types.MethodType(lambda self, seat, rng: self.clone(), state)
        root = super().search(state, me, *args)
        keys = sorted(root.children)
        root.children[keys[sum(map(ord, "".join(secret))) % len(keys)]].visits += 1000
        return root


def hidden_info_positions():
    """Positions where hidden cards can matter: the seat may act in the Studio, whose
    draw comes from the (hidden) deck."""
    out = []
    seed = 0
    while len(out) < 4 and seed < 200:
        state = advanced("kiln", 3, 100 + seed, 20 + seed % 40)
        seed += 1
        if not state.is_over and "zone:4" in state.decision().keys:
            out.append(state)
    assert len(out) == 4
    return out


def visits(root) -> dict:
    return {k: (c.visits, round(c.total, 9)) for k, c in root.children.items()}


@pytest.mark.parametrize("spec", ["search:60", "greedy"])
def test_bot_choices_do_not_depend_on_other_seats_secrets(spec):
    rng = random.Random(9)
    for state in hidden_info_positions():
        seat = state.decision().seat
        a = [make_bot(spec, k).choose(canonical_determinize(state.clone())) for k in range(3)]
        for _ in range(2):
            other = canonical_determinize(with_secrets_changed(state, seat, rng))
            assert [make_bot(spec, k).choose(other) for k in range(3)] == a


def test_search_statistics_do_not_depend_on_other_seats_secrets():
    rng = random.Random(5)
    for state in hidden_info_positions():
        seat = state.decision().seat
        a = visits(SearchBot(seed=3, iterations=60).search(canonical_determinize(state.clone()), seat))
        other = canonical_determinize(with_secrets_changed(state, seat, rng))
        assert visits(SearchBot(seed=3, iterations=60).search(other, seat)) == a


def test_the_secrets_test_catches_a_peeking_bot():
    rng = random.Random(5)
    differed = 0
    for state in hidden_info_positions():
        seat = state.decision().seat
        a = visits(PeekingBot(seed=3, iterations=60).search(canonical_determinize(state.clone()), seat))
        other = canonical_determinize(with_secrets_changed(state, seat, rng))
        differed += visits(PeekingBot(seed=3, iterations=60).search(other, seat)) != a
    assert differed >= 2


def test_evaluate_reads_only_the_view():
    state = advanced("kiln", 3, 7, 50)
    h = hooks("kiln")
    seat = state.decision().seat
    other = with_secrets_changed(state, seat, random.Random(1))
    assert h.evaluate(state, seat) == h.evaluate(other, seat)
    assert h.seat_values(state, seat) == h.seat_values(other, seat)


# --- strength --------------------------------------------------------------------------
def test_greedy_outscores_random():
    greedy = rand = wins = 0
    for seed in range(4):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state, _ = play("kiln", specs, seed=seed)
        g = specs.index("greedy")
        greedy += state.scores()[g]
        rand += state.scores()[1 - g]
        wins += state.ranking()[0] == g
    assert wins >= 3 and greedy > rand + 30


def test_greedy_makes_its_blanks_before_ending_the_turn():
    state = advanced("kiln", 2, 3, 0)
    seat = state.decision().seat
    state.m.players[seat].tokens = [2, 2, 2, 2, 2, 0]
    state._decided = False
    bot = GreedyBot(1)
    keys = []
    while state.decision().seat == seat:
        keys.append(bot.choose(state))
        state.apply(keys[-1])
    assert "blank" in keys and keys[-1] == "end"
    assert keys.index("blank") < keys.index("end")
    assert state.m.players[seat].blanks >= 1


def test_repeated_bot_seats_get_numbers_and_stay_bots():
    from inkterm.bots import is_bot, make_bot, number_bots

    seats = number_bots(["Ann", "bot", "bot", "greedy", "search:50", "search:50"])
    assert seats == ["Ann", "bot", "bot 2", "greedy", "search:50", "search:50 2"]
    assert [is_bot(s) for s in seats] == [False, True, True, True, True, True]
    assert make_bot("search:50 2").iterations == 50
    assert not is_bot("Player 2") and not is_bot("bot x")


def test_voynich_evaluation_counts_knowledge_and_pages_not_only_ok():
    """Knowledge scores at the end through the pages; a bot blind to it idled until the
    round cap. A gain of knowledge, a card's step and held sharing tokens all raise
    the seat's standing; OK still counts one for one."""
    h = hooks("voynich")
    state = advanced("voynich", 2, 4, 0)
    base = h.seat_values(state, 0)[0]
    more = state.clone()
    more.know[0][0] += 10
    assert h.seat_values(more, 0)[0] > base
    stepped = state.clone()
    stepped.know[0][0] += 10
    stepped.book[0][0][1] = 3  # a Botany card two steps on: its multiplier x2
    assert h.seat_values(stepped, 0)[0] > h.seat_values(more, 0)[0] + 1
    shared = state.clone()
    shared.share[0][1] += 1
    assert h.seat_values(shared, 0)[0] > base
    ok = state.clone()
    ok.ok[0] += 3
    assert h.seat_values(ok, 0)[0] == base + 3
    assert h.evaluate(ok, 0) > h.evaluate(state, 0)


def test_voynich_greedy_games_end_at_52_ok_not_at_the_round_cap():
    from inkterm.games.voynich.rules import MAX_ROUNDS

    for seed in (1, 2):
        state, _ = play("voynich", ["greedy", "greedy"], seed=seed)
        assert state.end_triggered and max(state.ok) >= 52
        assert state.trigger_round < MAX_ROUNDS // 2, state.trigger_round


@pytest.mark.parametrize("horizon", ["turn", "round", "end"])
def test_search_scores_a_path_at_its_games_horizon(horizon):
    """Where a search path is scored: after the bot's own turn, at its next decision
    (the others having played on), or at the end of the game."""
    state = advanced("kiln", 3, 5, 40)
    me = state.decision().seat
    seen = []
    h = types.SimpleNamespace(**vars(hooks("kiln")))
    h.search_horizon = horizon
    h.evaluate = lambda s, seat: seen.append((s.decision(), len(s.history))) or 0.0
    s = state.determinize(me, random.Random(1))
    SearchBot._leaf(s, me, h)
    (d, steps), = seen
    if horizon == "turn":
        assert d is None or d.seat != me
    elif horizon == "round":
        assert d is None or d.seat == me
        assert {seat for seat, _ in s.history[len(state.history):]} - {me}  # the others played
    else:
        assert d is None and s.is_over


def test_bot_numbers_skip_a_name_another_seat_typed():
    from inkterm.bots import check_seats, number_bots

    assert number_bots(["bot", "bot 2", "bot"]) == ["bot", "bot 2", "bot 3"]
    assert check_seats([" bot", "bot 2 ", "bot"]) == ["bot", "bot 2", "bot 3"]

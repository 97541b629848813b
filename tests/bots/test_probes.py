"""Probes (issue 36): each game's simple scripted strategies play as seats anywhere a
bot sits, keep to their strategy, and the probe table runs them all; and the levels
easy, normal and hard are what a seat may be."""
from __future__ import annotations

import pytest

from inkterm.bots import (GreedyBot, ProbeBot, SearchBot, check_seats, is_bot, make_bot, probe_names,
                          probes, search_budget)
from inkterm.bots.probe import probe_text
from inkterm.engine import GAMES, new_game

from tests.registered import game_params, games


@pytest.mark.parametrize("game", game_params(shipped=True))
def test_every_game_declares_the_probes_a_new_player_tries(game):
    own = probes(game)
    assert {"rush", "never"} <= set(own) and len(own) >= 3, own  # and one single-minded
    for name, fn in own.items():
        assert probe_text(fn), f"{game}'s probe {name} says nothing of what it does"
        assert is_bot(name) and isinstance(make_bot(name), ProbeBot)


def _probe_cases():
    return [pytest.param(g, name, id=f"{g}-{name}") for g in games(shipped=True) for name in probes(g)]


@pytest.mark.parametrize("game,name", _probe_cases())
def test_a_probe_plays_a_whole_game_as_its_strategy_says(game, name):
    """Wherever the strategy speaks (it names choices that are open), the probe plays
    one of them; elsewhere greedy plays for it. The game ends."""
    spec = GAMES[game]
    n = max(2, spec.min_players)
    st = new_game(game, [name] + ["greedy"] * (n - 1), seed=7)
    bots = [ProbeBot(name, seed=7)] + [GreedyBot(seed=7 + i) for i in range(1, n)]
    judge = getattr(probes(game)[name], "judge", None)
    if judge is not None:  # a yardstick: greedy by that evaluation, choice for choice
        twin = GreedyBot(seed=7)
        twin.judge = judge
    spoke = 0
    for _ in range(3000):
        if st.is_over:
            break
        d = st.decision()
        key = bots[d.seat].choose(st)
        if d.seat == 0 and judge is not None:
            assert key == twin.choose(st), d.prompt
            spoke += 1
        elif d.seat == 0:
            wanted = set(probes(game)[name](st, d) or ()) & set(d.keys)
            if wanted:
                spoke += 1
                assert key in wanted, (d.prompt, key, wanted)
        st.apply(key)
    assert st.is_over and spoke, f"{name} never had its say in {game}"


@pytest.mark.parametrize("game", game_params(shipped=True))
def test_simulate_runs_every_probe_and_lists_them(game, capsys):
    from inkterm.sim.cli import main

    seats = ",".join([*probes(game), "greedy"][: GAMES[game].max_players])
    assert main([game, "--games", "1", "--seats", seats, "--jobs", "1", "--json"]) == 0
    assert main([game, "--probes"]) == 0
    out = capsys.readouterr().out
    for name, fn in probes(game).items():
        assert f"{name}" in out and probe_text(fn) in out


def test_a_probe_of_another_game_is_refused_by_name():
    mine = {g: set(probes(g)) for g in games(shipped=True)}
    for game in mine:
        other = next((p for p in probe_names() if p not in mine[game]), None)
        if other is None:
            continue
        with pytest.raises(ValueError, match="strategy of another game"):
            check_seats(["Ann", other], game)
        assert check_seats(["Ann", *sorted(mine[game])[:1]], game)


@pytest.mark.parametrize("game", game_params(shipped=True))
def test_the_levels_are_seats_and_old_specs_still_work(game):
    easy, normal, hard = (make_bot(s) for s in ("easy", "normal", "hard"))
    assert isinstance(easy, GreedyBot) and not isinstance(easy, SearchBot)
    assert isinstance(normal, SearchBot) and isinstance(hard, SearchBot)
    assert normal.budget(game) < hard.budget(game) == search_budget(game, "hard")
    assert make_bot("search").budget(game) == hard.budget(game)  # plain search is hard
    assert make_bot("bot").budget(game) == normal.budget(game)  # the default bot is normal
    assert check_seats(["Ann", "hard", "normal", "easy", "greedy", "search:20"][: GAMES[game].max_players])


def test_the_probe_table_has_a_row_for_every_probe_count_and_rival():
    from inkterm.sim.probes import cells, markdown, verdict

    for game in games(shipped=True):
        spec = GAMES[game]
        rows = cells(game, 10, 2, 9000, "normal", (2,))
        for n in range(max(2, spec.min_players), spec.max_players + 1):
            for probe in probes(game):
                assert any(c.probe == probe and c.seats == (probe, *["greedy"] * (n - 1)) for c in rows)
        assert all("normal" not in c.seats or len(c.seats) <= 2 for c in rows)  # search at 2 seats, or alone
        solo = [c for c in rows if len(c.seats) == 1]
        if spec.min_players == 1:
            levels = next(o for o in spec.options if o.name == "difficulty").choices
            assert {(c.probe, dict(c.options)["difficulty"]) for c in solo} >= {
                (p, str(lv)) for p in probes(game) for lv in levels}
        else:
            assert not solo
    row = {"game": "g", "probe": "rush", "seats": ["rush", "greedy"], "games": 10, "seed": 1, "options": {},
           "win_rate": 0.6, "ci95": [0.3, 0.8], "seconds": 6, "command": "inkterm simulate g"}
    assert verdict(row) == "over" and verdict({**row, "win_rate": 0.5}) == "ok"
    assert verdict({**row, "seats": ["rush", "normal"]}) == ""  # no goal against search
    assert verdict({**row, "probe": "hard", "seats": ["hard"], "options": {"difficulty": "standard"}}) == ""


def test_the_rows_against_search_run_apart_with_no_games_against_greedy():
    """The whole table's greedy rows fit the machine's half hour; those against hard
    (a second a move) run apart, as ``--games 0``."""
    from inkterm.sim.probes import cells

    for game in games(shipped=True):
        rows = cells(game, 0, 3, 9000, "hard")
        assert rows and all(c.games == 3 and "greedy" not in c.seats for c in rows)
        assert {c.probe for c in rows} >= set(probes(game))

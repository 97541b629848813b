"""Kiln's learned judge (search's, ``assets/kiln/judge.json``) reads games it was not
fitted on better than the hand evaluation greedy judges by: it predicts every seat's
final score closer, and who will win more often, from the deciding seat's view."""
from __future__ import annotations

from inkterm.bots.learned import judge
from inkterm.sim import judge as lab

HELD_OUT = 7000  # seeds far from the fitted ones (100,000 on) and the measured ones (9,000 on)


def test_the_learned_judge_reads_held_out_games_better_than_the_hand_one():
    j = judge("kiln")
    assert j is not None and j.games >= 100
    rows = lab.collect("kiln", ["greedy", "greedy"], 2, HELD_OUT)
    got = lab.check(j, rows)
    assert got["learned"]["rmse"] < 0.6 * got["hand"]["rmse"], got
    assert got["learned"]["winner right"] >= got["hand"]["winner right"], got

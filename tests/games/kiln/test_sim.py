"""The simulator on Kiln: the greedy bot beats the random one clearly in a small run."""
from __future__ import annotations

from inkterm.sim.cli import run


def test_greedy_beats_random_in_a_small_run():
    res = run("kiln", ["greedy", "random"], games=2, seed=0, jobs=1, show_progress=False)
    assert res["win_rate"][0] >= 0.5
    assert res["mean_score"][0] > res["mean_score"][1] + 10
    assert res["position_win_rate"] == [0.5, 0.5]  # rotated: each sat in each seat once

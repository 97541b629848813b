"""Statistics over simulated games: win rates with 95% intervals, scores, lengths,
and per-card pick counts with their win-rate lift."""
from __future__ import annotations

import math
from typing import Any

from .runner import GameResult

Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _mean_sd(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, sd


def win_shares(r: GameResult) -> list[float]:
    """By position: the win, split equally between seats that share it (a game that
    declares several winners); nobody's when a solo player lost."""
    out = [0.0] * len(r.scores)
    winners = r.winners if r.winners is not None else [r.ranking[0]]
    for w in winners:
        out[w] = 1.0 / len(winners)
    return out


def summarize(game: str, specs: list[str], results: list[GameResult]) -> dict[str, Any]:
    n_seats = len(specs)
    g = len(results)
    wins = [0.0] * n_seats
    pos_wins = [0.0] * n_seats
    scores: list[list[float]] = [[] for _ in range(n_seats)]
    lengths = [float(r.choices) for r in results]
    card: dict[str, list[float]] = {}  # id -> [seat-games picked, wins when picked]
    seat_games = g * n_seats
    total_wins = 0.0
    cpu = [0.0] * n_seats
    moves = [0] * n_seats
    for r in results:
        share = win_shares(r)
        for pos, slot in enumerate(r.slots):
            if r.moves:
                cpu[slot] += r.cpu[pos]
                moves[slot] += r.moves[pos]
            wins[slot] += share[pos]
            pos_wins[pos] += share[pos]
            scores[slot].append(r.scores[pos])
            total_wins += share[pos]
            for cid in set(r.picks[pos]) if r.picks else ():
                c = card.setdefault(cid, [0.0, 0.0])
                c[0] += 1
                c[1] += share[pos]
    per_card = {}
    for cid, (picks, w) in sorted(card.items(), key=lambda kv: _card_order(kv[0])):
        rate = w / picks
        rest = seat_games - picks
        other = (total_wins - w) / rest if rest else 0.0
        per_card[cid] = {
            "picks": int(picks),
            "pick_rate": picks / seat_games,
            "win_rate": rate,
            "lift": rate - other,
        }
    mean_sd = [_mean_sd(s) for s in scores]
    length = _mean_sd(lengths)
    return {
        "game": game,
        "games": g,
        "seats": list(specs),
        "win_rate": [w / g if g else 0.0 for w in wins],
        "win_ci95": [list(wilson(w, g)) for w in wins],
        "position_win_rate": [w / g if g else 0.0 for w in pos_wins],
        "mean_score": [m for m, _ in mean_sd],
        "score_sd": [sd for _, sd in mean_sd],
        "length": {"mean": length[0], "sd": length[1], "unit": "choices"},
        # a seat's CPU seconds per choice it made (process time: a loaded machine's wall
        # time says little about a bot's budget)
        "cpu_per_move": [c / m if m else 0.0 for c, m in zip(cpu, moves)],
        "per_card": per_card,
    }


def _card_order(cid: str) -> tuple:
    head = cid.rstrip("0123456789")
    tail = cid[len(head):]
    return (head, int(tail) if tail else 0, cid)


def paired_effect(item: str, seats: list[int], treated: list[GameResult],
                  control: list[GameResult]) -> dict[str, Any]:
    """The causal effect of holding ``item``: over pairs of games with the same seed,
    the chosen seat's win share when it held the item minus when it held another,
    with a 95% interval (normal, from the spread of the paired differences)."""
    t = [win_shares(r)[s] for s, r in zip(seats, treated)]
    c = [win_shares(r)[s] for s, r in zip(seats, control)]
    diffs = [a - b for a, b in zip(t, c)]
    mean, sd = _mean_sd(diffs)
    half = Z95 * sd / math.sqrt(len(diffs)) if diffs else 1.0
    n = len(treated[0].scores) if treated else 0
    observed = summarize("", ["x"] * n, control)["per_card"].get(item) if control else None
    return {
        "item": item,
        "pairs": len(diffs),
        "differences": diffs,  # per pair, so runs on consecutive seeds can be pooled
        "win_rate_with": sum(t) / len(t) if t else 0.0,
        "win_rate_without": sum(c) / len(c) if c else 0.0,
        # how often the seat dealt the item went on to play it (a card nobody plays is dead)
        "played_when_dealt": (sum(item in r.picks[s] for s, r in zip(seats, treated) if r.picks)
                              / len(treated)) if treated else 0.0,
        "effect": mean,
        "effect_ci95": [mean - half, mean + half],
        "observed_lift": observed["lift"] if observed else None,
        "observed_pick_rate": observed["pick_rate"] if observed else 0.0,
    }


def dealt_effects(results: list[GameResult]) -> dict[str, Any]:
    """What each item the deal gave does, from games whose deal is random: for every
    item, the mean win share of the seats dealt it, minus fair (1/N, the average
    seat's share, since the deal is blind to the table position). An item is dealt
    to at most one seat a game, so the holders' shares are independent draws and
    the 95% interval is the normal one from their spread. Per position, the win
    rate, to check that the seats are fair."""
    n = len(results[0].scores) if results else 0
    held: dict[str, list[float]] = {}
    unplayed: dict[str, list[float]] = {}  # the shares of holders who never played it
    pos = [0.0] * n
    for r in results:
        share = win_shares(r)
        for p, items in enumerate(r.dealt):
            pos[p] += share[p]
            for item in set(items):
                held.setdefault(item, []).append(share[p])
                if r.picks and item not in r.picks[p]:
                    unplayed.setdefault(item, []).append(share[p])
    fair = 1 / n if n else 0.0
    out: dict[str, dict[str, Any]] = {}
    for item, xs in sorted(held.items(), key=lambda kv: _card_order(kv[0])):
        mean, sd = _mean_sd(xs)
        half = Z95 * sd / math.sqrt(len(xs))
        # one holder says nothing about the spread: the interval is everything possible
        ci = [mean - fair - half, mean - fair + half] if len(xs) > 1 else [-fair, 1 - fair]
        idle = unplayed.get(item, [])
        out[item] = {"holders": len(xs), "win_rate": mean, "effect": mean - fair, "effect_ci95": ci,
                     # a card held but never played can only act through how the bot
                     # plays around it: its holders' win rate tells the bot from the card
                     "played": 1 - len(idle) / len(xs),
                     "win_rate_unplayed": sum(idle) / len(idle) if idle else None}
    g = len(results)
    return {"games": g, "seats": n, "fair": fair, "items": out,
            "position_win_rate": [w / g for w in pos] if g else [],
            "position_ci95": [list(wilson(w, g)) for w in pos]}


def merge_dealt(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Runs of ``dealt_effects`` (as ``inkterm simulate --dealt --json`` saves them) on
    consecutive seeds, as the one run on all their games: a table's intervals can be
    narrowed later without playing its first games again. Each item's mean and spread
    are pooled from the runs' own, so the result is the longer run's to rounding."""
    first = runs[0]
    for a, b in zip(runs, runs[1:]):
        if b["seed"] != a["seed"] + a["games"] or (b["game"], b["specs"], b["give_each"]) != (
                a["game"], a["specs"], a["give_each"]):
            raise ValueError(f"not one run in parts: seeds {a['seed']}+{a['games']} then {b['seed']}, "
                             f"or another game, table or --give-each")
    fair, g = first["fair"], sum(r["games"] for r in runs)
    items: dict[str, dict[str, Any]] = {}
    for item in sorted({i for r in runs for i in r["items"]}, key=_card_order):
        n = total = squares = idle_n = idle_wins = 0.0
        for r in runs:
            row = r["items"].get(item)
            if row is None:
                continue
            k, mean = row["holders"], row["win_rate"]
            sd = (row["effect_ci95"][1] - row["effect_ci95"][0]) / 2 * math.sqrt(k) / Z95 if k > 1 else 0.0
            n, total, squares = n + k, total + k * mean, squares + (k - 1) * sd * sd + k * mean * mean
            idle = round((1 - row["played"]) * k)
            idle_n += idle
            idle_wins += idle * (row["win_rate_unplayed"] or 0.0)
        mean = total / n
        sd = math.sqrt(max(0.0, squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
        half = Z95 * sd / math.sqrt(n)
        items[item] = {"holders": int(n), "win_rate": mean, "effect": mean - fair,
                       "effect_ci95": [mean - fair - half, mean - fair + half] if n > 1 else [-fair, 1 - fair],
                       "played": 1 - idle_n / n, "win_rate_unplayed": idle_wins / idle_n if idle_n else None}
    wins = [sum(r["position_win_rate"][p] * r["games"] for r in runs) for p in range(first["seats"])]
    return {**first, "games": g, "items": items, "position_win_rate": [w / g for w in wins],
            "position_ci95": [list(wilson(w, g)) for w in wins],
            "seconds": sum(r["seconds"] for r in runs)}

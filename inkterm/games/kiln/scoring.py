"""Final scoring, achievements and the tie-break chain (rules 41–43, R23)."""
from __future__ import annotations

from inkterm.engine.text import Msg, nmsg, to_data

from .content import Card
from .core import card_name
from .model import Model, Player

#: A game's cards (``state.cards``: its content version's), by id.
Cards = dict[str, Card]


def achievement_points(p: Player, card: Card, cards: Cards) -> int:
    e, pr = card.effect, card.params
    if e == "rows_at_least":
        return pr["points"] if p.rows >= pr["rows"] else 0
    if e == "blanks_at_least":
        return pr["points"] if p.blanks >= pr["blanks"] else 0
    if e == "per_achievement":
        return pr["points"] * sum(1 for c in p.tableau if cards[c].type == "achievement")
    if e == "per_zone":
        return pr["points"] * sum(1 for t in p.tokens if t)
    raise ValueError(f"not an achievement effect: {e}")


def breakdown(p: Player, cards: Cards) -> list[list]:
    """[label, points] lines that add up to the score (as if the game ended now); the
    labels are texts, rendered in the reader's language by the view."""
    lines: list[list] = [[Msg("Blanks"), p.blanks], [Msg("Rows"), p.rows], [Msg("Favour & card points"), p.extra]]
    if p.dragon:
        lines.append([Msg("Dragon Kiln markers"), p.dragon])
    for cid in p.tableau:
        c = cards[cid]
        if c.type == "achievement":
            lines.append([card_name(c), achievement_points(p, c, cards)])
    return lines


def score(p: Player, cards: Cards) -> int:
    return sum(pts for _, pts in breakdown(p, cards))


def rank_key(m: Model, seat: int, cards: Cards) -> tuple:
    """Higher score, then money, then favour claims, then earlier in seat order
    clockwise from the start-player marker's holder (R23)."""
    p = m.players[seat]
    return (-score(p, cards), -p.money, -p.claims, (seat - m.start_seat) % len(m.players))


def ranking(m: Model, cards: Cards) -> list[int]:
    return sorted(range(len(m.players)), key=lambda s: rank_key(m, s, cards))


def tiebreak_lines(m: Model, names: list[str], cards: Cards) -> list:
    """For each pair of neighbours in the ranking with equal scores, what separated them:
    messages as data (the view is JSON; ``engine.text.from_data`` reads them back)."""
    order = ranking(m, cards)
    out = []
    for a, b in zip(order, order[1:]):
        ka, kb = rank_key(m, a, cards), rank_key(m, b, cards)
        if ka[0] != kb[0]:
            continue
        said = dict(a=names[a], b=names[b], x=-ka[1], y=-kb[1])
        if ka[1] != kb[1]:
            line = nmsg("{a} ahead of {b} (both {n} point): more money ({x} vs {y})",
                        "{a} ahead of {b} (both {n} points): more money ({x} vs {y})", -ka[0], **said)
        elif ka[2] != kb[2]:
            said.update(x=-ka[2], y=-kb[2])
            line = nmsg("{a} ahead of {b} (both {n} point): more favour claims ({x} vs {y})",
                        "{a} ahead of {b} (both {n} points): more favour claims ({x} vs {y})", -ka[0], **said)
        else:
            line = Msg("{a} ahead of {b} (equal points, money and claims): earlier in seat order from the "
                       "start player, {start}", a=names[a], b=names[b], start=names[m.start_seat])
        out.append(to_data(line))
    return out

"""The fit rule as a true matching, checked for all cubes at once.

Cubes are counted by type (0..4 the five colours, 5 gold). Each empty space is a
bitmask of the cube types it accepts. By Hall's theorem (deficiency form) the largest
matching of cubes to spaces leaves ``max over type sets S of cubes(S) - spaces(S)``
cubes unplaced, where spaces(S) counts the empty spaces accepting some type in S.
There are at most 2^6 type sets, so this is exact and cheap.
"""
from __future__ import annotations

GOLD = 5
GOLD_BIT = 1 << GOLD
ALL = (1 << 6) - 1

_cache: dict[tuple, int] = {}


def deficiency(cubes: tuple[int, ...], masks: tuple[tuple[int, int], ...]) -> int:
    """How many cubes a best matching must leave without a space.

    ``cubes``: 6 counts; ``masks``: (mask, number of empty spaces with that mask)."""
    present = 0
    for t in range(6):
        if cubes[t]:
            present |= 1 << t
    # only the accepted types that are present matter: merge spaces alike in that
    red: dict[int, int] = {}
    for m, c in masks:
        m &= present
        if m:
            red[m] = red.get(m, 0) + c
    # Fast path, exact when the spaces form the usual laminar family (a colour
    # space takes its colour and gold, "?" takes everything present, "*" takes gold):
    # colours fill their own spaces first, gold fills "*" then unused colour spaces,
    # and the rest competes for the "?" spaces. Washes break the pattern -> general path.
    col = [0, 0, 0, 0, 0]
    anyc = 0
    star = 0
    laminar = True
    for m, c in red.items():
        if m == present:
            anyc += c
            continue
        cm = m & 31
        if present & GOLD_BIT and not m & GOLD_BIT:
            laminar = False  # a space refusing gold: not the usual pattern
            break
        if cm == 0:
            star += c
        elif cm & (cm - 1) == 0:
            col[cm.bit_length() - 1] += c
        else:
            laminar = False
            break
    if laminar:
        over = 0
        left = 0
        for t in range(5):
            x = cubes[t] - col[t]
            if x > 0:
                over += x
            else:
                left -= x
        g = cubes[5] - star
        if g > 0:
            g -= left
        if g > 0:
            over += g
        return over - anyc if over > anyc else 0
    rmasks = tuple(sorted(red.items()))
    key = (cubes, rmasks)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    types = [(1 << t, c) for t, c in enumerate(cubes) if c]
    n = len(types)
    worst = 0
    for sub in range(1, 1 << n):
        s = 0
        need = 0
        for i in range(n):
            if sub >> i & 1:
                bit, c = types[i]
                s |= bit
                need += c
        if need <= worst:
            continue
        have = 0
        for m, c in rmasks:
            if m & s:
                have += c
        if need - have > worst:
            worst = need - have
    if len(_cache) > 200_000:
        _cache.clear()
    _cache[key] = worst
    return worst


def fits(cubes, masks, spill: int = 0) -> bool:
    """All ``cubes`` can be placed at once, except at most ``spill`` normal cubes
    that may be poured back instead."""
    total = sum(cubes)
    if total == 0:
        return True
    free = 0
    anyc = 0
    for m, c in masks:
        free += c
        if m == ALL:
            anyc += c
    if total <= anyc:
        return True
    if total - spill > free:
        return False
    d = deficiency(tuple(cubes), masks)
    if d == 0:
        return True
    if d > spill:
        return False
    # a gold cube left over can always swap with a placed normal cube (gold goes anywhere)
    return d <= total - cubes[GOLD]


def mask_counts(masks: list[int], filled: list[int]) -> tuple[tuple[int, int], ...]:
    """(mask, count) over the empty spaces, in a canonical order."""
    acc: dict[int, int] = {}
    for m, f in zip(masks, filled):
        if f < 0:
            acc[m] = acc.get(m, 0) + 1
    return tuple(sorted(acc.items()))


def minus(mc: tuple[tuple[int, int], ...], mask: int) -> tuple[tuple[int, int], ...]:
    out = []
    for m, c in mc:
        if m == mask:
            if c > 1:
                out.append((m, c - 1))
        else:
            out.append((m, c))
    return tuple(out)

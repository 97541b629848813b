"""The fit rule is a true matching: the fast counting check agrees with a plain
augmenting-path matching of every cube to its own space, on random pages, including
washes (extra accepted colours) and Spill Cloth."""
import random

from hypothesis import given, settings, strategies as st

from inkterm.games.inkwell.fit import ALL, GOLD_BIT, _cache, deficiency, fits


def brute_max_matching(cubes, masks):
    items = [t for t in range(6) for _ in range(cubes[t])]
    spaces = [m for m, c in masks for _ in range(c)]
    owner = [-1] * len(spaces)

    def augment(i, seen):
        for j, m in enumerate(spaces):
            if m >> items[i] & 1 and j not in seen:
                seen.add(j)
                if owner[j] < 0 or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return sum(1 for i in range(len(items)) if augment(i, set()))


def colour_space(c, washes=0):
    return (1 << c) | GOLD_BIT | washes


masks_strategy = st.lists(
    st.one_of(
        st.integers(0, 4).map(colour_space),
        st.just(ALL),
        st.just(GOLD_BIT),
        st.tuples(st.integers(0, 4), st.integers(0, 4)).map(lambda a: colour_space(a[0], 1 << a[1])),
    ),
    max_size=14,
)


def as_counts(ms):
    acc = {}
    for m in ms:
        acc[m] = acc.get(m, 0) + 1
    return tuple(sorted(acc.items()))


@settings(max_examples=250, deadline=None)
@given(ms=masks_strategy, cubes=st.lists(st.integers(0, 3), min_size=6, max_size=6))
def test_deficiency_equals_true_matching(ms, cubes):
    _cache.clear()
    mc = as_counts(ms)
    total = sum(cubes)
    assert deficiency(tuple(cubes), mc) == total - brute_max_matching(cubes, mc)


@settings(max_examples=150, deadline=None)
@given(ms=masks_strategy, cubes=st.lists(st.integers(0, 3), min_size=6, max_size=6), spill=st.integers(0, 1))
def test_fits_with_spill_matches_brute_force(ms, cubes, spill):
    mc = as_counts(ms)
    want = False
    # brute force: drop up to `spill` normal cubes, then everything must match
    options = [list(cubes)]
    if spill:
        for t in range(5):
            if cubes[t]:
                c = list(cubes)
                c[t] -= 1
                options.append(c)
    for c in options:
        if brute_max_matching(c, mc) == sum(c):
            want = True
    assert fits(tuple(cubes), mc, spill) is want


def test_cube_by_cube_would_be_wrong():
    # one R space and one "?" : {K, R} fits only if K takes the "?"
    mc = as_counts([colour_space(1), ALL])
    assert fits((1, 1, 0, 0, 0, 0), mc)
    assert not fits((1, 0, 1, 0, 0, 0), as_counts([colour_space(1), colour_space(1)]))
    rng = random.Random(1)
    for _ in range(200):
        ms = [rng.choice([colour_space(rng.randrange(5)), ALL, GOLD_BIT]) for _ in range(rng.randrange(10))]
        cubes = [rng.randrange(3) for _ in range(6)]
        mc = as_counts(ms)
        assert (deficiency(tuple(cubes), mc) == 0) == (brute_max_matching(cubes, mc) == sum(cubes))

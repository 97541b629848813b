"""Since your last turn, first what happened to you (Inkwell): a bottle a bot took
that your page wanted (or the one you took last time, still holding cubes your page
asks for) is told before the bots' turns; other takes are not news about you."""
from tests.to_you import first_hit, told_first


def test_a_bottle_your_page_wanted_taken_by_a_bot_is_told_first():
    def hits(text):
        return "took bottle" in text and "for your page" in text

    story, lines = first_hit("inkwell", ["Ann", "bot", "bot 2"], range(1, 4), hits)
    assert told_first(lines, hits), lines[:6]
    # and it names the bottle as the board draws it (a circle is O…, never C…)
    line = next(line for line in lines if hits(line))
    assert any(f"bottle {s}" in line for s in ("S1", "O1", "O2", "O3", "O4", "D1", "D2", "D3")), line


def test_a_take_is_news_to_you_only_for_the_bottle_your_page_wanted_or_the_one_you_took_last():
    """Not every take: over seeded games (Ann at random, two greedy bots), a line
    follows few of the others' takes, and each one is true: the bottle held more
    cubes Ann's page asked for than any other bottle (at least two), or it was the
    bottle Ann took at her last Take; and both kinds are told."""
    import random

    from inkterm.bots import make_bot
    from inkterm.engine import new_game
    from inkterm.games.inkwell.concerns import for_page, needed

    takes, told, kinds = 0, 0, set()
    for seed in range(1, 6):
        st = new_game("inkwell", ["Ann", "bot", "bot 2"], seed=seed)
        bots = [make_bot("greedy", seed=seed * 10 + i) for i in range(3)]
        rng = random.Random(seed)
        mine = None  # the bottle Ann took at her last Take
        while not st.is_over:
            d = st.decision()
            key = rng.choice(d.keys) if d.seat == 0 else bots[d.seat].choose(st)
            before = st.summary()
            st.apply(key)
            if not key.startswith("take:"):
                continue
            bottle = key.split(":", 1)[1]
            if d.seat == 0:
                mine = bottle
                continue
            takes += 1
            said = st.concerning(0, before, st.summary(), d.seat)
            told += bool(said)
            want = needed(before["players"][0]["page"])
            useful = {b["id"]: sum(for_page(b["cubes"], want).values()) for b in before["mat"] if b["active"]}
            for line in said:
                assert f"took bottle {next(b['name'] for b in before['mat'] if b['id'] == bottle)}" in line
                assert useful[bottle] >= 1, line
                if "wanted most" in line:
                    kinds.add("wanted")
                    assert useful[bottle] >= 2 and all(n < useful[bottle] for b, n in useful.items() if b != bottle), (line, useful)
                if "you took last time" in line:
                    kinds.add("last time")
                    assert bottle == mine, line
    assert told <= takes / 5, (told, takes)
    assert kinds == {"wanted", "last time"}, kinds

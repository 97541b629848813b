"""A game some way in: seeded random-bot choices from the opening, for tests that need
a position to look at rather than a game to play."""
from inkterm.bots import make_bot
from inkterm.engine import new_game


def after_random_steps(game: str, seats, seed: int, steps: int, bot_seed: int):
    """``game`` with ``steps`` choices made by a random bot seeded ``bot_seed`` (fewer if
    it ends first)."""
    st = new_game(game, list(seats), seed=seed)
    bot = make_bot("random", seed=bot_seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(bot.choose(st))
    return st

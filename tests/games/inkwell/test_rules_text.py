"""The Inkwell rules text says which workspace numbers changed, and they are the data's."""
from inkterm.engine import GAMES
from inkterm.games.inkwell.content import content


def test_the_changed_side_b_numbers_are_explained_and_match_the_data():
    text = " ".join(GAMES["inkwell"].rules_text().split())
    ws = content().workspaces
    assert ws["W-K"].b.name == "Scholar's Desk" and ws["W-K"].b.params["per_technique"] == 2
    assert ws["W-G"].b.name == "Rainbow Ledger" and ws["W-G"].b.params["per_colour"] == 1
    assert "**Scholar's Desk** +1 → +2 per technique" in text
    assert "**Rainbow Ledger** +2 → +1 per colour" in text
    assert "docs/balance.md" in text

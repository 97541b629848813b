"""Balance experiments on Inkwell: a given workspace or technique is the seat's, and a
given limited technique can be used from the first turn."""
from inkterm.engine import Give, given_game, new_game


def test_a_given_workspace_and_technique():
    ws = given_game("inkwell", ["a", "b"], 3, Give(1, "W-R"))
    assert ws.players[1].ws == "W-R"
    tech = given_game("inkwell", ["a", "b"], 3, Give(0, "T15"))
    assert tech.players[0].techs == [[15, "up"]] and 15 not in tech.deck
    assert 15 not in tech.slots.values()


def test_a_given_limited_technique_can_be_used_from_the_first_turn():
    seat = 1
    st = given_game("inkwell", ["a", "b"], 3, Give(seat, "T15"), {"first_player": "2"})
    normal = new_game("inkwell", ["a", "b"], 3, {"first_player": "2"})
    for _ in range(10):  # workspace sides and starting cubes come first
        if "use:15" in st.decision().keys:
            break
        assert not any(k.startswith("use:") for k in normal.decision().keys)
        normal.apply(st.decision().keys[0])
        st.apply(st.decision().keys[0])
    assert "use:15" in st.decision().keys and st.decision().seat == seat
    assert not any(k.startswith("use:") for k in normal.decision().keys)  # a real game: none
    gold = st.supply
    st.apply("use:15")
    while st.decision().seat == seat and "use:15" not in st.decision().keys and st.hand:
        st.apply(st.decision().keys[0])  # place the gold
    assert st.supply == gold - 1 and st.players[seat].techs == [[15, "used-once"]]

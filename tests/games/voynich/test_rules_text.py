"""What the Voynich rules text promises, checked against the engine."""
from inkterm.engine import GAMES
from inkterm.games.voynich import geometry as G
from inkterm.games.voynich import tables as T

from .helpers import RED, blank, keys, piece, refresh, state_p

TEXT = GAMES["voynich"].rules_text()


def offered_cells(st) -> set[str]:
    return {k.rsplit(":", 1)[1] for k in keys(st) if k.startswith("piece:")}


def test_an_unlinked_setup_piece_is_reached_only_through_the_linked_puzzle():
    """"an empty cell next to it is open only if it also touches a linked piece, and a
    piece placed there links it" """
    assert "open only if it also touches a linked piece" in TEXT
    st = blank(2)
    piece(st, "Ba", "27")  # a 2-player setup piece, not linked to the centre
    state_p(st)
    st.share[RED] = [0, 0, 0, 1]
    st.open, st.phase = "baths", "share"
    refresh(st)
    an = st.an()
    i27 = G.IDX["27"]
    assert not an.present[i27]
    offered = offered_cells(st)
    beside = [j for j in G.NBRS[i27] if st.grid[j] < 0]
    for j in beside:
        touches_linked = any(an.present[k] for k in G.NBRS[j])
        assert (G.RC[j] in offered) == touches_linked, G.RC[j]
    linking = [G.RC[j] for j in beside if G.RC[j] in offered]
    assert linking  # the text's only way in exists here
    st.apply(f"piece:Wr:{linking[0]}")
    assert st.an().present[i27]


def test_2a4_needs_a_different_group_for_each_token():
    """"each outside, and next to, an X group of at least 4, a different group for each
    token": the central cells (which count for adjacency) touch one group each."""
    assert "a different group for each token" in TEXT
    st = blank(2)
    for rc in ("43", "53", "42", "41"):  # group one, touching central 44 and 54
        piece(st, "Bo", rc)
    for rc in ("46", "47", "56", "57"):  # group two, touching central 45 and 55
        piece(st, "Bo", rc)
    refresh(st)
    an = st.an()
    c = G.IDX
    assert an.condition_ok(["2A4:Bo"], (c["44"], c["45"]))  # one group each: enough
    assert not an.condition_ok(["2A4:Bo"], (c["44"], c["54"]))  # both at group one
    assert not an.condition_ok(["2A4:Bo"], (c["45"], c["55"]))  # both at group two


def test_the_changed_cards_are_as_the_text_says():
    assert "## Cards we changed" in TEXT
    assert "rs.centre" not in T.C.acts("WR5", 4) and "wr.translate" in T.C.acts("WR5", 2)
    assert T.C.acts("RE2", 1) == ["re.drop/re.text"]
    assert T.C.acts("WR6", 1) == ["wr.text/wr.translate"]
    assert T.C.acts("WR6", 2) == ["wr.text/wr.translate", "wr.star"]
    assert T.C.acts("WR1", 1) == T.C.acts("WR5", 1) == ["wr.translate"]  # the text comes second
    assert T.C.acts("WR1", 2) == ["wr.translate", "wr.text"]
    assert T.C.acts("BA6", 2) == ["ba.purify", "ba.drop"]
    assert T.C.acts("BA6", 3) == ["ba.purify", "ba.drop", "rs.centre"]
    assert T.C.acts("WR1", 3) == ["wr.translate", "wr.text", "wr.star"]
    assert [T.C.cond("WR1", s) for s in (1, 2, 3)] == [T.C.cond("WR5", s) for s in (1, 2, 3)]
    assert "rs.any" in T.C.acts("RE1", 2) and "rs.centre" not in T.C.acts("RE1", 2)
    assert T.C.acts("WR7", 1) == ["wr.star"] and T.C.acts("WR7", 2) == ["wr.star", "wr.text"]
    assert T.C.acts("WR2", 1) == ["wr.text/wr.translate"]
    assert T.C.acts("WR8", 2) == ["wr.star", "1Wr", "wr.text/wr.translate"]
    assert T.C.acts("BA5", 1) == ["ba.drop", "rs.step"]

"""Inkwell: placing cubes on the page, one at a time, so that the rest still fit, and
the good complete assignment behind "auto"."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.text import Msg, nmsg, sentences
from inkterm.engine.types import Choice, Decision

from .content import CUBE_NAMES, GOLD, Space
from .fit import GOLD_BIT, fits, minus
from .model import LETTER, T_PLACE, T_START, Base, Player, _cube_word, ckey
from .texts import COLOUR, MULTIPLIER
from .texts import space as space_name
from .work import Batch

# A space's place choice reads the same in every game: made once (decisions are the
# engine's hot path).
_PLACE_TEXTS: dict[Space, tuple[str, Msg, tuple[str, ...]]] = {}


#: A page space's accepted cubes in words, where they are not one colour (or gold).
ACCEPT_WORDS = {"?": Msg("any cube"), "*": Msg("gold only")}
AT_TURN = Msg("+1 at Turn")
AUTO = Choice("auto", Msg("Auto-place"), Msg("Fill a good assignment at once."), ())
AUTO_ALL = Choice("auto", Msg("Auto-place all"), Msg("Fill a good assignment at once."), ())


def _place_texts(sp: Space) -> tuple[str, Msg, tuple[str, ...]]:
    """The key, label and touches of the choice to place a cube on ``sp``."""
    got = _PLACE_TEXTS.get(sp)
    if got is None:
        where = (MULTIPLIER if sp.role == "multiplier" else
                 AT_TURN if sp.role == "standalone" else Msg("illustration {id}", id=sp.sid[0]))
        takes = ACCEPT_WORDS.get(sp.accept) or Msg("{colour} or gold", colour=COLOUR[sp.accept])
        got = _PLACE_TEXTS[sp] = (ckey("place", sp.sid),
                                  Msg("Space {space} ({takes}, {where})", space=space_name(sp), takes=takes, where=where),
                                  (f"space:{sp.sid}",))
    return got


class Placing(Base):
    def _place_options(self, p: Player, batch: Batch) -> tuple[list[int], bool]:
        """Spaces the current cube may go on (keeping the rest placeable), and whether
        it may be poured back (Spill Cloth)."""
        cubes, spill = batch.cubes, batch.spill
        t = self._current_type(cubes)
        bit = 1 << t
        empties = [i for i, f in enumerate(p.cubes) if f < 0 and p.masks[i] & bit]
        if not batch.fit:
            return empties, False
        left = list(cubes)
        left[t] -= 1
        rest = tuple(left)
        mc = self._mc(p)
        if not any(rest):
            ok_masks = {p.masks[i] for i in empties}
        else:
            ok_masks = set()
            for m in {p.masks[i] for i in empties}:
                if fits(rest, minus(mc, m), spill):
                    ok_masks.add(m)
        spill_ok = spill > 0 and t != GOLD and fits(rest, mc, spill - 1)
        return [i for i in empties if p.masks[i] in ok_masks], spill_ok

    def _put(self, p: Player, i: int, t: int) -> None:
        p.cubes[i] = t
        if t != GOLD and self.stage != "start":
            self.gained |= 1 << t

    def _space_rank(self, p: Player, i: int, t: int) -> float:
        assert p.page is not None
        page = self.C.pages[p.page]
        sp = page.spaces[i]
        m = p.masks[i]
        prog = 0.0
        if sp.illus >= 0:
            idx = page.illustrations[sp.illus][1]
            filled = sum(1 for j in idx if p.cubes[j] >= 0)
            prog = 10.0 * (filled + 1) / len(idx) + page.illustrations[sp.illus][2] / 4
        if t == GOLD:
            if m == GOLD_BIT:
                return 100 + prog
            if sp.role == "multiplier":
                return 90 if sp.accept != "?" else 5
            if sp.accept == "?":
                return 20 + prog
            return 40 + prog
        if sp.role == "multiplier":
            return 95
        if sp.accept == LETTER[t]:
            return 60 + prog
        if sp.accept == "?":
            return (30 + prog) if sp.role == "illustration" else 25
        return 50 + prog  # a wash

    def best_placement(self) -> list[tuple[str, str | None]]:
        """A good complete assignment for the batch being placed: [(cube, space id or
        None = poured back / no space)], without changing the state."""
        hand = self.hand  # under Steady Hand's question too: the cubes of the Take
        if not hand:
            return []
        p = self.players[self.cur]
        assert p.page is not None
        page = self.C.pages[p.page]
        saved = list(p.cubes)
        batch = Batch(list(hand[0].cubes), hand[0].fit, hand[0].spill)
        out: list[tuple[str, str | None]] = []
        try:
            while any(batch.cubes):
                t = self._current_type(batch.cubes)
                opts, spill_ok = self._place_options(p, batch)
                batch.cubes[t] -= 1
                if opts:
                    i = max(opts, key=lambda j: (self._space_rank(p, j, t), -j))
                    p.cubes[i] = t
                    out.append((CUBE_NAMES[t], page.spaces[i].sid))  # read as a key: by_sid
                else:
                    if spill_ok:
                        batch.spill -= 1
                    out.append((CUBE_NAMES[t], None))
        finally:
            p.cubes = saved
        return out

    def _decide_place(self, p: Player, batch: Batch) -> Decision:
        assert p.page is not None
        page = self.C.pages[p.page]
        t = self._current_type(batch.cubes)
        opts, spill_ok = self._place_options(p, batch)
        left = sum(batch.cubes) - 1
        word = _cube_word(t)
        ch = []
        for i in opts:
            key, label, touches = _place_texts(page.spaces[i])
            ch.append(Choice(key, label, "", touches))
        if spill_ok:
            name, cost = self._spill_cost(p)
            ch.append(Choice("spill", Msg("Pour the {colour} cube back into the bag ({technique}, −{points})",
                                          colour=word, technique=name, points=nmsg("{n} point", "{n} points", cost))
                             if cost else
                             Msg("Pour the {colour} cube back into the bag ({technique})", colour=word, technique=name),
                             "", ()))
        if len(ch) > 1 or left:
            ch.append(AUTO_ALL if left else AUTO)
        hoard = self._hoarder_points(p)
        blessing = self._blessing_ahead(self.cur)
        if hoard or blessing:  # the take's last cube: Hoarder pays once it is placed
            then = sentences(Msg("Then Hoarder scores {n} (a big bottle).", n=hoard) if hoard else "", blessing)
            ch = [Choice(c.key, c.label, sentences(c.hint, then), c.touches, c.shortcut)
                  if not left or c.key == "auto" else c for c in ch]
        topic = T_START if self.stage == "start" else T_PLACE
        prompt = (Msg("place the {colour} cube ({n} more after this)", colour=word, n=left) if left
                  else Msg("place the {colour} cube", colour=word))
        return Decision(self.cur, prompt, ch, topic)

    def _hoarder_points(self, p: Player) -> int:
        """What Hoarder pays when the bottle just taken is placed (0: nothing)."""
        if self.take_size < 0:
            return 0
        effects = [e for _tid, _st, e in self._active_kinds(p)]
        if self.incoming is not None:  # a technique arriving with this bottle counts too
            effects.append(self.C.techniques[self.incoming].effect)
        return sum(e.points for e in effects if e.kind == "hoarder" and self.take_size >= e.min_cubes)

    def _pour(self, p: Player, batch: Batch, t: int, ev: Narration) -> None:
        """Pour a cube of type ``t`` (already out of the batch) back into the bag, and
        pay what the pouring technique asks."""
        batch.spill -= 1
        self._return(t)
        name, cost = self._spill_cost(p)
        if cost:
            p.add(name, -cost)
            ev.say(nmsg("{who} pours a {colour} cube back ({technique}, paying {n} point).",
                        "{who} pours a {colour} cube back ({technique}, paying {n} points).", cost, who=p.name,
                        colour=_cube_word(t), technique=name), self.cur, "place")
        else:
            ev.say(Msg("{who} pours a {colour} cube back ({technique}).", who=p.name, colour=_cube_word(t),
                       technique=name), self.cur, "place")

    def _apply_place(self, p: Player, batch: Batch, kind: str, sid: str, ev: Narration) -> None:
        """``auto``, ``spill`` or ``place:<sid>``, read by the caller."""
        assert p.page is not None
        page = self.C.pages[p.page]
        if kind == "auto":
            for word, to in self.best_placement():
                t = CUBE_NAMES.index(word)
                batch.cubes[t] -= 1
                if to is None:
                    if batch.fit:
                        self._pour(p, batch, t, ev)
                    else:
                        ev.say(Msg("No space for the {colour} cube; it goes back.", colour=_cube_word(t)), self.cur,
                               "overflow")
                        self._return(t)
                else:
                    self._put(p, page.by_sid[to], t)
                    ev.say(Msg("{who} places {colour} on {space}.", who=p.name, colour=_cube_word(t),
                               space=space_name(page.spaces[page.by_sid[to]])), self.cur, "place")
            return
        t = self._current_type(batch.cubes)
        batch.cubes[t] -= 1
        if kind == "spill":
            self._pour(p, batch, t, ev)
            return
        self._put(p, page.by_sid[sid], t)
        ev.say(Msg("{who} places {colour} on {space}.", who=p.name, colour=_cube_word(t),
                   space=space_name(page.spaces[page.by_sid[sid]])), self.cur, "place")

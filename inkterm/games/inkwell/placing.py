"""Inkwell: placing cubes on the page, one at a time, so that the rest still fit, and
the good complete assignment behind "auto"."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.types import Choice, Decision
from inkterm.engine.words import act, count

from .content import COLOUR_WORDS, CUBE_NAMES, GOLD, Space
from .fit import GOLD_BIT, fits, minus
from .model import LETTER, T_PLACE, T_START, Base, Player, _cube_word, ckey
from .work import Batch

# A space's place choice reads the same in every game: made once (decisions are the
# engine's hot path).
_PLACE_TEXTS: dict[Space, tuple[str, str, tuple[str, ...]]] = {}


#: A page space's accepted cubes in words, where they are not one colour (or gold).
ACCEPT_WORDS = {"?": "any cube", "*": "gold only"}


def _place_texts(sp: Space) -> tuple[str, str, tuple[str, ...]]:
    """The key, label and touches of the choice to place a cube on ``sp``."""
    got = _PLACE_TEXTS.get(sp)
    if got is None:
        where = ("multiplier" if sp.role == "multiplier" else
                 "+1 at Turn" if sp.role == "standalone" else f"illustration {sp.sid[0]}")
        takes = ACCEPT_WORDS.get(sp.accept) or f"{COLOUR_WORDS[sp.accept]} or gold"
        got = _PLACE_TEXTS[sp] = (ckey("place", sp.sid), f"Space {sp.name} ({takes}, {where})",
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
            price = f", −{count(cost, 'point')}" if cost else ""
            ch.append(Choice("spill", f"Pour the {word} cube back into the bag ({name}{price})", "", ()))
        if len(ch) > 1 or left:
            ch.append(Choice("auto", "Auto-place" + (" all" if left else ""), "Fill a good assignment at once.", ()))
        hoard = self._hoarder_points(p)
        blessing = self._blessing_ahead(self.cur)
        if hoard or blessing:  # the take's last cube: Hoarder pays once it is placed
            then = (f"Then Hoarder scores {hoard} (a big bottle)." if hoard else "") + blessing
            ch = [Choice(c.key, c.label, f"{c.hint} {then}".strip(), c.touches, c.shortcut)
                  if not left or c.key == "auto" else c for c in ch]
        topic = T_START if self.stage == "start" else T_PLACE
        more = f" ({left} more after this)" if left else ""
        return Decision(self.cur, f"{p.name}: place the {word} cube{more}", ch, topic)

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
        paid = f", paying {count(cost, 'point')}" if cost else ""
        ev.say(f"{act(p.name, 'pours')} a {_cube_word(t)} cube back ({name}{paid}).", self.cur, "place")

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
                        ev.say(f"No space for the {word} cube; it goes back.", self.cur, "overflow")
                        self._return(t)
                else:
                    self._put(p, page.by_sid[to], t)
                    ev.say(f"{act(p.name, 'places')} {word} on {page.spaces[page.by_sid[to]].name}.",
                           self.cur, "place")
            return
        t = self._current_type(batch.cubes)
        batch.cubes[t] -= 1
        if kind == "spill":
            self._pour(p, batch, t, ev)
            return
        self._put(p, page.by_sid[sid], t)
        ev.say(f"{act(p.name, 'places')} {_cube_word(t)} on {page.spaces[page.by_sid[sid]].name}.",
               self.cur, "place")

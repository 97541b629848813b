"""The puzzle's geometry: the 8×8 cells, their values, letters, circles and
neighbours, the card conditions' icons, and ``Analysis`` (the groups and neighbour
colours of the puzzle as it stands) that every condition is checked against.

Cells are indexes 0–63 inside the rules and ``rc`` strings (``23`` = row 2, col 3) in
choice keys; ``touch_cell`` names a cell for the board widget."""
from __future__ import annotations

from itertools import combinations, permutations

from . import words as W
from .content import ICON_RE, TYPES, content

C = content()
# --- puzzle geometry -----------------------------------------------------------------------
ROWV = C.puzzle.row_values
COLV = C.puzzle.col_values
CELLS = range(64)
RC = [f"{i // 8 + 1}{i % 8 + 1}" for i in CELLS]
IDX = {rc: i for i, rc in enumerate(RC)}
VALUE = [ROWV[i // 8] + COLV[i % 8] for i in CELLS]
LETTER = [C.puzzle.letters[i // 8][i % 8].upper() for i in CELLS]
CENTRAL = tuple(IDX[c] for c in C.puzzle.central)
CENTRAL_SET = frozenset(CENTRAL)
CORNERS = frozenset(IDX[c] for c in C.puzzle.corners)
EDGES = frozenset(i for i in CELLS if (i // 8 in (0, 7) or i % 8 in (0, 7)) and i not in CORNERS)
CIRCLE: list[str | None] = [None] * 64
for _name, _cells in C.puzzle.circles.items():
    for _c in _cells:
        CIRCLE[IDX[_c]] = _name


def _nbrs(i: int) -> tuple[int, ...]:
    r, c = divmod(i, 8)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        if 0 <= r + dr < 8 and 0 <= c + dc < 8:
            out.append((r + dr) * 8 + c + dc)
    return tuple(out)


NBRS = [_nbrs(i) for i in CELLS]
DIRS = {"N": -8, "S": 8, "E": 1, "W": -1}


def step_cell(i: int, d: str) -> int | None:
    r, c = divmod(i, 8)
    if d == "N":
        return i - 8 if r > 0 else None
    if d == "S":
        return i + 8 if r < 7 else None
    if d == "E":
        return i + 1 if c < 7 else None
    return i - 1 if c > 0 else None


def touch_cell(i: int) -> str:
    return f"cell:{i // 8 + 1},{i % 8 + 1}"



def at(i: int) -> str:
    """A puzzle cell in words: ``(2,4)`` (row, column as printed at the puzzle's edges)."""
    return W.cell(RC[i])


# --- icons ---------------------------------------------------------------------------------
def parse_icon(icon: str) -> tuple[int, str, int, int]:
    """(count, kind, n, type) with type -1 for any colour."""
    m = ICON_RE.match(icon)
    if not m:
        raise ValueError(f"unknown icon {icon!r}")
    g = m.groups()
    if g[1]:  # G/A
        return int(g[0] or 1), g[1], int(g[2]), TYPES.index(g[3])
    if g[5]:  # E/C/O
        return int(g[4] or 1), g[5], 0, -1 if g[6] == "*" else TYPES.index(g[6])
    if g[8]:  # S
        return int(g[7] or 1), "S", int(g[9]), -1
    return int(g[10] or 1), "M", int(g[11]), -1


ICONS: dict[str, tuple[int, str, int, int]] = {}


def icon_info(icon: str):
    info = ICONS.get(icon)
    if info is None:
        info = ICONS[icon] = parse_icon(icon)
    return info



class Analysis:
    """Groups, neighbour colours and presence of the puzzle as it stands."""

    __slots__ = ("present", "typ", "gid", "gsize", "gtype", "adjg", "ncol", "memo", "frontier")

    def __init__(self, grid: list[int]):
        # present: a connected piece or a central cell (unconnected setup pieces are absent)
        present = [False] * 64
        stack = list(CENTRAL)
        for i in CENTRAL:
            present[i] = True
        while stack:
            i = stack.pop()
            for j in NBRS[i]:
                if not present[j] and grid[j] >= 0:
                    present[j] = True
                    stack.append(j)
        typ = [grid[i] if present[i] and 0 <= grid[i] < 4 else -1 for i in CELLS]
        gid = [-1] * 64
        gsize: list[int] = []
        gtype: list[int] = []
        for i in CELLS:
            if typ[i] >= 0 and gid[i] < 0:
                g = len(gsize)
                t = typ[i]
                gid[i] = g
                stack = [i]
                n = 0
                while stack:
                    k = stack.pop()
                    n += 1
                    for j in NBRS[k]:
                        if gid[j] < 0 and typ[j] == t:
                            gid[j] = g
                            stack.append(j)
                gsize.append(n)
                gtype.append(t)
        adjg = []
        ncol = []
        for i in CELLS:
            gs = set()
            cols = set()
            for j in NBRS[i]:
                if typ[j] >= 0:
                    cols.add(typ[j])
                    if gid[j] != gid[i]:
                        gs.add(gid[j])
            adjg.append(tuple(sorted(gs)))
            ncol.append(len(cols))
        self.present, self.typ, self.gid, self.gsize, self.gtype = present, typ, gid, gsize, gtype
        self.adjg, self.ncol = adjg, ncol
        self.memo: dict = {}
        # empty cells next to a (connected) piece: where a shared piece may go
        self.frontier = [i for i in CELLS if grid[i] < 0 and any(present[j] for j in NBRS[i])]

    def options(self, icons: list[str], cells: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every set of distinct cells (from ``cells``) that meets the condition."""
        key = (tuple(icons), cells)
        out = self.memo.get(key)
        if out is None:
            total = sum(icon_info(i)[0] for i in icons)
            useful = [c for c in cells if any(self.keys(c, i) for i in icons)]
            if len(useful) < total:
                out = []
            else:
                out = [combo for combo in combinations(useful, total) if self.condition_ok(icons, combo)]
            self.memo[key] = out
        return out

    def keys(self, cell: int, icon: str) -> tuple:
        """The distinctness keys this cell offers for ``icon`` (empty: it does not qualify)."""
        _, kind, n, t = icon_info(icon)
        typ = self.typ[cell]
        if kind == "A":  # ruling 4/5: central cells count; the cell must be outside the group
            if not self.present[cell]:
                return ()
            return tuple(g for g in self.adjg[cell] if self.gtype[g] == t and self.gsize[g] >= n)
        if typ < 0:
            return ()
        if kind == "G":
            g = self.gid[cell]
            return (g,) if typ == t and self.gsize[g] >= n else ()
        if kind == "S":
            g = self.gid[cell]
            return (g,) if self.gsize[g] >= n else ()
        if t >= 0 and typ != t:
            return ()
        if kind == "E":
            return (cell,) if cell in EDGES else ()
        if kind == "C":
            return (cell,) if cell in CORNERS else ()
        if kind == "O":
            return (CIRCLE[cell],) if CIRCLE[cell] else ()
        if kind == "M":
            return (cell,) if self.ncol[cell] >= n else ()
        return ()

    def icon_ok(self, icon: str, cells: tuple[int, ...]) -> bool:
        count, kind, _, _ = icon_info(icon)
        ks = [self.keys(c, icon) for c in cells]
        if not all(ks):
            return False
        if count == 1:
            return True
        if count == 2:
            for a in ks[0]:
                for b in ks[1]:
                    if a != b and (kind != "S" or self.gtype[a] == self.gtype[b]):
                        return True
            return False
        for a in ks[0]:
            for b in ks[1]:
                for c in ks[2]:
                    if a != b and b != c and a != c:
                        return True
        return False

    def condition_ok(self, icons: list[str], cells: tuple[int, ...]) -> bool:
        """Ruling 6: accept if some assignment of the (distinct) cells to the icons works."""
        counts = [icon_info(i)[0] for i in icons]
        if sum(counts) != len(cells) or len(set(cells)) != len(cells):
            return False
        if len(icons) == 1:
            return self.icon_ok(icons[0], cells)
        for perm in permutations(cells):
            k = 0
            for icon, n in zip(icons, counts):
                if not self.icon_ok(icon, perm[k : k + n]):
                    break
                k += n
            else:
                return True
        return False

#!/usr/bin/env python3
"""Generate tests/data/route_destinations.tsv: an independent oracle for route arithmetic.

This is a transcription of /work/shared/RULES.md sections 1 (Board) and 2 (Routes),
written without reference to the Rust code, so the Rust route code can be checked
against it. Python 3 standard library only. Run from anywhere:

    python3 scripts/gen_route_table.py            # (re)writes the TSV
    python3 scripts/gen_route_table.py --check    # fails if the TSV is stale

What the table holds (pure route arithmetic, one row per combination):
  exit_via_start_corner in {false, true}
  x center_pass_through in {turn, straight}
  x route in {outer, mo, dwitmo, jjimo} (+ mo_straight when straight)
  x every index of that route (0-based, index 0 = station 1, `done` not listed)
  x throw in {back_do, do, gae, geol, yut, mo} = (-1, 1, 2, 3, 4, 5)

Semantics (options fixed at finish = pass, back_do_from_first = home; NO corner/C
switching is applied after the move, even though RULES.md section 2 says a move
ending on a corner or C may switch):
  forward n:  j = i + n; j >= len(route) -> to `done`, route_after `-`;
              otherwise to = route[j], route_after = the same route.
  back_do:    i == 0 -> to `home`, route_after `-` (back_do_from_first = home);
              otherwise j = i - 1, to = route[j], and while j < branch index of the
              current route, the piece moves onto the parent route (mo -> mo_straight
              -> outer when straight). j == branch index keeps the route.

Checks made against RULES.md (all asserted below, at import/run time):
  * Section 1: 29 stations (20 outer + 8 arm stations + C); the two straight lines
    5-M1-M2-C-J2-J1-15 and 10-D1-D2-C-S2-S1-20 and the outer ring 1..20 (20 joins 1)
    give the board's edges; every consecutive pair of stations on every route is
    such an edge (so each route is a walk along drawn lines, no jumps).
  * Section 2 table, "steps from its corner to done" (exit_via_start_corner = false):
    outer from 5: 16; mo from 5: 6; dwitmo from 10: 6; jjimo from 15: 6 and outer
    from 15 also 6. With exit_via_start_corner = true each diagonal is one longer (7)
    since it adds 20 before done (not tabulated in RULES.md; derived).
  * Section 2 "shortcut_at_15 ... with only_if_shorter it never applies, as both
    ways are 6 steps or the diagonal is longer": jjimo from 15 >= outer from 15
    for both exit settings.
  * Section 2 "a Mo enters on 5": outer index 4 is station 5 (entry index n-1).
  * Section 2 tree: each branching route shares its parent's prefix up to and
    including the branch index, the branch station is the named corner (5, 10, 15)
    or C, and the two routes differ right after it.
  * Section 2 examples: a piece that turned at 5 (route mo) and backs onto 4 is on
    outer again; with center_pass_through = straight a piece on mo that stopped on
    C and backs onto M2 is on mo_straight again; Back-Do onto the branch station
    itself keeps the route; Back-Do from C returns along the arm it came by.
  * Section 2 "dwitmo already runs straight to 20" (dwitmo goes 10-D1-D2-C-S2-S1,
    a straight line) and "a piece on jjimo always turns at C" (jjimo after C is
    S2, not M2) - both hold for the straight setting too, so dwitmo and jjimo are
    the same lists under both center_pass_through values.
  * Section 5 "On the outer route 20 is the last station, so a piece on 20 needs
    one more step": outer's last station is 20, and with exit_via_start_corner =
    true the diagonals end on 20 as well.
  * Trailing sanity check on the total row count (1788).
"""

import os
import sys

THROWS = [("back_do", -1), ("do", 1), ("gae", 2), ("geol", 3), ("yut", 4), ("mo", 5)]
HEADER = [
    "exit_via_start_corner",
    "center_pass_through",
    "route",
    "index",
    "station",
    "throw",
    "to",
    "route_after",
]
EXPECTED_ROWS = 1788  # derived by hand in the report; asserted at the end

# ---------------------------------------------------------------- section 1: board

OUTER = [str(k) for k in range(1, 21)]  # counterclockwise; 20 = chammeogi
ARMS = ["M1", "M2", "D1", "D2", "J1", "J2", "S2", "S1"]
CENTRE = "C"
STATIONS = OUTER + ARMS + [CENTRE]
assert len(STATIONS) == 29 and len(set(STATIONS)) == 29

STRAIGHT_LINES = [
    ["5", "M1", "M2", "C", "J2", "J1", "15"],
    ["10", "D1", "D2", "C", "S2", "S1", "20"],
]
EDGES = set()
for a, b in zip(OUTER, OUTER[1:] + OUTER[:1]):  # ring, 20 joins 1
    EDGES.add(frozenset((a, b)))
for line in STRAIGHT_LINES:
    for a, b in zip(line, line[1:]):
        EDGES.add(frozenset((a, b)))


def outer_upto(station):
    """Outer stations 1 .. station (inclusive)."""
    return OUTER[: OUTER.index(station) + 1]


# ---------------------------------------------------------------- section 2: routes


def routes(exit_via_start_corner, center_pass_through):
    """Station lists (without `done`) for one option setting, spelled out literally."""
    tail = ["20"] if exit_via_start_corner else []
    r = {
        "outer": OUTER[:],  # 1 ... 20
        "mo": outer_upto("5") + ["M1", "M2", "C", "S2", "S1"] + tail,
        "dwitmo": outer_upto("10") + ["D1", "D2", "C", "S2", "S1"] + tail,
        "jjimo": outer_upto("15") + ["J1", "J2", "C", "S2", "S1"] + tail,
    }
    if center_pass_through == "straight":
        # 1 ... 5, M1, M2, C, J2, J1, 15, 16 ... 20 (same for both exit settings)
        r["mo_straight"] = (
            outer_upto("5") + ["M1", "M2", "C", "J2", "J1"] + OUTER[OUTER.index("15"):]
        )
    return r


def tree(center_pass_through, r):
    """route -> (parent route, branch index). `outer` is the root."""
    t = {
        "mo": ("outer", r["outer"].index("5")),
        "dwitmo": ("outer", r["outer"].index("10")),
        "jjimo": ("outer", r["outer"].index("15")),
    }
    if center_pass_through == "straight":
        t["mo_straight"] = ("outer", r["outer"].index("5"))
        t["mo"] = ("mo_straight", r["mo_straight"].index("C"))
    return t


def route_order(center_pass_through):
    names = ["outer", "mo", "dwitmo", "jjimo"]
    if center_pass_through == "straight":
        names.append("mo_straight")
    return names


def steps_to_done(route_list, station):
    """Steps from `station` on this route to `done` (done sits at index len)."""
    return len(route_list) - route_list.index(station)


def move(r, t, route, i, n):
    """Pure route arithmetic. Returns (to, route_after)."""
    stations = r[route]
    if n > 0:
        j = i + n
        if j >= len(stations):  # finish = pass: reaching or passing done
            return "done", "-"
        return stations[j], route
    assert n == -1
    if i == 0:  # back_do_from_first = home
        return "home", "-"
    j = i - 1
    to = stations[j]
    while route in t and j < t[route][1]:  # landed before the branch station
        route = t[route][0]
    assert r[route][j] == to  # parent shares the prefix, so the station is the same
    return to, route


# ---------------------------------------------------------------- checks


def check_setting(exit_via, cpt):
    r = routes(exit_via, cpt)
    t = tree(cpt, r)
    for name, st in r.items():
        assert st[0] == "1", name
        assert len(set(st)) == len(st), name  # no station twice on one route
        for a, b in zip(st, st[1:]):
            assert frozenset((a, b)) in EDGES, (name, a, b)
    # entering: Mo (n = 5) lands at index 4 of outer = station 5
    assert r["outer"][5 - 1] == "5" and r["outer"][1 - 1] == "1"
    # outer's last station is 20; with exit via start corner the diagonals end on 20
    assert r["outer"][-1] == "20"
    for d in ("mo", "dwitmo", "jjimo"):
        assert (r[d][-1] == "20") == exit_via, d
        body = r[d][:-1] if exit_via else r[d]
        assert body[-2:] == ["S2", "S1"], d
    # step counts, RULES.md section 2 table (exit_via_start_corner = false)
    extra = 1 if exit_via else 0
    assert steps_to_done(r["outer"], "5") == 16
    assert steps_to_done(r["mo"], "5") == 6 + extra
    assert steps_to_done(r["dwitmo"], "10") == 6 + extra
    assert steps_to_done(r["jjimo"], "15") == 6 + extra
    assert steps_to_done(r["outer"], "15") == 6
    # only_if_shorter at 15 never applies
    assert not steps_to_done(r["jjimo"], "15") < steps_to_done(r["outer"], "15")
    # jjimo always turns at C; dwitmo runs straight through C
    assert r["jjimo"][r["jjimo"].index("C") + 1] == "S2"
    assert r["dwitmo"][r["dwitmo"].index("C") + 1] == "S2"
    # tree: shared prefix through the branch index, branch station, then divergence
    expected_branch_station = {"mo": "5", "dwitmo": "10", "jjimo": "15", "mo_straight": "5"}
    if cpt == "straight":
        expected_branch_station["mo"] = "C"
        assert steps_to_done(r["mo_straight"], "5") == 12
    for child, (parent, b) in t.items():
        assert r[child][: b + 1] == r[parent][: b + 1], child
        assert r[child][b] == expected_branch_station[child], child
        assert r[child][b + 1] != r[parent][b + 1], child
    # section 2 Back-Do examples
    if cpt == "turn":
        assert move(r, t, "mo", r["mo"].index("5") + 1, -1) == ("5", "mo")  # M1 -> 5 keeps
        assert move(r, t, "mo", r["mo"].index("5"), -1) == ("4", "outer")  # 5 -> 4
    else:
        c = r["mo"].index("C")
        assert move(r, t, "mo", c, -1) == ("M2", "mo_straight")
        assert move(r, t, "mo", c + 1, -1) == ("C", "mo")  # onto branch station keeps
        assert move(r, t, "mo_straight", r["mo_straight"].index("5"), -1) == ("4", "outer")
        assert move(r, t, "mo", r["mo"].index("5"), -1) == ("4", "outer")  # twice up
    for d, arm in (("mo", "M2"), ("dwitmo", "D2"), ("jjimo", "J2")):
        assert move(r, t, d, r[d].index("C"), -1)[0] == arm  # back along the arm
    return r, t


# ---------------------------------------------------------------- table


def fmt_bool(b):
    return "true" if b else "false"


def build_rows():
    rows = []
    for exit_via in (False, True):
        for cpt in ("turn", "straight"):
            r, t = check_setting(exit_via, cpt)
            for name in route_order(cpt):
                for i, station in enumerate(r[name]):
                    for throw, n in THROWS:
                        to, after = move(r, t, name, i, n)
                        rows.append(
                            [fmt_bool(exit_via), cpt, name, str(i), station, throw, to, after]
                        )
    return rows


def render(rows):
    return "".join("\t".join(row) + "\n" for row in [HEADER] + rows)


def main(argv):
    rows = build_rows()
    # sanity: route lengths 20/10/15/20 (+16 mo_straight) without exit via 20,
    # 20/11/16/21 (+16) with it -> (65 + 81 + 68 + 84) indices x 6 throws
    assert len(rows) == EXPECTED_ROWS == (65 + 81 + 68 + 84) * len(THROWS), len(rows)
    text = render(rows)
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "tests", "data", "route_destinations.tsv")
    if "--check" in argv:
        with open(out, encoding="utf-8", newline="") as f:
            if f.read() != text:
                sys.exit("route_destinations.tsv is stale: rerun scripts/gen_route_table.py")
        print("route_destinations.tsv is up to date (%d rows)" % len(rows))
        return
    with open(out, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    print("wrote %s (%d rows + header)" % (os.path.normpath(out), len(rows)))


if __name__ == "__main__":
    main(sys.argv[1:])

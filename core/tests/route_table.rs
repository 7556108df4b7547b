//! Perft-style check of route arithmetic against `tests/data/route_destinations.tsv`, a
//! table generated from RULES.md by an independent script (scripts/gen_route_table.py).
//! Every station × route through it × throw × `exit_via_start_corner` × centre setting.

use yut_core::board::Spot;
use yut_core::route::{RouteId, RouteMap};
use yut_core::throw::Throw;

/// Route arithmetic as the engine does it: forward n along the route (past the end is
/// `done`), Back-Do one back with the parent-route rule (from index 0: `home`).
fn destination(map: &RouteMap, route: RouteId, index: u8, t: Throw) -> (Spot, Option<RouteId>) {
    if t == Throw::BackDo {
        if index == 0 {
            return (Spot::Home, None);
        }
        let j = index - 1;
        return (map.spot(route, j), Some(map.after_back_step(route, j)));
    }
    let j = index as usize + t.steps() as usize;
    match map.spot(route, j.min(255) as u8) {
        Spot::Done => (Spot::Done, None),
        s => (s, Some(route)),
    }
}

#[test]
fn every_route_destination_matches_the_independent_table() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/route_destinations.tsv"
    );
    let text = std::fs::read_to_string(path).expect("route table present");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("exit_via_start_corner\tcenter_pass_through\troute\tindex\tstation\tthrow\tto\troute_after")
    );
    let mut rows = 0;
    let mut seen = std::collections::BTreeSet::new();
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 8, "row {line:?}");
        let map = RouteMap {
            exit_via_start_corner: f[0] == "true",
            center_straight: f[1] == "straight",
        };
        let route: RouteId = f[2].parse().unwrap();
        let index: u8 = f[3].parse().unwrap();
        assert_eq!(map.spot(route, index).id(), f[4], "station at {line:?}");
        let t: Throw = f[5].parse().unwrap();
        let (to, after) = destination(&map, route, index, t);
        assert_eq!(to.id(), f[6], "destination for {line:?}");
        let after = after.map_or("-".to_string(), |r| r.id().to_string());
        assert_eq!(after, f[7], "route after for {line:?}");
        seen.insert((f[0], f[1], f[2], index));
        rows += 1;
    }
    // The engine's own route lists cover exactly the indices the table has.
    for exit in [false, true] {
        for straight in [false, true] {
            let map = RouteMap {
                exit_via_start_corner: exit,
                center_straight: straight,
            };
            for r in map.routes() {
                for i in 0..map.stations(r).len() as u8 {
                    let key = (
                        if exit { "true" } else { "false" },
                        if straight { "straight" } else { "turn" },
                        r.id(),
                        i,
                    );
                    assert!(seen.contains(&key), "table lacks {key:?}");
                }
            }
        }
    }
    assert_eq!(rows, seen.len() * 6);
    assert_eq!(rows, 1788);
}

//! The same swipe gives the same flight on every device: two players of one online room
//! each plan the throw they heard, and must see the same sticks fly. The digest of a fixed
//! set of flights is pinned here; a change of it means every device's throws moved (a new
//! rapier3d, a changed model): only ever on purpose, with the new digest written here and
//! checked on the web's WebAssembly too (scripts/check-physics-wasm.sh).

mod digest;

/// The digest every platform must give (x86_64 and aarch64 through these tests, the web's
/// wasm32 through scripts/check-physics-wasm.sh).
pub const FLIGHTS_DIGEST: u64 = 0xb640_744f_e095_84b6;

#[test]
fn the_fixed_swipes_give_the_flights_every_device_gives() {
    let got = digest::digest();
    assert_eq!(
        got, FLIGHTS_DIGEST,
        "the flights moved: {got:#018x}, pinned {FLIGHTS_DIGEST:#018x}"
    );
}

//! The UniFFI binding generator, built from this workspace so its version always matches
//! the `uniffi` the library was built with:
//! `cargo run -p yut-ffi --bin uniffi-bindgen -- generate --library target/debug/libyut_ffi.so ...`

fn main() {
    uniffi::uniffi_bindgen_main()
}

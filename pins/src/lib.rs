//! No code: this crate only pins features (see its Cargo.toml).

//! Value parsers the commands share, so a bad level or preset is refused the same way
//! everywhere: by clap, naming the argument and listing what it takes.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use yut_core::bot::Level;
use yut_core::rules::Preset;

/// A bot level by its id (`random`, `easy`, `medium`, `hard`).
pub fn level() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(Level::id)).try_map(|s| s.parse::<Level>())
}

/// A rule preset by its id (`yunnori`, `culin1895`, `nyout_ru`).
pub fn preset() -> impl TypedValueParser<Value = Preset> {
    PossibleValuesParser::new(Preset::ALL.map(Preset::id)).try_map(|s| {
        Preset::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .ok_or_else(|| format!("unknown preset {s:?}"))
    })
}

/// A count of at least 1 (games, throws, rooms, seconds): 0 is refused by clap.
pub fn at_least_one<T: TryFrom<u64>>(v: &str) -> Result<T, String> {
    match v.parse::<u64>() {
        Ok(0) => Err("must be 1 or more".into()),
        Ok(n) => T::try_from(n).map_err(|_| format!("{n} is too large")),
        Err(_) => Err(format!("{v:?} is not a whole number")),
    }
}

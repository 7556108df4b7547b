//! Value parsers the commands share, so a bad level or preset is refused the same way
//! everywhere: by clap, naming the argument and listing what it takes.

use clap::builder::{PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
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

/// A count of at least 1 (games, throws, rooms, seconds), refused at 0 by clap.
pub fn at_least_one<T>() -> RangedU64ValueParser<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
    <T as TryFrom<u64>>::Error: std::error::Error + Send + Sync + 'static,
{
    RangedU64ValueParser::new().range(1..)
}

//! The app core's records and enums (the game's records, the view model, the events, the
//! shell's effects, the messages, the online screens'), declared to UniFFI. yut-app writes each of them once
//! (`yut_app::records!`, `yut_app::flight_records!`) and knows nothing of UniFFI; the same
//! tokens are handed here, where each becomes a `#[uniffi::remote]` declaration of the
//! yut-app type (so Kotlin and Swift see them as this crate's, as before).

use yut_app::effect::*;
use yut_app::flight::*;
use yut_app::input::*;
use yut_app::message::*;
use yut_app::online::*;
use yut_app::records::*;
use yut_app::view::*;

/// One `#[uniffi::remote]` declaration per item, with its documentation (the derives are
/// yut-app's): structs are records, enums are enums.
macro_rules! declare_remote {
    ($($(#[doc = $doc:expr])* #[derive($($derive:path),*)] pub $kind:ident $name:ident $body:tt)*) => {
        $( declare_remote!(@one [$($doc)*] $kind $name $body); )*
    };
    (@one [$($doc:expr)*] struct $name:ident $body:tt) => {
        $(#[doc = $doc])*
        #[uniffi::remote(Record)]
        pub struct $name $body
    };
    (@one [$($doc:expr)*] enum $name:ident $body:tt) => {
        $(#[doc = $doc])*
        #[uniffi::remote(Enum)]
        pub enum $name $body
    };
}

yut_app::flight_records!(declare_remote);
yut_app::records!(declare_remote);
yut_app::message_records!(declare_remote);
yut_app::effect_records!(declare_remote);
yut_app::input_records!(declare_remote);
yut_app::online_records!(declare_remote);
yut_app::view_records!(declare_remote);

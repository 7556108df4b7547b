//! The two small online helpers a shell still calls itself: reading a room code out of what
//! a person typed or a link that opened the app (Android takes a `yunnori://room/` link
//! and puts the code in its share text), and the default server for a preview. Everything
//! else online is the app core's (`yut_app::online`, through `AppCore`).

use yut_net::protocol;

/// A room code as a person typed or pasted it (spaces, dashes, small letters, a
/// `yunnori://room/` link); `None` when it cannot be a code.
#[uniffi::export]
pub fn read_room_code(input: String) -> Option<String> {
    protocol::normalise_code(&input)
}

/// The server the apps use until a person sets another (the app core's default).
#[uniffi::export]
pub fn default_server() -> String {
    yut_app::settings::DEFAULT_SERVER.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_read_from_what_a_person_types_or_a_link() {
        assert_eq!(
            read_room_code(" acd-efg ".into()).as_deref(),
            Some("ACDEFG")
        );
        assert_eq!(
            read_room_code("yunnori://room/KMNPQR".into()).as_deref(),
            Some("KMNPQR")
        );
        assert_eq!(read_room_code("BBBBBB".into()), None, "B is no code letter");
        assert_eq!(read_room_code("https://example.org".into()), None);
    }

    #[test]
    fn the_default_server_is_the_app_cores() {
        assert_eq!(default_server(), "wss://rooms.yunnori.app");
    }
}

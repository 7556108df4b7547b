//! Unit tests of the play screens.

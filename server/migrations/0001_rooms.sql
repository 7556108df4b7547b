-- Rooms and the actions accepted in them. A room's record holds its table, seats (tokens
-- only as SHA-256 hashes) and the current game's setup with its seed; the actions of the
-- current game are replayed through the engine to rebuild the room after a restart.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    -- Since when nobody is connected (NULL while someone is); rooms expire from it.
    empty_since_ms INTEGER,
    record TEXT NOT NULL
);

CREATE TABLE actions (
    code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, game, seq)
);

-- Rooms and the actions accepted in them, shared by every node of a cluster. A room's
-- record holds its table, seats (tokens only as SHA-256 hashes) and the current game's
-- setup with its seed; the actions of the current game are replayed through the engine by
-- whichever node takes the room over.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    -- Since when nobody is connected (NULL while someone is); rooms expire from it.
    empty_since_ms BIGINT,
    -- The fencing token of the room's latest owner (from Redis): a write carrying a lower
    -- one comes from a node that lost the room and is refused.
    fence BIGINT NOT NULL DEFAULT 0,
    record TEXT NOT NULL
);

CREATE TABLE actions (
    code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    seq BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, game, seq)
);

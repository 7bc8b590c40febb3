"""The game server: rooms, seats, persistence and live play over websockets."""

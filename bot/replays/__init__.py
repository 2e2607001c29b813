"""replays."""

"""The table: lobby records, the lockstep replica and its frames, seats, rounds and pauses."""

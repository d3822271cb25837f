"""The coach: judging a seat's moves from what that seat may see (hints, reviews)."""

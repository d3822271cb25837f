"""The coach: what the evaluation of the bots can tell a player about their moves."""

"""``koza learn``: the lessons at the real table (``koza.lessons`` holds them as data)."""

"""Storage: everything koza keeps on disk, apart from the rules.

``savefile`` reads and writes one game's save (JSON Lines, locked, fsynced);
``folder`` says where saves live and names new ones; ``listing`` summarises
the saves of a folder for the saved-games list.  ``koza.core`` does no I/O:
it only folds events, which these modules read and append.
"""

"""Storage: everything koza keeps on disk, apart from the rules.

``savefile`` reads one game's save (JSON Lines) and refuses damage in one line;
``writer`` appends to a save while its game is played (locked, fsynced; the
system calls it is made of are ``fileops``);
``folder`` says where saves live and names new ones; ``listing`` summarises
the saves of a folder for the saved-games list.  ``koza.core`` does no I/O:
it only folds events, which these modules read and append.
"""

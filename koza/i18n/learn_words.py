"""The English texts of the lessons (``koza learn``): keys ``learn.*``.

Each step of a lesson says what to do in a line or two and, after a wrong move,
what to try; the ``learn.story.*`` texts tell how the game counted a round's end.
"""

from __future__ import annotations

LEARN_EN: dict[str, str] = {
    # --- the menu, the list, the keys -------------------------------------------
    "menu.learn": "Learn to play",
    "cmd.learn": "Learn to play",
    "cmd.learn_help": "Seven short lessons at the table, from the tiles to a whole round",
    "learn.list_title": "Learn to play Kozel: seven short lessons at the table",
    "learn.list_hint": "Enter or 1-7 opens a lesson; you go on where you left off.",
    "learn.key_open": "Open",
    "learn.key_back": "Step back",
    "learn.key_next": "Skip ahead",
    "learn.key_leave": "Lessons",
    "learn.bar": "Lesson {n} of {of}: {title} · step {step} of {steps}",
    "learn.you": "You",
    "learn.bot": "Bot",
    "learn.praise_1": "Right!",
    "learn.praise_2": "Well done.",
    "learn.praise_3": "Exactly.",
    "learn.other": "That move is allowed, but this step asks for another one.",
    "learn.refused": "Not allowed: {reason}.",
    "learn.no_hints": (
        "Hints come with the whole round of lesson 7; here the lines above guide you."
    ),
    "learn.part_done": "Press n to go on, or b to try it again.",
    "learn.lesson_done": "Lesson done! Press n for the next one, esc for the list.",
    "learn.course_done": "Every lesson done! Press esc twice for the menu, then n for a game.",
    # --- 1. the tiles, the hand and the chain -----------------------------------
    "learn.tiles.title": "Tiles, hand and chain",
    "learn.tiles.1": (
        "Your seven tiles are at the bottom; each has two halves, and 6-6 is a double. "
        "It is selected (▲): press Enter, or click it, to start the chain."
    ),
    "learn.tiles.1_try": "Press Enter while 6-6 is selected.",
    "learn.tiles.2": (
        "The bot added 6-1: the chain's open ends are now 6 and 1. "
        "Select 6-2 with ← → and press Enter: its 6 matches the 6 end."
    ),
    "learn.tiles.2_try": "A tile fits when one of its halves matches an end: select 6-2.",
    "learn.tiles.3": (
        "The ends are 2 and 5. Select 5-4 and press ] to lay it on the right end "
        "(a click on that end does the same)."
    ),
    "learn.tiles.3_try": "Select 5-4 with ← → and press ]: its 5 matches the right end.",
    "learn.tiles.done": (
        "That is all laying is: one tile a turn, on an end that shows one of its numbers."
    ),
    # --- 2. who leads ----------------------------------------------------------
    "learn.lead.title": "Who leads the first round",
    "learn.lead.1": (
        "A new game. The highest double dealt leads the first round. "
        "You hold 5-5 and 1-1, and nobody holds 6-6: play the right one."
    ),
    "learn.lead.1_try": "The first round opens with the highest double: select 5-5.",
    "learn.lead.1_done": "Right: 5-5 was the highest double dealt, so it had to open.",
    "learn.lead.2": (
        "A new deal, and nobody holds a double. Then the highest tile leads: "
        "the bigger half counts first (6-5 beats 6-4). Play yours."
    ),
    "learn.lead.2_try": "Look for the tile with the biggest halves: 6-5.",
    "learn.lead.2_done": "From the second round on, whoever went out leads, with any tile.",
    "learn.lead.1_one": (
        "A new game. By your house rules whoever holds 1-1 leads the first round with it, "
        "even over bigger doubles. You hold 5-5 and 1-1: play the right one."
    ),
    "learn.lead.1_one_try": "Under your house rules 1-1 opens the first round: select 1-1.",
    "learn.lead.1_one_done": "Right: whoever holds 1-1 opens with it, whatever else was dealt.",
    "learn.lead.2_one": (
        "A new deal, and 1-1 stayed in the bazaar. Then the highest double leads: "
        "you hold 4-4 and 2-2, and nobody holds 5-5 or 6-6. Play yours."
    ),
    "learn.lead.2_one_try": "With no 1-1 dealt, the highest double opens: select 4-4.",
    "learn.lead.1_low": (
        "A new game. By your house rules the lowest double from 1-1 up leads; 0-0 never "
        "opens. You hold 0-0, 3-3 and 5-5, nobody holds 1-1 or 2-2: play the right one."
    ),
    "learn.lead.1_low_try": "0-0 never opens, and of the rest the lowest double leads: select 3-3.",
    "learn.lead.1_low_done": (
        "Right: 3-3 was the lowest double dealt from 1-1 up. With none of them dealt, "
        "the highest tile leads."
    ),
    # --- 3. two doubles --------------------------------------------------------
    "learn.doubles.title": "Two doubles in one turn",
    "learn.doubles.1": "The bot opened with 6-6. Your only tile with a 6 is 6-4: play it.",
    "learn.doubles.1_try": "Only 6-4 fits 6-6: select it and press Enter.",
    "learn.doubles.1_low": "The bot opened with 1-1. Your only tile with a 1 is 4-1: play it.",
    "learn.doubles.1_low_try": "Only 4-1 fits 1-1: select it and press Enter.",
    "learn.doubles.2": (
        "The ends show 4 and 2, and you hold both their doubles, 4-4 and 2-2. "
        "Press w to lay both in one turn, one on each end."
    ),
    "learn.doubles.2_try": "Press w: 4-4 goes on the 4 end and 2-2 on the 2 end, at once.",
    "learn.doubles.2_off": (
        "The ends show 4 and 2, and you hold 4-4 and 2-2. "
        "Your house rules allow one double a turn: play one of them."
    ),
    "learn.doubles.2_off_try": "Select 4-4 or 2-2 and press Enter.",
    "learn.doubles.done": "Two doubles at once are a choice, never a must: one alone is fine too.",
    # --- 4. the bazaar ---------------------------------------------------------
    "learn.bazaar.title": "The bazaar",
    "learn.bazaar.1": (
        "The bot opened with 6-6 and you have no 6. When nothing fits, you draw "
        "from the bazaar: press d or click the bazaar."
    ),
    "learn.bazaar.1_try": "Nothing in your hand fits a 6: press d to draw.",
    "learn.bazaar.2": "You drew 3-1. It does not fit, so it stays in your hand: draw again.",
    "learn.bazaar.2_try": "Still nothing fits: press d again.",
    "learn.bazaar.3": "5-2 does not fit either. Keep drawing until a tile fits.",
    "learn.bazaar.4": "6-3 fits! A drawn tile that fits must be played at once: press Enter.",
    "learn.bazaar.4_try": "Only the drawn tile may be played now: select 6-3.",
    "learn.bazaar.done": "You draw only when nothing fits; with the bazaar empty, you pass (p).",
    # --- 5. the fish -----------------------------------------------------------
    "learn.fish.title": "The fish: when a round ends",
    "learn.fish.1": (
        "The bazaar is empty now. Select 5-1 and press ] to lay it on the right end: "
        "then the bot has nothing that fits."
    ),
    "learn.fish.1_try": "Select 5-1 and press ] for the right end.",
    "learn.fish.2": (
        "The bot had to pass: nothing fit and the bazaar is empty. "
        "Now select 6-5 and press ] for the right end."
    ),
    "learn.fish.2_try": "Select 6-5 and press ].",
    "learn.fish.3": (
        "Lay 5-0 on the right end (]): both ends then show 5, every 5 is on "
        "the table, and nobody can move."
    ),
    "learn.fish.3_try": "Select 5-0 and press ]: the right end makes the fish.",
    "learn.fish.done": (
        "A round ends when someone lays their last tile, or in a fish like this one: "
        "then every hand is counted."
    ),
    # --- 6. counting -----------------------------------------------------------
    "learn.count.title": "Counting the points",
    "learn.count.1": (
        "You have one tile left, {tile}. Play it to go out: the round ends at once "
        "and everyone else counts what they still hold."
    ),
    "learn.count.1_try": "Play {tile}, your last tile, on the end it fits.",
    "learn.count.1_done": "Going out counts 0; every other hand counts its pips against its owner.",
    "learn.count.2": "Once more: play your last tile, {tile}, and see what a small score does.",
    "learn.count.2_try": "Play {tile}: select it and press Enter.",
    "learn.count.2_done": "Points are penalties: the lower your sheet, the better.",
    # --- 7. the goat and a whole round -----------------------------------------
    "learn.goat.title": "The goat, and a whole round",
    "learn.goat.1": (
        "A game goes on round after round. The bot holds a pile of tiles: "
        "play {tile} to go out and look at its sheet."
    ),
    "learn.goat.1_try": "Play {tile}, your last tile.",
    "learn.goat.1_done": (
        "Points add up from round to round; whoever first reaches {target} is the goat "
        "and the game is over."
    ),
    "learn.goat.round": (
        "Now a whole round against two gentle bots. On your turn, press h for a hint "
        "whenever you like. Good luck!"
    ),
    "learn.goat.round_done": "You have played a whole round of Kozel: you know the game now.",
    # --- how a round's end was counted --------------------------------------------
    "learn.story.out": "You went out: your hand counts 0.",
    "learn.story.went_out": "{name} went out and counts 0.",
    "learn.story.fish": "A fish: the bazaar is empty and nobody can move, so every hand counts.",
    "learn.story.points": "{name}: {tiles} left in hand, {points} points.",
    "learn.story.blank": "0-0 counts {blank} on its own.",
    "learn.story.blank_not_alone": "0-0 counts {blank} only as the last tile in a hand: here 0.",
    "learn.story.opened": "{name}: {recorded} is written, and the sheet opens.",
    "learn.story.written": "{name}: {recorded} is written; the sheet now shows {total}.",
    "learn.story.closed": "{name}: under {threshold}, nothing is written; the sheet stays closed.",
    "learn.story.carried": "{name}: under {threshold}, the points wait until the sheet opens.",
    "learn.story.not_recorded": "{name}: nothing is written this round.",
    "learn.story.nothing": "{name}: nothing to count.",
    "learn.story.goat": "{name} reached {target} or more: the goat! The game is over.",
    # --- the command line ---------------------------------------------------------
    "cli.learn": "learn Kozel in seven short lessons at the table",
    "cli.learn_about": (
        "Seven short lessons at the real table: the tiles, who leads, two doubles, "
        "the bazaar, the fish, counting and the goat, then a whole round."
    ),
}

"""Where the Gold table's pieces sit, in logical pixels of the 1280×720 design (the view
scales them): the board's row of lairs and the pile across the middle, your side along
the bottom, and the panels that cover the lairs while their stage runs. The numbers
each piece still holds are offsets inside its own box."""

from __future__ import annotations

# -- the board ---------------------------------------------------------------------------
LAIR_X, LAIR_Y, LAIR_W, LAIR_H, LAIR_GAP = 20, 118, 184, 216, 8
DRAGON_CARD = (92, 129)
TREASURE_X = DRAGON_CARD[0] + 6  # the hoard's rows, beside the Dragon's card
ATTACKER = 26  # an attacker's counter under a lair
PILE_AT = (800, 118)
PILE_CARD = (70, 98)
PROMPT_Y = 346  # the line that says what to do now, and the keys under it
BUTTON_Y = 392

# -- your side ---------------------------------------------------------------------------
MINE_Y = 440
ADV_SIZE = 50
ADV_STEP = 58
SCREEN_BOX = (262, 466, 378, 136)
MAGIC_BOX = (652, 466, 308, 136)
MAGIC_CARD = (60, 84)
MAGIC_WORDS_AT = (300, 612)  # what the Magic Object in hand does
FORESEEN_Y = 660  # the Crystal Ball's Dragons

# -- the panels over the lairs -----------------------------------------------------------
PANEL_BOX = (20, 112, 940, 322)  # the sharing's and the Market's
THEFT_BOX = (120, 150, 740, 230)
END_BOX = (20, 100, 940, 530)
EDITOR_X, EDITOR_Y, EDITOR_RIGHT = 36, 196, 570  # the left half: what you make
RIGHT_X = 590  # the right half: what is on the table
NAME_COLUMN = 120
STEPPER = 18
CHIP_H = 30
TRADE_X, GIVE_Y, GET_Y, TRADE_CELL = 110, 206, 266, 50
OFFER_ROW = 40  # an offer's words, and under them its Accept and Decline

# -- the type scale: each size of words on the table, by what it is for -----------------
TINY = 11  # labels under a picture
SMALL = 12  # hints and notes
TEXT = 13
LARGE = 14
HEADING = 15  # a panel's section
LINE = 16  # a status line
PROMPT = 17  # what to do now, on your turn
TITLE = 18  # a panel's title
BANNER = 22  # the game's name, the end's verdict

# -- the Hint: its button under your adventurers, its words on the line under your side ----
HINT_BUTTON = (36, 566, 110)  # (x, y, width)
ADVICE_Y = 634

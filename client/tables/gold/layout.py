"""Where the Gold table's pieces sit, in logical pixels of the 1280×720 design (the view
scales them), all measured from a few units: the table's part of the window, its margin,
the gap between neighbours and a panel's padding. The board's row of lairs and the pile
run across the middle, your side along the bottom, and the panels cover the lairs while
their stage runs. A piece places what is inside its box with these units too, so moving
one region moves what is in it."""

from __future__ import annotations

# -- the units ---------------------------------------------------------------------------
TABLE_W, TABLE_H = 960, 720  # the table's part of the design: the log has the rest
MARGIN = 20  # the table's edge, and the space between its regions
GAP = 8  # between neighbours in a row: lairs, chips, tokens
CELL_GAP = 6  # between the cells of an editor, and the chips of a row
PAD = 16  # a big panel's edge to its words
INSET = 10  # a small box's edge to what is in it (your screen, your Magic Objects)
ROW = 26  # a line of words or a row of controls
CHIP_H = 30  # a button drawn on a panel
STEPPER = 18  # a − or + of an editor
BUTTON_H = 34  # the table's real buttons
TOKEN = 18  # a token beside its count; hoards in a list are drawn smaller
TOKEN_SMALL = 14
RING = 22  # the sand timer's radius, at a panel's top right

# -- the top: the title, then the other seats' panels (TableRenderer.seat_row) ------------
TITLE_AT = (MARGIN, 12)
SEATS_BOTTOM = 108

# -- the board: four lairs, then the pile, across the table ------------------------------
DRAGON_CARD = (92, 129)
ATTACKER = 26  # an attacker's counter under a lair
ATTACKER_ROW = ATTACKER + 2
BAR = 6  # the strength bar's height
STRENGTH_H = 31  # the attack's words and the bar under them
LAIR_X, LAIR_Y, LAIR_GAP = MARGIN, SEATS_BOTTOM + INSET, GAP
LAIR_H = DRAGON_CARD[1] + STRENGTH_H + 2 * ATTACKER_ROW  # two rows of attackers
PILE_CARD = (70, 98)
PILE_W = PILE_CARD[0] + 90  # the pile's card and the words beside it
PILE_AT = (TABLE_W - PILE_W, LAIR_Y)
LAIR_W = (PILE_AT[0] - MARGIN - LAIR_X - 3 * LAIR_GAP) / 4
TREASURE_X = DRAGON_CARD[0] + 6  # the hoard's rows, beside the Dragon's card
BAG_AT = (PILE_AT[0], PILE_AT[1] + PILE_CARD[1] + 42)  # the bag's token, under the pile
PROMPT_Y = LAIR_Y + LAIR_H + 12  # the line that says what to do now, and the keys under it
BUTTON_Y = PROMPT_Y + 46

# -- your side ---------------------------------------------------------------------------
MINE_Y = BUTTON_Y + BUTTON_H + 14  # your status line
ADV_SIZE = 50
ADV_STEP = ADV_SIZE + GAP
ADV_AT = (MARGIN + 4, MINE_Y + 34)
SIDE_Y, SIDE_H = MINE_Y + ROW, 136  # your screen's and your Magic Objects' boxes
SCREEN_X = ADV_AT[0] + 4 * ADV_STEP + 6
MAGIC_W = 308
MAGIC_X = TABLE_W - MAGIC_W
SCREEN_BOX = (SCREEN_X, SIDE_Y, MAGIC_X - 12 - SCREEN_X, SIDE_H)
MAGIC_BOX = (MAGIC_X, SIDE_Y, MAGIC_W, SIDE_H)
MAGIC_CARD = (60, 84)
MAGIC_WORDS_AT = (SCREEN_X + 38, SIDE_Y + SIDE_H + INSET)  # what the Magic Object in hand does
USE_AT = (MAGIC_X + 168, MAGIC_WORDS_AT[1])  # its Use it button
FORESEEN_Y = MAGIC_WORDS_AT[1] + 48  # the Crystal Ball's Dragons

# -- what moves over the table ---------------------------------------------------------
MIDDLE_X = (MARGIN + TABLE_W) / 2
NEWS_AT = (MIDDLE_X, 690)  # a popup's centre: the strip under your side and its advice

# -- the panels over the lairs -----------------------------------------------------------
PANEL_X = LAIR_X - GAP / 2  # over the lairs' frames too, so none shows at its edge
PANEL_W = TABLE_W - PANEL_X
PANEL_BOX = (PANEL_X, LAIR_Y - 6, PANEL_W, MINE_Y - LAIR_Y)  # the sharing's and the Market's
PANEL_TITLE_W = PANEL_W - 100  # the title, clear of the sand timer's ring
THEFT_W, THEFT_H = 740, 230
THEFT_BOX = (MIDDLE_X - THEFT_W / 2, LAIR_Y + 32, THEFT_W, THEFT_H)
END_BOX = (PANEL_X, PANEL_BOX[1], PANEL_W, SIDE_Y + SIDE_H + 28 - PANEL_BOX[1])  # the seats show
RIGHT_W = 350  # the right half: what is on the table
RIGHT_X = TABLE_W - MARGIN - RIGHT_W
EDITOR_X, EDITOR_Y = MARGIN + PAD, PANEL_BOX[1] + 84  # the left half: what you make
EDITOR_RIGHT = RIGHT_X - MARGIN
EDITOR_W = EDITOR_RIGHT - EDITOR_X
NAME_COLUMN = 120
TRADE_X, TRADE_CELL = EDITOR_X + 74, 50
GIVE_Y = EDITOR_Y + GAP + 2
GET_Y = GIVE_Y + 60
OFFER_ROW = 44  # an offer's words, and under them its Accept and Decline

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

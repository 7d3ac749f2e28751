"""Where the Dragon Den table's pieces sit, in logical pixels of the 1280×720 design (the
view scales them): the cross of piles on a 3 × 3 grid of cells with the stock in the
middle, the buttons over your hand at the bottom, and the keys the line above them lists."""

from __future__ import annotations

CARD = (64, 90)  # a card on the cross
COLUMNS = (20, 340, 660)
CELL_W = 300
ROWS = (132, 244, 356)
FAN = 22  # px of each covered card that shows: its rank corner
#: where each pile sits on the 3 x 3 cross (column, row): N E S W, then NE SE SW NW
CELLS = ((1, 0), (2, 1), (1, 2), (0, 1), (2, 0), (2, 2), (0, 2), (0, 0))
STOCK_CELL = (1, 1)
EMPTY_EDGE = (120, 160, 130)  # an empty pile's outline
BUTTON_Y = 522
DEAL_STAGGER = 0.05
KEYS_HELP = ("click cards, then a pile (or drag them there) · click a pile, then another, to "
             "move it · E end turn · H hint · F1: the keys")

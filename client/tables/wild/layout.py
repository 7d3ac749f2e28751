"""Where the Dragons Wild table's pieces sit, in logical pixels of the 1280×720 design (the
view scales them): the melds' area across the middle, the deck and the discard at the right
with the round marker and the buying window under them, the buttons over your hand."""

from __future__ import annotations

PILE_CARD = (70, 98)  # the deck and the discard
MELDS = (20, 122, 712, 360)  # x, y, w, h of the melds' area
MELD_WIDTHS = (64, 56, 48, 40, 34, 28)  # a meld card's width, tried in turn until every meld fits
MELD_LABEL = 17
DECK_AT, DISCARD_AT = (764, 140), (856, 140)
DISCARD_SHOWN, DISCARD_FAN = 3, 12
ROUND_BOX = (746, 262, 228, 50)
BUY_BOX = (746, 320, 228, 162)
BUTTON_Y = 522
DEAL_STAGGER = 0.04
POPUP_TIME = 1.6
EMPTY_EDGE = (120, 160, 130)  # an empty pile's outline, and the new-meld space's
KEYS_HELP = "draw: click the deck or the discard · lay: cards, then a meld · end: a card onto " \
    "the discard · F1: the keys"
#: the keys, as the rules list them (the line on the table has no room for them)

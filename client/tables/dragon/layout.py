"""Where the Dragon table's pieces sit, in logical pixels of the 1280×720 design (the view
scales them): the three other seats' panels left, top and right, the trick in the centre,
the buttons over your hand at the bottom, and the keys the line above them lists."""

from __future__ import annotations

CARD = (86, 120)
HAND_Y, LIFT = 584, 26  # a lifted card clears the buttons above (BUTTON_Y + 44)
HAND_LEFT, HAND_RIGHT = 30, 960
DECK_AT = (490, 300)
TRICK_AT = (490, 262)
#: the older plays of a trick shown up-left of the newest, each a step further: no more
#: than this many, so a long trick stays clear of the seat panels (older ones go under)
TRICK_DEPTH = 3
BUTTON_Y = 512
SEAT_PANELS = {1: (20, 190, 210, 112), 2: (385, 78, 210, 112), 3: (750, 190, 210, 112)}
DEAL_STAGGER = 0.03
KEYS_HELP = ("←/→ choose · ↑ or space select · Enter play · P pass · H hint · S sort · D Dragon"
             " · O next hand")

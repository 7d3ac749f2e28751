"""The line of a Gold turn, as the board draws it (G4.5, G12): whose attack it is, or for the
player in turn what to pick next, worded by the engine for each viewer."""

from __future__ import annotations

from engine.bots import make_bot
from engine.games.gold.components import MAGIC_DECK, Effect
from engine.games.gold.flow import DIVIDE, NEGOTIATE, TURN
from engine.games.gold.telling.advice import division_words, kill_title, turn_words
from engine.local import play
from engine.registry import get_game
from engine.tell import Names
from tests.engine.story_check import problems

GAME = get_game("gold")
NAMES = ("ana", "McKay", "Bo Li", "Cy#1a2b")


def turn_views(count: int = 12):
    """Views of the first turns of a seeded advanced match (and their state's turn)."""
    config, seats = GAME.configure({"advanced": True}, 4)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, "easy", 7 + s) for s in range(seats)]
    views = []
    for _ in play(GAME, state, bots, 5):
        if state.phase == TURN:
            views.append(GAME.view(state, None))
            if len(views) == count:
                break
    return views


def test_G4_5_the_turns_line_names_whose_attack_it_is_for_every_viewer():
    views = turn_views()
    assert views
    for view in views:
        for listener in (None, *range(4)):
            names = Names(NAMES, listener)
            said = turn_words(view, None, names)  # a window that does not play
            assert not problems(said), said
            if listener == view.turn:
                assert said == "You choose an attack"
            else:
                assert said == f"{NAMES[view.turn]} chooses an attack"


def test_G4_5_G12_the_player_in_turn_is_told_what_to_pick_next():
    view = turn_views(1)[0]
    names = Names(NAMES, view.turn)
    me = view.turn
    assert turn_words(view, me, names) == "Your turn: click an adventurer, then a Dragon to attack"
    assert turn_words(view, me, names, adventurer=0) == "Your knight 4: now click a Dragon"
    banish, might = MAGIC_DECK.index(Effect.BANISH), MAGIC_DECK.index(Effect.MIGHT)
    assert turn_words(view, me, names, magic=banish).endswith(
        ": click another player's adventurer at a Dragon")
    assert turn_words(view, me, names, magic=might).endswith(": press Use it")


def test_the_turns_line_is_empty_outside_a_turn():
    config, seats = GAME.configure({}, 4)
    view = GAME.view(GAME.setup(config, seats), None)
    assert view.phase != TURN and turn_words(view, 0, Names(NAMES, 0)) == ""


def sharing_views(strategic: bool, count: int = 3):
    """Views of the first kills of a seeded match, shared by talks or divide and choose."""
    config, seats = GAME.configure({"strategic": strategic}, 4)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, "easy", 3 + s) for s in range(seats)]
    views = []
    for _ in play(GAME, state, bots, 11):
        view = GAME.view(state, None)
        if view.kill is not None and view.phase in (NEGOTIATE, DIVIDE):
            views.append(view)
            if len(views) == count:
                break
    return views


def test_G7_G9_the_sharing_panel_says_how_the_hoard_is_shared():
    talks, divisions = sharing_views(False), sharing_views(True)
    assert talks and divisions
    for view in talks:
        assert kill_title(view).endswith("is slain: share its hoard before the sand runs out")
    for view in divisions:
        assert kill_title(view).endswith("is slain: divide and choose its hoard")
        kill = view.kill
        for listener in (None, *range(4)):
            said = division_words(view, Names(NAMES, listener))
            assert not problems(said), said
            divider = "You" if listener == kill.divider else NAMES[kill.divider]
            assert said.startswith(f"{divider} divides the hoard into {len(kill.involved)} "
                                   "shares"), said  # G9.1
            assert said.endswith("in that order, and the divider keeps the last."), said  # G9.2

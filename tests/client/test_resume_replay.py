"""Leaving a game to come back, resuming it from the lobby, and replaying games from the
history: the real window, through the real bridge and node, by posted clicks and keys."""

import pygame
import pytest

from client.settings import state_folder
from net.face.bridge import PlayWith
from net.face.replay import journals
from tests.client.rigging import solo_with_bots
from tests.client.test_window import name_yourself
from tools.layout import drawn


def bot_plays_for_me(driver) -> None:
    """Let a bot play this window's seat (quickly), as a person would with time to spare."""
    driver.app.session.send(PlayWith("greedy", 0))


def finished_game(driver, hands: int = 1, game: str = "dragon") -> tuple:
    """A solo match played out here; its final scores as the window showed them."""
    solo_with_bots(driver, game, 4, hands)
    bot_plays_for_me(driver)
    driver.wait_for(lambda: driver.app.session.ending, "the match to end", 90)
    ending = driver.app.session.ending
    assert ending.kind == "finished", ending
    return ending.scores


def test_keeping_the_seat_then_resuming_plays_the_game_on_to_the_end(window):
    """Issue 15, Resume: Leave → "Keep my seat" returns to the lobby, which offers
    "Resume …"; one click rebuilds the table from the journal and the game ends."""
    name_yourself(window)
    solo_with_bots(window, "dragon", 4, 2)
    window.wait_for(lambda: window.app.session.applied >= 20, "step 20", 60)
    told = window.app.session.log[1:]  # the story after "The game starts: …"
    window.click("leave")
    assert set(window.targets()) == {"leave:bot", "leave:later", "leave:stay"}
    window.click("leave:stay")
    assert window.app.scene.name == "table" and "leave" in window.targets()
    window.click("leave")
    window.click("leave:later")
    window.wait_for(lambda: window.app.scene.name == "lobby", "the lobby")
    offer = window.app.scene.buttons["resume:0"]
    assert offer.text == "Resume Ana with bots", offer.text
    caption = window.app.scene.offers.caption(0)
    assert caption.startswith("Dragon, kept at ") and "step" not in caption, caption
    left_at = window.app.scene.offers.shown[0].steps
    window.click("resume:0")
    window.wait_for(lambda: window.app.scene.name == "table", "the resumed table", 30)
    session = window.app.session
    assert session.seat == 0
    # the table opens on GameStarted, the journal read; its steps are told in the news
    # after it (a loaded CI run looked between the two)
    window.wait_for(lambda: session.applied >= left_at, "the journal's steps told", 10)
    # nobody else plays here: there is nothing to fetch (it said "Fetching…" for ever)
    back = session.log.index("Back at the table: Dragon; you play with Bot 2, Bot 3 and "
                             "Bot 4.")
    # the story so far is told again from the journal, as it was told (the log was empty)
    assert len(told) >= 5 and session.log[:len(told)] == told and back >= len(told)
    # Take back is lit as the view stands when the table is built, with no view after it
    # (resumed at a still moment, it stayed lit and a press did nothing, unsaid)
    window.app.scene.layout()
    takeback = window.app.scene.buttons["takeback"]
    assert takeback.is_enabled == (session.view.no_takeback is None)
    bot_plays_for_me(window)
    window.wait_for(lambda: session.ending, "the resumed match to end", 120)
    assert session.ending.kind == "finished" and session.bridge.node.finished.audit == "clean"
    window.click("lobby")
    assert not any(k.startswith("resume:") for k in window.targets()), "a finished game"


def test_closing_the_window_mid_game_asks_and_a_second_close_keeps_the_seat(window):
    """Issue 15: quitting mid-game asks leave-to-a-bot or come-back; closed again while
    asking, the window goes and the seat is kept (the lobby offers it next time)."""
    name_yourself(window)
    solo_with_bots(window, "dragon", 4, 1)
    window.wait_for(lambda: window.app.session.applied >= 5, "step 5", 60)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    window.step(2)
    assert window.app.running and "leave:later" in window.targets()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    window.step(2)
    assert not window.app.running
    kept = [s for s in journals(state_folder() / "tables") if s.kept]  # (still open here)
    assert len(kept) == 1 and kept[0].seat == 0


def test_a_terminate_signal_mid_game_closes_the_window_and_keeps_the_seat(window):
    """SIGTERM (a shutdown, a `kill`) closes the window at once, as a second close would:
    the question it asked before was never answered, and a kill followed."""
    import signal

    from client.app import post_terminate

    name_yourself(window)
    solo_with_bots(window, "dragon", 4, 1)
    window.wait_for(lambda: window.app.session.applied >= 5, "step 5", 60)
    post_terminate(signal.SIGTERM, None)
    window.step(2)
    assert not window.app.running
    kept = [s for s in journals(state_folder() / "tables") if s.kept]
    assert len(kept) == 1 and kept[0].seat == 0


def test_a_finished_game_is_listed_replayed_scrubbed_and_deleted(window):
    """Issue 15, History and replay: the game is listed with its game, players and result;
    the replay steps, plays, scrubs, switches to this seat's view and ends on the scores
    the live window showed; the journal can be deleted."""
    name_yourself(window)
    scores = finished_game(window)
    window.click("lobby")
    window.click("history")
    assert window.app.scene.name == "history"
    row = window.app.scene.games_list.item_list[0]["text"]
    assert "Dragon" in row and "Ana" in row and " won with " in row, row
    assert f" won with {max(scores):,} chips" in row
    window.click("game:0")
    window.click("replay")
    scene = window.wait_for(lambda: window.app.scene.name == "replay" and
                            window.app.scene.moments and window.app.scene, "the replay", 30)
    assert scene.session.seat is None and scene.shown == 1
    assert not any(m.view.view.cards for m in scene.moments), "no hand in public"
    window.click("replay:next")
    window.key("right")
    assert scene.shown == 3
    window.click("replay:play")
    window.wait_for(lambda: scene.shown >= 6, "the replay to play on", 20)
    bar = window.targets()["replay:scrub"]
    drag(window, bar.midleft, bar.midright)
    assert scene.session.ending is not None and scene.session.ending.scores == scores
    window.click("replay:back")
    assert scene.session.ending is None
    window.click("replay:view")
    window.wait_for(lambda: scene.moments, "the replay from this seat", 30)
    assert scene.session.seat == 0 and scene.session.view.seat == 0
    assert any(m.view.view.cards for m in scene.moments), "this seat's hand"
    window.click("close")
    assert window.app.scene.name == "history"
    window.click("game:0")
    window.click("delete")
    window.click("delete")
    assert window.app.scene.games == []


def drag(driver, start, end) -> None:
    """Press at `start`, move to `end` in steps, let go: scrubbing a slider by mouse."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    driver.step(2)
    for i in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * i // 8, start[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        driver.step(2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    driver.step(4)


def replay_of_last_game(driver, button: str = "replay"):
    """From the table of a finished game: the history, its newest game, replayed (from the
    public view, or by "replay:mine" from this seat's); the replay scene, read back."""
    driver.click("lobby")
    driver.click("history")
    driver.click("game:0")
    driver.click(button)
    return driver.wait_for(lambda: driver.app.scene.name == "replay" and
                           driver.app.scene.moments and driver.app.scene, "the replay", 30)


def test_a_seek_in_a_replay_redraws_at_once(window):
    """Issue 30: after a jump (the bar, Back, Home) no card of the moment left behind stays
    on screen: nothing is in flight, every card is where the view puts it."""
    name_yourself(window)
    finished_game(window)
    scene = replay_of_last_game(window)
    for _ in range(12):  # shown as a live window shows them: cards dealt and played, moving
        scene.forward()
    window.step(1)
    assert scene.renderer.animating or scene.renderer.flying or any(
        s.tween.moving for s in scene.renderer.sprites()), "the test needs cards in flight"
    for target in (3, len(scene.moments) // 2, 1):
        scene.goto(target)
        renderer = scene.renderer
        assert renderer.flying == [], target
        assert not any(s.tween.moving for s in renderer.sprites()), target
        window.step(1)
        assert scene.shown == target


@pytest.mark.parametrize("game", ["dragon", "wild"])
def test_a_replay_from_my_seat_asks_nobody_to_act(window, game):
    """Issue 30: a replay from this player's seat tells its turns in the third person, as
    every other seat's ("to play"); nothing on the table prompts "your turn" or "you:",
    nor gives the seat's instructions (Wild's "Draw", "Lay down, then discard")."""
    name_yourself(window)
    finished_game(window, game=game)
    scene = replay_of_last_game(window, "replay:mine")
    mine = [i for i, m in enumerate(scene.moments, 1) if 0 in m.view.view.to_act]
    assert scene.session.seat == 0 and mine, "moments when this seat was to act"
    for count in mine[:: max(1, len(mine) // 6)]:
        scene.goto(count)
        words = [d.words for d in drawn(window.app)]
        status, _ = scene.renderer.status(0, scene.session.view.view)
        assert not status.startswith(("your turn", "you:")), (count, status)
        prompts = [w for w in words if w.startswith(("your turn", "you:", "Draw", "Lay down",
                                                     "Buy the discard?", "Let them have"))
                   or "your turn" in w or "· you:" in w]
        assert not prompts, (count, prompts)


def test_history_and_a_replay_fit_at_every_size(window):
    """The layout check (tools.layout) on the two scenes the table tests do not reach: the
    History list with a finished game, and its replay, at 960x540, 1280x720 and 1920x1080."""
    from tests.client.test_layout import check

    name_yourself(window)
    finished_game(window)
    window.click("lobby")
    window.click("history")
    check(window.app, "the history")
    window.click("game:0")
    window.click("replay")
    window.wait_for(lambda: window.app.scene.name == "replay" and window.app.scene.moments,
                    "the replay", 30)
    for _ in range(12):  # into the hand: cards dealt and played
        window.click("replay:next")
    check(window.app, "a replay")

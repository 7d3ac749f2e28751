"""No label cut, no two panels or click targets on each other (tools.layout), at 960x540,
1280x720 and 1920x1080: the lobby, the table setup, each game's rules, and each game's table
mid-play, at a hand's result, at the end and behind the leave question — the scenes
`tools.screens` shoots. The tables are shown engine states on a session of their own (no
node, no bots), with long names, so the whole runs in seconds."""

from __future__ import annotations

import itertools
import os
import time

import pygame
import pytest

from client.session import Ending, Session
from engine.bots import make_bot
from engine.local import play
from engine.registry import get_game
from net.face.bridge import ViewUpdate, handed_out
from net.finding.discovery import Listing
from net.peer.events import TableSeen
from net.wire.start import Seat, StartConfig
from tools.layout import drawn, engine_terms, problems

SIZES = ((960, 540), (1280, 720), (1920, 1080))
NAMES = ("Ana", "Bartholomew Featherstonehaugh", "王小明", "Εὐφροσύνη", "Zoë", "Séverine")
GAMES = {"dragon": 4, "den": 4, "wild": 6, "gold": 6}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from client.app import App
    from client.settings import Settings, SettingsFile, config_folder

    folder = tmp_path_factory.mktemp("layout")
    saved = {k: os.environ.get(k) for k in ("HOARD_CONFIG_DIR", "HOARD_STATE_DIR")}
    os.environ["HOARD_CONFIG_DIR"], os.environ["HOARD_STATE_DIR"] = \
        str(folder / "config"), str(folder / "state")
    SettingsFile(config_folder()).save(Settings(name=NAMES[1], taught=tuple(GAMES)))
    window = App(discovery=False, size=SIZES[1])
    yield window
    window.close()
    for key, value in saved.items():
        os.environ.pop(key) if value is None else os.environ.__setitem__(key, value)


def check(app, what: str, sizes=SIZES) -> None:
    """The scene as it is now, at each size: nothing cut, nothing on anything else."""
    found = []
    for size in sizes:
        app.resize(size)
        renderer = getattr(app.scene, "renderer", None)
        if renderer is not None:
            renderer.sync(animate=False)
        found += [f"{what} at {size[0]}x{size[1]}: {p}" for p in problems(app)]
        found += [f"{what} at {size[0]}x{size[1]}: {p}" for p in engine_terms(app)]
        found += [f"{what} at {size[0]}x{size[1]}: {p}" for p in faint_words(app)]
    assert not found, "\n".join(found)


def faint_words(app, least: float | None = None) -> list[str]:
    """The words drawn (and seen: not under a panel over them) that read at under `least`
    (by default 3:1 in the usual colours, 7:1 in high contrast) against what lies under
    them, to a viewer with full colour vision or to any colour-blind one."""
    from tests.test_colour_vision import HIGH, USUAL, VIEWERS, contrast

    least = least or (HIGH if app.view.contrast else USUAL)
    items = drawn(app)  # (drawn on the window as it is read)
    # read only words nothing was drawn over: a modal's veil dims what is behind on purpose,
    # and a card in flight passes over a name (the layout check judges overlaps)
    shown = [item for i, item in enumerate(items) if not any(
        later.rect.colliderect(item.rect) for later in items[i + 1:])]
    pixels = pygame.surfarray.array3d(app.screen)
    faint = []
    for label in shown:
        if label.kind != "label" or not label.words.strip():
            continue
        ink, ground = ink_and_ground(pixels, label.rect.clip(app.screen.get_rect()))
        worst = min(contrast(ink, ground, viewer) for viewer in (None, *VIEWERS))
        if worst < least:
            faint.append(f"{label.words!r} reads at {worst:.1f}:1 ({ink} on {ground})")
    return faint


def test_the_lobby_setup_and_rules(app):
    from client.hook import Driver
    from client.scenes.lobby import Lobby
    from tools.screens import list_tables, new_dragon_table

    driver = Driver(app)
    app.push(Lobby(app))
    list_tables(app)
    driver.step(3)
    check(app, "the lobby")
    new_dragon_table(app, driver)
    check(app, "the table setup")
    title = next(d.words for d in drawn(app) if d.words.startswith("Barth"))
    assert title.endswith("… · Dragon"), "a long table name is cut, never its game"
    driver.click("rules")
    for game in GAMES:  # one layout around each game's text (which wraps in its box): each
        driver.click(f"game:{game}")  # box is built in ~0.6 s, so one game at every size
        check(app, f"the rules of {game}", SIZES if game == "dragon" else SIZES[:1])


def journals(folder) -> list:
    """The history's and the lobby's offers of games on this machine, with the longest rows
    they hold: six long names at an unfinished Wild, a finished Dragon, a damaged journal."""
    from net.face.replay import Summary

    wild = StartConfig(b"w" * 16, "Bartholomew Featherstonehaugh's table", "wild", (),
                       tuple(Seat(bytes([i]) * 32, NAMES[i]) for i in range(6)))
    dragon = StartConfig(b"d" * 16, "night", "dragon", (),
                         tuple(Seat(bytes([i]) * 32, NAMES[i]) if i < 2 else Seat(bot="greedy")
                               for i in range(4)))
    return [Summary(folder / "wild.journal", wild.name, 1.8e9, wild, 1, 179, False),
            Summary(folder / "dragon.journal", dragon.name, 1.7e9, dragon, 0, 900, True,
                    (1190, 1010, 900, 900), (0,)),
            Summary(folder / "broken.journal", "broken", 1.6e9, None, None, -1, False,
                    damaged="frame 3's signature does not verify, and nothing after it "
                            "can be trusted either")]


def test_the_history_and_the_lobbys_resume_offers(app, tmp_path, monkeypatch):
    """Every row of the history and the lobby's lists drawn whole or ending in "…", the
    chosen game's row whole under the history's list."""
    from client.hook import Driver
    from client.scenes import history, lobby, offers
    from tools.screens import list_tables

    played = journals(tmp_path)
    monkeypatch.setattr(history, "_played", lambda: played)
    monkeypatch.setattr(offers, "resumable", lambda: [s for s in played if s.kept])
    driver = Driver(app)
    app.replace(lobby.Lobby(app))
    list_tables(app)
    app.session.bridge.updates.put(TableSeen("appeared", Listing(
        "ff" * 8, f"{NAMES[1]}'s table for a long Friday night", "wild", 1, 6, "lobby",
        (("127.0.0.1", 4000),))))
    driver.step(3)
    assert "resume:0" in app.targets()
    check(app, "the lobby offering to resume")
    kept = time.strftime("%H:%M", time.localtime(played[0].played))
    for size in SIZES:  # the name has the button: the game and the time are its caption
        app.resize(size)
        offer = app.scene.buttons["resume:0"]
        whole = f"Resume {played[0].name}"  # (37 characters: 5 over a table name's most,
        # so its last letters give way; the game and the time no longer take its room)
        assert offer.text == whole or (offer.text.endswith("…") and \
            whole.startswith(offer.text[:-1]) and len(offer.text) >= 40), (size, offer.text)
        assert app.scene.offers.caption(0) == f"Dragons Wild, kept at {kept}"
        assert offer.tool_tip_text == f"Resume {played[0].name} (Dragons Wild, kept at {kept})"
        assert any(d.words == f"Dragons Wild, kept at {kept}" for d in drawn(app))
    settings = app.scene.buttons["settings"].text  # the window's name is NAMES[1], long
    assert settings.endswith("… · settings"), "the name is cut, not what the button does"
    assert any(d.words.startswith("you are Barth") for d in drawn(app))
    assert not any(" key " in d.words for d in drawn(app)), "no fingerprint without a twin"
    app.replace(history.History(app))
    driver.click("game:0")
    driver.wait_for(lambda: app.scene.chosen() is played[0], "the first game to be chosen")
    check(app, "the history, a long row chosen")
    shown = " ".join(d.words for d in drawn(app))
    assert "unfinished: resume it from the lobby" in shown


def test_a_history_row_of_a_table_with_bots_reads_whole_at_every_size(app, tmp_path,
                                                                     monkeypatch):
    """Issue 30: a usual table's row (a player and three bots) is not cut ("Ana, Bot 2 ·
    normal, Bot 3 · normal…"): its bots are counted by level, a winning bot named."""
    from client.scenes import history
    from net.face.replay import Summary

    seats = (Seat(b"a" * 32, "Ana"), *(Seat(bot="normal") for _ in range(3)))
    dragon = StartConfig(b"d" * 16, "night", "dragon", (), seats)
    wild = StartConfig(b"w" * 16, "night", "wild", (), seats)
    played = [Summary(tmp_path / "d.journal", "night", 1.7e9, dragon, 0, 900, True,
                      (1035, 1005, 985, 975), (1,)),
              Summary(tmp_path / "w.journal", "night", 1.7e9, wild, 0, 281, False)]
    monkeypatch.setattr(history, "_played", lambda: played)
    app.replace(history.History(app))
    for size in SIZES:
        app.resize(size)
        rows = [item["text"] for item in app.scene.games_list.item_list]
        assert not any(row.endswith("…") for row in rows), (size, rows)
    assert " · Dragon · Ana and 3 normal bots · Bot 2 won with 1,035" in rows[0], rows
    assert " · Dragons Wild · Ana and 3 normal bots · unfinished: resume it from the lobby" \
        in rows[1], rows


def test_a_list_row_cut_with_no_sign_is_reported(app):
    """The check measures a list's rows: one that pygame_gui would cut is a problem."""
    import pygame_gui

    from client.scenes import Scene

    class Cut(Scene):
        def build(self) -> None:
            self.add(pygame_gui.elements.UISelectionList(
                self.view.rect(40, 90, 300, 200), [" · ".join(NAMES) * 2], self.app.gui))

    app.replace(Cut(app))
    found = problems(app)
    assert any(p.startswith("list row") and "is cut" in p for p in found), found


def test_words_on_a_modal_off_its_panel_or_under_a_later_panel_are_reported(app):
    """The check reads a modal's words (drawn after its veil): one line off its panel and
    one under a panel drawn after it are each a problem, though a later panel hides both."""
    from client.scenes import Scene

    class Modal(Scene):
        def draw(self, surface) -> None:
            super().draw(surface)
            view = self.view
            view.veil(surface, view.rect(0, 0, 980, 720))
            view.panel(surface, view.rect(200, 130, 580, 200), alpha=250)
            view.text(surface, "on its panel, under a later one", (220, 300), 15)
            view.text(surface, "off its panel", (220, 340), 15)
            view.panel(surface, view.rect(20, 290, 940, 300), alpha=250)

    app.replace(Modal(app))
    found = problems(app)
    assert "label 'off its panel' runs off the modal panel it is drawn on" in found, found
    assert "label 'on its panel, under a later one' is hidden by a panel drawn after it" \
        in found, found


def states(game_id: str, seats: int):
    """(name, state, the events that led to it) of a seeded bots' match: seat 0's second
    turn, the first hand's end, a Dragon killed and a Market with offers on the table
    (Gold), and the match's end."""
    game = get_game(game_id)
    config, seats = game.configure({}, seats)
    state = game.setup(config, seats)
    bots = [make_bot(game, "greedy", s) for s in range(seats)]
    turns, shown = 0, set()
    for _, events in itertools.islice(play(game, state, bots, seed=7), 20000):
        if any(type(e).__name__ == "HandOver" for e in events) and "result" not in shown:
            shown.add("result")
            yield "result", state, events
        elif "kill" not in shown and any(type(e).__name__ == "DragonKilled" for e in events):
            shown.add("kill")  # Gold: the news of it rises over the lairs
            yield "a kill", state, events
        elif "market" not in shown and offered_to_seat_0(state):
            shown.add("market")
            yield "market", state, events
        elif 0 in game.to_act(state) and game.chance_request(state) is None:
            turns += 1
            if turns == 2:
                yield "a turn", state, events
    yield "end", state, ()


def offered_to_seat_0(state) -> bool:
    """A Gold Market with an offer to seat 0 on the table: its Accept and Decline show."""
    market = getattr(state, "market", None)
    return market is not None and any(partner == 0 for _, partner, *_ in
                                      market.offers.values())


def show(app, game_id: str, seats: int, state, events, pause: bool, folder):
    """A table scene on a session of its own showing seat 0's view of `state`."""
    from client.scenes.table import TableScene

    game = get_game(game_id)
    session = Session(app.identity, folder, discovery=False)
    seated = tuple(Seat(bytes([i]) * 32, NAMES[i]) if i < 2 else Seat(bot="greedy")
                   for i in range(seats))
    session.start = StartConfig(b"t" * 16, "night", game_id, (), seated)
    session.seat, session.game, session.applied = 0, game, 100
    session.view = ViewUpdate(100, 0, game.view(state, 0),
                              handed_out(game.legal_actions(state, 0)), None,
                              200 if pause else None, (0, 1) if pause else ())
    outcome = game.outcome(state)
    if outcome is not None:
        session.ending = Ending("finished", "The deal was verified fair.", outcome.scores,
                                outcome.winners, "clean")
    app.replace(TableScene(app, session))
    for event in events:
        app.scene.renderer.on_event(event)
    return app.scene


def lift_a_card(renderer) -> None:
    """A card of the hand picked up — one that some play takes, so the places that would
    take it are lit: lifted, it must clear the buttons, and the lights every label."""
    order = renderer.ordered()
    order = [face for face in order if renderer.hand[face].lit] or order
    if order:
        renderer.hand[order[0]].selected = True


@pytest.mark.parametrize("game_id", GAMES)
def test_each_table_mid_play_at_a_result_at_the_end_and_asking(app, game_id, tmp_path):
    seats = GAMES[game_id]
    for name, state, events in states(game_id, seats):
        scene = show(app, game_id, seats, state, events, name == "result", tmp_path)
        if name == "a turn":
            lift_a_card(scene.renderer)
        check(app, f"{game_id} at {name}")
        if name == "a turn":
            scene.leaving.asking = True
            check(app, f"{game_id}, the leave question")


KEY_LINES = {"dragon": "client.tables.dragon", "den": "client.tables.den",
             "wild": "client.tables.wild"}  # Gold's has a row of its own, under its prompt


@pytest.mark.parametrize("game_id", KEY_LINES)
def test_the_keys_line_is_drawn_whole_beside_this_seats_status(app, game_id, tmp_path):
    """At this seat's turn the line of keys above the buttons is read whole at every size,
    never cut short by the seat's status line beside it (Wild's ended in '…' at 960x540)."""
    import importlib

    keys = importlib.import_module(KEY_LINES[game_id]).KEYS_HELP
    seats = GAMES[game_id]
    _, state, events = next(s for s in states(game_id, seats) if s[0] == "a turn")
    show(app, game_id, seats, state, events, False, tmp_path)
    for size in SIZES:
        app.resize(size)
        app.scene.renderer.sync(animate=False)
        lines = [d.words for d in drawn(app) if d.words.startswith(keys[:12])]
        assert lines == [keys], (size, lines)


def test_a_long_dragon_trick_stays_clear_of_the_seat_panels(app, tmp_path):
    """The older plays of a trick step up-left of the newest, three at most: a trick of many
    plays never covers a seat's panel (its older plays go under the third)."""
    game = get_game("dragon")
    config, seats = game.configure({}, 4)
    state = game.setup(config, seats)
    bots = [make_bot(game, "greedy", s) for s in range(seats)]
    for _ in play(game, state, bots, seed=7):
        if len(game.view(state, None).trick) >= 9:
            break
    renderer = show(app, "dragon", 4, state, (), False, tmp_path).renderer
    seen = [s.tween.end for s in renderer.trick.values() if s.tween.end[3] > 0]
    panels = [pygame.Rect(renderer.seat_box(seat)) for seat in renderer.others()]
    for x, y, w, _ in seen:
        card = pygame.Rect(x, y, w, w * 120 / 86)
        assert not any(card.colliderect(panel) for panel in panels), (card, panels)
    plays = game.view(state, None).trick
    assert len(plays) >= 9 and len(seen) < sum(len(p.faces) for p in plays), "some go under"


def test_a_dragon_refusal_reads_whole_above_the_buttons(app, tmp_path):
    """Two cards of different ranks selected: the engine's why (D4, its longest: every
    combination named) is read whole at every size, never cut with an ellipsis."""
    from engine.games.dragon.cards import rank

    _, state, events = next(s for s in states("dragon", 4) if s[0] == "a turn")
    renderer = show(app, "dragon", 4, state, events, False, tmp_path).renderer
    hand = renderer.ordered()
    low, high = hand[0], next(f for f in reversed(hand) if rank(f) != rank(hand[0]))
    renderer.hand[low].selected = renderer.hand[high].selected = True
    why = renderer.why_not([low, high])
    assert "(D4)" in why
    for size in SIZES:
        app.resize(size)
        renderer.sync(animate=False)
        words = " ".join(d.words for d in drawn(app) if d.kind == "label")
        assert why in words, (size, words)
    check(app, "dragon with a selection refused")


def test_a_refusal_too_long_for_one_line_takes_two_and_reads_whole(app, tmp_path):
    """The engine's longest why in Dragon (D5: a run of ten that does not beat another,
    each named) is drawn smaller, then on a second line above the first: never cut, clear of
    the hand and the buttons, at every size."""
    from msgspec.structs import replace

    from client.tables.common import told
    from engine.games.dragon.views import TrickPlay

    _, state, events = next(s for s in states("dragon", 4) if s[0] == "a turn")
    session = show(app, "dragon", 4, state, events, False, tmp_path).session
    lower, higher = tuple(r * 4 for r in range(10)), tuple(r * 4 + 1 for r in range(10))
    contested = replace(session.view.view, trick=(TrickPlay(1, higher),), passed=(False,) * 4)
    refusal = session.game.why_not(contested, 0, lower, session.names)
    assert refusal.rule == "D5"
    session.advise(told(refusal))
    for size in SIZES:
        app.resize(size)
        app.scene.renderer.sync(animate=False)
        rows = [d.words for d in drawn(app) if d.kind == "label"]
        assert told(refusal) in " ".join(rows), (size, rows)
    check(app, "dragon with a long refusal")


def test_a_six_seat_match_end_with_a_long_audit_keeps_its_words_on_its_panel(app, tmp_path):
    """Six seats' rows and an audit's three lines: the rows close up, and the last line stays
    on the match's end panel (it ran off it, under the night's standings, which the check
    passed while the standings hid it)."""
    from client.session import Ending

    *_, (_, state, events) = states("wild", 6)
    session = show(app, "wild", 6, state, events, False, tmp_path).session
    report = ("Bartholomew Featherstonehaugh, Εὐφροσύνη and Séverine win. Deck audit: seat 3 "
              "showed a key that does not open its own cards, so the deal cannot be verified "
              "fair.")
    session.ending = Ending("finished", report, session.ending.scores, (1, 4, 5), "bad")
    check(app, "a six-seat match's end with a long audit")
    assert report in " ".join(d.words for d in drawn(app) if d.kind == "label")


def test_the_check_finds_the_engines_terms_in_what_a_scene_draws(app, monkeypatch):
    """The vocabulary check reads every label a scene draws: a step number, a pid or a
    name from the code in one is found (and none is in any state the tests above check)."""
    from client.scenes import lobby

    app.replace(lobby.Lobby(app))
    draw = app.scene.draw

    def with_terms(surface):
        draw(surface)
        app.view.text(surface, "resumed at step 12 (pid 6424), lead three_of_stars", (40, 300),
                      15)
        app.view.text(surface, "Bo accepts split number 3 · #3 by Bo", (40, 330), 15)
        app.view.text(surface, "The table stopped (stall). left · you plays on", (40, 360), 15)

    monkeypatch.setattr(app.scene, "draw", with_terms)
    found = engine_terms(app)
    assert any("a step number" in f for f in found)
    assert any("a process id" in f for f in found)
    assert any("snake_case" in f for f in found)
    assert any("a split's serial number" in f for f in found)
    assert any("a fault's kind" in f for f in found)
    assert any("'you' with another's verb" in f for f in found)


@pytest.mark.parametrize("game_id", ("dragon", "den", "wild"))
def test_a_hands_result_and_its_next_hand_button_go_together(app, game_id, tmp_path):
    """The pause between hands runs out by the clock: a frame that read it twice, once to
    show "Next hand" (its update) and once to draw the result (its drawing), left the
    button alone over Den's piles while the next hand dealt. A frame decides once."""
    from tools.layout import drawn

    seats = GAMES[game_id]
    _, state, events = next(s for s in states(game_id, seats) if s[0] == "result")
    scene = show(app, game_id, seats, state, events, True, tmp_path)
    scene.update(0.0)
    button = scene.buttons["next"]
    assert button.visible and scene.renderer.result.up()
    scene.session.pause_left = lambda pace: None  # the pause runs out within this frame
    app.dirty = False
    shown = [d.words for d in drawn(app) if d.kind == "label"]
    assert any(w.endswith(" is over") for w in shown), "the frame under way shows both"
    scene.update(0.0)  # the next frame: both go, and the window is drawn again to show it
    assert not button.visible and not scene.renderer.result.up() and app.dirty
    assert not any(d.words.endswith(" is over") for d in drawn(app))


def test_dens_lit_piles_leave_their_names_readable(app, tmp_path):
    """Cards held light the piles that take them: the light rings each pile clear of its
    name above it (it ran through 'north-west')."""
    from engine.games.den import Play

    game = get_game("den")
    config, seats = game.configure({}, 4)
    state = game.setup(config, seats)
    bots = [make_bot(game, "greedy", s) for s in range(seats)]
    for _ in play(game, state, bots, seed=7):
        plays = [a for a in game.legal_actions(state, 0) if isinstance(a, Play)]
        if 0 in game.to_act(state) and len({a.pile for a in plays}) >= 2:
            break
    renderer = show(app, "den", 4, state, (), False, tmp_path).renderer
    for face in plays[0].faces:
        renderer.hand[face].selected = True
    assert renderer.targets_for_held(), "some piles are lit"
    check(app, "den with piles lit")


def test_golds_split_editor_says_why_whole(app, tmp_path):
    """Why the split in the editor cannot go on the table yet is the engine's sentence and
    its rule, drawn whole beside the editor's buttons (its third line was dropped: "8
    tokens of the hoard have no player yet: a split shares out")."""
    from engine.games.gold import NEGOTIATE, Choice

    game = get_game("gold")
    config, seats = game.configure({}, 6)
    state = game.setup(config, seats)
    bots = [make_bot(game, "greedy", s) for s in range(seats)]
    for _ in play(game, state, bots, seed=7):
        view = game.view(state, 0)
        if view.phase == NEGOTIATE and 0 in view.kill.involved:
            break
    renderer = show(app, "gold", 6, state, (), False, tmp_path).renderer
    why = renderer.refusal(Choice(kind="split", shares=renderer.editor.split()))
    assert "no player yet" in why
    for size in SIZES:
        app.resize(size)
        shown = " ".join(d.words for d in drawn(app) if d.kind == "label")
        assert why in shown, (size, why)
    check(app, "gold's split editor")


def test_the_settings_say_why_there_is_no_sound_whole(app, monkeypatch):
    """The audio device's problem is read whole at every size, in a box that needs no
    scroll bar (at 960x540 it scrolled in a box 42 px high, its arrow squashed)."""
    from client.scenes.settings_scene import SettingsScene

    monkeypatch.setattr(app.sounds, "problem", "No sound: the audio device could not be "
                        "opened (ALSA: Couldn't open audio device: No such file or directory).")
    app.replace(SettingsScene(app))
    for size in SIZES:
        app.resize(size)
        app.gui.update(0.01)
        assert app.scene.sound_note.scroll_bar is None, size
    check(app, "the settings with no sound")


def test_the_no_sound_icons_words_cover_no_button(app, monkeypatch):
    """The mute icon's words, while the pointer rests on it, lie along the window's bottom
    edge: over History and Rules they hid the lobby's buttons."""
    from client.quiet import ICON
    from client.scenes.lobby import Lobby

    monkeypatch.setattr(app.quiet, "notes", ["No sound: the audio device could not be "
                                             "opened (ALSA: Couldn't open audio device)."])
    app.replace(Lobby(app))
    for size in SIZES:
        app.resize(size)
        monkeypatch.setattr(app.quiet, "mouse", app.view.rect(*ICON).center)
        assert any(d.words.startswith("No sound") for d in drawn(app)), size
        check(app, "the lobby with the no-sound icon's words", (size,))


def test_a_left_seat_says_who_plays_it_on_in_the_viewers_grammar(app, tmp_path):
    """A seat whose player left names its heir: 'you play on' when it is this window's
    player ('you plays on' was the heir's name put in a third person's sentence)."""
    _, state, events = next(s for s in states("dragon", 4) if s[0] == "a turn")
    scene = show(app, "dragon", 4, state, events, False, tmp_path)
    scene.session.gone = {1: 0, 2: 3}
    shown = [d.words for d in drawn(app) if d.kind == "label"]
    assert "left · you play on" in shown, shown
    assert any(w.startswith("left · ") and w.endswith(" plays on") for w in shown), shown
    check(app, "dragon with seats left", SIZES[:1])


def test_the_offer_of_a_guided_game_reads_whole(app, tmp_path, monkeypatch):
    """With two Resume offers kept: the offers step aside while the games are chosen, and
    while a guided game is offered (the game buttons ran into their captions)."""
    from client.scenes import lobby, offers

    played = [s for s in journals(tmp_path) if s.kept] * 2
    monkeypatch.setattr(offers, "resumable", lambda: played)
    app.replace(lobby.Lobby(app))
    assert {"resume:0", "resume:1"} <= set(app.scene.buttons)
    app.scene.choosing = "solo"
    app.scene.layout()
    assert not any(ident.startswith("resume:") for ident in app.scene.buttons)
    check(app, "the games to choose from, two offers kept")
    app.scene.offering = "gold"
    app.scene.layout()
    assert {"learn:yes", "learn:no"} <= set(app.targets())
    check(app, "the offer of a guided game")
    app.scene.choosing = app.scene.offering = ""
    app.scene.layout()
    assert {"resume:0", "resume:1"} <= set(app.targets()), "back once the games fold away"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_longest_why_of_a_turn_is_shown_whole_guided_or_hinted(app, game_id, tmp_path):
    """Issue 39: the hard bot's play and why, in the guide panel over the log's column, wraps
    and never cuts: a guided turn (with what the rules let the seat do) and a Hint pressed,
    each with the longest sentence of some of the turn's actions (six long names)."""
    from net.face.hints import Hinted

    seats = GAMES[game_id]
    _, state, events = next(s for s in states(game_id, seats) if s[0] == "a turn")
    session = show(app, game_id, seats, state, events, False, tmp_path).session
    game, view = session.game, session.view.view
    legal = session.view.legal
    said = {a: game.hint(a, view, session.names, "hard")
            for a in (legal[i] for i in range(0, len(legal), max(1, len(legal) // 40)))}
    longest = max(said, key=lambda a: len(said[a]))
    why = game.why(longest, view, session.names)
    session.guided, session.hint = True, Hinted(100, longest)
    check(app, f"{game_id}'s guided turn")
    assert why in " ".join(d.words for d in drawn(app) if d.kind == "label")
    session.guided = False
    app.scene.renderer.hints.said = session.advice = said[longest]
    check(app, f"{game_id}'s hint")
    words = [d.words for d in drawn(app) if d.kind == "label"]
    assert why in " ".join(words) and said[longest] not in words, "whole, and only there"




def ink_and_ground(pixels, rect: pygame.Rect) -> tuple[str, str]:
    """A label's ground (its pixels' median luminance: thin letters cover less than half)
    and its ink (the pixel farthest from the ground in luminance), as #rrggbb."""
    import numpy as np

    from tests.test_colour_vision import hexed

    block = pixels[rect.left:rect.right, rect.top:rect.bottom].reshape(-1, 3).astype(float)
    lum = block @ np.array([0.2126, 0.7152, 0.0722])
    ground = np.argsort(lum)[len(lum) // 2]
    return hexed(block[np.argmax(np.abs(lum - lum[ground]))]), hexed(block[ground])


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("high", [True, False], ids=["high-contrast", "usual"])
def test_every_word_on_each_table_reads_to_every_viewer_at_every_size(app, game_id, high,
                                                                      tmp_path):
    """Issue 39: every word a table draws mid-play (and seen: not under a panel over it)
    reads against what lies under it, on the rendered window at each size, to a viewer with
    full colour vision and to each colour-blind one (tests/test_colour_vision.py's
    simulations): at 7:1 or more with the high-contrast option, at 3:1 or more (WCAG's least
    for large words and the parts of a screen) in the usual colours."""
    from tests.test_colour_vision import HIGH, USUAL, VIEWERS, contrast
    from tools.layout import _uncovered

    least = HIGH if high else USUAL
    seats = GAMES[game_id]
    _, state, events = next(s for s in states(game_id, seats) if s[0] == "a turn")
    scene = show(app, game_id, seats, state, events, False, tmp_path)
    app.save_settings(contrast=high)
    try:
        faint = []
        for size in SIZES:
            app.resize(size)
            scene.renderer.sync(animate=False)
            labels = [d for d in _uncovered(drawn(app)) if d.kind == "label" and d.words.strip()]
            pixels = pygame.surfarray.array3d(app.screen)
            for label in labels:
                ink, ground = ink_and_ground(pixels, label.rect.clip(app.screen.get_rect()))
                worst = min(contrast(ink, ground, viewer) for viewer in (None, *VIEWERS))
                if worst < least:
                    faint.append((size, label.words, ink, ground, round(worst, 1)))
        assert labels and not faint, faint
    finally:
        app.save_settings(contrast=False)

"""The lobby's input as a person meets it: a click is never lost to the lobby rebuilding
its buttons, which it does whenever discovery hears of a table (the game night's resumed
window once stayed in the lobby after its Resume click), and the join box's hint reads as
a hint."""

import pygame
import pygame_gui

from net.finding.discovery import Listing
from net.peer.events import TableSeen
from tests.client.test_window import name_yourself


def a_table_is_heard(driver, key: str = "ab") -> None:
    """Discovery hears a table: the lobby lists it, rebuilding its widgets."""
    listing = Listing(key * 8, f"Table {key}", "dragon", 1, 4, "lobby", (("127.0.0.1", 4000),))
    driver.app.session.bridge.updates.put(TableSeen("appeared", listing))


def post(kind, pos) -> None:
    fields = {"pos": pos, "button": 1} if kind != pygame.MOUSEMOTION else \
        {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}
    pygame.event.post(pygame.event.Event(kind, fields))


def test_a_table_heard_while_a_button_is_held_down_waits_for_its_release(window):
    name_yourself(window)
    rules = window.app.scene.buttons["rules"]
    post(pygame.MOUSEMOTION, rules.rect.center)
    post(pygame.MOUSEBUTTONDOWN, rules.rect.center)
    window.step(1)
    a_table_is_heard(window)
    window.step(2)
    lobby = window.app.scene
    assert lobby.buttons["rules"] is rules and lobby.layout_due, "rebuilt under the press"
    assert "Table ab" not in str(lobby.table_list.item_list)
    post(pygame.MOUSEBUTTONUP, rules.rect.center)
    window.wait_for(lambda: window.app.scene.name == "rules", "the click to open the rules")
    window.app.pop()
    window.step(2)
    assert any("Table ab" in item["text"] for item in window.app.scene.table_list.item_list)


def test_a_table_heard_between_a_release_and_its_press_keeps_the_click(window):
    """The press's event is read on the next turn of the loop: the news (which rebuilds
    the lobby) waits for the widgets to act on the release, and the click opens what it was
    on."""
    name_yourself(window)
    rules = window.app.scene.buttons["rules"]
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        post(kind, rules.rect.center)
    a_table_is_heard(window)
    window.step(1)  # the release; the news waits
    assert window.app.scene.name == "lobby" and rules.alive()
    window.wait_for(lambda: window.app.scene.name == "rules", "the click to open the rules")


def test_a_press_on_a_button_rebuilt_greyed_does_nothing(window):
    """A button pressed as what it does went away (a Join as its table filled up): the
    twin built since is greyed, so the press is not taken for it."""
    name_yourself(window)
    lobby = window.app.scene
    history = lobby.buttons["history"]
    lobby.layout()
    lobby.buttons["history"].disable()
    pressed = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=history)
    lobby.handle(pressed)
    assert window.app.scene is lobby
    lobby.buttons["history"].enable()
    lobby.handle(pressed)
    assert window.app.scene.name == "history"


def test_the_address_box_hint_is_dim_and_gives_way_to_what_is_typed(window):
    """The join box's hint shows while it is empty and not typed in, dim as hints are; the
    code typed is drawn alone (not into the hint) and as bright as typed text."""
    from client.ui import DIM

    name_yourself(window)
    entry = window.app.scene.entry
    typed_colour = entry.typed_colour
    shown = entry.drawable_shape.text_box_layout
    assert entry.text_colour == pygame.Color(DIM) != typed_colour
    assert shown.plain_text == entry.placeholder_text
    window.click("address")
    window.type("R2M02")
    shown = entry.drawable_shape.text_box_layout
    assert entry.get_text() == "R2M02" and shown.plain_text == "R2M02"
    assert entry.text_colour == typed_colour
    window.app.scene.entry.unfocus()
    assert entry.text_colour == typed_colour  # what was typed stays bright
    entry.set_text("")
    assert entry.text_colour == pygame.Color(DIM)
    assert entry.drawable_shape.text_box_layout.plain_text == entry.placeholder_text


def test_a_table_heard_as_a_table_row_is_clicked_keeps_the_choice(window):
    """A row of the table list is chosen when the list next updates, after the click's
    events are read; news read in between rebuilt the list, and the choice was lost (four
    friends joining at once: each one's seat changed the others' lists, and one in three
    clicks on a table did nothing)."""
    name_yourself(window)
    a_table_is_heard(window, "cd")
    window.wait_for(lambda: window.app.scene.keys, "the table to be listed")
    row = window.app.targets()[f"table:{'cd' * 8}"]
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        post(kind, row.center)
    a_table_is_heard(window)  # another table's advert, read in the same turn of the loop
    window.step(3)
    assert window.app.scene.selected == "cd" * 8
    assert "join" in window.app.targets()

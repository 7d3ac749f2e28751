"""What every table and its panels share: the table's pace, and pygame_gui button
toggles that do nothing when nothing changes."""

from __future__ import annotations

PACE = 0.05  # the table's step interval (NodeOptions.pace), for countdowns


def enable(button, enabled: bool) -> None:
    if enabled and not button.is_enabled:
        button.enable()
    elif not enabled and button.is_enabled:
        button.disable()


def show(button, shown: bool) -> None:
    if shown and not button.visible:
        button.show()
    elif not shown and button.visible:
        button.hide()

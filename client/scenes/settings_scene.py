"""Settings: display name, sound and volume, animation speed, the bots' level, high contrast.
Saved as soon as changed, and applied at once."""

from __future__ import annotations

import pygame_gui

from client.scenes import Scene, checked_name
from client.settings import ANIMATION_SPEEDS
from engine.bots import LEVELS

SOUND_NOTE = (340, 518, 600, 84)  # why there is no sound, when there is none: over Done


class SettingsScene(Scene):
    name = "settings"

    def build(self) -> None:
        settings = self.app.settings
        self.label("Settings", 340, 110, 600, 50, "title")
        self.label("Display name", 340, 190, 200)
        self.entry = self.add(pygame_gui.elements.UITextEntryLine(
            self.view.rect(560, 186, 380, 40), self.app.gui, object_id="#name"))
        self.entry.set_text_length_limit(32)
        self.entry.set_text(settings.name)
        self.problem = self.label("", 560, 228, 380, 26, "note")
        self.label("Sound", 340, 262, 200)
        self.button("sound", "on" if settings.sound else "off", 560, 258, 120)
        if self.app.sounds.problem:  # the quiet note of the corner's icon, in full, on
            # a row of its own over Done: beside "Sound" it scrolled in a box 42 px high
            self.sound_note = self.add(pygame_gui.elements.UITextBox(
                self.app.sounds.problem, self.view.rect(*SOUND_NOTE), self.app.gui,
                object_id="#sound-note"))
        self.label("Volume", 340, 314, 200)
        self.button("volume-", "−", 560, 310, 50)
        self.label(f"{round(settings.volume * 100)} %", 615, 310, 90, 40)
        self.button("volume+", "+", 710, 310, 50)
        self.label("Animations", 340, 366, 200)
        for i, speed in enumerate(ANIMATION_SPEEDS):
            self.button(f"anim:{speed}", speed, 560 + i * 95, 362, 90,
                        primary=speed == settings.animation)
        self.label("Bots", 340, 418, 200)
        for i, level in enumerate(LEVELS):
            self.button(f"bots:{level}", level, 560 + i * 95, 414, 90,
                        primary=level == settings.bots,
                        tip="the level of Play with bots and of a bot added at a table")
        self.label("High contrast", 340, 470, 200)
        self.button("contrast", "on" if settings.contrast else "off", 560, 466, 120,
                    tip="white words on black panels, bright outlines on the cards")
        self.button("back", "Done", 540, 616, 200, 46, primary=True)

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._save_name()
        super().handle(event)

    def _save_name(self) -> bool:
        name, problem = checked_name(self.entry.get_text())
        if problem:
            self.problem.set_text(problem)
            return False
        if name != self.app.settings.name:
            self.app.save_settings(name=name)
        return True

    def on_button(self, ident: str) -> None:
        settings = self.app.settings
        if ident == "sound":
            self.app.save_settings(sound=not settings.sound)
        elif ident in ("volume-", "volume+"):
            step = 0.1 if ident == "volume+" else -0.1
            self.app.save_settings(volume=round(settings.volume + step, 2))
            self.app.sounds.play("play")
        elif ident.startswith("anim:"):
            self.app.save_settings(animation=ident.split(":", 1)[1])
        elif ident.startswith("bots:"):
            self.app.save_settings(bots=ident.split(":", 1)[1])
        elif ident == "contrast":
            self.app.save_settings(contrast=not settings.contrast)
            return  # the app restyled every widget, this scene's among them
        elif ident == "back":
            if self._save_name():
                self.app.pop()
            return
        self.layout()

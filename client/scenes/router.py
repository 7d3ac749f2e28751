"""Which scene stands at each place (client.scenes.Place): the one module that knows every
scene, so that a scene leads to another by naming the place, never by importing it."""

from __future__ import annotations

from client.scenes import Place, Scene
from client.scenes.history import History
from client.scenes.lobby import Lobby
from client.scenes.rules import RulesScene
from client.scenes.settings_scene import SettingsScene
from client.scenes.setup import Setup
from client.scenes.table import TableScene

SCENES: dict[Place, type[Scene]] = {
    Place.LOBBY: Lobby,
    Place.SETUP: Setup,
    Place.TABLE: TableScene,
    Place.RULES: RulesScene,
    Place.HISTORY: History,
    Place.SETTINGS: SettingsScene,
}


def scene_at(app, place: Place, **how) -> Scene:
    """A new scene of `app` at `place`, made as `how` asks (the game whose rules, the table
    being joined)."""
    return SCENES[place](app, **how)

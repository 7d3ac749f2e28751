"""Headless windows: the real client with the dummy video and audio drivers, its folders in a
temporary directory, bots that do not pause to think, and no multicast on the host."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["HOARD_BOT_THINK"] = "0"


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("HOARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HOARD_STATE_DIR", str(tmp_path / "state"))
    return tmp_path


def pytest_configure(config):
    config.addinivalue_line("markers", "default_bots: the window keeps the settings' default "
                            "bot level (else its bots are easy: the tables are under test, not "
                            "the bots, and easy ones answer at once)")
    config.addinivalue_line("markers", "first_play: the window offers each game's guided game "
                            "at its first table (else every game counts as taught)")


@pytest.fixture
def window(folders, request):
    """A real App at its first-run scene (no name saved yet) and a Driver for it."""
    from client.app import App
    from client.hook import Driver
    from client.scenes.lobby import first_scene
    from engine.registry import game_ids

    app = App(discovery=False)
    if request.node.get_closest_marker("default_bots") is None:
        app.settings.bots = "easy"
    if request.node.get_closest_marker("first_play") is None:
        app.settings.taught = tuple(game_ids())  # no guided game offered before a table
    app.push(first_scene(app))
    yield Driver(app)
    app.close()
    assert not app.errors, "the window caught unexpected errors:\n" + "\n".join(app.errors)

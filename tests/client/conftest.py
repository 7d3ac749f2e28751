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


@pytest.fixture
def window(folders):
    """A real App at its first-run scene (no name saved yet) and a Driver for it."""
    from client.app import App
    from client.hook import Driver
    from client.scenes.lobby import first_scene

    app = App(discovery=False)
    app.push(first_scene(app))
    yield Driver(app)
    app.close()
    assert not app.errors, "the window caught unexpected errors:\n" + "\n".join(app.errors)

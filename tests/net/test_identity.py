"""Identity: one Ed25519 key and a display name per install, kept private in the config dir."""

import json
import logging
import stat

from net.wire.identity import IDENTITY_FILE, config_dir, load_identity, verify


def test_first_run_creates_a_private_identity(tmp_path):
    identity = load_identity(tmp_path / "hoard", name="Ada")
    path = tmp_path / "hoard" / IDENTITY_FILE
    assert identity.name == "Ada"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "hoard").stat().st_mode) == 0o700
    assert verify(identity.public, identity.sign(b"hello"), b"hello")


def test_the_same_identity_comes_back(tmp_path):
    first = load_identity(tmp_path, name="Ada")
    again = load_identity(tmp_path)
    assert again.public == first.public and again.name == "Ada"


def test_a_new_name_is_saved_with_the_same_key(tmp_path):
    first = load_identity(tmp_path, name="Ada")
    renamed = load_identity(tmp_path, name="Grace")
    assert renamed.public == first.public
    assert load_identity(tmp_path).name == "Grace"


def test_a_corrupt_file_is_replaced_with_a_warning(tmp_path, caplog):
    load_identity(tmp_path)
    (tmp_path / IDENTITY_FILE).write_text("{not json")
    with caplog.at_level(logging.WARNING, logger="hoard.net"):
        fresh = load_identity(tmp_path)
    assert "unreadable" in caplog.text
    assert (tmp_path / (IDENTITY_FILE + ".corrupt")).read_text() == "{not json"
    assert load_identity(tmp_path).public == fresh.public


def test_a_new_identity_made_for_an_unreadable_one_is_told_to_the_player(tmp_path):
    """The window says it (in its notes): a table sat at before will not know the player."""
    load_identity(tmp_path)
    (tmp_path / IDENTITY_FILE).write_text("{not json")
    notes: list[str] = []
    load_identity(tmp_path, notes=notes)
    assert len(notes) == 1 and "identity.json.corrupt" in notes[0]
    load_identity(tmp_path, notes=notes)
    assert len(notes) == 1, "a readable file says nothing"


def test_a_key_of_the_wrong_length_is_replaced(tmp_path, caplog):
    (tmp_path / IDENTITY_FILE).write_text(json.dumps({"version": 1, "name": "x", "key": "00"}))
    with caplog.at_level(logging.WARNING, logger="hoard.net"):
        load_identity(tmp_path)
    assert "unreadable" in caplog.text


def test_loose_permissions_are_tightened(tmp_path):
    load_identity(tmp_path)
    path = tmp_path / IDENTITY_FILE
    path.chmod(0o644)
    load_identity(tmp_path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_config_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("HOARD_CONFIG_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert config_dir() == tmp_path / "hoard"
    monkeypatch.setenv("HOARD_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert config_dir() == tmp_path / "elsewhere"
    assert config_dir(tmp_path / "given") == tmp_path / "given"


def test_display_names_are_one_short_printable_line(tmp_path):
    identity = load_identity(tmp_path, name="  Bob\n\x1b[31m" + "x" * 80)
    assert identity.name.isprintable() and len(identity.name) <= 32


def test_security_8_an_existing_open_folder_is_tightened_and_a_set_aside_key_kept_private(
        tmp_path):
    """Security case 8: a config folder made 0755 by someone else is tightened to 0700, and
    an identity file set aside as corrupt (it may still hold the old key) is 0600, not the
    0644 it was written with."""
    folder = tmp_path / "hoard"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    (folder / IDENTITY_FILE).write_text('{"version": 1, "name": "", "key": "' + "ab" * 32 + '"}')
    (folder / IDENTITY_FILE).chmod(0o644)
    load_identity(folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    aside = folder / (IDENTITY_FILE + ".corrupt")
    assert stat.S_IMODE(aside.stat().st_mode) == 0o600
    assert stat.S_IMODE((folder / IDENTITY_FILE).stat().st_mode) == 0o600


def test_security_8_a_journals_folder_is_made_private_even_if_it_was_open(tmp_path):
    from net.disk.journal import Journal

    state = tmp_path / "state"
    (state / "tables").mkdir(parents=True, mode=0o755)
    (state / "tables").chmod(0o755)
    journal = Journal.open(state / "tables" / "t.journal")
    journal.close()
    assert stat.S_IMODE((state / "tables").stat().st_mode) == 0o700

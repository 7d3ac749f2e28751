"""`hoard peer`: bad arguments get one line and exit 2; a lone peer with bot seats plays."""

import json
import subprocess
import sys

import pytest

from client.cli import main
from net.disk.journal import HEAD
from tools.lab.peer_table import free_port

pytestmark = pytest.mark.alongside  # its waits hold on a busy machine (tests/conftest.py)


def run(capsys, *argv):
    code = main(["peer", *argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


@pytest.mark.parametrize("argv,message", [
    (["--table", "t", "--game", "dragon"], "--bot is required"),
    (["--table", "t", "--game", "dragon", "--bot", "greedy", "--option", "hands"], "KEY=VALUE"),
    (["--table", "t", "--game", "dragon", "--bot", "greedy", "--option", "hands=0"], "hands"),
    (["--table", "t", "--game", "dragon", "--bot", "clever"], "no bot 'clever'"),
    (["--table", "t", "--game", "dragon", "--bot", "greedy", "--seats", "3"], "exactly 4"),
    (["--table", "t", "--game", "dragon", "--bot", "greedy", "--add-bots", "4"], "no seat"),
    (["--table", "t", "--bot", "greedy", "--connect", "nowhere"], "HOST:PORT"),
    (["--table", "t", "--bot", "greedy", "--seats", "4"], "need --game"),
    (["--table", " ", "--bot", "greedy"], "needs a name"),
])
def test_bad_arguments_get_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert len(err) == 1 and err[0].startswith("hoard: error:") and message in err[0]


def test_argparse_errors_also_exit_2(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["peer", "--table", "t", "--spectate", "t"])
    assert caught.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_corrupt_journal_is_a_clear_error(capsys, tmp_path):
    journal = tmp_path / "tables" / "t.journal"
    journal.parent.mkdir(parents=True)
    body = b"x" * 10
    journal.write_bytes(HEAD.pack(len(body), 12345) + body + HEAD.pack(1, 0) + b"y")
    code, _, err = run(capsys, "--table", "t", "--game", "dragon", "--bot", "greedy",
                       "--config-dir", str(tmp_path), "--no-discovery")
    assert code == 2 and len(err) == 1 and "corrupt at byte 0" in err[0]


def lone(tmp_path):
    return ["--table", "solo", "--game", "dragon", "--bot", "greedy", "--add-bots", "3",
            "--option", "hands=1", "--config-dir", str(tmp_path), "--no-discovery",
            "--interface", "127.0.0.1", "--timeout", "30", "--rush"]


def test_a_lone_peer_hosts_three_bot_seats_to_the_end_then_starts_afresh(capsys, tmp_path):
    code, out, _ = run(capsys, *lone(tmp_path))
    first = json.loads(out[-1])
    assert code == 0 and first["seat"] == 0 and len(first["scores"]) == 4
    assert not any(line.startswith("step ") for line in out)  # a player reads words alone
    assert any(line.startswith("You play") for line in out)
    code, out, _ = run(capsys, *lone(tmp_path))
    again = json.loads(out[-1])
    assert code == 0 and again["table"] != first["table"]  # the finished game was put aside
    assert len(list((tmp_path / "tables").glob("solo.journal.*.done"))) == 1


def test_nothing_to_watch_is_exit_1(capsys, tmp_path):
    code, _, err = run(capsys, "--spectate", "nothing", "--no-discovery",
                       "--config-dir", str(tmp_path))
    assert code == 1 and "no table nothing found" in err[0]


def test_an_unreadable_identity_is_told_on_stderr(capsys, tmp_path):
    """A new identity made for an unreadable file is said in a line, not only logged."""
    (tmp_path / "identity.json").write_text("not json")
    code, _, err = run(capsys, "--spectate", "nothing", "--no-discovery",
                       "--config-dir", str(tmp_path))
    assert code == 1 and "new identity" in err[0] and "identity.json.corrupt" in err[0]


def test_a_join_by_an_address_nobody_answers_at_names_the_address(capsys, tmp_path):
    """It says what it dials and how long it waits, and, refused, names the address (not
    'no table found', which speaks of a search it never made)."""
    port = free_port()  # nothing listens there: the dial is refused at once
    code, out, err = run(capsys, "--table", "t", "--game", "dragon", "--bot", "easy",
                         "--no-discovery", "--connect", f"127.0.0.1:{port}",
                         "--config-dir", str(tmp_path))
    assert code == 1 and out[0] == f"dialling 127.0.0.1:{port} (up to 20 s)"
    assert f"no table answered at 127.0.0.1:{port}: refused" in err[0]


def test_two_processes_meet_through_connect_without_discovery(tmp_path):
    port = free_port()
    common = ["--game", "dragon", "--bot", "greedy", "--option", "hands=1", "--no-discovery",
              "--interface", "127.0.0.1", "--timeout", "40", "--table", "pair"]
    first = subprocess.Popen([sys.executable, "-m", "client.cli", "peer", *common,
                              "--add-bots", "2", "--port", str(port),
                              "--config-dir", str(tmp_path / "a")],
                             stdout=subprocess.PIPE, text=True)
    assert first.stdout.readline().startswith("lobby:")
    second = subprocess.run([sys.executable, "-m", "client.cli", "peer", *common,
                             "--connect", f"127.0.0.1:{port}", "--config-dir",
                             str(tmp_path / "b")], capture_output=True, text=True, timeout=60)
    out, _ = first.communicate(timeout=60)
    results = [json.loads(out.splitlines()[-1]), json.loads(second.stdout.splitlines()[-1])]
    assert first.returncode == 0 and second.returncode == 0
    assert results[0]["final_hash"] == results[1]["final_hash"]
    assert sorted(r["seat"] for r in results) == [0, 1]


def test_a_joiner_asking_for_other_options_is_refused_with_the_reason(tmp_path):
    port = free_port()
    common = [sys.executable, "-m", "client.cli", "peer", "--table", "strict", "--game",
              "dragon", "--bot", "greedy", "--no-discovery", "--interface", "127.0.0.1"]
    host = subprocess.Popen([*common, "--option", "hands=1", "--add-bots", "2", "--port",
                             str(port), "--config-dir", str(tmp_path / "a"), "--timeout", "20"],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert host.stdout.readline().startswith("lobby:")
        joiner = subprocess.run([*common, "--option", "hands=2", "--connect",
                                 f"127.0.0.1:{port}", "--config-dir", str(tmp_path / "b"),
                                 "--timeout", "20"], capture_output=True, text=True, timeout=30)
        result = json.loads(joiner.stdout.splitlines()[-1])
        assert joiner.returncode == 3 and result["fault"] == "refused"
        assert "'hands': 1" in result["report"] and "{'hands': '2'}" in result["report"]
    finally:
        host.kill()
        host.wait(10)


def test_a_lobby_it_timed_out_of_is_not_resumed_but_set_aside(capsys, tmp_path):
    argv = ["--table", "alone", "--game", "dragon", "--bot", "greedy", "--no-discovery",
            "--interface", "127.0.0.1", "--config-dir", str(tmp_path), "--timeout", "0.5"]
    code, out, err = run(capsys, *argv)
    assert code == 1 and "timed out after 0.5 s" in err[-1]
    assert any(line.startswith("created table alone") for line in out), out
    code, out, _ = run(capsys, *argv)  # the same command again
    assert code == 1 and any(line.startswith("created table alone") for line in out), out
    assert not any(line.startswith("resumed") for line in out)
    assert len(list((tmp_path / "tables").glob("alone.journal.*.left"))) == 1

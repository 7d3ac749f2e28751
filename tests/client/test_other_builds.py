"""Another build's table and a table nobody answers for are listed in words, never crashed on
(a listener read `.table` from the tuple an ignored advert used to be)."""

from pathlib import Path

from client.peer import Printer
from client.session import Session
from net.finding.claims import Ignored, Listing
from net.peer.events import TableIgnored, TableSeen

OLDER = Ignored("Bo-s-table-0badc0de", "10.0.0.7 port 4000",
                "protocol version 1 (this build speaks 3)", "Bo's table", "Bo", "0.0.9", 1)
NOISE = Ignored("x?[2J", "0.0.0.0 port 0", "no usable address (listed: 0.0.0.0)")


def test_the_lobby_lists_an_older_build_with_whose_hoard_to_update_and_not_the_noise():
    session = Session(identity=None, folder=Path("."))
    for event in (TableIgnored(OLDER), TableIgnored(NOISE)):
        session.fold(event)
    [listed] = session.tables.values()
    assert listed.name == "Bo's table"
    assert listed.problem == "Bo's hoard (0.0.9) is older: Bo should update"


def test_a_table_nobody_answered_for_is_listed_as_not_reachable():
    session = Session(identity=None, folder=Path("."))
    listing = Listing("ab" * 16, "night", "dragon", 1, 4, "lobby", (("10.0.0.9", 4000),),
                      ("0badc0de",), reachable=False)
    session.fold(TableSeen("changed", listing))
    assert session.tables[listing.table].problem.startswith("not reachable")


def test_headless_says_an_older_build_of_its_table_once(capsys):
    printer = Printer(None, "Bo's table")
    for _ in range(3):
        printer(TableIgnored(OLDER))
    printer(TableIgnored(NOISE))
    printer(TableIgnored(Ignored("other-0badc0de", "10.0.0.8 port 1", "protocol version 1",
                                 "other", "Al", "0.0.9", 1)))
    assert capsys.readouterr().out.splitlines() == [
        "cannot join Bo's table: Bo's hoard (0.0.9) is older: Bo should update"]

"""`hoard peer`'s lines name players as the window does: the header says who sits where in
position words (the engine counts seats from 0, a person from 1, and "seat 2" read as
either), and a refused action is worded with the table's names, never a seat number."""

from __future__ import annotations

import pytest

from client.peer import Printer
from client.session import Session
from engine.errors import IllegalAction
from engine.games.dragon.moves import Passed
from engine.games.dragon.rules import Pass
from engine.games.wild.moves import DeclineToBuy, Draw, Drew
from net.peer.events import Away, Finished, GameStarted, Returning, StepApplied, Waiting
from net.table.liveness import MoveWait
from net.table.lockstep import Applied, Entry
from net.wire.start import Seat, StartConfig
from tests.engine.story_check import problems


@pytest.fixture
def printed(capsys):
    printer = Printer(None)
    start = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                        (Seat(b"a" * 32, "ana", ""), Seat(b"b" * 32, "Bo Li", ""),
                         Seat(b"", "", "easy"), Seat(b"", "", "hard")))
    printer(GameStarted(start, 1))
    refused = IllegalAction("D7", "it is not {whose} turn", 1)
    printer(StepApplied(Applied(7, [Entry(1, Pass(1), (), str(refused), refused)])))
    return capsys.readouterr().out.splitlines()


def test_the_header_names_the_seats_in_order_and_this_peer_by_position(printed):
    header = printed[0]
    assert header == ("game started: Dragon (Hands 1); seated in order: ana, Bo Li, "
                      "Bot 3 · easy and Bot 4 · hard; you are Bo Li, in the 2nd seat")


def test_a_refusal_is_told_with_the_tables_names(printed):
    assert printed[1] == "your action is refused: it is not your turn (rule D7)"
    assert not [line for line in printed if problems(line)]


def test_step_numbers_head_the_lines_only_for_scripts_that_ask(capsys):
    """A player reads the game's words alone (never a step number); a script following the
    game (the lab, with --step-numbers) gets each action line's step at its head."""
    printer = Printer(None, step_numbers=True)
    start = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                        (Seat(b"a" * 32, "ana", ""), Seat(b"b" * 32, "Bo Li", "")))
    printer(GameStarted(start, 1, resumed_at=12))
    printer(StepApplied(Applied(13, [Entry(0, Pass(0), (Passed(0),), "", None)])))
    printer(Away(14, 0, left=False))
    header, played, away = capsys.readouterr().out.splitlines()
    assert "(resumed at step 12)" in header
    assert played.startswith("step 13: ana")
    assert away.endswith(" (step 14)")


def both_listeners(tmp_path) -> tuple[Printer, Session]:
    """`hoard peer`'s printer and a window's session, both at Bo Li's seat of one table."""
    start = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                        (Seat(b"a" * 32, "ana", ""), Seat(b"b" * 32, "Bo Li", ""),
                         Seat(b"c" * 32, "McKay", ""), Seat(b"", "", "hard")))
    printer = Printer(None)
    printer(GameStarted(start, 1))
    session = Session(None, tmp_path, discovery=False)
    session.fold(GameStarted(start, 1))
    return printer, session


def test_the_window_and_the_peer_tell_the_seats_notices_in_the_same_words(capsys, tmp_path):
    """A leave, a seat gone quiet, a seat asking to come back, a seat back and this seat
    away are worded once (client.notices) for the viewer: the window's log and `hoard peer`
    say the same (the net layer carries who, never words of its own)."""
    printer, session = both_listeners(tmp_path)
    news = [StepApplied(Applied(9, left=[(0, 3)], quiet=[(2, 1)])),
            Returning(2), StepApplied(Applied(30, back=[2, 1])), Away(12, 0, left=False)]
    capsys.readouterr()
    for item in news:
        printer(item)
        session.fold(item)
    printed = capsys.readouterr().out.splitlines()
    told = session.log[-len(printed):]
    assert [line.removesuffix(" (step 12)") for line in printed] == told == [
        "ana left the table; Bot 4 plays on for them.",
        "McKay went quiet for too long: the hand is dealt again without them, and your bot "
        "plays their seat.",
        "McKay is back: they take their seat again when the next hand is dealt.",
        "McKay is back at the table and plays their seat again.",
        "You are back at the table: your seat is yours again from this hand.",
        "The table played on without you: you were silent too long, so the hand was dealt "
        "again without you; ana's bot plays your seat until the next hand is dealt, when it "
        "is yours again."]


def test_an_action_that_made_no_event_is_told_in_the_games_words_or_not_at_all(capsys,
                                                                             tmp_path):
    """A Wild seat's no to buying makes no event: the game words it ("declines to buy"). A
    draw from the deck makes none until the deck deals the card, and that card's event
    tells it: the draw itself says nothing (it was told "Bo Li: draw." by its type's name,
    then "Bo Li takes a card from the deck.")."""
    start = StartConfig(b"t" * 16, "night", "wild", (),
                        (Seat(b"a" * 32, "ana", ""), Seat(b"b" * 32, "Bo Li", "")))
    printer, session = Printer(None), Session(None, tmp_path, discovery=False)
    printer(GameStarted(start, 1))
    session.fold(GameStarted(start, 1))
    capsys.readouterr()
    news = [StepApplied(Applied(5, [Entry(0, DeclineToBuy(0), (), "", None)])),
            StepApplied(Applied(6, [Entry(1, Draw(1, False), (), "", None)])),
            StepApplied(Applied(7, [Entry(-1, None, (Drew(1, False, -1, False),), "", None)]))]
    for item in news:
        printer(item)
        session.fold(item)
    printed = capsys.readouterr().out.splitlines()
    assert printed == session.log[-2:] == ["ana declines to buy.",
                                          "You take a card from the deck."]


def test_a_seat_gone_quiet_as_the_match_ended_is_told_that_the_result_stands(capsys,
                                                                             tmp_path):
    """Nothing is dealt again once the match is over: both listeners say the result stands
    and what goes unaudited, of another seat and of this one (no Away: there is no next
    hand to come back to)."""
    printer, session = both_listeners(tmp_path)
    capsys.readouterr()
    for item in (StepApplied(Applied(90, quiet=[(2, 0)], over=True)),
                 StepApplied(Applied(91, quiet=[(1, 0)], over=True))):
        printer(item)
        session.fold(item)
    printed = capsys.readouterr().out.splitlines()
    assert printed == session.log[-2:] == [
        "McKay went quiet for too long as the match ended: the result stands, but the "
        "cards only they could unlock go unaudited.",
        "You went quiet for too long as the match ended: the result stands, but the cards "
        "only you could unlock go unaudited."]


def test_whom_the_table_waits_for_and_who_won_are_joined_by_the_engines_words(capsys,
                                                                              tmp_path):
    """Late frames, a move awaited and the winners name their players with "and", as the
    engine's story does (engine.tell): in the window's wait line, its log and `hoard peer`."""
    printer, session = both_listeners(tmp_path)
    capsys.readouterr()
    late = Waiting(("ana", "McKay (a deck share)", "Bot 4 · hard"))
    printer(late)
    session.fold(late)
    assert session.wait_line(0.0) == "Waiting for ana, McKay (a deck share) and Bot 4 · hard…"
    session.fold(Waiting(()))
    session.fold(MoveWait((0, 2), ("ana", "McKay"), 10.0))
    assert session.wait_line(13.0) == "Waiting for ana and McKay to play · 3 s"
    moves = MoveWait((0, 1, 2), ("ana", "Bo Li", "McKay"), 10.0)
    printer(moves)
    session.fold(moves)
    assert session.wait_line(13.0) == "", "this seat's own move: the table says 'your turn'"
    session.fold(Finished(90, "h", (1, 2, 3, 4), (1, 2), "clean"))
    assert session.log[-1] == "You and McKay win. The deal was verified fair."
    assert capsys.readouterr().out.splitlines() == [
        "waiting for ana, McKay (a deck share) and Bot 4 · hard",
        "waiting for ana, you and McKay to play"]


def test_a_seat_carries_a_fingerprint_only_where_two_players_share_a_name(tmp_path):
    """'Bea · 1b8a' beside a Zoë with another name puzzled; twins are tagged by the lobby."""
    session = Session(None, tmp_path, discovery=False)
    start = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                        (Seat(b"a" * 32, "Zoë", ""), Seat(b"b" * 32, "Bea", ""),
                         Seat(b"", "", "easy"), Seat(b"", "", "hard")))
    session.fold(GameStarted(start, 0))
    assert [session.seat_label(s) for s in range(4)] == ["Zoë", "Bea", "Bot 3 · easy",
                                                         "Bot 4 · hard"]
    twins = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                        (Seat(b"a" * 32, "Sam#1a2b3c4d", ""), Seat(b"b" * 32, "Sam#5e6f7a8b", ""),
                         Seat(b"", "", "easy"), Seat(b"", "", "hard")))
    session.fold(GameStarted(twins, 0))  # the lobby tagged the twins (LobbyState.display)
    assert [session.seat_label(s) for s in range(2)] == ["Sam#1a2b3c4d", "Sam#5e6f7a8b"]


def test_every_window_of_a_table_shows_one_join_code(tmp_path):
    """Each window showed the code of its own address: three codes for one table. The
    code is now the table's first member's, in the lobby's order, the same everywhere."""
    from net.table.lobby import LobbyState, Member

    members = {bytes([k]) * 32: Member(f"p{k}", f"10.0.0.{k}", 4000 + k) for k in (1, 2, 3)}
    session = Session(None, tmp_path, discovery=False)
    assert session.table_address is None  # no node, no lobby: nothing to show
    session.lobby = LobbyState(members=members)
    assert session.table_address == ("10.0.0.1", 4001)


def test_a_resumed_window_fetches_what_was_missed_only_where_others_play(tmp_path):
    """Only other players' peers can hold steps this peer's journal lacks: at a table of
    bots the window said "Fetching what was missed…" with nothing ever to come."""
    players = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                          (Seat(b"a" * 32, "ana", ""), Seat(b"b" * 32, "Bo Li", ""),
                           Seat(b"", "", "easy"), Seat(b"", "", "hard")))
    bots = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                       (Seat(b"", "", "easy"), Seat(b"b" * 32, "Bo Li", ""),
                        Seat(b"", "", "easy"), Seat(b"", "", "hard")))
    said = []
    for start in (players, bots):
        session = Session(None, tmp_path, discovery=False)
        session.fold(GameStarted(start, 1, resumed_at=40))
        said.append(session.log[-1])
    assert said == [
        "Back at the table: Dragon; you play with ana, Bot 3 and Bot 4. Fetching what was "
        "missed…",
        "Back at the table: Dragon; you play with Bot 1, Bot 3 and Bot 4."]

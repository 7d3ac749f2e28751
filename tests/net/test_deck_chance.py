"""The mental-poker deck behind the lockstep: every game plays with hidden hands, every
cheat is named by every peer, and a restarted peer remakes its decks from its journal."""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ref, ref_deck, ref_position
from engine.games.den.rules import DenState
from engine.games.dragon.rules import Play
from engine.wire import to_record
from net.chance.dealing.audit import AUDIT_LAG
from net.chance.deck import curve, keys, messages
from net.chance.deck.errors import BadMessage, CheatDetected
from net.errors import TableFault
from net.table.lockstep import Replica
from net.wire.frames import decode
from tests.net.helpers import LocalTable, deal, dragon_table, identities, start_config
from tests.net.secrecy import check_engine, replay_and_check

GAMES = {
    "dragon": (4, {}, {"hands": 1}),
    "den": (3, {3: "greedy"}, {"hands": 1}),
    "wild": (3, {}, {"hands": 1}),
    "gold": (2, {2: "greedy"}, {"advanced": True}),
}


def table_of(game: str, spectators: int = 1) -> LocalTable:
    humans, bots, options = GAMES[game]
    ids = identities(humans)
    return LocalTable(start_config(ids, game, bots=bots, options=options), ids,
                      spectators=spectators)


def fault_ahead(table: LocalTable, frames: dict, max_steps: int = 20) -> list[TableFault]:
    """Deliver `frames`, then step on until every replica stopped; each one's fault."""
    found: dict[int, TableFault] = {}
    for _ in range(max_steps):
        for i, replica in enumerate(table.everyone()):
            if i in found:
                continue
            for record in frames.values():
                replica.offer(decode(record.raw))
            try:
                replica.apply_next()
            except TableFault as fault:
                found[i] = fault
        if len(found) == len(table.everyone()):
            return [found[i] for i in sorted(found)]
        frames = table.frames()
    raise AssertionError(f"only {len(found)} replicas stopped")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_hides_each_hand_from_the_others_and_the_spectator(game):
    table = table_of(game)
    table.play(max_steps=6000, each=lambda t: [check_engine(r, -1) for r in t.everyone()])
    assert len(table.hashes()) == 1
    assert {r.chance.report for r in table.everyone()} == {"clean"}
    frames = [record for step in table.sent for record in step.values()]
    watcher = replay_and_check(table.start, frames)  # everything on the wire, step by step
    assert watcher.game.public_hash(watcher.state) in table.hashes()
    if game == "gold":  # thefts: decks whose faces only the robbed seat knew
        assert any(deck.peer.spec.owner >= 0 for deck in watcher.chance.decks.played)
        # G13.4: every stolen token turned up for all, the spectator too, in one request
        assert watcher.state.thefts and not any(watcher.state.touched)
        assert not any(watcher.state.blind)


def test_a_deck_numbered_past_255_deals_and_audits_like_the_first(monkeypatch):
    """Deck numbers grow with the match (a Den match once stopped at its 256th hand): a
    hand dealt on deck 300 crosses the frames, the door of every replica and the audit."""
    next_hand = DenState.next_hand

    def late(state, deck):
        state.hand = state.hand or 299
        next_hand(state, deck)

    monkeypatch.setattr(DenState, "next_hand", late)
    table = table_of("den")
    table.play(max_steps=6000)
    assert len(table.hashes()) == 1
    assert {r.chance.report for r in table.everyone()} == {"clean"}
    assert {r.state.hand for r in table.everyone()} == {300}


def test_a_thief_and_its_victim_both_see_the_stolen_token_in_one_deal():
    """G8.3: the victim is the deal's witness, so each player's own screen stays exact."""
    table = table_of("gold")

    def own_screens_exact(t):
        for replica in t.replicas.values():
            assert replica.state.blind[replica.me] == 0

    table.play(max_steps=6000, each=own_screens_exact)
    thefts = next(iter(table.replicas.values())).state.thefts
    assert {t.victim for t in thefts} & set(table.replicas)  # a human was robbed
    assert {r.chance.report for r in table.everyone()} == {"clean"}


def test_each_engine_is_shown_only_its_own_hand_and_the_bot_host_its_bots():
    table, _ = dragon_table(spectators=1, humans=2, bots={1: "greedy", 3: "greedy"})
    deal(table)
    assert table.replicas[0].state.known == 0b1011
    assert table.replicas[2].state.known == 0b0100
    assert table.spectators[0].state.known == 0 and not table.spectators[0].state.faces


def test_a_deal_takes_one_step_per_pass_and_one_for_every_hand():
    table, _ = dragon_table()
    deal(table)  # step 0: commitments and the first shuffle, then a pass a step, then the
    assert next(iter(table.replicas.values())).applied == 4 + 4 + 1 - 1  # round of deals


def test_a_play_of_a_face_down_card_without_its_keys_is_named_by_every_peer():
    table, _ = dragon_table(spectators=1)
    deal(table)
    seat = table.replicas[0].game.to_act(table.replicas[0].state)[0]
    mine = table.replicas[seat].state
    card = next(iter(mine.held[seat]))
    frames = table.frames()
    play = Play(seat, (card,), (mine.faces[card],))
    frames[seat] = table.forge(seat, actions=[to_record(play)])
    for fault in table.faults(frames):
        assert fault.kind == "cheat"
        assert f"player{seat} cheated: played its face-down card" in fault.report


def test_a_play_of_another_seats_card_is_named_by_every_peer():
    table, _ = dragon_table(spectators=1)
    deal(table)
    thief, victim = 0, 1
    card = next(iter(table.replicas[victim].state.held[victim]))
    face = table.replicas[victim].state.faces[card]
    lie = ("deck.open", thief, (ref_position(card),), (face,), bytes(32 * 4))
    frames = table.frames()
    frames[thief] = table.forge(thief, actions=[to_record(Play(thief, (card,), (face,)))],
                                chance=[["deck", ref_deck(card), lie]])
    for fault in table.faults(frames):
        assert "player0 cheated: deck.open of cards it does not hold" in fault.report


def test_a_deck_message_in_another_seats_name_is_cheating():
    table, _ = dragon_table()
    frames = table.frames()
    honest = frames[2].payload()[1]  # seat 2's commitment, sent by seat 1
    frames[1] = table.forge(1, chance=honest)
    for fault in table.faults(frames):
        assert "player1 cheated: sent a deck message in another seat's name" in \
            fault.report


def test_a_false_key_share_is_named_by_the_audit_for_every_peer():
    table, _ = dragon_table(spectators=1)
    first = table.replicas[0]
    while not first.chance.decks.by_number[1].shuffled:
        table.step()  # locked: seat 0's hand is being dealt
    cheat = table.replicas[2].chance  # seat 2 sends seat 0 a key one off
    peer, positions = cheat.decks.by_number[1].peer, cheat.dealer.registered.positions
    plain = b"".join(curve.key_bytes(peer._own.derived.locks[j] + 1) for j in positions)
    shared = keys.shared_secret(peer._own.derived.exchange, peer._record.commits[0][1])
    sealed = keys.seal_share(shared, peer.context, 2, 0, positions, plain)
    cheat.outbox.entries = [("deck", 1, ("deck.share", 2, 0, positions, sealed))]
    for fault in fault_ahead(table, table.frames()):
        assert fault.kind == "cheat"
        assert "player2 cheated: its key share to seat 0 is not its committed keys" \
            in fault.report


def test_a_false_accusation_names_the_accuser():
    table, _ = dragon_table()
    deal(table)
    frames = table.frames()
    frames[3] = table.forge(3, chance=[["accuse", 1, 1]])
    for fault in fault_ahead(table, frames):
        assert "player3 cheated: made an accusation the audit found false" in \
            fault.report


def test_a_card_swapped_in_a_shuffle_pass_voids_the_hand_and_the_audit_names_the_cheat():
    table, _ = dragon_table(spectators=1)
    cheat = table.replicas[1].chance
    table.step()  # the deck exists; seat 1 shuffles next

    def shuffle():
        kind, seat, blob = honest_shuffle()
        stranger = curve.card_point(b"elsewhere", 7)[0]
        return (kind, seat, stranger + blob[curve.POINT_SIZE:])

    honest_shuffle = cheat.decks.by_number[1].peer.shuffle
    cheat.decks.by_number[1].peer.shuffle = shuffle
    for fault in fault_ahead(table, table.frames(), max_steps=40):
        assert "player1 cheated: its shuffle pass does not follow from its seed" in \
            fault.report


def restarted(table: LocalTable, seat: int, secrets=None) -> Replica:
    """`seat`'s peer after a crash: remade from its journaled secrets (or `secrets`), every
    frame replayed."""
    reborn = Replica(table.start, seat, secrets=table.secrets[seat] if secrets is None
                     else secrets)
    for frames in table.sent:
        for record in frames.values():
            reborn.offer(decode(record.raw))
        reborn.apply_next()
    return reborn


def test_a_restarted_peer_remakes_its_decks_from_its_journaled_seeds():
    table, _ = dragon_table()
    deal(table)
    for _ in range(5):
        table.step()
    before = table.replicas[1]
    reborn = restarted(table, 1)
    assert reborn.state.faces == before.state.faces and reborn.state.faces
    request = before.game.chance_request(before.state)
    assert reborn.chance.outgoing(request) == before.chance.outgoing(request)
    assert reborn.chance.decks.by_number[1].peer.seed == before.chance.decks.by_number[1].peer.seed


def test_a_peer_that_lost_its_journal_says_so_and_every_peer_voids_the_hand_naming_it():
    table, _ = dragon_table(spectators=1)
    deal(table)
    for _ in range(3):
        table.step()
    table.replicas[1] = restarted(table, 1, secrets=[])  # its frames from the others only
    frames = table.frames()
    assert ("lost", 1) in frames[1].payload()[1]  # its only word for the deck
    for fault in table.faults(frames):
        assert fault.kind == "void"
        assert "player1 lost its journal, and with it its secret keys for deck 1" \
            in fault.report


def test_a_seat_that_says_it_lost_keys_it_never_had_is_cheating():
    table, _ = dragon_table()
    frames = table.frames()  # the first frames carry the commitments to deck 1
    table.deliver(frames)
    frames = table.frames()
    frames[2] = table.forge(2, chance=[["lost", 9]])
    for fault in table.faults(frames):
        assert "player2 cheated: said it lost its keys for deck 9" in fault.report


def test_a_one_human_table_deals_its_bots_with_nothing_on_the_wire_but_passes():
    table, _ = dragon_table(spectators=1, humans=1, bots={1: "greedy", 2: "greedy", 3: "greedy"})
    table.play()
    assert {r.chance.report for r in table.everyone()} == {"clean"}
    spectator = table.spectators[0]
    decks = spectator.chance.decks.by_number
    assert all(ref_deck(card) == 1 and ref(1, ref_position(card)) == card
               and decks[1].peer.public_face(ref_position(card)) is not None
               for card in spectator.state.faces)


def test_what_a_seat_owes_is_said_in_words():
    table, _ = dragon_table()
    for _ in range(3):
        table.step()  # seats 0, 1 and 2 shuffled: seat 3's pass is due
    chance = table.replicas[0].chance
    assert chance.owed(3) == "its shuffle pass (deck 1)" and chance.owed(1) == ""


@pytest.mark.parametrize("game", ["dragon", "wild"])
def test_a_seat_that_leaves_hands_its_cards_to_the_lowest_human_who_plays_on(game):
    table = table_of(game)
    deal(table)
    for _ in range(6):
        table.step()
    leaver = max(table.replicas)
    hand = set(table.replicas[leaver].state.held[leaver])
    heir = table.leave(leaver)
    assert heir == 0 and leaver in table.replicas[0].controls[0]
    heir_state = table.replicas[0].state
    assert heir_state.known >> leaver & 1 and all(card in heir_state.faces for card in hand)
    assert not any(card in table.replicas[1].state.faces for card in hand - set(
        table.spectators[0].state.faces))
    table.play()  # wild turns every hand up at the end: the leaver's too, without it
    assert len(table.hashes()) == 1
    assert {r.chance.report for r in table.everyone()} == {"clean"}


def two_hands(spectators: int = 1) -> LocalTable:
    """A 2-hand Dragon match: two humans, two bots."""
    ids = identities(2)
    return LocalTable(start_config(ids, bots={2: "greedy", 3: "greedy"}, options={"hands": 2}),
                      ids, spectators=spectators)


def second_hand_dealt(table: LocalTable) -> int:
    """Steps until the second hand's deal completes; the step it completed at."""
    first = table.replicas[0]
    while first.state.hand < 2 or first.game.chance_request(first.state) is not None:
        table.step()
    return first.applied


def test_a_hands_deck_is_audited_in_the_background_while_the_next_hand_is_dealt():
    """The finished deck's seeds are all in as the hand ends; its audit runs off the step's
    path while the next hand is dealt, and every peer takes its verdict at the same step,
    AUDIT_LAG steps after the seeds."""
    table = two_hands()
    second_hand_dealt(table)
    seeded = {replica.chance.audit.running[replica.chance.decks.by_number[1]][0] - AUDIT_LAG
              for replica in table.everyone()}
    assert len(seeded) == 1
    for replica in table.everyone():
        decks = replica.chance.decks.by_number
        assert decks[1].audited is None and decks[2].audited is None
    while table.replicas[0].applied < AUDIT_LAG + min(seeded):
        table.step()
    for replica in table.everyone():
        decks = replica.chance.decks.by_number
        assert decks[1].audited == AUDIT_LAG + min(seeded)
        assert decks[2].audited is None and not replica.chance.report
    table.play()
    for replica in table.everyone():
        assert replica.chance.report == "clean" and "2 deck(s)" in replica.chance.summary


def test_a_cheat_in_the_first_hand_is_named_by_its_audit_during_the_second():
    table = two_hands()
    table.step()  # deck 1 exists; seat 1 shuffles next
    cheat = table.replicas[1].chance.decks.by_number[1].peer
    honest_shuffle = cheat.shuffle

    def shuffle():  # two cards change places: a good deck, but not the seed's permutation
        kind, seat, blob = honest_shuffle()
        size = curve.POINT_SIZE
        return (kind, seat, blob[size:2 * size] + blob[:size] + blob[2 * size:])

    cheat.shuffle = shuffle
    for fault in fault_ahead(table, table.frames(), max_steps=3000):
        assert fault.kind == "cheat"
        assert fault.report.startswith("player1 cheated: its shuffle pass does not "
                                       "follow from its seed")
        assert fault.report.endswith("(found by the audit)")
    assert all(r.state.hand == 2 and not r.over for r in table.everyone())


def test_a_peer_restarted_as_a_hand_ends_discloses_the_seed_it_journaled():
    table = two_hands(spectators=0)
    first = table.replicas[0]
    while first.state.hand < 2:
        table.step()
    before = table.replicas[1]
    reborn = restarted(table, 1)
    request = before.game.chance_request(before.state)
    seed = ("deck", 1, ("deck.seed", 1, before.chance.decks.by_number[1].peer.seed))
    assert seed in reborn.chance.outgoing(request)[0]  # deck 2's fresh commitment differs
    assert seed in before.chance.outgoing(request)[0]


@pytest.mark.parametrize("game", ["dragon", "den", "wild"])
def test_after_leaves_the_next_hands_are_shuffled_without_the_leavers(game):
    ids = identities(4)
    table = LocalTable(start_config(ids, game_id=game, options={"hands": 3}), ids,
                       spectators=1)
    deal(table)
    table.leave(3)  # in the first hand
    first = table.replicas[0]
    while first.state.hand < 2:
        table.step()
    heir = table.leave(0)  # in the middle hand, by the first leaver's heir
    assert table.replicas[heir].controls[heir] == (1, 0, 3)
    table.play()
    assert len(table.hashes()) == 1 and table.replicas[heir].state.hand == 3
    assert {r.chance.report for r in table.everyone()} == {"clean"}
    later = table.replicas[heir].chance.decks.played[-1].peer
    assert later.spec.absent == (0, 3) and later.spec.order == (1, 2)


@pytest.mark.parametrize("chance", [
    [["deck", 1, [{"kind": 1}, 1]]],  # a map where the message's kind is expected
    [["deck", 1, ["deck.commit", 1, {"a": 1}, b""]]],  # a map where bytes are expected
    [["deck", {"n": 1}, ["deck.commit", 1]]],  # a map where the deck's number is expected
    [["deck", 1, ["deck.share", 1, {"s": 0}, [0], b""]]],
    [["deck", 1, ["deck.reveal", 1, [[0]], b""]]],
    [[{"k": "deck"}, 1, []]],
    [["accuse", {"d": 1}, [1]]],
    [["lost", [1, 2]]],
    {"deck": 1},
    [[]],
    [7],
])
def test_security_6_a_malformed_chance_entry_names_its_sender(chance):
    """Security case 6: whatever a seat packs into its frame's chance part — a map where a
    kind, a number or bytes are expected, an empty entry — every peer names that seat as a
    cheat: never an unattributed crash of the peer that read it. (A malformed roll is not
    here: the dice ignore a stray or stale roll entry, every peer alike.)"""
    table, _ = dragon_table()
    frames = table.frames()
    frames[1] = table.forge(1, chance=chance)
    for fault in table.faults(frames):
        assert fault.kind == "cheat" and "player1" in fault.report, fault.report


MSGPACK_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 2**33) | st.binary(max_size=8)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(messages.FIELDS)) | MSGPACK_VALUES,
       seat=st.integers(0, 3) | MSGPACK_VALUES, rest=st.lists(MSGPACK_VALUES, max_size=5))
def test_security_6_any_malformed_deck_message_is_refused_with_a_typed_error(kind, seat, rest):
    """Whatever decodes from msgpack, a deck message's parse either accepts it or refuses it
    as BadMessage (names nobody) or CheatDetected (names its seat): no other error."""
    with contextlib.suppress(BadMessage, CheatDetected):
        messages.parse(messages.as_received([kind, seat, *rest]), 4, 52)

"""What a spectator or a non-holder learns: replay what it received and look for hidden cards.

`replay_and_check` feeds the frames one peer received, step by step, to a fresh
replica of that peer (a spectator, or a seat with its journaled secrets) and
checks at every step that its engine knows no face of a card that is neither
turned up nor dealt to it. After the match every seed is disclosed, so it then
derives every secret of every deck and checks that no frame sent before a card
was turned up holds that card's point or any seat's key for it in the clear,
and that no seed travels before the match is over.
"""

from __future__ import annotations

from collections import defaultdict

from engine.cards import ref_deck, ref_position
from net.chance.deck import curve, keys
from net.table.lobby import Lobby
from net.table.lockstep import Replica
from net.wire.frames import LOBBY, STEP, Record, decode
from net.wire.start import StartConfig

NEVER = float("inf")


def journal_records(entries: list[list]) -> tuple[StartConfig, list[Record], list]:
    """The start, the step frames and the chance secrets in a peer's journal entries."""
    lobby = Lobby(entries[0][1])
    frames = []
    for entry in entries:
        if entry[0] == "record":
            record = decode(entry[1])
            if record.kind == LOBBY:
                lobby.add(record)
            elif record.kind == STEP:
                frames.append(record)
    secrets = [entry[1] for entry in entries if entry[0] == "secret"]
    return lobby.start(), frames, secrets


def replay_and_check(start: StartConfig, frames: list[Record], seat: int | None = None,
                     secrets=()) -> Replica:
    """Replay `frames` into a replica of `seat` (None: a spectator), checking as above."""
    replica = Replica(start, seat, secrets=secrets)
    by_step: dict[int, list[Record]] = defaultdict(list)
    for record in frames:
        by_step[record.step].append(record)
    public_at: dict[tuple[int, int], int] = {}
    over_at = NEVER
    for step in sorted(by_step):
        for record in by_step[step]:
            replica.offer(record)
        replica.apply_next()
        check_engine(replica, step)
        for deck in replica.chance.decks.played:
            for j in deck.peer.face_up():
                public_at.setdefault((deck.ordinal, j), step)
        if replica.over and over_at == NEVER:
            over_at = step
    assert replica.finished, "the replayed match did not end"
    _check_wire(replica, by_step, public_at, over_at)
    return replica


def check_engine(replica: Replica, step: int) -> None:
    """The engine's known faces are turned-up cards or cards dealt to this peer."""
    chance = replica.chance
    for card in replica.state.faces:
        deck = chance.decks.by_number[ref_deck(card)]
        j = ref_position(card)
        me = chance.seats.me
        mine = me is not None and me in deck.peer.shown(j)
        assert deck.peer.public_face(j) is not None or mine, (
            f"step {step}: seat {replica.me} knows deck {deck.number} position {j}")


def _deck_secrets(deck) -> tuple[list[bytes], list[bytes], list[bytes]]:
    """(card x-coordinates, per position the keys of every seat, seeds) of a disclosed deck."""
    peer = deck.peer
    seeds = {m[1]: m[2] for m in peer.transcript if m[0] == "deck.seed"}
    count = len(peer.spec.faces)
    assert len(seeds) == peer.spec.seats, "every seed was disclosed at the end"
    derived = {s: keys.derive(seed, peer.context, s, count) for s, seed in seeds.items()}
    by_position = [[curve.key_bytes(derived[s].locks[j]) for s in derived] for j in range(count)]
    if peer.spec.owner >= 0:
        faces = keys.owner_faces(seeds[peer.spec.owner])
        xs = [curve.face_point(peer.context, face)[0][: curve.KEY_SIZE] for face in faces]
    else:
        xs = [curve.card_point(peer.context, i)[0][: curve.KEY_SIZE] for i in range(count)]
    return xs, by_position, list(seeds.values())


def _check_wire(replica: Replica, by_step, public_at, over_at) -> None:
    decks = [(deck.ordinal, *_deck_secrets(deck)) for deck in replica.chance.decks.played]
    for step, records in by_step.items():
        for record in records:
            raw = record.raw
            chunks = {raw[i:i + curve.KEY_SIZE] for i in range(len(raw) - curve.KEY_SIZE + 1)}
            for ordinal, xs, by_position, seeds in decks:
                assert not chunks.intersection(xs), f"step {step}: a card point in the clear"
                if step < over_at:
                    assert not chunks.intersection(s[: curve.KEY_SIZE] for s in seeds), (
                        f"step {step}: a seed before the end")
                for j, position_keys in enumerate(by_position):
                    if step < public_at.get((ordinal, j), NEVER):
                        assert not chunks.intersection(position_keys), (
                            f"step {step}: a key of face-down deck {ordinal} position {j}")

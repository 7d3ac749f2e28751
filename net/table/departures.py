"""The replica's part when a seat leaves, goes quiet or comes back, as a mixin of
net.table.lockstep.Replica (as SeatsSeen and TakingBack are): the heir takes the seat's
seats over, a hand a quiet seat held keys to is dealt again from the last fresh deal, and a
seat let back is dealt in at the next one. It reads and rewinds the replica's game, state
and history, its chance source, rounds and attendance."""

from __future__ import annotations

import copy

from engine.chance import ShuffleRequest
from net.errors import TableFault
from net.table.hindsight import replayed_knowing


class Departing:
    """Leaves, quiet seats and returns, for net.table.lockstep.Replica."""

    def _take_back(self, step: int) -> None:
        """At a fresh deal, every admitted seat's human plays it again, and is dealt in."""
        for seat in self.attendance.take_back(step):
            self.chance.back(seat)
            self._back_now.append(seat)

    def _depart(self, seat: int, step: int) -> int:
        """`seat` left after this step: its heir plays its seats (and bots) from now on,
        and is handed its cards; the heir's seat is returned."""
        heir = self.attendance.depart(seat, step)
        self.chance.depart(seat, heir)
        self.takebacks.kept = None  # the heir knows more than the kept state does
        if self.me == heir:  # every seat it plays now, the first leaver's too
            self._learn()
        return heir

    def _go_quiet(self, seat: int, step: int) -> int:
        """Every other human voted to play on without `seat`, silent too long: its keys
        went with it, so the hand in play is void and dealt again from the last fresh deal
        (the state before its shuffle); its heir plays its seats from now on. Once the
        match is over nothing is dealt again: its result stands, and the decks the quiet
        seat's seed would have opened for the audit are set aside unaudited."""
        heir = self.attendance.depart(seat, step)
        self.chance.quiet(seat, heir)
        self.takebacks.kept = None  # the hand is dealt again: nothing to take back
        if self.over:
            return heir
        fresh = self.rounds.rewind(step)
        if fresh is None:
            raise TableFault("void", step, f"the hand is void: {self.name_of(seat)} went "
                             "quiet before the first deal")
        self.state = copy.deepcopy(fresh.state)
        del self.history[fresh.history:]
        return heir

    def _note_fresh_deal(self, request, step: int) -> None:
        """Keep the state before a shuffle that starts afresh (every deck in play is
        finished: no card in play needs anyone's keys), to deal again from if a seat goes
        quiet."""
        if not isinstance(request, ShuffleRequest) or self.rounds.kept(request):
            return  # (asked again at every step while it waits: weigh the decks once)
        afresh = self.chance.decks_in_play() <= self.game.finished_decks(self.state)
        if self.rounds.note_fresh_deal(request, self.state, len(self.history), step, afresh
                                       ) and not self.over:
            self._take_back(step)

    def _learn(self) -> None:
        """Take over the seats of one who left knowing what it knew (net.table.hindsight)."""
        state = replayed_knowing(self.game, self.start, self.history, self.chance.faces_of)
        if self.game.public_hash(state) != self.game.public_hash(self.state):
            raise TableFault("desync", self.applied, "the replay that took over a seat that "
                             "left does not give the same public state")
        self.state = state

"""Whether a link carries traffic both ways (net.wire.delivery), by the clock passed in."""

import pytest

from net.errors import BadFrame
from net.wire.delivery import ACK_EVERY, ACK_WAIT, FAILING, FAILING_LIMIT, NEW, WORKING, Delivery


def test_a_link_is_new_until_acknowledged_then_working_while_acks_keep_up():
    link = Delivery(0.0)
    link.sending()
    link.look(0.0)
    assert link.rank == NEW
    link.acknowledged(1)
    for tick in range(1, 40):  # 20 s: a message sent and acknowledged each half second
        link.sending()
        link.acknowledged(link.sent)
        link.look(tick * ACK_EVERY)
    assert link.rank == WORKING and not link.dead(20.0)


def test_what_goes_unacknowledged_for_ack_wait_makes_a_link_failing_and_then_dead():
    link = Delivery(0.0)
    link.sending()
    link.acknowledged(1)
    link.sending()  # never acknowledged: a relay swallowed it
    now = 0.0
    while now < ACK_WAIT + ACK_EVERY:
        now += ACK_EVERY / 5
        link.look(now)
    assert link.rank == FAILING
    link.look(now + FAILING_LIMIT + 1)
    assert link.dead(now + FAILING_LIMIT + 1)
    link.acknowledged(2)  # it came through after all
    link.look(now + FAILING_LIMIT + 2)
    assert link.rank == WORKING and not link.dead(now + FAILING_LIMIT + 2)


def test_acknowledgements_are_due_at_most_every_ack_every_and_only_for_news():
    link = Delivery(0.0)
    assert link.ack_due(1.0) is None  # nothing came
    link.receiving()
    link.receiving()
    assert link.ack_due(1.0) == 2
    link.receiving()
    assert link.ack_due(1.0 + ACK_EVERY / 2) is None  # too soon
    assert link.ack_due(1.0 + ACK_EVERY) == 3
    assert link.ack_due(5.0) is None


@pytest.mark.parametrize("count", [-1, 3, True, "2", None])
def test_an_ack_of_messages_never_sent_is_malformed(count):
    link = Delivery(0.0)
    link.sending()
    link.sending()
    with pytest.raises(BadFrame, match="malformed"):
        link.acknowledged(count)
    assert link.acked == 0

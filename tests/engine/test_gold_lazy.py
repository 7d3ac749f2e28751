"""The lazy legal sequences of Dragon's Gold answer membership by counting (a hoard's
splits run to billions), and agree with walking every item on small hoards."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.gold import moves
from engine.games.gold.splits import Chain, Offers, Splits

#: at most 9 tokens: a hoard of 18 shared three ways lists 10 million splits, and the
#: full enumeration this test compares against took minutes on such a draw
hoards = st.lists(st.integers(0, 2), min_size=9, max_size=9).filter(
    lambda hoard: 0 < sum(hoard) <= 9).map(tuple)


@given(hoards, st.integers(2, 3), st.integers(0, 3), st.data())
@settings(max_examples=60, deadline=None)
def test_g7_2_a_split_is_legal_exactly_when_it_is_listed(hoard, shares, filled, data):
    filled = min(filled, shares)
    splits = Splits(hoard, shares, filled, lambda split: moves.Propose(1, split))
    listed = set(splits)
    assert all(action in splits for action in listed)
    share = st.lists(st.integers(0, 2), min_size=9, max_size=9).map(tuple)
    guess = moves.Propose(1, tuple(data.draw(share) for _ in range(shares)))
    assert (guess in splits) == (guess in listed)
    if listed:  # (none when every share is filled and a token is left over)
        assert moves.Propose(0, next(iter(listed)).split) not in splits  # another seat's
    assert splits.detached and Chain([], splits).detached


@given(st.lists(st.integers(0, 1), min_size=9, max_size=9).map(tuple), st.data())
@settings(max_examples=15, deadline=None)
def test_g11_2_an_offer_is_legal_exactly_when_it_is_listed(own, data):
    supply = (1,) * 9
    offers = Offers(own, [(2, 1), (3, 0)], supply,
                    lambda partner, give, get: moves.Offer(0, partner, give, get))
    listed = set(offers)
    counts = st.lists(st.integers(0, 1), min_size=9, max_size=9).map(tuple)
    guess = moves.Offer(0, data.draw(st.sampled_from((1, 2, 3))), data.draw(counts),
                        data.draw(counts))
    assert (guess in offers) == (guess in listed)
    assert all(action in offers for action in listed)


def test_a_billion_splits_answer_membership_at_once():
    hoard = (8, 4, 3, 2, 2, 2, 2, 1, 0)
    splits = Splits(hoard, 4, 0, lambda split: moves.Propose(0, split))
    assert len(splits) > 10**9
    split = (hoard, (0,) * 9, (0,) * 9, (0,) * 9)
    assert moves.Propose(0, split) in Chain([moves.Accept(0, 3)], splits)
    assert moves.Propose(0, (hoard, (0,) * 9, (0,) * 9)) not in splits

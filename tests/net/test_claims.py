"""An advert is a claim: every TXT field is checked, and what a stranger wrote is shown safely."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.finding.claims import (
    APP_VERSION,
    Advert,
    BadAdvert,
    Ignored,
    OtherBuild,
    read_advert,
    shown,
    usable,
    version_words,
)
from net.finding.discovery import ignored_of
from net.wire.frames import PROTOCOL

GOOD = Advert("ab" * 16, "night", "dragon", 2, 4, "lobby", ("10.0.0.5", "192.168.7.2"), 4000,
              "f00dcafe", "Bo")


def read(txt=None, hosts=("10.0.0.5", "192.168.7.2"), port=4000, loopback_ok=False):
    return read_advert(GOOD.txt() if txt is None else txt, list(hosts), port, loopback_ok)


def test_an_advert_round_trips_with_every_address():
    assert read() == GOOD
    assert GOOD.addresses == (("10.0.0.5", 4000), ("192.168.7.2", 4000))
    assert read(hosts=["10.0.0.5", "0.0.0.0", "10.0.0.5"]).hosts == ("10.0.0.5",)


@pytest.mark.parametrize(("change", "reason"), [
    ({"v": "x"}, "not a number"), ({"v": None}, "not a number"),
    ({"seats": "x"}, "do not fit dragon"), ({"seats": "-5/4"}, "do not fit"),
    ({"seats": "99999999999999999999/0"}, "do not fit"), ({"seats": "5/4"}, "do not fit"),
    ({"seats": "2/9"}, "do not fit dragon"),
    ({"state": "over"}, "unknown table state"), ({"id": ""}, "not 32 hex digits"),
    ({"id": "AB" * 16}, "not 32 hex digits"), ({"game": "chess"}, "unknown game"),
    ({"name": ""}, "table name"), ({"name": "x" * 33}, "table name"),
    ({"name": "night\x1b[2J"}, "table name"), ({"name": "night\nappeared: x"}, "table name"),
    ({"name": "evil\u202etxt"}, "table name"), ({"fp": ""}, "fingerprint"),
    ({"name": "n" * 300}, "too long"),
])
def test_a_field_that_does_not_hold_is_refused_with_why(change, reason):
    txt = {**GOOD.txt(), **change}
    with pytest.raises(BadAdvert, match=reason) as caught:
        read(txt)
    assert str(caught.value).isprintable()


def test_a_txt_value_that_is_not_utf8_is_refused():
    with pytest.raises(BadAdvert, match="UTF-8"):
        read({**{k.encode(): v.encode() for k, v in GOOD.txt().items()}, b"name": b"\xff\xfe"})


@pytest.mark.parametrize("port", [None, 0, 65536, -1])
def test_a_port_out_of_range_is_refused(port):
    with pytest.raises(BadAdvert, match="port"):
        read(port=port)


@pytest.mark.parametrize("host", ["0.0.0.0", "255.255.255.255", "224.0.0.251", "240.0.0.1",
                                  "127.0.0.1", "not an address", "::1"])
def test_unusable_addresses_are_refused(host):
    assert not usable(host, loopback_ok=False)
    with pytest.raises(BadAdvert, match="no usable address"):
        read(hosts=[host])


def test_loopback_is_usable_only_to_a_browser_on_loopback():
    assert usable("127.0.0.1", loopback_ok=True)
    assert read(hosts=["127.0.0.1"], loopback_ok=True).hosts == ("127.0.0.1",)
    assert not usable("0.0.0.0", loopback_ok=True)


def test_another_protocol_says_whose_build_is_older():
    for protocol, words in ((PROTOCOL - 1, "Bo's hoard (0.0.9) is older: Bo should update"),
                            (PROTOCOL + 1, f"your hoard ({APP_VERSION}) is older: update it")):
        txt = {**GOOD.txt(), "v": str(protocol), "app": "0.0.9"}
        with pytest.raises(OtherBuild) as caught:
            read(txt)
        ignored = ignored_of("night-f00dcafe", ["10.0.0.5"], 4000, caught.value)
        assert ignored.other_build and ignored.name == "night"
        assert words in ignored.words()
        assert ignored.line().startswith("night-f00dcafe (from 10.0.0.5 port 4000): protocol "
                                         f"version {protocol} (this build speaks {PROTOCOL})")


def test_a_build_too_old_to_tell_its_version_is_named_by_its_protocol():
    txt = {"v": "1", "id": "ab" * 16, "name": "night", "game": "dragon", "seats": "1/4",
           "state": "lobby"}
    with pytest.raises(OtherBuild) as caught:
        read(txt)
    assert version_words(caught.value.app, caught.value.protocol, "") == \
        "that hoard (protocol 1) is older: its player should update"


def test_shown_makes_one_bounded_printable_line():
    assert shown("night\x1b[31m\nappeared: x\u202e") == "night?[31m?appeared: x?"
    assert len(shown("x" * 500)) == 80 and shown("x" * 500).endswith("…")
    assert shown(b"\xff") == "b'\\xff'"


TEXT = st.one_of(st.text(max_size=40), st.binary(max_size=40), st.none(),
                 st.sampled_from(["3", "dragon", "lobby", "1/4", "ab" * 16, "f00dcafe"]))


@given(st.dictionaries(st.one_of(st.sampled_from(list(GOOD.txt())), st.text(max_size=8),
                                 st.binary(max_size=8)), TEXT, max_size=12),
       st.lists(st.one_of(st.ip_addresses(v=4).map(str), st.text(max_size=20)), max_size=5),
       st.one_of(st.none(), st.integers(-10, 70000)), st.booleans())
def test_any_txt_record_is_an_advert_or_a_bad_advert_never_anything_else(
        txt, hosts, port, loopback_ok):
    try:
        advert = read_advert(txt, hosts, port, loopback_ok)
    except BadAdvert as exc:
        ignored = ignored_of("x\x1b", hosts, port, exc)
        assert isinstance(ignored, Ignored) and ignored.line().isprintable()
        assert ignored.words().isprintable()
        return
    assert advert.name.isprintable() and 1 <= advert.port <= 65535 and advert.hosts
    assert 0 <= advert.taken <= advert.total

"""A table's address as a short code, and an address or code as a player types it."""

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.errors import BadAddress
from net.finding.address_code import ALPHABET, BadCode, decode, encode, read_address

addresses = st.builds(lambda n: str(ipaddress.IPv4Address(n)), st.integers(0, 2**32 - 1))
ports = st.integers(1, 65535)


@given(addresses, ports)
def test_a_code_decodes_to_the_address_and_port_it_was_made_from(host, port):
    code = encode(host, port)
    assert len(code) == 11 and code[5] == "-"
    assert set(code.replace("-", "")) <= set(ALPHABET)
    assert decode(code) == (host, port)


@given(addresses, ports, st.lists(st.sampled_from([" ", "-", ""]), min_size=10, max_size=10))
def test_case_spaces_and_dashes_do_not_matter(host, port, gaps):
    letters = encode(host, port).replace("-", "").lower()
    typed = "".join(gap + char for gap, char in zip(gaps, letters, strict=True))
    assert decode(f"  {typed} ") == (host, port)
    assert read_address(typed) == (host, port)


def test_letters_that_look_like_digits_read_as_those_digits():
    code = encode("10.0.0.1", 1001)
    assert "0" in code and "1" in code
    assert decode(code.replace("0", "o").replace("1", "l")) == ("10.0.0.1", 1001)
    assert decode(code.replace("1", "I")) == ("10.0.0.1", 1001)


@pytest.mark.parametrize("text, words", [
    ("ABCD", "has 10 letters and digits; this has 4"),
    ("ABCDE-FGHJKM", "this has 11"),
    ("UUUUU-UUUUU", "no U in it"),
    ("R2M02-5512#", "no # in it"),
    ("not a table!!", "no ! in it"),  # not "this has 11": the "!" is no letter or digit
    ("00000-00000", "typo"),  # port 0: no table listens there
])
def test_text_that_is_not_a_code_says_what_is_wrong(text, words):
    with pytest.raises(BadCode, match=words) as caught:
        decode(text)
    assert isinstance(caught.value, ValueError)


def test_most_single_typos_are_caught_by_the_check():
    code = encode("192.168.1.20", 41234).replace("-", "")
    typos = [code[:i] + c + code[i + 1:] for i in range(len(code)) for c in ALPHABET
             if c != code[i]]
    caught = 0
    for typo in typos:
        try:
            decode(typo)
        except BadCode:
            caught += 1
    assert caught / len(typos) > 0.6


@pytest.mark.parametrize("host, port", [("laptop.local", 80), ("::1", 80), ("1.2.3.4", 0),
                                        ("1.2.3.4", 65536)])
def test_only_an_ipv4_address_and_a_port_have_a_code(host, port):
    with pytest.raises(BadAddress):
        encode(host, port)


@pytest.mark.parametrize("text, expected", [
    ("192.168.1.20:41234", ("192.168.1.20", 41234)),
    (" laptop.local:5000 ", ("laptop.local", 5000)),
    ("R2M02-5512B", ("192.168.1.20", 41234)),
])
def test_an_address_or_a_code_is_read(text, expected):
    assert read_address(text) == expected


@pytest.mark.parametrize("text, words", [
    ("", "Type the code"),
    ("192.168.1.20", "needs its port"),
    (":41234", "missing before the colon"),
    ("my table:41234", "'my table' is not an address"),
    ("192.168.1.20:", "port is missing"),
    ("192.168.1.20:http", "not 'http'"),
    ("192.168.1.20:70000", "not '70000'"),
])
def test_a_bad_address_says_what_is_wrong(text, words):
    with pytest.raises(BadAddress, match=words):
        read_address(text)

"""A table's address as a short code to read aloud or type: `K3F9Q-7ZM2X`.

For networks that block multicast, where discovery finds nothing: the table shows its
IPv4 address and port, and this code of them; another laptop types either to join.

The code is the 48 bits of IPv4 + port and 2 check bits (from a hash of those 48), in
Crockford's base32: ten characters, shown as two groups of five. Reading is forgiving:
case, spaces and dashes do not matter, and O reads as 0, I and L as 1 (letters the
alphabet leaves out because they look like digits). The check bits catch most typos.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re

from net.errors import BadAddress

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's: no I, L, O, U
LENGTH = 10  # 5 bits a character: 48 bits of address and port, 2 check bits
CHECK_BITS = 2
SAME_AS = {"O": "0", "I": "1", "L": "1"}
IGNORED = re.compile(r"[\s\-_.]+")
IPV4 = re.compile(r"^\d+\.\d+\.\d+\.\d+$")
HOST = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$")  # an IPv4 or a host name


class BadCode(BadAddress):
    """Text that is not a table's code (the message says what is wrong, in plain words)."""


def encode(host: str, port: int) -> str:
    """The code of an IPv4 address and a TCP port, as `XXXXX-XXXXX`."""
    try:
        packed = ipaddress.IPv4Address(host).packed
    except ValueError:
        raise BadAddress(f"{host!r} is not an IPv4 address") from None
    if not 0 < port < 65536:
        raise BadAddress(f"{port} is not a port (1 to 65535)")
    data = packed + port.to_bytes(2, "big")
    value = int.from_bytes(data, "big") << CHECK_BITS | _check(data)
    chars = [ALPHABET[value >> (5 * i) & 31] for i in reversed(range(LENGTH))]
    return "".join(chars[:5]) + "-" + "".join(chars[5:])


def decode(code: str) -> tuple[str, int]:
    """The IPv4 address and port a code stands for; BadCode if it is not one."""
    text = IGNORED.sub("", code).upper()
    text = "".join(SAME_AS.get(char, char) for char in text)
    # the characters first: "not a table!!" counted its "!" among 11 letters and digits
    wrong = sorted({char for char in text if char not in ALPHABET})
    if wrong:
        raise BadCode(f"A table's code has no {', '.join(wrong)} in it: check the code.")
    if len(text) != LENGTH:
        raise BadCode(f"A table's code has {LENGTH} letters and digits; this has {len(text)}.")
    value = 0
    for char in text:
        value = value << 5 | ALPHABET.index(char)
    data = (value >> CHECK_BITS).to_bytes(6, "big")
    port = int.from_bytes(data[4:], "big")
    if value & (1 << CHECK_BITS) - 1 != _check(data) or not port:
        raise BadCode("That code has a typo in it: check it against the one at the table.")
    return str(ipaddress.IPv4Address(data[:4])), port


def read_address(text: str) -> tuple[str, int]:
    """A table's address as a player types it: HOST:PORT, or its code. BadAddress (BadCode
    for a code) says what is wrong."""
    text = text.strip()
    if not text:
        raise BadAddress("Type the code shown at the table, or its address (like "
                         "192.168.1.20:41234).")
    if ":" not in text:
        if IPV4.match(text):
            raise BadAddress(f"The address needs its port too, as the table shows it: "
                             f"{text}:PORT.")
        return decode(text)
    host, _, port = text.rpartition(":")
    if not HOST.match(host):
        raise BadAddress(f"{host!r} is not an address: one looks like 192.168.1.20:41234."
                         if host else "The address is missing before the colon.")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise BadAddress(f"The port after the colon is a number from 1 to 65535, not {port!r}."
                         if port else "The port is missing after the colon.")
    return host, int(port)


def _check(data: bytes) -> int:
    return hashlib.sha256(data).digest()[0] & (1 << CHECK_BITS) - 1

"""Every claim made under one instance name, read from the mDNS cache.

Anyone can publish under any instance name. When a stranger publishes under a member's
(its records are answered beside the member's, and neither flushes the other's), the cache
holds two TXT records, two SRV records, or both, for that one name — and one lookup
(zeroconf's ServiceInfo) reads the first it finds of each: for as long as both stay
cached, a browser could read the stranger's claim alone and never the member's (the
member's real table then vanished from its lobby), or a mix of the two. So the browser
reads every combination the cache holds and lets the member's key decide which is true
(net.finding.discovery).
"""

from __future__ import annotations

import socket

from zeroconf import ServiceInfo

# DNS record types and class (RFC 1035, RFC 2782)
TYPE_A, TYPE_TXT, TYPE_SRV, CLASS_IN = 1, 16, 33, 1
MAX_CLAIMS = 8  # combinations read under one name: a flood of records is cut here


def claims(cache, service: str, name: str, found: ServiceInfo, hosts: list[str]
           ) -> list[tuple[dict, list[str], int]]:
    """(properties, addresses, port) of what the lookup `found` read (`hosts`), then of
    every other TXT and SRV pair cached under `name`, if the cache holds more than one of
    either. The lookup's comes first: of a member's adverts before and after its seats
    changed, both cached a while, it reads the one zeroconf keeps (the last, once the first
    is flushed); the others are only tried against the member's key (a stranger's claim)."""
    read = [(found.properties or {}, hosts, found.port)]
    texts = cache.async_all_by_details(name, TYPE_TXT, CLASS_IN)
    services = cache.async_all_by_details(name, TYPE_SRV, CLASS_IN)
    if len(texts) <= 1 and len(services) <= 1:
        return read
    for service_record in services:
        addresses = [socket.inet_ntoa(a.address) for a in cache.async_all_by_details(
            service_record.server, TYPE_A, CLASS_IN) if len(a.address) == 4]
        for text in texts:
            properties = ServiceInfo(service, name, properties=text.text).properties
            read.append((properties or {}, addresses, service_record.port))
    return read[:MAX_CLAIMS]

"""A stranger's adverts on the LAN (tests only), published with python-zeroconf itself: noise,
an older build's table, a ghost lobby. `python -m tools.lab.adverts FILE SECONDS [ADDRESS]`
reads a JSON list of adverts — {"instance", "txt": [[key hex, value hex or null], ...],
"hosts", "port"} — publishes every one zeroconf will take on the interface at ADDRESS
(loopback by default), prints "advertising N" and holds them SECONDS."""

from __future__ import annotations

import json
import socket
import sys
import time

from zeroconf import IPVersion, ServiceInfo, Zeroconf

SERVICE = "_hoard._tcp.local."


def advert(instance: str, txt: dict, hosts: list[str], port: int) -> dict:
    """One advert as the file holds it, from text or bytes TXT keys and values."""
    def hexed(value):
        if value is None:
            return None
        return (value if isinstance(value, bytes) else str(value).encode()).hex()
    return {"instance": instance, "txt": [[hexed(k), hexed(v)] for k, v in txt.items()],
            "hosts": hosts, "port": port}


def publish(adverts: list[dict], seconds: float, interface: str = "127.0.0.1") -> None:
    zc = Zeroconf(interfaces=[interface], ip_version=IPVersion.V4Only)
    published = 0
    for i, one in enumerate(adverts):
        properties = {bytes.fromhex(k): None if v is None else bytes.fromhex(v)
                      for k, v in one["txt"]}
        try:
            zc.register_service(ServiceInfo(
                SERVICE, f"{one['instance']}.{SERVICE}",
                addresses=[socket.inet_aton(h) for h in one["hosts"]], port=one["port"],
                properties=properties, server=f"stranger-{i}.local."),
                cooperating_responders=True)
            published += 1
        except Exception as exc:  # zeroconf refused this one (noise): the rest goes on
            print(f"not published: {type(exc).__name__}", file=sys.stderr, flush=True)
    print(f"advertising {published}", flush=True)
    time.sleep(seconds)
    zc.close()


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        publish(json.load(file), float(sys.argv[2]), *sys.argv[3:4])

"""A stranger on the LAN (tests only) that advertises a lobby table of a given name with the
lowest id there is, `00…0`, to pull a table's members over by the merge rule."""

import asyncio
import sys

from net.finding.discovery import LOBBY_STATE, Advert, Discovery

LOWEST = "00" * 16


async def squat(name: str, port: int, seconds: float) -> None:
    server = await asyncio.start_server(lambda reader, writer: None, "127.0.0.1", port)
    discovery = Discovery("lo")
    await discovery.start()
    discovery.publish(Advert(LOWEST, name, "dragon", 1, 4, LOBBY_STATE, ("127.0.0.1",), port,
                             "00000000"))
    print("advertising", flush=True)
    await asyncio.sleep(seconds)
    await discovery.close()
    server.close()


if __name__ == "__main__":
    asyncio.run(squat(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))

"""`hoard peer` whose seat cheats once (the tests and the hostile bench), at its first frame
from step CHEAT_FROM on that carries actions. CHEAT says how:

- `twin-some`: every peer but one gets the frame as signed; that one peer gets a twin,
  signed too, without the actions. No peer is sent both (the default).
- `twin-all`: every peer gets the frame, then its twin.
- `bad-chance`: the frame's chance part is a map, which no deck message is.

It prints `cheated at step N` when it has sent the cheat.
"""

import os
import sys

from client.cli import main
from net.peer.stepper import Stepper
from net.wire.frames import STEP, decode, sign
from net.wire.mesh import Mesh

FROM = int(os.environ.get("CHEAT_FROM", "6"))
HOW = os.environ.get("CHEAT", "twin-some")
honest_send, honest_broadcast = Stepper.send_frame, Mesh.broadcast
cheat = {"identity": None, "done": False}


def send_frame(self, now):
    cheat["identity"] = self.ports.identity
    return honest_send(self, now)


def broadcast(self, message, role="peer", exclude=None):
    identity = cheat["identity"]
    if cheat["done"] or identity is None or role != "peer" or message[0] != "rec":
        return honest_broadcast(self, message, role, exclude)
    record = decode(message[1])
    body = list(record.payload())
    if record.kind != STEP or record.step < FROM or not body[0]:
        return honest_broadcast(self, message, role, exclude)
    cheat["done"] = True
    if HOW == "bad-chance":
        body[1] = {"deck": 1}
    else:
        body[0] = []
    twin = ["rec", sign(identity, STEP, record.table, record.seat, record.step,
                        record.prev, body).raw]
    newest = sorted({conn.key: conn for conn in self.live(role)}.items())
    for index, (_, conn) in enumerate(newest):
        if HOW == "twin-some":
            conn.send(twin if index == 0 else message)
        elif HOW == "twin-all":
            conn.send(message)
            conn.send(twin)
        else:
            conn.send(twin)
    print(f"cheated at step {record.step}", flush=True)
    return None


Stepper.send_frame = send_frame
Mesh.broadcast = broadcast

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

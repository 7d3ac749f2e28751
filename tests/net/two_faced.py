"""`hoard peer` whose seat equivocates to some peers only (tests only): its first frame
from step TWO_FACED_FROM on that carries actions goes to every peer but one as signed; that
one peer gets a twin, signed too, without the actions. No peer is sent both."""

import os
import sys

from client.cli import main
from net.frames import STEP, decode, sign
from net.mesh import Mesh
from net.node import TableNode

FROM = int(os.environ.get("TWO_FACED_FROM", "6"))
honest_send, honest_broadcast = TableNode._send_frame, Mesh.broadcast
cheat = {"node": None, "done": False}


def send_frame(self, now):
    cheat["node"] = self
    return honest_send(self, now)


def broadcast(self, message, role="peer", exclude=None):
    node = cheat["node"]
    if cheat["done"] or node is None or role != "peer" or message[0] != "rec":
        return honest_broadcast(self, message, role, exclude)
    record = decode(message[1])
    body = list(record.payload())
    if record.kind != STEP or record.step < FROM or not body[0]:
        return honest_broadcast(self, message, role, exclude)
    cheat["done"] = True
    body[0] = []
    twin = sign(node.identity, STEP, record.table, record.seat, record.step, record.prev, body)
    newest = sorted({conn.key: conn for conn in self.live(role)}.items())
    for index, (_, conn) in enumerate(newest):
        conn.send(["rec", twin.raw] if index == 0 else message)
    print(f"two-faced at step {record.step}", flush=True)
    return None


TableNode._send_frame = send_frame
Mesh.broadcast = broadcast

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

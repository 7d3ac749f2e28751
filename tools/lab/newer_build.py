"""`hoard peer` as a later build would be: it greets with the next protocol and app version
(the tests of the greeting, net.wire.greeting)."""

import sys

from client.cli import main
from net.wire import greeting

greeting.THIS = greeting.Greeting(greeting.THIS.protocol + 1, "9.9.9")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The wire: signed records, length-prefixed streams, the TCP mesh, its hello, and gossip."""

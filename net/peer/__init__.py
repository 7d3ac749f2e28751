"""The peer: a table node and the helpers it wires together (stepping, links, returns)."""

"""hoard's network layer: identity, wire frames, discovery, lockstep table, mental-poker deck.

net imports engine, never client.
"""

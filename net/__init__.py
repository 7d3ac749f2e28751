"""hoard's network layer: identity, wire frames, discovery, lockstep table, mental-poker deck.

A host-less table: peers find each other with zeroconf, agree on membership with signed
lobby records, and play in lockstep with one signed frame per seated peer per step.
docs/net.md describes the protocol and every decision. net imports engine, never client.
"""

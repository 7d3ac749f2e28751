"""hoard's network layer: identity, wire frames, discovery, lockstep table, mental-poker deck.

A host-less table: peers find each other with zeroconf, agree on membership with signed
lobby records, and play in lockstep with one signed frame per seated peer per step.
Packages by role, each importing only those before it in this list (and engine): disk
(private folders, journal, locks), wire (identity, records, streams, mesh, a game's
start), chance (seeds, the deck), table (lobby, replica), finding (discovery, entry),
peer (the node and its helpers), face (what the window sees). docs/net.md describes the
protocol and every decision. net imports engine, never client.
"""

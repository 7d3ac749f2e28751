"""Dragon's Gold's bots: easy (bot), normal and the playouts (bot), hard's search (search),
the worlds it samples from what its seat knows (worlds) and its haggling at the talks (haggling)."""

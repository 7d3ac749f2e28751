"""Finding tables: zeroconf discovery, address codes, and getting into a table."""

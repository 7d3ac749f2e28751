"""The panels over the Gold table's lairs while the table decides something together: the
sharing of a hoard (share), a theft (theft), the Market (market) and the end (end), with the
pieces they are built from (parts)."""

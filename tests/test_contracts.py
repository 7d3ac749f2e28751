"""The structure's contracts, read from every import (those inside functions too): the
layers (client -> net -> engine), net's packages in order, no import circle, and a client
that sees each game only through its public face."""

from tools.structure import (
    circles,
    client_private_engine,
    graph,
    layer_breaks,
    modules,
    net_order_breaks,
    wait_for_calls,
)

EDGES = graph()


def test_no_import_runs_up_a_layer():
    assert layer_breaks(EDGES) == []


def test_net_packages_import_only_those_before_them():
    assert net_order_breaks(EDGES) == []


def test_no_import_circles():
    assert circles(EDGES) == []


def test_the_client_imports_no_private_engine_module():
    assert client_private_engine(EDGES) == []


def test_every_bounded_wait_is_an_asyncio_timeout():
    """No asyncio.wait_for: on Python 3.11 it can swallow a cancellation (tools.structure)."""
    assert wait_for_calls() == []


def test_each_game_declares_its_public_face():
    import engine.games as games

    for name in games.__all__:
        face = getattr(games, name)
        assert face.__all__, name
        missing = [n for n in face.__all__ if not hasattr(face, n)]
        assert missing == [], (name, missing)


def test_the_checks_see_what_they_look_for():
    """The contracts are only as good as the graph: it holds the edges that matter."""
    assert "net.peer.node" in modules()
    assert "net.table.lockstep" in EDGES["net.peer.node"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert layer_breaks({"engine.x": {"net.y"}, "net.y": set()}) == [("engine.x", "net.y")]
    assert net_order_breaks({"net.wire.a": {"net.peer.b"}, "net.peer.b": set()}) == [
        ("net.wire.a", "net.peer.b")]
    assert client_private_engine({"client.t": {"engine.games.gold.flow", "engine.games.gold"}}
                                 ) == [("client.t", "engine.games.gold.flow")]

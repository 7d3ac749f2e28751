"""The code's structure from its imports: layers, import circles and the client's reach
into the engine, as one JSON object (`python -m tools.structure`).

Every import counts, those inside functions too: an import moved into a function to dodge
a circle is still a circle. tests/test_contracts.py holds the contracts this reads.
"""

from __future__ import annotations

import ast
import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("client", "net", "engine")  # each imports only those after it
#: net's packages, each importing only those before it (net/errors.py is below them all)
NET_ORDER = ("errors", "disk", "wire", "chance", "table", "finding", "peer", "face")


def modules() -> dict[str, Path]:
    """Every module of the three layers by dotted name (a package by its own name)."""
    found = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _imported(path: Path, name: str, known: dict[str, Path]) -> Iterator[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                yield child if child in known else base


def graph() -> dict[str, set[str]]:
    """Module -> the project's modules it imports."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        edges[name] = {m for m in _imported(path, name, known) if m in known and m != name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module
    (Tarjan's algorithm, iterative so deep chains do not exhaust the stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer_breaks(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports that run up a layer (engine -> net or client, net -> client)."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    return sorted((a, b) for a, targets in edges.items() for b in targets
                  if rank[b.split(".")[0]] < rank[a.split(".")[0]])


def net_order_breaks(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports inside net/ that run against the packages' order."""
    def rank(module: str) -> int | None:
        parts = module.split(".")
        return NET_ORDER.index(parts[1]) if len(parts) > 1 and parts[1] in NET_ORDER else None
    return sorted((a, b) for a, targets in edges.items() if a.startswith("net.")
                  for b in targets if b.startswith("net.")
                  and None not in (rank(a), rank(b)) and rank(b) > rank(a))


def is_private_engine(module: str) -> bool:
    """A game's own module (engine.games.gold.flow): the client sees a game only through its
    package's public face (engine.games.gold and its __all__)."""
    return module.startswith("engine.games.") and module.count(".") >= 3


def client_private_engine(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((a, b) for a, targets in edges.items() if a.startswith("client")
                  for b in targets if is_private_engine(b))


def wait_for_calls() -> list[str]:
    """Every `asyncio.wait_for(...)` call in the project's code, as "path:line". On Python
    3.11 a wait_for whose awaitable finishes as it is cancelled swallows the cancellation:
    a reading task cancelled while messages flowed read on for 30 s (a CI run's attack
    waited that long to leave, and the match it attacked was over). `asyncio.timeout`
    does not: it is the one way to bound a wait here."""
    found = []
    for folder in (*LAYERS, "tools", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "wait_for"
                        and isinstance(node.func.value, ast.Name)
                        and node.func.value.id == "asyncio"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def per_folder() -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for path in modules().values():
        if path.name != "__init__.py":
            counts[str(path.parent.relative_to(ROOT))] += 1
    return dict(sorted(counts.items()))


def main() -> None:
    edges = graph()
    print(json.dumps({
        "modules_per_folder": per_folder(),
        "largest_folder": max(per_folder().values()),
        "import_circles": circles(edges),
        "layer_breaks": layer_breaks(edges),
        "net_order_breaks": net_order_breaks(edges),
        "client_private_engine_imports": len(client_private_engine(edges)),
        "client_private_engine_modules": sorted({b for _, b in client_private_engine(edges)}),
    }, indent=1))


if __name__ == "__main__":
    main()

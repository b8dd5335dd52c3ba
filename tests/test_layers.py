"""The package's shape (DESIGN.md §4a): layers that import downward only, no
import cycle of any kind, no private name reached across modules, small
modules, and no ``assert`` or ``type: ignore`` standing in for a type.

The import graph is read from the source with :mod:`ast`, so it sees every
import: at module level, inside functions and under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator
from typing import Final

import pytest

SRC: Final = pathlib.Path(__file__).resolve().parent.parent / "src" / "pyclag"

LAYERS: Final = (
    ("limits",),
    ("errors", "_checks", "_caches", "_values", "cards", "_play", "hand", "_saving"),
    ("actions",),
    ("rules", "scoring"),
    ("presets",),
    ("notation",),
    ("engine",),
    ("records", "views", "scoresheet"),
    ("codec",),
    ("vector",),
    ("bots",),
    ("openspiel",),
    ("pettingzoo",),
    ("terminal",),
    ("sim",),
    ("cli", "__main__"),
)
"""The layers, lowest first: a module may import its own layer's modules and
lower ones, never a higher one. ``pyclag/__init__.py`` re-exports the public
names and sits above them all. Inside a subpackage, the cycle test keeps the
order."""

APPS: Final = frozenset(
    {
        "pyclag.terminal",
        "pyclag.sim.launch",
        "pyclag.sim.charts",
        "pyclag.cli",
        "pyclag.vector._backend",
        "pyclag.sim.bench_vector",
    }
)
"""Only the applications may import inside a function (to start up fast);
``launch`` imports the optional extras (Dask, Ray) only when ``--backend`` asks,
``charts`` matplotlib (the plot extra) only when a picture is drawn, the
batched engine JAX (the jax extra) only when an Env asks for it, and
``bench_vector`` the batched engine only for ``pyclag bench --vector``."""


def _modules() -> dict[str, pathlib.Path]:
    found = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES: Final = _modules()


def _imports(name: str) -> Iterator[tuple[ast.stmt, str, list[str]]]:
    """Each import of module ``name``: the node, the module imported, the names taken."""
    tree = ast.parse(MODULES[name].read_text())
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], base]
                )
            if base.startswith("pyclag"):
                yield node, base, [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("pyclag"):
                    yield node, alias.name, []


def _targets(name: str) -> set[str]:
    """The modules ``name`` imports (a name imported from a package may be a module)."""
    found = set()
    for _, base, names in _imports(name):
        for taken in names:
            if f"{base}.{taken}" in MODULES:
                found.add(f"{base}.{taken}")
            else:
                found.add(base)
        if not names:
            found.add(base)
    # Importing a.b.c runs a/__init__ and a/b/__init__ first.
    for target in list(found):
        parts = target.split(".")
        for depth in range(2, len(parts)):
            parent = ".".join(parts[:depth])
            if not name.startswith(parent + "."):
                found.add(parent)
    return {target for target in found if target in MODULES and target != name}


GRAPH: Final = {name: _targets(name) for name in MODULES}


def _layer(name: str) -> int:
    top = name.split(".")[1] if "." in name else ""
    for number, layer in enumerate(LAYERS):
        if top in layer:
            return number
    return len(LAYERS)  # pyclag itself


def test_design_4a_every_module_has_a_layer() -> None:
    unplaced = [name for name in MODULES if name != "pyclag" and _layer(name) == len(LAYERS)]
    assert unplaced == []


def test_design_4a_no_module_imports_a_higher_layer() -> None:
    upward = [
        f"{name} -> {target}"
        for name, targets in GRAPH.items()
        for target in targets
        if target != "pyclag" and _layer(target) > _layer(name)
    ]
    assert upward == []


def test_design_4a_the_import_graph_has_no_cycle() -> None:
    # Tarjan's strongly connected components over every import, however placed.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for target in sorted(GRAPH[name]):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in on_stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == name:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in sorted(GRAPH):
        if name not in index:
            visit(name)
    assert cycles == []


def _private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


def _home(module: str) -> str:
    """The package a module is private to: the one above its first private part
    (``pyclag`` for ``pyclag._checks``, ``pyclag.engine`` for ``pyclag.engine._flow``)."""
    parts = module.split(".")
    for depth, part in enumerate(parts):
        if _private(part):
            return ".".join(parts[:depth])
    return module


def test_design_2_a_private_module_is_imported_only_inside_its_package() -> None:
    reached = [
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        for target in targets
        if _home(target) != target and not (name + ".").startswith(_home(target) + ".")
    ]
    assert reached == []


def test_design_2_the_top_of_the_package_is_small() -> None:
    top = [path.stem for path in SRC.glob("*.py") if not path.stem.startswith("__")]
    assert len(top) <= 13, sorted(top)


def test_design_4a_no_private_name_is_imported_across_modules() -> None:
    # A private module may be imported by its package (the test above); a
    # private name of a module, never.
    private = [
        f"{name} imports {base}.{taken}"
        for name in MODULES
        for _, base, names in _imports(name)
        for taken in names
        if _private(taken) and f"{base}.{taken}" not in MODULES
    ]
    assert private == []


def test_design_4a_no_private_name_is_reached_across_modules() -> None:
    # module._name after `from pyclag import module` (or `import pyclag.module`)
    reached = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text())
        modules = {
            alias.asname or alias.name
            for node, base, names in _imports(name)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
            if f"{base}.{alias.name}" in MODULES
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
                and node.attr.startswith("_")
            ):
                reached.append(f"{name}: {node.value.id}.{node.attr}")
    assert reached == []


def _typing_only(name: str) -> set[int]:
    """The lines of ``name``'s imports made for the type checker alone (``if TYPE_CHECKING:``)."""
    return {
        inner.lineno
        for node in ast.walk(ast.parse(MODULES[name].read_text()))
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for inner in node.body
    }


def test_design_4a_only_the_applications_import_inside_functions() -> None:
    local = [
        f"{name}:{node.lineno}"
        for name in MODULES
        if not any(name == app or name.startswith(app + ".") for app in APPS)
        for node, _, _ in _imports(name)
        if node.col_offset > 0 and node.lineno not in _typing_only(name)
    ]
    assert local == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_design_2_modules_stay_small(name: str) -> None:
    assert len(MODULES[name].read_text().splitlines()) <= 500


def test_design_8_no_type_ignore_and_no_assert_in_src() -> None:
    found = []
    for name, path in MODULES.items():
        text = path.read_text()
        if "type: ignore" in text:
            found.append(f"{name}: type: ignore")
        tree = ast.parse(text)
        found += [
            f"{name}:{node.lineno}: assert"
            for node in ast.walk(tree)
            if isinstance(node, ast.Assert)
        ]
    assert found == []

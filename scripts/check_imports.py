#!/usr/bin/env python3
"""Checks the layering of python/stablehlo_py from its import graph (read with `ast`, so every
import counts: at module level, inside functions, under TYPE_CHECKING).

    python scripts/check_imports.py          # exit 1 and list what breaks a rule

Rules (docs/architecture.md, "Layers"):
- imports run down the layers of LAYERS, or sideways within one layer;
- no import cycle, within a layer either;
- the kernel families (interpreter/kernels/*) never import each other;
- no folder holds more than MAX_MODULES modules (__init__.py counts as one), in the package
  and in the Python test tree (TESTS).
"""

from __future__ import annotations

import ast
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python")
PACKAGE = "stablehlo_py"
TESTS = os.path.join(os.path.dirname(ROOT), "test", "python")
MAX_MODULES = 15

# Lowest first. A module belongs to the first layer one of whose prefixes it starts with
# (a prefix matches itself and its submodules). Modules built by CMake (the extension, the
# generated op classes) are not in the source tree and sit below everything.
LAYERS = [
    ("native", ["stablehlo_py._stablehlo"]),
    ("parsing", ["stablehlo_py._parsing", "stablehlo_py._jax_export", "stablehlo_py._portable"]),
    ("dialects", ["stablehlo_py.dialects"]),
    ("interpreter core", ["stablehlo_py.interpreter.core"]),
    ("numerics", ["stablehlo_py.interpreter.numerics"]),
    ("runtime", ["stablehlo_py.interpreter.runtime"]),
    ("jit", ["stablehlo_py.interpreter.jit"]),
    ("planning", ["stablehlo_py.interpreter.planning"]),
    ("kernels", ["stablehlo_py.interpreter.kernels"]),
    ("interpreter API", ["stablehlo_py.interpreter"]),
    ("passes", ["stablehlo_py.passes"]),
    ("lowering", ["stablehlo_py.lowering"]),
    ("specializing", ["stablehlo_py._specializing"]),
    ("package API", ["stablehlo_py"]),
    ("tools", ["stablehlo_py.cli"]),
]
KERNELS = "stablehlo_py.interpreter.kernels"


def _matches(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer_of(module: str) -> int:
    matches = [(len(prefix), index) for index, (_, prefixes) in enumerate(LAYERS)
               for prefix in prefixes if _matches(module, prefix)]
    if not matches:
        raise SystemExit(f"check_imports: {module} is in no layer; add it to LAYERS")
    return max(matches)[1]  # the longest prefix decides


def modules(root: str = ROOT) -> dict:
    """Dotted module name -> (path, is a package's __init__)."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, PACKAGE)):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in filenames:
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                dotted = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
                package = name == "__init__.py"
                found[dotted.removesuffix(".__init__") if package else dotted] = (path, package)
    return found


def imports(module: str, path: str, package: bool, known: dict) -> set:
    """The package's modules `module` imports (a name imported from a package counts as its
    submodule when there is one; a module not in the source tree counts as built)."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    here = module.split(".") if package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # `from package import name`: the submodule `name` if there is one, else the package
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known or
                       _is_built(f"{base}.{alias.name}") else base for alias in node.names]
        else:
            continue
        for target in targets:
            if not _matches(target, PACKAGE):
                continue
            while target not in known and not _is_built(target) and "." in target:
                target = target.rsplit(".", 1)[0]  # `import a.b.c` of a name inside module a.b
            if target != module:
                found.add(target)
    return found


def _is_built(module: str) -> bool:
    """Whether `module` is built by CMake rather than in the source tree (the extension)."""
    return _matches(module, f"{PACKAGE}._stablehlo")


def _family(module: str) -> str | None:
    """The kernel family `module` belongs to (a family may be a package of its own)."""
    if not module.startswith(KERNELS + "."):
        return None
    return module[len(KERNELS) + 1:].split(".")[0]


def cycles(graph: dict) -> list:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in graph.get(node, ()):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
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

    sys.setrecursionlimit(10_000)
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def problems(root: str = ROOT) -> list[str]:
    known = modules(root)
    graph = {module: imports(module, path, package, known) for module, (path, package) in known.items()}
    found = []
    for module in sorted(graph):
        for target in sorted(graph[module]):
            if layer_of(target) > layer_of(module):
                found.append(f"{module} imports {target}, a layer above it "
                             f"({LAYERS[layer_of(module)][0]} -> {LAYERS[layer_of(target)][0]})")
            family, other = _family(module), _family(target)
            if family and other and family != other:
                found.append(f"kernel family {module} imports another family, {target}")
    found += [f"import cycle: {' -> '.join(component)}" for component in cycles(graph)]
    found += crowded_folders(root)
    if os.path.isdir(TESTS):
        found += crowded_folders(TESTS)
    return found


def crowded_folders(top: str) -> list[str]:
    """The folders under `top` with more than MAX_MODULES Python modules."""
    found = []
    for folder, dirs, files in sorted(os.walk(top)):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        count = sum(name.endswith(".py") for name in files)
        if count > MAX_MODULES:
            found.append(f"{os.path.relpath(folder, os.path.dirname(top))} holds {count} modules, "
                         f"more than {MAX_MODULES}")
    return found


def main() -> int:
    found = problems()
    for problem in found:
        print(f"check_imports: {problem}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

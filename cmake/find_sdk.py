"""Print the CMake config directories of the MLIR/LLVM SDK wheels without importing them.

Importing `mlir` would load its native libraries; locating the packages is enough.
"""
import importlib.util
import os

for package, subdir in (("llvm", "lib/cmake/llvm"), ("mlir", "lib/cmake/mlir")):
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"SDK wheel providing '{package}' is not installed")
    print(os.path.join(list(spec.submodule_search_locations)[0], subdir), end=";")

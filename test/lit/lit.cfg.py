# lit configuration of the stablehlo-py FileCheck suite.
#
#   .venv/bin/lit -sv test/lit
#
# Tests run `stablehlo-opt` / `stablehlo-py` from the virtual environment lit
# itself runs in, and the FileCheck shipped with the LLVM SDK Python package
# (never a system FileCheck: those are older LLVM releases).
import importlib.util
import os
import sys

import lit.formats

config.name = "stablehlo-py"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.test_source_root
config.excludes = ["Output", "lit.cfg.py"]

# The venv's bin directory: lit runs under .venv/bin/python, so the tools the
# package installs sit next to sys.executable (no realpath: the venv's python
# is usually a symlink to the base interpreter).
venv_bin = os.path.dirname(os.path.abspath(sys.executable))

# The SDK's FileCheck, found without importing the `llvm` package.
path_dirs = [venv_bin]
spec = importlib.util.find_spec("llvm")
if spec is not None and spec.submodule_search_locations:
    for location in spec.submodule_search_locations:
        llvm_bin = os.path.join(location, "bin")
        if os.path.isfile(os.path.join(llvm_bin, "FileCheck")):
            path_dirs.append(llvm_bin)
            break
    else:
        lit_config.warning("the llvm package has no bin/FileCheck")
else:
    lit_config.warning("the llvm SDK package is not installed; "
                       "FileCheck will be looked up on PATH")

for tool in ("stablehlo-opt", "stablehlo-py"):
    if not os.path.exists(os.path.join(venv_bin, tool)):
        lit_config.warning(f"{tool} not found in {venv_bin}")

config.environment["PATH"] = os.pathsep.join(
    path_dirs + [config.environment.get("PATH", os.environ.get("PATH", ""))])
# Keep MLIR's diagnostics free of colours and of crash-reproducer noise.
config.environment["LLVM_DISABLE_CRASH_REPORT"] = "1"
for name in ("PYTHONPATH", "HOME", "TMPDIR"):
    if name in os.environ:
        config.environment[name] = os.environ[name]

config.substitutions.append(("%python", sys.executable))

# Stock mlir-opt (the SDK's) and our plugin for it, found without importing the packages.
mlir_spec = importlib.util.find_spec("mlir")
ours_spec = importlib.util.find_spec("stablehlo_py")
for location in (mlir_spec.submodule_search_locations if mlir_spec else []):
    if os.path.isfile(os.path.join(location, "bin", "mlir-opt")):
        config.substitutions.append(("%mlir_opt", os.path.join(location, "bin", "mlir-opt")))
        break
else:
    lit_config.warning("the SDK's mlir-opt was not found")
for location in (ours_spec.submodule_search_locations if ours_spec else []):
    if os.path.isfile(os.path.join(location, "libStablehloPyPlugin.so")):
        config.substitutions.append(("%stablehlo_plugin", os.path.join(location, "libStablehloPyPlugin.so")))
        break
else:
    lit_config.warning("libStablehloPyPlugin.so was not found in the stablehlo_py package")

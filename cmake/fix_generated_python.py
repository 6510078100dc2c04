"""Point mlir-tblgen's Python output at the upstream `mlir` package.

The generator assumes it lives inside `mlir.dialects`; our classes live in
`stablehlo_py.dialects` and share the upstream package's runtime.
"""
import sys

source, target = sys.argv[1], sys.argv[2]
text = open(source).read()
text = text.replace("from ._ods_common import", "from mlir.dialects._ods_common import")
text = text.replace("from .._ods_common import", "from mlir.dialects._ods_common import")
text = text.replace("from ..ir import", "from mlir.ir import")
text = text.replace("from .._mlir_libs", "from mlir._mlir_libs")
text = text.replace("from ._mlir_libs", "from mlir._mlir_libs")
with open(target, "w") as out:
    out.write(text)

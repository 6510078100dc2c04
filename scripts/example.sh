#!/usr/bin/env bash
# Sets everything up, then runs the shipped MLP (exported from JAX) on its
# inputs and prints the outputs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/stablehlo-py run examples/mlp/mlp.mlir \
  --args examples/mlp/x.npy examples/mlp/w1.npy examples/mlp/b1.npy \
         examples/mlp/w2.npy examples/mlp/b2.npy

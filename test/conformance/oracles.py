"""XLA on CPU as a test oracle for StableHLO text (test-only: needs jax)."""
import functools

import numpy as np


def xla_run_text(text: str, *args) -> list:
    """Outputs of StableHLO `text` (its @main) compiled and run by XLA on CPU:
    the oracle for ops JAX does not emit (legacy ops, ops JAX decomposes)."""
    import jax

    executable = _compiled(text)
    results = executable.execute_sharded([jax.device_put(np.asarray(a)) for a in args])
    return [np.asarray(shards[0]) for shards in results.disassemble_into_single_device_arrays()]


def xla_compile_text(text: str):
    """StableHLO `text` compiled by XLA for one CPU device (as jax compiles what it exports): a
    loaded executable (`execute_sharded`). Also bench/harness.py's XLA engine for exported text."""
    from jax._src import xla_bridge
    from jax._src.lib import xla_client

    backend = xla_bridge.get_backend("cpu")
    devices = xla_client.DeviceList(tuple(backend.devices()[:1]))
    return backend.compile_and_load(text, devices, xla_client.CompileOptions())


# Once per process: tests run the same program on many inputs.
_compiled = functools.lru_cache(maxsize=256)(xla_compile_text)

"""Shardy programs (docs/shardy.md, "Running Shardy programs").

A module with an `sdy.mesh` is a global-view program, as JAX exports it: its functions take and
return whole arrays, and shardings only say where the pieces would live, so the interpreter
runs it as one process and sharding markup changes no value (sharding_constraint, reshard
and sharding_group are identities).

`sdy.manual_computation` is where the program turns per-device: its body runs once per device
of the mesh, as the processes of a 1 x devices grid (grid.fan_out: threads, or one MPI rank
each), device k being partition `device_ids[k]` (k itself without device_ids). Each process
gets the shards of the operands at its mesh coordinates: a dimension sharded by manual axes
(a1, a2, ...) is cut into size(a1) * size(a2) * ... equal blocks, numbered major-to-minor by
the device's coordinates along those axes; free axes and axes a tensor does not name leave
it whole. Results are put together the same way from the out_shardings; along a manual axis
an out_sharding does not name, the value is taken from the device at coordinate 0 (the
devices along it hold the same value when the program is correct).
"""

from __future__ import annotations

import math

import numpy as np

from ...core.attributes import plain
from ...core.errors import InterpreterError
from ...runtime.grid import fan_out
from ...core.registry import Kernel, register

__all__ = ["Mesh", "DimSplit"]


class Mesh:
    """A mesh's axes (name -> size, in order) and the device id at each position (row-major)."""

    def __init__(self, fields: dict, what: str):
        names, sizes = list(fields["axis_names"]), list(fields["axis_sizes"])
        self.axes = dict(zip(names, sizes))
        self.names = names
        count = math.prod(sizes)
        ids = list(fields["device_ids"]) or list(range(count))
        if len(ids) != count:  # a maximal mesh (no axes) of one device with any id
            raise InterpreterError(f"{what}: mesh of {count} devices with {len(ids)} device_ids")
        self.device_ids = ids

    @property
    def size(self) -> int:
        return len(self.device_ids)

    def coordinates(self, position: int) -> dict:
        """The coordinate along each axis of the device at `position`."""
        coords = {}
        for name in reversed(self.names):
            position, coords[name] = divmod(position, self.axes[name])
        return coords


class DimSplit:
    """How one tensor is cut along the manual axes: per dimension, its manual axes in order."""

    def __init__(self, sharding: dict, mesh: Mesh, manual: set, what: str):
        self.dims = []
        for d, axes in enumerate(sharding["dims"]):
            mine = [a for a in axes if a.split(":")[0] in manual]
            for axis in mine:
                if axis not in mesh.axes:
                    raise InterpreterError(f"{what}: manual sub-axis \"{axis}\" of dimension {d} is not supported")
            self.dims.append(mine)
        self.mesh = mesh
        self.named = {a for axes in self.dims for a in axes}

    def block(self, d: int, coords: dict) -> tuple:
        """(index, count) of the block of dimension d at the device with `coords`."""
        index, count = 0, 1
        for axis in self.dims[d]:
            index = index * self.mesh.axes[axis] + coords[axis]
            count *= self.mesh.axes[axis]
        return index, count

    def index(self, shape: tuple, coords: dict) -> tuple:
        """The slices of the whole array (of `shape`) that the device with `coords` holds."""
        slices = []
        for d, n in enumerate(shape):
            index, count = self.block(d, coords)
            size = n // count
            slices.append(slice(index * size, (index + 1) * size))
        return tuple(slices)


def _mesh_of(op, sharding: dict, what: str) -> Mesh:
    if "inline_mesh" in sharding:
        return Mesh(sharding["inline_mesh"], what)
    name = sharding["mesh"]
    mesh = op.builder.meshes.get(name)
    if mesh is None:
        raise InterpreterError(f"{what}: no sdy.mesh @{name} in the module")
    return Mesh(plain(mesh), what)


@register("sdy.manual_computation")
def _manual_computation(op):
    ins = plain(op.attrs["in_shardings"])["shardings"]
    outs = plain(op.attrs["out_shardings"])["shardings"]
    manual = set(plain(op.attrs["manual_axes"])["axes"])
    shardings = ins + outs
    if not shardings:
        raise InterpreterError("a manual computation without operands or results names no mesh")
    mesh = _mesh_of(op, shardings[0], "in_shardings")
    in_splits = [DimSplit(s, mesh, manual, f"in_sharding {i}") for i, s in enumerate(ins)]
    out_splits = [DimSplit(s, mesh, manual, f"out_sharding {i}") for i, s in enumerate(outs)]
    body = op.region(0)
    result_specs = op.result_specs
    positions = range(mesh.size)
    # Device k of the mesh runs as partition device_ids[k]: the process at that flattened index.
    by_partition = sorted(positions, key=lambda k: mesh.device_ids[k])
    if sorted(mesh.device_ids) != list(positions):
        raise InterpreterError(f"the mesh's device_ids {mesh.device_ids} are not the partitions 0..{mesh.size - 1}")
    coords = [mesh.coordinates(k) for k in positions]

    def run_manual(*operands):
        def device(k: int):
            local = [np.ascontiguousarray(x[split.index(x.shape, coords[k])]) if x.ndim else x
                     for x, split in zip(operands, in_splits)]
            return lambda: body.call(local, ())

        per_process = fan_out(1, mesh.size, [device(k) for k in by_partition])
        per_device = [None] * mesh.size
        for k, results in zip(by_partition, per_process):
            per_device[k] = results
        return [_assemble(r, spec, split, coords, per_device, manual)
                for r, (spec, split) in enumerate(zip(result_specs, out_splits))]

    return Kernel(run_manual)


def _assemble(r: int, spec, split: DimSplit, coords: list, per_device: list, manual: set) -> np.ndarray:
    """Result r as a whole array, from the devices' blocks."""
    out = np.empty(spec.shape, dtype=per_device[0][r].dtype)
    for k, results in enumerate(per_device):
        if any(coords[k][axis] for axis in manual - split.named):
            continue  # a copy of what the device at coordinate 0 along that axis holds
        out[split.index(out.shape, coords[k])] = results[r]
    return out


@register("sdy.sharding_constraint", "sdy.reshard")
def _identity(op):
    return Kernel.single(lambda x: x)


@register("sdy.sharding_group")
def _sharding_group(op):
    return Kernel(lambda x: ())

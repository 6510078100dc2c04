"""What `interpreter.probe` records and `check.expect_serialized_eq` compares with.

A run (a call of `run_on_grid` / `interpret`, or of `stablehlo-py run`, on any process grid)
has one `Probes` store, shared by its processes and by the process grids that
`interpreter.run_parallel` starts inside it: every run of a probe op appends a copy of its
value to the list of its probe_id, in the order the runs happen (across concurrent processes:
the order in which they got there). `recorded(probe_id, i)` is the value of its i-th run
(0-based). A store belongs to its process grid (`attach`, `share`, `of`); a program called
directly (`compile(...)(x)`, no grid given) records into the store of its thread's own 1x1
grid, which lasts as long as the thread.

With a directory (`ProbeFiles`), each probed value is also written as
`DIR/<probe_id sanitized>_<n>.npy` (numpy's format; n counts from 1 the values written under
that name; sanitized: every character but letters, digits, `_` and `-` becomes `_`), and a
line `probe_id,type,path` is appended to `DIR/index.csv` (csv quoting, as Python's csv module
writes it), which the first probe of a ProbeFiles creates afresh. One ProbeFiles may serve
several runs (the modules of `stablehlo-py run --split-input-file`): numbering continues.
Types numpy has no dtype of its own for (bf16, f8, int4, ...: ml_dtypes) are saved as raw
bytes (numpy's `|V2`, ...): view them as the ml_dtypes type to read them.
"""

from __future__ import annotations

import csv
import os
import re
import threading
import weakref

import numpy as np

from . import grid as grids
from ..core.errors import InterpreterError

__all__ = ["Probes", "ProbeFiles", "attach", "share", "of", "current", "sanitized"]

INDEX_FILE = "index.csv"


def sanitized(probe_id: str) -> str:
    """The file name stem of `probe_id`: letters, digits, `_` and `-` kept, others `_`."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", probe_id) or "_"


class ProbeFiles:
    """Writes probed values into `directory` (see the module's doc)."""

    def __init__(self, directory):
        self.directory = os.fspath(directory)
        self._counts: dict = {}  # file name stem -> values written under it
        self._started = False
        self._lock = threading.Lock()

    def write(self, probe_id: str, type_text: str, value: np.ndarray) -> str:
        """Save `value` of probe `probe_id` (type `type_text`); returns the file's path."""
        with self._lock:
            stem = sanitized(probe_id)
            count = self._counts.get(stem, 0) + 1
            path = os.path.join(self.directory, f"{stem}_{count}.npy")
            index = os.path.join(self.directory, INDEX_FILE)
            try:
                if not self._started:
                    os.makedirs(self.directory, exist_ok=True)
                    open(index, "w").close()
                    self._started = True
                np.save(path, value, allow_pickle=False)
                with open(index, "a", newline="", encoding="utf-8") as f:
                    csv.writer(f, lineterminator="\n").writerow([probe_id, type_text, path])
            except OSError as e:
                raise InterpreterError(f"cannot write probe '{probe_id}' to {e.filename or path}: "
                                       f"{e.strerror or e}") from None
            self._counts[stem] = count
            return path


class Probes:
    """The values the probes of one run recorded, by probe_id; `files`: a ProbeFiles or None."""

    def __init__(self, files: ProbeFiles | None = None):
        self.files = files
        self._values: dict = {}  # probe_id -> [value of each run]
        self._lock = threading.Lock()

    def record(self, probe_id: str, value, type_text: str) -> None:
        value = np.array(value, copy=True)  # later in-place updates of the buffer must not reach it
        with self._lock:
            self._values.setdefault(probe_id, []).append(value)
        if self.files is not None:
            self.files.write(probe_id, type_text, value)

    def recorded(self, probe_id: str, iteration: int) -> np.ndarray:
        """The value of the `iteration`-th run (0-based) of probe `probe_id`."""
        with self._lock:
            values = self._values.get(probe_id)
            if values is None:
                ran = ", ".join(f"'{p}'" for p in sorted(self._values)) or "none"
                raise InterpreterError(f"no value was probed as '{probe_id}' in this run (probes that ran: {ran})")
            if not 0 <= iteration < len(values):
                runs = "once (iter 0)" if len(values) == 1 else f"{len(values)} times (iter 0 to {len(values) - 1})"
                raise InterpreterError(f"probe '{probe_id}' ran {runs}, so it has no iter {iteration}")
            return values[iteration]

    def ids(self) -> list:
        """The probe ids that ran, sorted."""
        with self._lock:
            return sorted(self._values)

    def values(self, probe_id: str) -> list:
        """The values probe `probe_id` recorded, in order (empty if it never ran)."""
        with self._lock:
            return list(self._values.get(probe_id, ()))


_stores: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # process grid -> Probes
_stores_lock = threading.Lock()


def attach(grid, probe_dir=None) -> Probes:
    """A fresh store for the run on `grid`; `probe_dir`: None, a directory, or a ProbeFiles."""
    files = probe_dir if probe_dir is None or isinstance(probe_dir, ProbeFiles) else ProbeFiles(probe_dir)
    probes = Probes(files)
    share(grid, probes)
    return probes


def share(grid, probes: Probes) -> None:
    """`grid` records into `probes` (a run_parallel's grid into its run's store)."""
    with _stores_lock:
        _stores[grid] = probes


def of(grid) -> Probes:
    """The store of `grid` (a new one, without files, if it has none)."""
    with _stores_lock:
        probes = _stores.get(grid)
        if probes is None:
            probes = _stores[grid] = Probes()
        return probes


def current() -> Probes:
    """The store of the running process's grid."""
    return of(grids.current().grid)

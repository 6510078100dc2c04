"""Random inputs that do not depend on which tests ran before: under pytest-xdist a worker runs
tests in any order, so a generator shared by a module's tests gives each test other inputs on
each run."""

from __future__ import annotations

import zlib

import numpy as np
import pytest


def reseeded_per_test(name: str = "RNG"):
    """An autouse fixture for a module whose tests draw from its module-level generator `name`
    (also read by tables of input makers): before each test, `name` restarts from a seed of the
    test's name. Assign it to a module-level name: `_inputs_of_each_test = reseeded_per_test()`."""

    @pytest.fixture(autouse=True)
    def reseed(request):
        setattr(request.module, name, np.random.default_rng(zlib.crc32(request.node.name.encode())))

    return reseed

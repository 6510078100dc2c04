"""The interpreter dialect: run_parallel (a process grid in a program), print and probe."""
from ._interpreter_ops_gen import *  # noqa: F401,F403

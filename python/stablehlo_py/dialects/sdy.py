"""The sdy (Shardy) dialect: meshes, shardings and manual computations, as JAX writes them."""
from ._sdy_ops_gen import *  # noqa: F401,F403

"""The check dialect: assertion ops the interpreter evaluates."""
from ._check_ops_gen import *  # noqa: F401,F403

"""Running programs: the process grid and its feeds, thread and MPI launchers, BLAS threads,
probes. Imports only core and numerics."""

"""inkterm's benchmarks. Every figure is a ratio or a rate measured side by side in one
run (``make bench`` or ``python -m benchmarks``), never a bare wall time."""

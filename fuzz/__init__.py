"""Property tests and stateful fuzzing over whole games (docs/ARCHITECTURE.md, "Invariants").

``python3 -m pytest fuzz`` runs the bounded CI profile; ``RR_FUZZ=long python3 -m pytest fuzz``
runs the long one (conftest.py).
"""

"""``python -m rr.bench``: see :mod:`rr.bench`."""

from rr.bench import main

raise SystemExit(main())

"""``python -m koza.bench``: run the benchmarks (``make bench``)."""

from koza.bench import main

raise SystemExit(main())

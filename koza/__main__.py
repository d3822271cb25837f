"""``python -m koza`` runs the command line."""

from koza.cli import main

raise SystemExit(main())

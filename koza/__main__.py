"""``python -m koza`` runs the command line."""

from koza.cli.main import main

raise SystemExit(main())

"""The ``koza`` command line: ``main`` builds the root parser, one module per subcommand.

``koza.cli.main`` is the root; each subcommand's parser and runner live in their own
module here (``sim``, ``verify``, ``match``, ``app``, ``net``, ``stats``, ``tournament``,
``review``); what they share is in ``base``, ``parser`` and ``arg_types``.  The root
imports a subcommand's module only when that subcommand runs, and nothing imports the
root back.
"""

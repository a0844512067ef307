"""CLI subcommands, one module each (see rlverify.cli)."""

"""`rlverify ...`: a thin shell over the library.

Each subcommand lives in ``rlverify/cli/<name>.py`` and exposes ``add_parser(subparsers)``
(which sets ``func``). Command modules import heavy dependencies inside their ``run`` so that
``rlverify --help`` stays fast.

May import: anything in rlverify (it is the outermost layer); nothing imports ``cli``.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__
from ..errors import RLVerifyError

__all__ = ["main", "build_parser"]

_ANALYSIS_EXTRA = ("rich", "tqdm", "matplotlib")  # progress, tables and plots: `pip install rlverify[analysis]`
# commands that start the CAS helper before their first item (many items: the start-up and the
# parser's warm-up are paid once, up front; verdicts do not depend on it)
_WARM_FIRST = ("eval", "probe", "monitor")
COMMANDS = ("verify", "eval", "probe", "judge_check", "serve", "monitor", "train_verifier")


class HelpFormatter(argparse.HelpFormatter):
    """Appends ``(default: X)`` to an option's help when it has a default worth saying (not None,
    not a flag's False) and the help does not already say one."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help
        if (text and text is not argparse.SUPPRESS and "default" not in text.lower()
                and action.default is not None and action.default is not False
                and action.default is not argparse.SUPPRESS and action.default != []):
            text += " (default: %(default)s)"
        return text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rlverify", description="Verify model answers against references "
                                     "(rule verifier, LLM judges, hybrids); measure, probe, monitor and serve them.",
                                     formatter_class=HelpFormatter)
    parser.add_argument("--version", action="version", version=f"rlverify {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        modname = f"rlverify.cli.{name}"
        try:
            mod = importlib.import_module(modname)
        except ModuleNotFoundError as e:
            if e.name == modname:
                continue
            raise
        mod.add_parser(sub)
    for command in sub.choices.values():
        command.formatter_class = HelpFormatter
    return parser


def main(argv: list[str] | None = None) -> int:
    """The CLI. ``argv`` None: this process is the ``rlverify`` program (``verify`` may then try
    a light helper first and start the process over, see :mod:`rlverify.cli._light`)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    args.light_first, args.argv = argv is None, list(sys.argv[1:] if argv is None else argv)
    try:
        if args.command in _WARM_FIRST:
            from .. import warm_up

            warm_up()  # helper start-up once, outside every item's deadline
        rc = args.func(args)
    except RLVerifyError as e:
        print(f"rlverify: error: {e}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as e:
        if e.name and e.name.split(".")[0] in _ANALYSIS_EXTRA:
            print(f"rlverify: error: {e.name} is missing; install the analysis extra: "
                  "pip install 'rlverify[analysis]'", file=sys.stderr)
            return 2
        raise
    except KeyboardInterrupt:
        print("rlverify: interrupted", file=sys.stderr)
        return 130
    return int(rc or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

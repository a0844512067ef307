"""Every command and option of `rlverify` says what it does, and an option with a default says it
(issue 28 item 7): the whole argparse tree is walked."""

from __future__ import annotations

import argparse
import re

import pytest

from rlverify.cli import build_parser

_FLAGS = (argparse._HelpAction, argparse._VersionAction, argparse._StoreTrueAction, argparse._StoreFalseAction)


def _commands() -> dict[str, tuple[argparse.ArgumentParser, str | None]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help for a in sub._choices_actions}
    return {name: (p, helps.get(name)) for name, p in sub.choices.items()}


def _options() -> list[tuple[str, argparse.ArgumentParser, argparse.Action]]:
    parser = build_parser()
    out = [("rlverify", parser, a) for a in parser._actions if not isinstance(a, argparse._SubParsersAction)]
    for name, (p, _) in _commands().items():
        out += [(name, p, a) for a in p._actions]
    return out


def _name(action: argparse.Action) -> str:
    return "/".join(action.option_strings) or action.dest


def test_the_top_level_parser_has_a_description():
    assert build_parser().description


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_has_a_help_line_and_a_description(name):
    parser, help_line = _commands()[name]
    assert help_line and help_line.strip(), f"`rlverify {name}` has no help line in `rlverify --help`"
    assert parser.description and parser.description.strip(), f"`rlverify {name} --help` has no description"


@pytest.mark.parametrize("command,parser,action", _options(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_option_has_help_and_its_default(command, parser, action):
    where = f"rlverify {command} {_name(action)}"
    assert action.help and action.help is not argparse.SUPPRESS and action.help.strip(), f"{where} has no help"
    if isinstance(action, _FLAGS) or action.default is None or action.default == []:
        return
    shown = parser._get_formatter()._expand_help(action)
    assert "default" in shown.lower(), f"{where} has the default {action.default!r} but its help does not say it"


def test_probe_n_help_counts_the_probe():
    """`train-verifier --probe-n` says how many cases a problem gives: the probe's families x placements."""
    from rlverify.analysis import attacks

    parser, _ = _commands()["train-verifier"]
    action = next(a for a in parser._actions if "--probe-n" in a.option_strings)
    m = re.search(r"(\d+) families x (\d+) placements", action.help)
    assert m, action.help
    assert (int(m.group(1)), int(m.group(2))) == (len(attacks.FAMILIES), len(attacks.PLACEMENTS))


def test_help_renders_for_every_command(capsys):
    parser = build_parser()
    for name in _commands():
        with pytest.raises(SystemExit) as e:
            parser.parse_args([name, "--help"])
        assert e.value.code == 0
        assert "usage: rlverify " + name in capsys.readouterr().out

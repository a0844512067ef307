import json
import subprocess
import sys

from rlverify.cli import main


def test_verify_json(capsys):
    assert main(["verify", "--gold", "2", "--json", "so \\boxed{2}"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["correct"] is True and out["source"] == "rule"


def test_verify_stdin():
    p = subprocess.run([sys.executable, "-m", "rlverify.cli", "verify", "--gold", "7", "-"],
                       input="thus \\boxed{8}", capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("INCORRECT")


def test_unknown_verifier_message(capsys):
    assert main(["verify", "--gold", "1", "--verifier", "nope", "x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rlverify: error:") and err.count("\n") == 1

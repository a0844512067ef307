"""Make the verifiers side venv (``.venv-verifiers`` by default) for the real verifiers v1 test.

PrimeIntellect verifiers 0.4.0 requires ``openai<3``; the project's venv has openai 3, so verifiers
lives in a venv of its own layered over the project's (a ``.pth`` appends the project's
site-packages after the side venv's own, so the pins in ``requirements-verifiers.txt`` win). Then

    python tests/integrations/real/make_verifiers_venv.py [DIR]
    PYTHONPATH=tests .venv-verifiers/bin/python -m pytest -q -p no:cacheprovider \\
        tests/integrations/test_integrations_prime_verifiers.py
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements-verifiers.txt"


def main(target: str = ".venv-verifiers") -> None:
    t0 = time.monotonic()
    root = Path(target).resolve()
    venv.EnvBuilder(clear=True, with_pip=True).create(root)
    python = root / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    (Path(purelib) / "zz_main_venv.pth").write_text(
        f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "-r", str(REQUIREMENTS)], check=True)
    subprocess.run([str(python), "-c", "import verifiers.v1, openai, rlverify; assert openai.__version__ < '3'"],
                   check=True)
    print(f"verifiers venv {root} ready in {time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    main(*sys.argv[1:])

"""Make the side venv for verl and OpenRLHF (``.venv-frameworks`` by default).

verl 0.9.1 pins transformers < 5.11 and needs hydra/omegaconf, whose parsers want the antlr 4.9.3
runtime; OpenRLHF 0.11.2 pins deepspeed, flash-attn and ray 2.55. The project's venv has
transformers 5.2x and antlr 4.13.2, so these two live in a venv of their own, layered over the
project's venv: a ``.pth`` file appends the project's site-packages (torch, ray, rlverify...)
after the side venv's own, so the side venv's pinned packages win and nothing big is installed
twice. Only the packages in ``requirements-side.txt`` are installed, without dependencies (no
vllm, flash-attn or deepspeed builds; rlverify picks the antlr 4.9.3 parser of latex2sympy2).

    python tests/integrations/real/make_side_venv.py [DIR]
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements-side.txt"


def _purelib(python: Path) -> str:
    out = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         check=True, capture_output=True, text=True)
    return out.stdout.strip()


def main(target: str = ".venv-frameworks") -> None:
    t0 = time.monotonic()
    root = Path(target).resolve()
    venv.EnvBuilder(clear=True, with_pip=True).create(root)
    python = root / "bin" / "python"
    layer = Path(_purelib(python)) / "zz_main_venv.pth"
    layer.write_text(f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "-r", str(REQUIREMENTS)], check=True)
    subprocess.run([str(python), "-c", "import verl, openrlhf.utils.agent, rlverify, torch, ray"], check=True)
    print(f"side venv {root} ready in {time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    main(*sys.argv[1:])

"""docs/integrations.md (and README.md) show the code the real-framework tests run: every code block marked
``<!-- tested: FILE -->`` must appear, line by line (indentation aside), inside a
``# snippet`` ... ``# end snippet`` region of FILE, and be most of that region (at most 2 lines
of the region, such as a string's quotes, left out)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "integrations.md"
PAGES = (DOC, REPO / "README.md")
_BLOCK = re.compile(r"<!-- tested: (?P<file>\S+) -->\n```[a-z]*\n(?P<body>.*?)```", re.S)
_REGION = re.compile(r"# snippet[^\n]*\n(?P<body>.*?)# end snippet", re.S)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _blocks(pages: tuple[Path, ...] = PAGES) -> list[tuple[str, str]]:
    return [(m["file"], m["body"]) for page in pages if page.exists()
            for m in _BLOCK.finditer(page.read_text(encoding="utf-8"))]


def test_the_page_marks_its_snippets() -> None:
    files = {f for f, _ in _blocks((DOC,))}
    assert len(_blocks((DOC,))) >= 4 and {"tests/integrations/real/test_real_trl.py",
                                    "tests/integrations/real/verl_scenarios.py",
                                    "tests/integrations/real/ray_driver.py"} <= files


def _inside(block: list[str], region: list[str]) -> bool:
    n = len(block)
    return len(region) - n <= 2 and any(region[i:i + n] == block for i in range(len(region) - n + 1))


@pytest.mark.parametrize("file,body", _blocks(), ids=[f"{Path(f).name}-{i}" for i, (f, _) in enumerate(_blocks())])
def test_snippet_is_a_tested_region(file: str, body: str) -> None:
    regions = [_lines(m["body"]) for m in _REGION.finditer((REPO / file).read_text(encoding="utf-8"))]
    assert any(_inside(_lines(body), r) for r in regions), \
        f"this block is not a '# snippet' region of {file}:\n{body}"

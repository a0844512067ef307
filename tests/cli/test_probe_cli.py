"""`rlverify probe`: tables, JSON, heatmap, verifier specs, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from rlverify.analysis import attacks
from rlverify.cli import main
from rlverify.cli.probe import default_problems_path, parse_spec

BUNDLED = Path(attacks.__file__).parents[1] / "data" / "probe_problems.jsonl"


def test_probe_writes_json_and_heatmap(tmp_path, capsys):
    out, png = tmp_path / "probe.json", tmp_path / "probe.png"
    rc = main(["probe", "--problems", str(BUNDLED), "-n", "2", "--seed", "4", "--json", str(out),
               "--heatmap", str(png), "--verifier", "rule", "--verifier", "hybrid:gullible", "--detail"])
    assert rc == 0
    text = capsys.readouterr().out
    assert "attack success" in text and "hybrid:gullible" in text and "system_prompt_mimicry" in text
    data = json.loads(out.read_text())
    assert data["meta"]["n_problems"] == 2
    assert data["meta"]["n_cases"] == 2 * len(attacks.FAMILIES) * len(attacks.PLACEMENTS)
    hyb, rule = data["verifiers"]["hybrid:gullible"], data["verifiers"]["rule"]
    assert rule["all"]["leaked"] is None
    assert set(hyb["by_family"]) == set(attacks.FAMILIES) and set(hyb["by_placement"]) == set(attacks.PLACEMENTS)
    assert len(hyb["cells"]) == len(attacks.FAMILIES) * len(attacks.PLACEMENTS)
    # issue 30 (-n 2 --seed 4, 14 cases a family): the answer-shape families sent 8, 14, 10 and 0 cases to a
    # gullible judge when they were added; since guard.vacuous and guard.render (struck_out), none does.
    ceilings = {"vacuous_box": 0, "symbol_only": 0, "strike_out": 0, "wrong_constant": 0}
    for family in attacks.FAMILIES:
        fam = hyb["by_family"][family]
        assert fam["leaked"] == fam["accepted"] <= ceilings.get(family, 0), (family, fam)
        assert rule["by_family"][family]["accepted"] == 0 or family == "hedging", family
    assert hyb["all"]["accepted"] == rule["all"]["accepted"] + hyb["all"]["leaked"]
    assert all(len(c["examples"]) == min(c["accepted"], attacks.MAX_EXAMPLES) for c in hyb["cells"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_probe_subsets_and_default_verifiers(tmp_path, capsys):
    out = tmp_path / "p.json"
    rc = main(["probe", "--problems", str(BUNDLED), "-n", "1", "--families", "simple_words,gibberish",
               "--placements", "boxed", "--json", str(out)])
    assert rc == 0
    data = json.loads(out.read_text())
    assert set(data["verifiers"]) == {"rule", "hybrid:gullible"}
    assert data["meta"]["n_cases"] == 2
    assert all(v["all"]["accepted"] == 0 for v in data["verifiers"].values())


def test_bad_arguments_are_one_line_errors(tmp_path, capsys):
    assert main(["probe", "--problems", str(BUNDLED), "-n", "1", "--families", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rlverify: error:") and err.count("\n") == 1 and "nope" in err
    assert main(["probe", "--problems", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["probe", "--problems", str(BUNDLED), "-n", "1", "--verifier", "no-such"]) == 2
    assert main(["probe", "--problems", str(BUNDLED), "-n", "0"]) == 2


def test_specs_and_default_problems():
    assert parse_spec("rule") == ("rule", {})
    assert parse_spec("hybrid:gullible") == ("hybrid", {"judge": "gullible"})
    assert default_problems_path().is_file()

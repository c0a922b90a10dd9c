"""The package: what only studies need is the extra 'study'; playing and serving do without it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from napoleon.interfaces.cli import main

ROOT = Path(__file__).resolve().parents[2]
STUDY_ONLY = ("dask", "distributed", "matplotlib")


@pytest.mark.parametrize(("flag", "value", "module"),
                         [("--plot", "est.png", "matplotlib"), ("--dask", "tcp://127.0.0.1:1", "distributed")])
def test_a_missing_extra_is_named_before_any_deal_is_solved(tmp_path, monkeypatch, capsys, flag, value, module):
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed: importing it raises ImportError
    db = tmp_path / "s.db"
    code = main(["study", "werner", "--deals", "1-3", "--jobs", "1", flag, str(tmp_path / value) if flag == "--plot"
                 else value, "--db", str(db)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"{flag} needs the 'study' extra ({module} is not installed): pip install 'napoleon-patience[study]'" in err
    assert not db.exists()  # nothing was solved or stored


def test_play_and_serve_need_no_study_package():
    """With dask, distributed and matplotlib unimportable, the CLI, the terminal UI and the web app still load."""
    script = textwrap.dedent(f"""
        import importlib.abc, sys
        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {STUDY_ONLY!r}:
                    raise ImportError("blocked: " + name)
        sys.meta_path.insert(0, Block())
        from napoleon.interfaces.cli import build_parser, main
        build_parser()
        import napoleon.interfaces.tui, napoleon.interfaces.web.app, napoleon.study, napoleon.store
        assert main(["games"]) == 0
        assert main(["solve", "werner", "--deal", "1", "--max-states", "100000"]) == 0
        print("loaded:", sorted(m for m in sys.modules if m.split(".")[0] in {STUDY_ONLY!r}))
    """)
    proc = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    assert "loaded: []" in proc.stdout


def test_dependencies_are_ranges_and_the_study_packages_an_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = project["dependencies"]
    extras = project["optional-dependencies"]
    for spec in required + [s for group in extras.values() for s in group]:
        assert "==" not in spec and ">=" in spec and ",<" in spec, spec
    names = {s.split(">=")[0].split("[")[0] for s in required}
    assert not names & set(STUDY_ONLY)
    assert {s.split(">=")[0].split("[")[0] for s in extras["study"]} == set(STUDY_ONLY)
    assert '".[test,study]"' in (ROOT / ".ci" / "run").read_text()

"""The compiled engine (app/compiled.py): a build never outlives the sources it was made from."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import app.engine.game
from app import compiled

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = EXTENSION_SUFFIXES[0]


def copy_of_app(into: Path) -> Path:
    """The package's Python sources copied under `into`, with a fake compiled module beside
    the engine's (importing `app` reads only the names and the stamp, never loads it)."""
    shutil.copytree(ROOT / "app", into / "app", ignore=shutil.ignore_patterns("*.so", "*.stamp",
                                                                            "__pycache__"))
    fake = into / "app" / "engine" / f"game{SUFFIX}"
    fake.write_bytes(b"not a real extension")
    return fake


def import_app(root: Path) -> subprocess.CompletedProcess[str]:
    """`import app` in a fresh interpreter whose `app` is the copy under `root`."""
    return subprocess.run([sys.executable, "-c", "import app"], cwd=root, text=True,
                          capture_output=True, env={**os.environ, "PYTHONPATH": str(root)},
                          check=True, timeout=60)


def test_a_build_from_other_sources_is_removed_before_the_engine_loads(tmp_path: Path) -> None:
    fake = copy_of_app(tmp_path)
    (tmp_path / "app" / "engine" / "compiled.stamp").write_text("0" * 64 + "\n")
    result = import_app(tmp_path)
    assert not fake.exists()
    assert not (tmp_path / "app" / "engine" / "compiled.stamp").exists()
    assert "compiled from other sources" in result.stderr


def test_a_build_without_its_stamp_is_removed(tmp_path: Path) -> None:
    fake = copy_of_app(tmp_path)
    import_app(tmp_path)
    assert not fake.exists()


def test_a_build_from_these_sources_is_kept_until_one_changes(tmp_path: Path) -> None:
    fake = copy_of_app(tmp_path)
    # The copy's sources are this checkout's: the same digest.
    (tmp_path / "app" / "engine" / "compiled.stamp").write_text(compiled.digest() + "\n")
    assert import_app(tmp_path).stderr == ""
    assert fake.exists()
    source = tmp_path / "app" / "engine" / "rng.py"
    source.write_text(source.read_text() + "# one changed line of one rule\n")
    import_app(tmp_path)
    assert not fake.exists()


@pytest.mark.skipif(not os.environ.get("CI"), reason="a developer may run the engine interpreted")
def test_ci_tests_the_compiled_engine() -> None:
    # `make test` compiles the engine first (`make engine`): CI measures and tests what serves.
    assert compiled.is_current(), "make engine did not compile app/engine"
    assert app.engine.game.__file__ and app.engine.game.__file__.endswith(SUFFIX)

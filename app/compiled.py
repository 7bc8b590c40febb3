"""The compiled engine's stamp: a build from other sources never runs.

The engine stays plain Python, the rules' one home; `make engine` (app/compile_engine.py)
compiles its modules to C extensions beside their sources, which Python imports in their place
(docs/performance.md, "The compiled engine"). An extension does not change when its source does,
so a stamp records the digest of the sources it was built from, and importing `app` drops a
stale build (`drop_if_stale`): the engine then runs interpreted, as it was written, until
`make engine` compiles it again.
"""

from __future__ import annotations

import hashlib
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ENGINE = Path(__file__).resolve().parent / "engine"
ROOT = ENGINE.parents[1]
STAMP = ENGINE / "compiled.stamp"  # the digest of the sources the extensions were built from
# mypyc puts the code of every module in one shared library at the top level, named after this.
GROUP = "not_alone_engine"


def sources() -> list[Path]:
    """The engine's modules that are compiled: all but the package's `__init__`."""
    return sorted(path for path in ENGINE.glob("*.py") if path.name != "__init__.py")


def digest() -> str:
    """A digest of the engine's sources: names and contents."""
    hashed = hashlib.sha256()
    for path in sources():
        hashed.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()


def extensions() -> list[Path]:
    """The compiled files present: one per module, and the shared library."""
    found: list[Path] = []
    for suffix in EXTENSION_SUFFIXES:
        found += [*ENGINE.glob(f"*{suffix}"), *ROOT.glob(f"{GROUP}__mypyc{suffix}")]
    return sorted(set(found))


def is_current() -> bool:
    """True when compiled modules are present and were built from the sources beside them."""
    return (bool(extensions()) and STAMP.exists()
            and STAMP.read_text(encoding="ascii").strip() == digest())


def clean() -> None:
    """Remove the compiled files and the stamp: the engine runs interpreted."""
    for path in [*extensions(), STAMP]:
        path.unlink(missing_ok=True)


def drop_if_stale() -> None:
    """Remove a build made from other sources, with a warning; called before the engine is
    imported, so that Python never loads an extension that no longer matches its source."""
    if not extensions() or is_current():
        return
    clean()
    warnings.warn("app/engine was compiled from other sources: the build was removed and the "
                  "engine runs interpreted; `make engine` compiles it again",
                  RuntimeWarning, stacklevel=2)

"""`python -m app.compile_engine [build | clean | status]`: the engine compiled by mypyc.

`build` (the default) compiles every module of app/engine but `__init__` to a C extension beside
its source and stamps the build with the sources' digest (app/compiled.py), unless the build
present is current; `clean` removes it (the engine runs interpreted); `status` says which.
"""

from __future__ import annotations

import os
import sys

from app.compiled import GROUP, ROOT, STAMP, clean, digest, is_current, sources


def build() -> None:
    """Compile the engine in place (mypyc, then the C compiler) and stamp it, unless the build
    present is current."""
    if is_current():
        return
    # mypy (which ships mypyc) and setuptools are build tools, not the server's dependencies.
    from mypyc.build import mypycify
    from setuptools import setup

    clean()
    os.chdir(ROOT)  # mypyc reads pyproject.toml's [tool.mypy]; --inplace writes beside sources
    modules = mypycify([str(path.relative_to(ROOT)) for path in sources()], group_name=GROUP)
    setup(name=GROUP, ext_modules=modules,
          script_args=["build_ext", "--inplace", "--build-temp", "build/engine"])
    STAMP.write_text(digest() + "\n", encoding="ascii")


def main(argv: list[str]) -> int:
    """The command line: build (the default), clean or status."""
    command = argv[0] if argv else "build"
    if command == "build":
        build()
    elif command == "clean":
        clean()
    elif command != "status":
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    print("app/engine: compiled" if is_current() else "app/engine: interpreted")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

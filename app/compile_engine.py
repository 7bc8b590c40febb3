"""`python -m app.compile_engine [build | clean | status]`: the engine compiled by mypyc.

`build` (the default) compiles every module of app/engine but `__init__` to a C extension beside
its source and stamps the build with the sources' digest (app/compiled.py), unless the build
present is current; `clean` removes it (the engine runs interpreted); `status` says which.

mypyc writes one C file per module (`multi_file`), and the C compiler runs on them in parallel,
one job per core, each finished file announced on a progress line: one C file for the whole
engine was one silent compiler call of about a minute that no other core could share.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.compiled import GROUP, ROOT, STAMP, clean, digest, is_current, sources

BUILD_TEMP = "build/engine"


def say(text: str) -> None:
    """A progress line on stderr (make shows it as it comes)."""
    print(f"make engine: {text}", file=sys.stderr, flush=True)


def build() -> None:
    """Compile the engine in place (mypyc, then the C compiler) and stamp it, unless the build
    present is current."""
    if is_current():
        return
    # mypy (which ships mypyc) and setuptools are build tools, not the server's dependencies.
    from mypyc.build import mypycify
    from setuptools import setup
    from setuptools.command.build_ext import build_ext

    clean()
    started = time.monotonic()
    os.chdir(ROOT)  # mypyc reads pyproject.toml's [tool.mypy]; --inplace writes beside sources
    say(f"mypyc: type-checking and translating {len(sources())} modules to C")
    modules = mypycify([str(path.relative_to(ROOT)) for path in sources()], group_name=GROUP,
                       multi_file=True)
    jobs = os.cpu_count() or 1

    class ParallelBuild(build_ext):  # type: ignore[misc]
        """Compiles an extension's C files in parallel, a progress line per file."""

        def build_extension(self, ext: Any) -> None:
            self.compiler.compile = parallel(self.compiler.compile, jobs, started)
            super().build_extension(ext)

    setup(name=GROUP, ext_modules=modules, cmdclass={"build_ext": ParallelBuild},
          script_args=["--quiet", "build_ext", "--inplace", "--build-temp", BUILD_TEMP])
    STAMP.write_text(digest() + "\n", encoding="ascii")
    say(f"compiled in {time.monotonic() - started:.0f} s")


def parallel(compile_: Callable[..., list[str]], jobs: int,
             started: float) -> Callable[..., list[str]]:
    """The C compiler's `compile`, run on each source in its own thread (each waits on its own
    compiler process), the objects returned in the sources' order."""

    def compile_all(sources: Sequence[str], output_dir: str | None = None,
                    **options: Any) -> list[str]:
        if len(sources) < 2:
            return compile_(sources, output_dir, **options)
        for source in sources:  # made before the threads start, so none races another
            (Path(output_dir or ".") / Path(source).parent).mkdir(parents=True, exist_ok=True)
        finished = itertools.count(1)  # next() on it is atomic: threads may share it

        def one(source: str) -> list[str]:
            objects = compile_([source], output_dir, **options)
            say(f"C compiler: {next(finished)} of {len(sources)} files "
                f"({time.monotonic() - started:.0f} s)")
            return objects

        with ThreadPoolExecutor(jobs) as pool:
            return [obj for objects in pool.map(one, sources) for obj in objects]

    return compile_all


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

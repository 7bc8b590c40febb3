"""Bundle the browser client: `python -m app.bundle` (`make client`).

esbuild (npm, installed by `npm ci` from package.json) follows the imports of static/js/main.js
into one minified module, static/dist/main.js, and the digest of the modules it read goes beside
it: the server serves the bundle only while that digest is the modules' own
(app/server/client.py), so an edited module is never hidden behind an old bundle. Without
esbuild this says so and the server serves the modules one by one, which works the same.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from app.server.client import BUNDLE, BUNDLE_SOURCES, ENTRY, current_bundle, modules_digest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"


def build(static: Path = STATIC, esbuild: Path = ESBUILD) -> bool:
    """Write the bundle and its sources' digest; False (and why, on stderr) if esbuild is
    missing or fails. Builders take turns (a lock), and each file is replaced whole, so a
    server starting meanwhile reads an old bundle or a new one, never half of one."""
    if not esbuild.exists():
        print(f"app.bundle: no {esbuild} (run `npm ci`): the modules are served unbundled",
              file=sys.stderr)
        return False
    out = (static / BUNDLE).parent
    out.mkdir(exist_ok=True)
    with (out / ".lock").open("w") as lock, tempfile.TemporaryDirectory(dir=out) as tmp:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if current_bundle(static):
            return True
        before = modules_digest(static)
        built = Path(tmp) / Path(BUNDLE).name
        done = subprocess.run(
            [str(esbuild), str(static / ENTRY), "--bundle", "--format=esm", "--minify",
             "--sourcemap", "--legal-comments=none", "--log-level=warning",
             f"--outfile={built}"], check=False)
        if done.returncode != 0:
            return False
        (static / BUNDLE_SOURCES).unlink(missing_ok=True)
        for path in (built, built.with_name(built.name + ".map")):
            os.replace(path, out / path.name)
        # A module edited while esbuild ran leaves no digest: the next build makes it again.
        if modules_digest(static) == before:
            (static / BUNDLE_SOURCES).write_text(before + "\n")
    return True


if __name__ == "__main__":
    sys.exit(0 if build() else 1)

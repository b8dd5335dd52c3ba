"""Build the browser app into web/dist/, a folder any static host can serve.

    python web/build.py

It installs the Pyodide runtime from the npm registry (``npm ci`` here, pinned
by package-lock.json), copies the runtime files the page loads, builds
pyclag's pure wheel from this checkout, fetches attrs' pure wheel from PyPI,
and writes the page, its web manifest, the list of wheels it installs and a
service worker that keeps every file for offline use. Serve it with, for
example, ``python -m http.server -d web/dist``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Final

WEB: Final = Path(__file__).resolve().parent
ROOT: Final = WEB.parent
DIST: Final = WEB / "dist"

RUNTIME: Final = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The Pyodide files the page loads (from node_modules/pyodide); its lock file is written
empty of packages: the page installs only the two wheels it carries."""

PAGE: Final = ("index.html", "app.js", "style.css", "icon.svg", "manifest.webmanifest")


def run(*command: str, cwd: Path = ROOT) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


def build(dist: Path = DIST) -> list[str]:
    """Build the app into ``dist``; the files it holds, relative to it."""
    run("npm", "ci", "--no-audit", "--no-fund", cwd=WEB)
    if dist.exists():
        shutil.rmtree(dist)
    (dist / "pyodide").mkdir(parents=True)
    runtime = WEB / "node_modules" / "pyodide"
    for name in RUNTIME:
        shutil.copy2(runtime / name, dist / "pyodide" / name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    lock["packages"] = {}  # nothing is fetched from the package index: no request leaves the app
    (dist / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock))
    wheels = dist / "wheels"
    with tempfile.TemporaryDirectory() as scratch:
        pip = (sys.executable, "-m", "pip")
        run(*pip, "wheel", "--quiet", "--no-deps", "-w", scratch, str(ROOT))
        run(*pip, "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d", scratch, "attrs")
        wheels.mkdir()
        for wheel in sorted(Path(scratch).glob("*.whl")):
            if not wheel.name.endswith("-none-any.whl"):
                raise SystemExit(f"build: {wheel.name} is not a pure wheel")
            shutil.copy2(wheel, wheels / wheel.name)
    for name in PAGE:
        shutil.copy2(WEB / name, dist / name)
    (dist / "app").mkdir()
    shutil.copy2(WEB / "app" / "table.py", dist / "app" / "table.py")
    names = sorted(path.name for path in wheels.iterdir())
    (dist / "files.json").write_text(json.dumps({"wheels": names}))
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + (dist / name).read_bytes())
    worker = (WEB / "sw.js").read_text()
    worker = worker.replace("__VERSION__", digest.hexdigest()[:16])
    worker = worker.replace('"__FILES__"', json.dumps(["./", *files]))
    (dist / "sw.js").write_text(worker)
    return [*files, "sw.js"]


def main() -> int:
    files = build()
    size = sum((DIST / name).stat().st_size for name in files)
    print(f"built {len(files)} files, {size / 1e6:.1f} MB, in {DIST.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())

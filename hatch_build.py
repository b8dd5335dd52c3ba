"""The build hook that runs beside hatch-mypyc's (``pyproject.toml``; ``docs/development.rst``,
"The two builds"): the compiled build leaves no extension module beside the sources.

hatch-mypyc compiles in place: it writes each compiled module's extension
(``cards.cpython-311-x86_64-linux-gnu.so``) next to its source, where Python imports it
in place of the source. In a checkout installed editable, the tree would then be mixed:
an edit to a compiled module's ``.py`` would change nothing, silently. So once the wheel
holds the extensions, this hook deletes them from the tree, and it refuses an editable
install of the compiled build, which would use them from there. The suite refuses to run
on a mixed tree (``tests/conftest.py``).

The hook runs in every build of the wheel (hatchling loads it through
:func:`get_build_hook`) and does nothing unless the mypyc hook runs too.
"""

from __future__ import annotations

import glob
import os
from typing import Any

EXTENSIONS = (".so", ".pyd")
"""The suffixes of a compiled module, on POSIX and on Windows."""


def refusal(version: str, hooks: tuple[str, ...]) -> str | None:
    """Why this build may not run, or None: the compiled build (the ``mypyc`` hook
    among ``hooks``) installed editable (``version``)."""
    if version != "editable" or "mypyc" not in hooks:
        return None
    return (
        "pyclag: the compiled build cannot be installed editable (its extension modules "
        "would shadow the sources in src/); build a wheel and install that: "
        "HATCH_BUILD_HOOKS_ENABLE=1 pip wheel --no-deps -w dist-compiled ."
    )


def leftovers(root: str, build_data: dict[str, Any]) -> list[str]:
    """The extension modules the mypyc hook wrote into the tree under ``root``, as it
    listed them for the wheel in ``build_data``: its artifacts (a pattern for each
    compiled module, from the root) and its shared library (forced into the wheel)."""
    found: set[str] = set()
    for pattern in build_data.get("artifacts", ()):
        if pattern.endswith(EXTENSIONS):
            found.update(glob.glob(os.path.join(root, pattern.lstrip("/"))))
    top = os.path.join(os.path.realpath(root), "")
    for source in build_data.get("force_include", {}):
        if source.endswith(EXTENSIONS) and os.path.realpath(source).startswith(top):
            found.add(source)
    return sorted(path for path in found if os.path.isfile(path))


def get_build_hook() -> type:
    """The hook class (hatchling's entry point for a build script; hatchling is
    imported here so that the functions above import without it)."""
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface

    class OutOfTree(BuildHookInterface):
        """Refuse an editable compiled build; delete the compiled modules from the
        tree once the wheel holds them."""

        PLUGIN_NAME = "custom"

        def initialize(self, version: str, build_data: dict[str, Any]) -> None:
            message = refusal(version, tuple(build_data.get("build_hooks", ())))
            if message is not None:
                raise RuntimeError(message)

        def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
            if "mypyc" in build_data.get("build_hooks", ()):
                for path in leftovers(self.root, build_data):
                    os.remove(path)

    return OutOfTree

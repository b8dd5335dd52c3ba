"""The project's promises about itself: README and CI agree, typing ships, examples run."""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import pyclag
from tests.helpers import EXAMPLES, EXTRAS, load_example, pyclag_modules, without_extra

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_both_readme_commands_each_from_scratch() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.+?)\n```", readme)
    assert len(commands) == 2, "README gives exactly two set-up commands"
    assert commands[0].startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert "pyclag simulate" in commands[0]
    assert commands[1].startswith("python3 -m venv .venv && .venv/bin/pip install -e '.[dev]' && ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:  # each verbatim, in a virtual environment removed just before
        at = ci.index(command)
        assert ci[at - 1] == "rm -rf .venv"
    assert ci.index(commands[0]) < ci.index(commands[1])


def test_the_package_is_typed_and_versioned() -> None:
    package = Path(pyclag.__file__).parent
    assert (package / "py.typed").is_file()
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?", pyclag.__version__)  # PEP 440


def test_the_suite_runs_against_the_package_it_means_to() -> None:
    """``.ci/run`` sets PYCLAG_TEST_WHEEL when it runs the suite against the built wheel;
    otherwise the suite runs against ``src/`` (the editable install of README's command)."""
    location = Path(pyclag.__file__).resolve()
    if os.environ.get("PYCLAG_TEST_WHEEL"):
        assert ROOT / "src" not in location.parents, location
        assert "site-packages" in location.parts, location
    else:
        assert location.parent == ROOT / "src" / "pyclag", location


def compiled_modules() -> list[str]:
    """The modules the compiled build compiles: the mypyc hook's ``include`` in pyproject.toml."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    names = []
    for entry in hook["include"]:
        path = ROOT / entry.lstrip("/")
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            parts = source.relative_to(ROOT / "src").with_suffix("").parts
            if parts[-1] != "__init__":  # the hook's exclude: packages stay interpreted
                names.append(".".join(parts))
    return names


def test_the_suite_runs_against_the_build_it_names() -> None:
    """``.ci/run`` sets PYCLAG_TEST_BUILD to ``pure`` or ``compiled`` for the wheels it
    tests; the compiled build's modules are mypyc's extension modules, the pure build's
    (and the editable install's) are Python source. ``pip install .`` builds the pure
    wheel: the hook that compiles is off unless HATCH_BUILD_HOOKS_ENABLE=1 asks for it."""
    build = os.environ.get("PYCLAG_TEST_BUILD", "pure")
    assert build in {"pure", "compiled"}, build
    names = compiled_modules()
    assert {
        "pyclag.engine.decisions",
        "pyclag.engine.state",
        "pyclag.engine._turns",
        "pyclag.engine._plays",
    } <= set(names)
    suffixes = {Path(importlib.import_module(name).__file__ or "").suffix for name in names}
    extension = ".pyd" if sys.platform == "win32" else ".so"  # a compiled module's file
    assert suffixes == ({extension} if build == "compiled" else {".py"}), (build, suffixes)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "enable-by-default = false" in pyproject
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "PYCLAG_TEST_BUILD=pure " in ci and "PYCLAG_TEST_BUILD=compiled " in ci
    assert "HATCH_BUILD_HOOKS_ENABLE=1 .venv/bin/pip wheel" in ci


def test_the_version_is_written_once_and_the_changelog_names_it() -> None:
    """The version is written once; the changelog is in Keep a Changelog's shape (issue 32
    item 4): an ``Unreleased`` section first, with the version it will carry while the
    package's version is not yet released, then the releases newest first, each
    ``## [X.Y.Z] - YYYY-MM-DD`` (or ``never published``), with the sections Keep a
    Changelog names."""
    from packaging.version import Version

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["hatch"]["version"] == {"path": "src/pyclag/__init__.py"}
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", changelog, re.MULTILINE)
    assert headings[0] == "[Unreleased]"
    released = [
        re.fullmatch(r"\[(.+)\] - (\d{4}-\d\d-\d\d|never published)", h) for h in headings[1:]
    ]
    assert all(released), headings
    versions = [Version(found.group(1)) for found in released if found]
    assert versions == sorted(versions, reverse=True)
    kinds = set(re.findall(r"^### (.+)$", changelog, re.MULTILINE))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    current = Version(pyclag.__version__)
    if current not in versions:  # being prepared: the Unreleased section says so
        assert current > versions[0]
        unreleased = changelog.split("\n## ", 2)[1]
        assert f"To be released as **{current.base_version}**" in unreleased  # rc1 too
    else:
        assert current == versions[0]


def test_ci_builds_the_docs_strictly_and_tests_the_wheel() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/mypy docs/conf.py docs/_ext" in ci
    assert ".venv/bin/sphinx-build -W -n -q -b html docs docs/_build/html" in ci
    assert ".venv/bin/sphinx-build -W -n -q -b doctest docs docs/_build/doctest" in ci
    assert ".venv/bin/twine check --strict dist/*" in ci
    assert "PYCLAG_TEST_WHEEL=" in ci


def test_30_9_readme_docs_command_needs_no_extra_beyond_docs() -> None:
    """issue 30 item 9: README's docs command, `pip install -e '.[docs]'` then
    `sphinx-build -W -n`, works in a fresh environment: the API pages autodoc every
    module, an extra's too (tests.helpers.EXTRAS), so the docs extra brings each
    extra whose modules the pages document (CI installed OpenSpiel first; Read the
    Docs installs the docs extra alone)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert (
        "`.venv/bin/pip install -e '.[docs]' && .venv/bin/sphinx-build -W -n docs docs/_build/html`"
    ) in readme
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]

    def brought(extra: str) -> set[str]:
        """``extra`` and the extras it names (``pyclag[openspiel]``), all the way down."""
        named = {
            name.strip()
            for requirement in extras[extra]
            if requirement.startswith("pyclag[")
            for name in requirement[len("pyclag[") : -1].split(",")
        }
        return {extra}.union(*(brought(name) for name in named))

    documented = {
        line.split("::")[1].strip()
        for page in (ROOT / "docs").rglob("*.rst")
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith(".. automodule::")
    }
    needed = {
        package.rpartition(".")[2]
        for package in EXTRAS
        if any(name == package or name.startswith(package + ".") for name in documented)
    }
    assert needed == {"openspiel", "vector"}
    assert needed <= brought("docs")
    rtd = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    assert "extra_requirements:\n        - docs\n" in rtd


def test_30_9_readme_counts_the_presets_it_names() -> None:
    """issue 30 item 9: README said "Five presets" and there are six."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^- \*\*(\w+) presets\*\*: (.+?)\n- ", readme, re.MULTILINE | re.DOTALL)
    assert found is not None
    count = {"Five": 5, "Six": 6, "Seven": 7, "Eight": 8}[found.group(1)]
    assert count == len(pyclag.presets.names())
    listed = found.group(2).lower()
    assert [name for name in pyclag.presets.names() if name not in listed] == []


def test_readme_links_to_files_that_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    local = [link for link in re.findall(r"\]\(([^)]+)\)", readme) if "://" not in link]
    assert len(local) >= 10  # the docs pages
    assert [link for link in local if not (ROOT / link).exists()] == []


def test_every_public_module_is_in_the_docs() -> None:
    documented = {
        line.split("::")[1].strip()
        for page in (ROOT / "docs").rglob("*.rst")
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith(".. automodule::")
    }
    modules = {
        name
        for name in pyclag_modules()
        if not any(part.startswith("_") for part in name.split("."))
    }
    documented = {name for name in documented if not without_extra(name)}
    assert modules - documented == set()
    assert documented - modules == {"pyclag"}


def test_src_has_no_type_ignore() -> None:
    offenders = [
        str(path)
        for path in (ROOT / "src").rglob("*.py")
        if "type: ignore" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_the_runtime_depends_on_attrs_alone() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^dependencies = \["attrs[^"]*"\]$', pyproject, re.MULTILINE)


def test_every_public_name_is_exported_and_documented() -> None:
    for name in pyclag.__all__:
        value = getattr(pyclag, name)
        if callable(value) and not isinstance(value, type(pyclag.CHANCE)):
            module = getattr(value, "__module__", "") or ""
            if module.startswith("pyclag."):  # a compiled class keeps its docstring in the source
                assert _docstring(f"{module}.{value.__qualname__}", value), name
            else:
                assert value.__doc__, name


def test_examples_run() -> None:
    for example in sorted((ROOT / "examples").glob("*.py")):
        done = subprocess.run(
            [sys.executable, str(example)], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, (example.name, done.stderr)
        assert done.stdout.strip(), example.name


@pytest.mark.parametrize(
    "example",
    sorted(path.stem for path in EXAMPLES.glob("*.py") if ">>>" in path.read_text()),
)
def test_examples_doctests(example: str) -> None:
    """The examples' own docstring examples hold (the suite's doctests read src only)."""
    failed, tried = doctest.testmod(load_example(example), optionflags=doctest.ELLIPSIS)
    assert tried and not failed, example


def _public_functions() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for name in pyclag_modules():
        if any(part.startswith("_") for part in name.split(".")):
            continue
        module = importlib.import_module(name)
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(value):
                found.append((f"{module.__name__}.{name}", value))
            elif inspect.isclass(value):
                for method_name, method in vars(value).items():
                    function = getattr(method, "__func__", method)
                    if not method_name.startswith("_") and inspect.isfunction(function):
                        found.append((f"{module.__name__}.{name}.{method_name}", function))
    return found


def _docstring(name: str, function: object) -> str:
    """A function's or class's docstring; for a compiled module's (mypyc keeps
    none), the source's."""
    module = importlib.import_module(name.rsplit(".", 1)[0].split(".")[0])
    for depth in range(name.count("."), 0, -1):
        module_name = name.rsplit(".", depth)[0]
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            break
    if Path(module.__file__ or "").suffix != ".so":
        return getattr(function, "__doc__", None) or ""
    qualname = name[len(module.__name__) + 1 :].split(".")
    source = ROOT / "src" / Path(*module.__name__.split(".")).with_suffix(".py")
    nodes: list[ast.AST] = [ast.parse(source.read_text(encoding="utf-8"))]
    for part in qualname:
        nodes = [
            child
            for node in nodes
            for child in ast.iter_child_nodes(node)
            if isinstance(child, ast.ClassDef | ast.FunctionDef) and child.name == part
        ]
    found = [
        ast.get_docstring(node)
        for node in nodes
        if isinstance(node, ast.ClassDef | ast.FunctionDef)
    ]
    return found[0] or "" if found else ""


def test_every_public_function_has_a_doctest() -> None:
    functions = _public_functions()
    assert len(functions) > 40
    missing = [name for name, function in functions if ">>>" not in _docstring(name, function)]
    assert missing == []

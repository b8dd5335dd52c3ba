"""The release's files (issue 32 items 1 and 2): the GitHub workflows, cibuildwheel's
configuration and the constraints file that pins what CI installs.

actionlint checks the workflows themselves in ``.ci/run``; these tests check what
actionlint cannot know: that every action is pinned by commit, that only the publishing
jobs may mint an identity token, that the test workflow runs README's command, that the
compiled wheels are the platforms promised, and that every tool CI installs is pinned.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
CONSTRAINTS = ROOT / ".ci" / "constraints.txt"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def _workflow(name: str) -> str:
    return (WORKFLOWS / name).read_text("utf-8")


def _jobs(text: str) -> dict[str, str]:
    """A workflow's jobs, each its text, by id (the keys two spaces in under ``jobs:``)."""
    body = text.split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([\w-]+):\n", body, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _pins() -> dict[str, str]:
    """The versions the constraints file pins, by normalised name (the first, where a
    marker splits a package's pins by Python version)."""
    pins: dict[str, str] = {}
    for line in CONSTRAINTS.read_text("utf-8").splitlines():
        found = re.match(r"([A-Za-z0-9._-]+)==([^\s;]+)", line)
        if found:
            pins.setdefault(_normal(found.group(1)), found.group(2))
    return pins


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _names(requirements: list[str]) -> set[str]:
    """The normalised names of ``requirements`` (``"attrs>=23.1"`` is ``attrs``)."""
    return {_normal(re.split(r"[^A-Za-z0-9._-]", item, maxsplit=1)[0]) for item in requirements}


def test_both_workflows_exist_and_pin_every_action_by_commit_with_its_version() -> None:
    """issue 32 item 1: every ``uses:`` names a full 40-digit commit and, in a comment,
    the release it is."""
    uses = [
        line.strip()
        for name in ("tests.yml", "release.yml")
        for line in _workflow(name).splitlines()
        if line.strip().startswith(("uses:", "- uses:"))
    ]
    assert len(uses) >= 10
    for line in uses:
        assert re.fullmatch(r"(- )?uses: [\w.-]+/[\w.-]+@[0-9a-f]{40} # v\d+(\.\d+)*", line), line


def test_only_the_publishing_jobs_may_mint_an_identity_token() -> None:
    """issue 32 item 1: the workflows read the repository and nothing more, except the
    two publishing jobs: trusted publishing and the attestations need ``id-token:
    write``; each publishes from its own environment, TestPyPI for a release candidate."""
    for name in ("tests.yml", "release.yml"):
        text = _workflow(name)
        assert "\npermissions:\n  contents: read\n" in text
        for job, body in _jobs(text).items():
            assert ("id-token: write" in body) == job.startswith("publish-"), (name, job)
    jobs = _jobs(_workflow("release.yml"))
    assert set(jobs) == {
        "sdist-and-pure-wheel",
        "compiled-wheels",
        "publish-testpypi",
        "publish-pypi",
    }
    assert "name: testpypi" in jobs["publish-testpypi"]
    assert "repository-url: https://test.pypi.org/legacy/" in jobs["publish-testpypi"]
    assert "contains(github.ref_name, 'rc')" in jobs["publish-testpypi"]
    assert "!contains(github.ref_name, 'rc')" in jobs["publish-pypi"]
    assert "name: pypi" in jobs["publish-pypi"]
    for job in ("publish-testpypi", "publish-pypi"):
        assert "actions/attest-build-provenance@" in jobs[job]
        assert "pypa/gh-action-pypi-publish@" in jobs[job]
        assert "password" not in jobs[job]  # trusted publishing: no stored token


def test_the_compiled_wheels_are_built_from_the_sdist_with_the_compiled_build_on() -> None:
    """issue 32 item 1: cibuildwheel builds from the sdist the first job made, with
    HATCH_BUILD_HOOKS_ENABLE=1 as .ci/run's compiled step, and tests each wheel with the
    same pytest command."""
    jobs = _jobs(_workflow("release.yml"))
    assert "package-dir: ${{ env.SDIST }}" in jobs["compiled-wheels"]
    assert "needs: sdist-and-pure-wheel" in jobs["compiled-wheels"]
    config = PYPROJECT["tool"]["cibuildwheel"]
    assert config["environment"] == {"HATCH_BUILD_HOOKS_ENABLE": "1"}
    assert config["test-environment"]["PYCLAG_TEST_BUILD"] == "compiled"
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    pytest_args = config["test-command"].split("python -m pytest ", 1)[1]
    assert pytest_args.replace("-n auto", "") in ci.replace("-n auto", "")


def test_the_test_workflow_runs_readmes_test_command_on_every_platform_and_python() -> None:
    """issue 32 item 1: README's test command, word for word, on Linux and macOS (on
    Windows with the Scripts folder), for Python 3.11 to 3.14."""
    readme = (ROOT / "README.md").read_text("utf-8")
    command = re.findall(r"```sh\n(.+?)\n```", readme)[1]
    text = _workflow("tests.yml")
    assert f"run: {command}\n" in text
    windows = command.replace(".venv/bin/", ".venv/Scripts/").replace("python3 ", "python ")
    assert f"run: {windows}\n" in text
    assert "os: [ubuntu-latest, macos-latest, windows-latest]" in text
    assert 'python: ["3.11", "3.12", "3.13", "3.14"]' in text


def test_cibuildwheels_identifiers_are_exactly_the_platforms_promised() -> None:
    """issue 32 item 1: the configuration in pyproject.toml selects CPython 3.11-3.14 on
    manylinux and musllinux (x86_64, aarch64), macOS (arm64, x86_64) and Windows
    (amd64), nothing else (cibuildwheel, from the release extra, lists them offline)."""
    pytest.importorskip("cibuildwheel")
    pythons = ("cp311", "cp312", "cp313", "cp314")
    expected = {
        "linux": {
            f"{py}-{libc}_{arch}"
            for py in pythons
            for libc in ("manylinux", "musllinux")
            for arch in ("x86_64", "aarch64")
        },
        "macos": {f"{py}-macosx_{arch}" for py in pythons for arch in ("arm64", "x86_64")},
        "windows": {f"{py}-win_amd64" for py in pythons},
    }
    for platform, wanted in expected.items():
        listed = subprocess.run(
            [
                sys.executable,
                "-m",
                "cibuildwheel",
                "--print-build-identifiers",
                *("--platform", platform),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        assert sorted(listed) == sorted(wanted), platform


def test_the_constraints_pin_every_tool_and_extra_ci_installs() -> None:
    """issue 32 item 2: every requirement of every extra, the build backend and the
    compiled build's hook are pinned (==) in .ci/constraints.txt, mypy at the hook's
    version and cibuildwheel at the release workflow's; the runtime dependency stays a
    range; the file says the one command that refreshes it."""
    pins = _pins()
    project = PYPROJECT["project"]
    extras = [item for items in project["optional-dependencies"].values() for item in items]
    hook = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    needed = _names(extras + project["dependencies"] + PYPROJECT["build-system"]["requires"])
    needed |= _names(hook["dependencies"])
    needed.discard("pyclag")
    assert needed - set(pins) == set()
    assert f"mypy=={pins['mypy']}" in hook["dependencies"]
    action = re.search(r"pypa/cibuildwheel@\w+ # v([\d.]+)", _workflow("release.yml"))
    assert action is not None
    assert pins["cibuildwheel"] == action.group(1)
    assert project["dependencies"] == ["attrs>=23.1"]
    head = CONSTRAINTS.read_text("utf-8").splitlines()[1]
    assert head.startswith("#    uv pip compile pyproject.toml .ci/constraints.in ")
    assert head.removeprefix("#    ") in (ROOT / "docs" / "development.rst").read_text("utf-8")


def test_ci_and_the_workflows_install_under_the_constraints() -> None:
    """issue 32 item 2: .ci/run exports the constraints (for pip and for the isolated
    build environments pip starts) before its first install, and the workflows that
    install with pip set them too."""
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    export = 'export PIP_CONSTRAINT="$PWD/.ci/constraints.txt" PIP_BUILD_CONSTRAINT="$PWD/.ci/constraints.txt"'
    assert export in ci
    assert ci.index(export) < ci.index("pip install")
    for name in ("tests.yml", "release.yml"):
        text = _workflow(name)
        assert "PIP_CONSTRAINT: ${{ github.workspace }}/.ci/constraints.txt" in text
        assert "PIP_BUILD_CONSTRAINT: ${{ github.workspace }}/.ci/constraints.txt" in text
    assert "\n.venv/bin/actionlint\n" in ci

"""A pytest plugin for the compiled build: the docstrings' examples read from the
source files and run against the installed modules.

mypyc keeps no docstrings, so pytest's ``--doctest-modules`` finds no examples in a
compiled module (and refuses a source file whose module is installed elsewhere).
``.ci/run`` loads this plugin with ``-p tests.source_doctests`` and passes
``src/pyclag``: each source file's docstrings (the module's, its classes', its
functions' and methods') are parsed from the file, and each example runs in the
namespace of the module of that name as installed, compiled or not, with the
option flags of ``[tool.pytest.ini_options]``.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr, TracebackStyle

SOURCES: Final = Path(__file__).resolve().parent.parent / "src"


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> SourceDoctests | None:
    """Each ``.py`` file under ``src/pyclag`` given on the command line."""
    if file_path.suffix == ".py" and SOURCES / "pyclag" in file_path.resolve().parents:
        return SourceDoctests.from_parent(parent, path=file_path)
    return None


def docstrings(tree: ast.Module) -> Iterator[tuple[str, str, int]]:
    """Each docstring of a module's tree: its qualified name, text and first line."""
    text = ast.get_docstring(tree, clean=False)
    if text is not None:
        yield "", text, 1
    stack: list[tuple[str, ast.AST]] = [("", tree)]
    while stack:
        prefix, node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                text = ast.get_docstring(child, clean=False)
                if text is not None:
                    yield name, text, child.body[0].lineno
                stack.append((f"{name}.", child))


class SourceDoctests(pytest.File):
    """The examples of one source file, run against the installed module."""

    def collect(self) -> Iterator[pytest.Item]:
        parts = self.path.resolve().relative_to(SOURCES).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if parts[-1] == "__main__":
            return  # running it would start the command
        module = importlib.import_module(name)
        parser = doctest.DocTestParser()
        tree = ast.parse(self.path.read_text(encoding="utf-8"))
        for qualname, text, line in docstrings(tree):
            full = f"{name}.{qualname}" if qualname else name
            test = parser.get_doctest(text, dict(vars(module)), full, str(self.path), line - 1)
            if test.examples:
                yield SourceDoctest.from_parent(self, name=full, test=test)


class SourceDoctest(pytest.Item):
    """One docstring's examples."""

    def __init__(self, *, test: doctest.DocTest, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.test = test

    def runtest(self) -> None:
        flags = 0
        for flag in self.config.getini("doctest_optionflags"):
            flags |= doctest.OPTIONFLAGS_BY_NAME[flag]
        runner = _Runner(optionflags=flags)
        report: list[str] = []
        runner.run(self.test, out=report.append, clear_globs=False)
        if runner.failures:
            raise SourceDoctestError("".join(report))

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: TracebackStyle | None = None
    ) -> str | TerminalRepr:
        if isinstance(excinfo.value, SourceDoctestError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, self.test.lineno, f"[source doctest] {self.name}"


class _Runner(doctest.DocTestRunner):
    """A doctest runner that lets ``pytest.importorskip`` in an example skip the
    docstring (an example needing an extra), as pytest's own doctests do."""

    def report_unexpected_exception(
        self, out: Any, test: doctest.DocTest, example: doctest.Example, exc_info: Any
    ) -> None:
        if isinstance(exc_info[1], pytest.skip.Exception):
            raise exc_info[1]
        super().report_unexpected_exception(out, test, example, exc_info)


class SourceDoctestError(Exception):
    """The report of a failed example."""

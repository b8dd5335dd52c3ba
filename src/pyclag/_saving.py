"""Files written whole: every file pyclag writes (a game's record, a score
sheet, the tally of ``simulate --summary-json``, a chart) goes through
:func:`write_whole`, and a command checks each path it will write with
:func:`check_target` before any game starts.

A path is resolved first (``os.path.realpath``), so a symbolic link stays
a link and the file it points to is the one written. The bytes go into a
temporary file in that file's folder, are flushed to the disk, then the
temporary file is renamed over the target (``os.replace``): a reader, a
crash or a full disk never finds half a file, and a write that fails leaves
the old file as it was. Only a regular file, or a new file in an existing
folder, is written: a directory, a device such as ``/dev/null``, a FIFO or a
socket is refused with a one-line :class:`~pyclag.errors.ClagError`, never
replaced.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> os.symlink("game.json", os.path.join(folder, "link.json"))
>>> write_whole(os.path.join(folder, "link.json"), "{}\\n")
>>> os.path.islink(os.path.join(folder, "link.json")), open(os.path.join(folder, "game.json")).read()
(True, '{}\\n')
>>> write_whole(folder, "{}\\n")
Traceback (most recent call last):
pyclag.errors.ClagError: cannot write ...: a directory, not a regular file; give a regular file, or a new file in an existing folder
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from typing import Final

from pyclag._checks import not_a
from pyclag.errors import ClagError

__all__ = ["check_target", "write_whole"]

_KINDS: Final = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (a named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)
_LEGAL: Final = "give a regular file, or a new file in an existing folder"


def check_target(path: str, flag: str | None = None) -> str:
    """The file that writing ``path`` replaces or creates: its real path, a
    link followed to its target. Anything but a regular file or a new file in
    an existing folder that may be written to is a one-line ClagError naming
    ``flag`` (the option that gave the path) or else the path.

    >>> check_target("/dev/null", "--save")
    Traceback (most recent call last):
    pyclag.errors.ClagError: --save /dev/null: a character device, not a regular file; give a regular file, or a new file in an existing folder
    >>> check_target("/nonexistent/game.json", "--record")
    Traceback (most recent call last):
    pyclag.errors.ClagError: --record /nonexistent/game.json: its folder /nonexistent does not exist; give a regular file, or a new file in an existing folder
    """
    if not isinstance(path, str):
        raise not_a("check_target", "path", "a file path (str)", path)
    where = f"{flag} {path}" if flag else f"cannot write {path}"
    if not path:
        raise ClagError(f"{where}: an empty path names no file; {_LEGAL}")
    target = os.path.realpath(path)
    if os.path.islink(path):
        where = f"{where} (a link to {target})"
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        _check_folder(where, os.path.dirname(target))
        return target
    except OSError as err:  # a loop of links, a folder on the way that cannot be searched
        raise ClagError(f"{where}: {err.strerror or err}") from None
    for test, kind in _KINDS:
        if test(mode):
            raise ClagError(f"{where}: {kind}, not a regular file; {_LEGAL}")
    if not stat.S_ISREG(mode):
        raise ClagError(f"{where}: not a regular file; {_LEGAL}")
    _check_folder(where, os.path.dirname(target))
    return target


def _check_folder(where: str, folder: str) -> None:
    if not os.path.isdir(folder):
        what = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise ClagError(f"{where}: its folder {folder} {what}; {_LEGAL}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ClagError(f"{where}: its folder {folder} cannot be written to; {_LEGAL}")


def write_whole(path: str, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to the file ``path``, whole or not at
    all: into a temporary file beside the target (a link's target), flushed to
    the disk, then renamed over it. The target is checked as
    :func:`check_target` does; a write that fails (a full disk, a folder made
    read-only since) is a one-line ClagError, the temporary file removed and
    the old file left as it was.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "game.json")
    >>> write_whole(path, "{}\\n"); open(path, encoding="utf-8").read()
    '{}\\n'
    >>> write_whole("/dev/null", "{}\\n")
    Traceback (most recent call last):
    pyclag.errors.ClagError: cannot write /dev/null: a character device, not a regular file; give a regular file, or a new file in an existing folder
    """
    if not isinstance(data, (str, bytes)):
        raise not_a("write_whole", "data", "str or bytes", data)
    target = check_target(path)
    folder, name = os.path.split(target)
    try:
        mode = _mode(target)
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=folder)
    except OSError as err:
        raise _cannot(path, err) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as err:  # Ctrl-C too: no temporary file is left behind
        with contextlib.suppress(OSError):
            os.remove(temporary)
        if isinstance(err, OSError):
            raise _cannot(path, err) from None
        raise
    _sync_folder(folder)


def _mode(target: str) -> int:
    """The permissions of the file written: the old file's, or for a new
    file those ``open`` would give it (read and write as the umask allows)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mask = os.umask(0o077)  # read the umask; the stricter one stands in for a moment
        os.umask(mask)
        return 0o666 & ~mask


def _sync_folder(folder: str) -> None:
    """Flush the rename to the disk where a folder can be opened (not on Windows)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _cannot(path: str, err: OSError) -> ClagError:
    return ClagError(f"cannot write {path}: {err.strerror or err}")

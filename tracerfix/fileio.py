"""Reading and writing user files without ever losing them.

A file is decoded with its own encoding (PEP 263 cookie, UTF-8 BOM) and written back in exactly the
same bytes form: same encoding, same BOM, same line endings (LibCST keeps them), same permissions.
Writes go to a temporary file in the same folder and replace the original with one atomic rename,
after checking that the file did not change while we worked on it.
"""

from __future__ import annotations

import codecs
import io
import os
import stat
import tokenize
from dataclasses import dataclass
from pathlib import Path


class FileError(Exception):
    """A file we cannot read or write: the message says why and what to do."""


@dataclass
class SourceFile:
    path: Path
    text: str
    encoding: str
    bom: bool
    raw: bytes

    def encode(self, text: str) -> bytes:
        data = text.encode(self.encoding)
        return codecs.BOM_UTF8 + data if self.bom else data


def decode(raw: bytes, path: Path) -> SourceFile:
    """`raw` as Python reads it: a PEP 263 cookie or a UTF-8 BOM names the encoding, else UTF-8.
    A file that is not valid in its encoding raises FileError (naming the line and the byte)."""
    bom = raw.startswith(codecs.BOM_UTF8)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    except SyntaxError as error:
        if not str(error).startswith("invalid or missing encoding declaration"):
            raise FileError(f"{error}; declare a valid `# -*- coding: ... -*-` cookie") from None
        # No cookie and the first lines are not UTF-8: decoding says which byte, on which line.
        encoding = "utf-8"
    if encoding == "utf-8-sig":
        encoding = "utf-8"
    body = raw[len(codecs.BOM_UTF8):] if bom else raw
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as error:
        line = body[: error.start].count(b"\n") + 1
        raise FileError(
            f"line {line}: not valid {encoding} (byte {body[error.start]:#04x}); save the file as "
            "UTF-8 or declare its encoding with a `# -*- coding: ... -*-` cookie"
        ) from None
    return SourceFile(path, text, encoding, bom, raw)


def read(path: Path) -> SourceFile:
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise FileError("is a directory, not a Python file") from None
    except PermissionError:
        raise FileError("permission denied while reading; check the file's permissions") from None
    except FileNotFoundError:
        raise FileError("no such file") from None
    except OSError as error:
        raise FileError(f"cannot read: {error.strerror or error}") from None
    return decode(raw, path)


def write(source: SourceFile, text: str) -> None:
    """Atomically replace `source.path` with `text`, keeping encoding, BOM and mode."""
    path = source.path
    try:
        data = source.encode(text)
    except UnicodeEncodeError as error:
        raise FileError(
            f"the rewrite holds {text[error.start]!r}, which {source.encoding} cannot encode; not written"
        ) from None
    target = path.resolve()  # write through a symlink to the file it points to, keeping the link
    try:
        current = target.read_bytes()
    except OSError as error:
        raise FileError(f"cannot re-read before writing: {error.strerror or error}") from None
    if current != source.raw:
        raise FileError("changed on disk while tracerfix was working on it; not written, run again")
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError as error:
        raise FileError(f"cannot stat: {error.strerror or error}") from None
    if not os.access(target, os.W_OK):
        raise FileError("is read-only; not written (make it writable, or use --diff to see the fix)")
    import tempfile  # only writing needs it: the save hook (`rewrite -`) decodes but never writes

    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tracerfix", dir=target.parent)
    except OSError as error:
        raise FileError(
            f"cannot create a temporary file next to it ({error.strerror or error}); not written"
        ) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise FileError(f"cannot write: {error.strerror or error}; the original is unchanged") from None
        raise

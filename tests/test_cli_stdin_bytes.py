"""The editor's save hook (`tracerfix rewrite -`) and `check -` on real bytes: encodings declared by
a PEP 263 cookie, bytes that are not valid UTF-8, a BOM, CRLF line endings.

Each form runs twice: as the save hook runs it (served before click is imported, tracerfix/entry.py)
and with one more flag, which sends the same work through click (tracerfix/cli.py).
"""

from __future__ import annotations

import codecs

import pytest

from test_cli import run

LEAK = "import jax\n\n\n@jax.jit\ndef f(x):\n    label = {label}\n    if x.sum() > 0:\n        x = x - 1\n    return x\n"
FIXED_LINE = "    x = jnp.where(x.sum() > 0, x - 1, x)"

# The fast path takes exactly these flags; `--select TFX` makes click parse the same request.
SAVE_HOOK = ("rewrite", "-", "--quiet", "--exit-zero", "--stdin-filename", "pkg/f.py")
FORMS = {"save hook": SAVE_HOOK, "click": (*SAVE_HOOK, "--select", "TFX")}


def leak(label: str, cookie: str = "") -> str:
    return (f"# -*- coding: {cookie} -*-\n" if cookie else "") + LEAK.format(label=label)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    "encoding, label", [("latin-1", '"café"'), ("cp1252", '"€ 100 – 5"')], ids=["latin-1", "cp1252"]
)
def test_a_declared_encoding_is_read_and_written_back_in_it(form, encoding, label):
    original = leak(label, cookie=encoding).encode(encoding)
    assert not _is_utf8(original), "the case must hold bytes that are not UTF-8"
    result = run(*FORMS[form], input=original, text=False)
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    out = result.stdout.decode(encoding)
    assert FIXED_LINE in out and f"label = {label}" in out
    assert result.stdout.count(label.encode(encoding)) == 1, "the text keeps its own encoding's bytes"

    check = run("check", "-", "--stdin-filename", "pkg/f.py", input=original, text=False)
    assert check.returncode == 1 and check.stdout.startswith(b"pkg/f.py:8:5: TFX101"), check.stderr


@pytest.mark.parametrize("form", FORMS)
def test_bytes_that_are_not_utf8_without_a_cookie_exit_2_and_come_back_unchanged(form):
    original = leak('"caf\udce9"').encode("utf-8", "surrogateescape")  # a lone Latin-1 0xE9
    result = run(*FORMS[form], input=original, text=False)
    assert result.returncode == 2, "--exit-zero does not hide a file that could not be processed"
    assert result.stdout == original, "the editor must get its buffer back byte for byte"
    stderr = result.stderr.decode()
    assert "Traceback" not in stderr
    assert stderr == (
        "pkg/f.py: error: line 6: not valid utf-8 (byte 0xe9); save the file as UTF-8 or declare its "
        "encoding with a `# -*- coding: ... -*-` cookie\n"
    )
    check = run("check", "-", input=original, text=False)
    assert check.returncode == 2 and b"Traceback" not in check.stderr
    assert check.stderr.startswith(b"<stdin>: error: line 6: not valid utf-8 (byte 0xe9)")


@pytest.mark.parametrize("form", FORMS)
def test_bom_and_crlf_survive_the_rewrite(form):
    original = codecs.BOM_UTF8 + leak('"ok"').replace("\n", "\r\n").encode()
    result = run(*FORMS[form], input=original, text=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(codecs.BOM_UTF8 + b"import jax\r\n")
    assert FIXED_LINE.encode() + b"\r\n" in result.stdout
    assert b"\n" not in result.stdout.replace(b"\r\n", b""), "every line ends in CRLF, as it came"


@pytest.mark.parametrize("form", FORMS)
def test_nothing_to_fix_and_a_syntax_error_print_the_input_byte_for_byte(form):
    clean = b"# -*- coding: latin-1 -*-\r\nimport jax\r\n\r\nname = '\xe9'\r\n"
    result = run(*FORMS[form], input=clean, text=False)
    assert (result.returncode, result.stdout) == (0, clean)
    broken = codecs.BOM_UTF8 + b"import jax\r\n@jax.jit\r\ndef f(x:\r\n    return x\r\n"
    result = run(*FORMS[form], input=broken, text=False)
    assert (result.returncode, result.stdout) == (2, broken)
    assert result.stderr.startswith(b"pkg/f.py:3:") and b"syntax error" in result.stderr


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True

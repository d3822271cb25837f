"""Numbers, system errors and the catalogues' tools follow the language (issue 23, part 4)."""

from __future__ import annotations

import errno
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from koza.i18n.catalog import LANGUAGES, po_path, pot_path
from koza.i18n.strings import number, t
from koza.i18n.system_errors import say_os_error
from koza.net.client import ClientError, KozaClient
from koza.tui.language import speak


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


@pytest.mark.parametrize(("lang", "text"), [("en", "12.0"), ("ru", "12,0"), ("ka", "12,0")])
def test_a_decimal_number_is_written_as_the_language_writes_it(lang: str, text: str) -> None:
    speak(lang)
    assert number(12.0) == text
    assert t("table.delay", s=0.5).endswith(("0.50 s", "0,50 с", "0,50 წმ"))
    assert ("0,50" in t("table.delay", s=0.5)) == (lang != "en")


def test_a_whole_number_and_a_text_are_left_alone() -> None:
    speak("ru")
    assert t("table.bazaar_left", n=12) == "Базар: 12"
    assert "6.4" in t("net.chat_line", name="Ива", text="6.4")


@pytest.mark.parametrize(
    ("error", "russian"),
    [
        (ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed"), "никто не отвечает"),
        (OSError("Multiple exceptions: [Errno 111] Connect call failed"), "никто не отвечает"),
        (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), "с таким именем нет"),
        (OSError(errno.EADDRINUSE, "address already in use"), "адрес уже занят"),
    ],
)
def test_a_system_error_is_said_in_russian_with_its_raw_text_as_a_detail(
    error: OSError, russian: str
) -> None:
    speak("ru")
    said = say_os_error(error)
    assert said.startswith(russian.split()[0]) or russian in said
    assert russian in said
    assert said.endswith(f"({' '.join(str(error).split())})")


async def test_a_refused_connection_is_said_in_the_language() -> None:
    speak("ka")
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nobody listens there now
    client = KozaClient(f"ws://127.0.0.1:{port}")
    with pytest.raises(ClientError) as caught:
        await client.connect()
    said = caught.value.said
    assert said is not None
    text = t(said.catalogue_key, **said.values)
    assert "არავინ პასუხობს" in text, text
    await client.close()


def catalogue_files() -> list[str]:
    return [str(pot_path())] + [str(po_path(lang)) for lang in LANGUAGES]


@pytest.mark.parametrize("path", catalogue_files())
def test_no_percent_sign_is_taken_for_a_python_format(path: str) -> None:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    flags = [line for line in lines if line.startswith("#,")]
    assert not [f for f in flags if "python-format" in f.replace("no-python-format", "")]
    assert any("no-python-format" in f for f in flags)  # "95% interval" says it is no format


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("path", catalogue_files())
def test_msgfmt_checks_every_catalogue(path: str) -> None:
    done = subprocess.run(
        ["msgfmt", "-c", "-o", "/dev/null", path], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "initial default value" not in done.stderr  # a real revision date, translator, team


@pytest.mark.parametrize(("lang", "sign", "between"), [("en", ".", ", "), ("ru", ",", "; ")])
def test_a_tournaments_figures_follow_the_language(lang: str, sign: str, between: str) -> None:
    """Means and intervals of ``koza tournament`` take the decimal sign; an interval's two
    ends are parted by "; " where that sign is a comma, so "[1,5; 2,0]" reads as two."""
    import re

    from koza.core.rules import RuleSet
    from koza.tournament import Setup, run, to_text

    speak(lang)
    text = to_text(run(Setup(("greedy", "random"), RuleSet(), "deals", 5), 6, jobs=1))
    figures = re.findall(r"-?\d+[.,]\d{3}\b", text)
    assert figures and all(sign in f for f in figures), text
    assert re.search(rf"\[\s*-?\d+[.,]\d+{re.escape(between)}\s*-?\d+[.,]\d+\]", text), text

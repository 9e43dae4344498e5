"""``standings serve`` as a user runs it: a real process, a real port, Ctrl-C."""

from __future__ import annotations

import re
import signal
import socket
import time
import urllib.request

from kit.servekit import serve, wait_for_line

SERVING = re.compile(r"serving .* at (http://\S+/)")


def test_ctrl_c_stops_the_server_within_a_second() -> None:
    with serve("events", "--port", "0") as process:
        match, _ = wait_for_line(process, SERVING)
        with urllib.request.urlopen(match.group(1), timeout=30) as response:
            assert response.status == 200
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, rest = process.communicate(timeout=5)
        assert time.monotonic() - started < 1.0
    assert process.returncode == 0
    assert rest == "standings serve: stopped\n"


def test_a_port_in_use_is_one_clear_line_and_exit_1() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with serve("events", "--port", str(port)) as process:
            out, err = process.communicate(timeout=60)
    assert process.returncode == 1
    assert err == (f"standings serve: port {port} is already in use on 127.0.0.1; "
                   "stop the other server or choose another port with --port\n")
    assert out == ""


def test_listening_beyond_this_machine_is_warned_about() -> None:
    with serve("events", "--port", "0", "--host", "0.0.0.0") as process:
        _, lines = wait_for_line(process, SERVING)
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=5)
    assert lines[0].startswith("standings serve: warning: listening on 0.0.0.0, so other "
                               "machines on the network can see this preview")

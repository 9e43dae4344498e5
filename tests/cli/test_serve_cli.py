"""``standings serve`` as a user runs it: a real process, a real port, Ctrl-C."""

from __future__ import annotations

import re
import signal
import socket
import urllib.request

from kit.servekit import serve, wait_for_line

SERVING = re.compile(r"serving .* at (http://\S+/)")
STOPPED_LONG_AGO_S = 60
"""Only a guard against a server that never stops: no test here asserts how fast it is."""


def test_ctrl_c_stops_the_server_and_releases_its_port() -> None:
    # Behaviour, not speed (a loaded machine takes its time; speed is bench/'s business):
    # the process ends by itself on SIGINT, says so, and leaves its port free for the next one.
    with serve("events", "--port", "0") as process:
        match, _ = wait_for_line(process, SERVING)
        address = match.group(1)
        with urllib.request.urlopen(address, timeout=30) as response:
            assert response.status == 200
        port = int(address.rsplit(":", 1)[1].strip("/"))
        process.send_signal(signal.SIGINT)
        _, rest = process.communicate(timeout=STOPPED_LONG_AGO_S)
    assert process.returncode == 0
    assert rest == "standings serve: stopped\n"
    with socket.socket() as next_server:
        # As a server binds (the preview too): a connection of ours in TIME_WAIT is no
        # listener, but a socket still listening on the port would make this fail.
        next_server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        next_server.bind(("127.0.0.1", port))
        next_server.listen()


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

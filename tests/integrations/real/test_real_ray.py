"""Ray 2.60, for real: a 2-node cluster on loopback (``ray start --head`` and ``ray start
--address``, token authentication on), joined by a driver that runs
``rlverify.integrations.ray.verify_dataset`` with ``address="host:port"`` (Ray Data) and with
``address="ray://host:port"`` (Ray Client: plain Ray tasks). Torn down by signalling the two
``ray start --block`` processes, then killing their process groups."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from _realfw import HERE, expected, need

pytestmark = pytest.mark.real_frameworks

# Ray rewrites 127.0.0.1/localhost to the machine's network address; another loopback address
# keeps every connection of the cluster on loopback.
HOST = "127.0.0.2"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _wait_listening(port: int, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"ray start exited with {proc.returncode}"
        with socket.socket() as s:
            if s.connect_ex((HOST, port)) == 0:
                return
        time.sleep(0.5)
    raise AssertionError(f"nothing listens on {HOST}:{port} after {timeout} s")


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM to `ray start --block` (it stops its node), then SIGKILL to what is left of its group."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # its own session (start_new_session): only our processes
    except ProcessLookupError:
        pass
    proc.wait(10)


@pytest.fixture(scope="module")
def cluster():
    need("ray")
    ray_bin = str(Path(sys.executable).parent / "ray")
    tmp = tempfile.mkdtemp(prefix="rv", dir="/tmp")  # short: Ray's unix sockets live under it
    env = {**os.environ, "RAY_TMPDIR": tmp, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32),
           "RAY_USAGE_STATS_ENABLED": "0"}
    env.pop("RAY_ADDRESS", None)
    gcs, client = _free_port(), _free_port()
    common = ["--block", "--node-ip-address", HOST, "--num-cpus", "1", "--disable-usage-stats"]
    procs = []
    log = open(Path(tmp) / "nodes.log", "w")
    try:
        procs.append(subprocess.Popen([ray_bin, "start", "--head", "--port", str(gcs), "--include-dashboard", "false",
                                       "--ray-client-server-port", str(client), *common],
                                      env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        _wait_listening(gcs, procs[0])
        procs.append(subprocess.Popen([ray_bin, "start", "--address", f"{HOST}:{gcs}", *common],
                                      env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        _wait_listening(client, procs[0])
        yield SimpleNamespace(address=f"{HOST}:{gcs}", client=f"ray://{HOST}:{client}", env=env)
    finally:
        for proc in reversed(procs):
            _stop(proc)
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


# Ray's client proxier starts one server process per client connection and gives up when that process is slow
# to come up on a loaded machine (seen once in a CI dry run while other jobs ran): that start is retried once.
_CLIENT_SERVER_START = "Starting Ray client server failed"


def _drive(cluster, address: str, env: dict | None = None) -> subprocess.CompletedProcess:
    def run() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(HERE / "ray_driver.py"), address], capture_output=True, text=True,
                              timeout=240, env={**(env or cluster.env), "PYTHONPATH": str(HERE)})

    proc = run()
    if proc.returncode != 0 and _CLIENT_SERVER_START in proc.stderr:
        time.sleep(5)
        proc = run()
    return proc


def _result(proc: subprocess.CompletedProcess) -> dict:
    import json

    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("kind", ["address", "client"])
def test_verify_dataset_on_a_two_node_cluster(cluster, kind):
    """The same rows verified through Ray Data (host:port) and through Ray Client (ray://)."""
    run = _result(_drive(cluster, getattr(cluster, kind)))
    assert len(run["nodes"]) == 2 and set(run["nodes"]) == {HOST}, run["nodes"]
    correct = []
    for (question, gold, response), verdict in zip(run["cases"], run["verdicts"], strict=True):
        want = expected(response, gold, question)
        assert verdict["score"] == want["score"] and verdict["source"] == want["source"], (response, verdict)
        assert verdict["extracted"] == want["extracted"]
        correct.append(verdict["correct"])
    assert len(correct) == 32 and 0 < sum(correct) < 32


def test_a_driver_without_the_auth_mode_cannot_join(cluster):
    """What the docs say: with token authentication on, RAY_AUTH_MODE=token is needed to join."""
    env = {k: v for k, v in cluster.env.items() if k not in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN")}
    env["RAY_AUTH_MODE"] = "disabled"
    proc = subprocess.run([sys.executable, "-c", f"import ray; ray.init(address={cluster.address!r})"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode != 0

import socket

import httpx
import pytest

from rlverify.judge.testing import Delay, Malformed, Reply, Script, Status, create_app, dead_base_url, serve


def test_script_rules_consume_in_order_and_repeat_the_last():
    s = Script(rules=[("K", [Status(500), Reply("a")])], default=[Reply("d")])
    assert [s.next_action(p) for p in ("xKx", "K", "K", "other")] == [Status(500), Reply("a"), Reply("a"), Reply("d")]
    assert s.requests == ["xKx", "K", "K", "other"]


def test_server_speaks_the_chat_api():
    s = Script(rules=[("bad", [Malformed()]), ("err", [Status(503)]), ("late", [Delay(0.05, Reply("L"))])])
    with serve(create_app(script=s, model_name="m")) as url:
        with httpx.Client(base_url=url + "/", timeout=5) as c:
            assert c.get("models").json()["data"][0]["id"] == "m"
            ok = c.post("chat/completions", json={"model": "m", "messages": [{"role": "user", "content": "hi"}]})
            assert ok.json()["choices"][0]["message"]["content"] == "Final Decision: Yes"
            late = c.post("chat/completions", json={"model": "m", "messages": [{"role": "user", "content": "late"}]})
            assert late.json()["choices"][0]["message"]["content"] == "L"
            assert c.post("chat/completions", json={"model": "m", "messages": [{"content": "err"}]}).status_code == 503
            with pytest.raises(ValueError):
                c.post("chat/completions", json={"model": "m", "messages": [{"content": "bad"}]}).json()
            assert c.post("chat/completions", json={"model": "x", "messages": []}).status_code == 404


def test_server_stops_and_port_is_freed():
    with serve(create_app(script=Script(), model_name="m")) as url:
        port = int(url.rsplit(":", 1)[1].split("/")[0])
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0


def test_dead_url_refuses():
    with pytest.raises(httpx.ConnectError):
        httpx.get(dead_base_url() + "/models", timeout=2)


def test_app_needs_exactly_one_mode():
    with pytest.raises(ValueError):
        create_app()
    with pytest.raises(ValueError):
        create_app(script=Script(), generator=object())

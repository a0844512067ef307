"""`rlverify serve [--host 127.0.0.1] [--port 8000] [--verifier NAME ...] [--token T]`

Runs the reward server (FastAPI + uvicorn): OpenRLHF's ``POST /reward``, ``POST /verify``,
``GET /health``, ``GET /metrics``. See ``rlverify.integrations.server``.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import sys

__all__ = ["add_parser", "run", "SWITCH_INTERVAL"]

from ..runtime.settings import SWITCH_INTERVAL


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run the reward server (OpenRLHF /reward, /verify, /metrics)",
                       description="Run the reward server (FastAPI + uvicorn; needs the server extra): "
                                   "OpenRLHF's POST /reward, POST /verify, GET /health and GET /metrics. "
                                   "It starts its CAS helpers before it listens.")
    p.add_argument("--host", default="127.0.0.1", help="bind address (default: loopback only)")
    p.add_argument("--port", type=int, default=8000, help="port")
    p.add_argument("--verifier", action="extend", nargs="+", metavar="NAME",
                   help="verifiers to serve (--verifier rule hybrid, or repeat the flag); the first is the "
                        "default (default: rule)")
    p.add_argument("--options", default=None, metavar="JSON",
                   help='verifier options by name as a JSON object, e.g. \'{"hybrid": {"judge": "gullible"}}\' '
                        '(default: none)')
    p.add_argument("--token", default=os.environ.get("RLVERIFY_TOKEN"),
                   help="require 'Authorization: Bearer TOKEN' (default: $RLVERIFY_TOKEN, else none)")
    p.add_argument("--workers", type=int, default=None,
                   help="rule processes (rlverify.runtime.pool) for the rule stage of judge-backed verifiers and "
                        "their rule fallback (default min(4, CPUs); 0 = in a thread)")
    p.add_argument("--inline-batch", type=int, default=None, metavar="N",
                   help="those rule batches of at most N items are verified in a thread instead of the process "
                        "pool (default: 64; 0 = always the pool)")
    p.add_argument("--rule-threads", type=int, default=None, metavar="N",
                   help="threads verifying the rule verifier's items, shared by the waiting requests in turn "
                        "(default: 16; at most half of them, and one per CAS helper, on one request)")
    p.add_argument("--judge-budget", type=float, default=None, metavar="SECONDS",
                   help="time budget of one judge call (connect, read, retries); past it the rule verdicts "
                        "answer, flagged judge_unavailable (default: 120, under OpenRLHF's 180 s client timeout)")
    p.add_argument("--header-timeout", type=float, default=None, metavar="SECONDS",
                   help="close connections that do not finish their request headers within this time "
                        "(default: 10)")
    p.add_argument("--max-body-mb", type=float, default=32.0, help="request body limit in MiB")
    p.add_argument("--max-items", type=int, default=4096, help="items per request limit")
    p.add_argument("--judge-concurrency", type=int, default=4,
                   help="batches in flight per non-rule verifier")
    p.add_argument("--http-workers", type=int, default=1,
                   help="HTTP server processes sharing the port (uvicorn workers; each has its own rule "
                        "processes and /metrics)")
    p.add_argument("--log-level", default="warning", help="uvicorn log level")
    p.set_defaults(func=run)


def _options(text: str | None) -> dict:
    from ..errors import BadInputError

    if not text:
        return {}
    try:
        opts = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInputError(f"--options is not valid JSON: {e.msg} at char {e.pos}") from None
    if not isinstance(opts, dict) or not all(isinstance(v, dict) for v in opts.values()):
        raise BadInputError('--options must map verifier names to option objects, e.g. {"rule": {}}')
    return opts


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _uvicorn_options(args: argparse.Namespace) -> dict:
    """uvloop and httptools when installed (the ``server`` extra installs both; uvicorn's pure
    Python parser costs more CPU per request), no proxy-header rewriting (the server never
    reads client addresses), no access log."""
    from importlib.util import find_spec

    from ..integrations._http_guard import guarded_protocol

    opts = {"host": args.host, "port": args.port, "log_level": args.log_level, "access_log": False,
            "proxy_headers": False}
    for key, module in (("loop", "uvloop"), ("http", "httptools")):
        if find_spec(module) is not None:
            opts[key] = module
    opts["http"] = guarded_protocol(opts.get("http", "h11"))  # closes connections stuck in their headers
    return opts


def run(args: argparse.Namespace) -> int:
    from ..errors import BadInputError, MissingDependencyError

    try:
        import uvicorn

        from ..integrations.server import APP_CONFIG_ENV, create_app
    except ModuleNotFoundError as e:
        raise MissingDependencyError(f"the server needs {e.name}: pip install 'rlverify[server]'") from None
    config = {"verifiers": args.verifier or ["rule"], "token": args.token, "workers": args.workers,
              "options": _options(args.options), "max_body_bytes": int(args.max_body_mb * 1024 * 1024),
              "max_items": args.max_items, "judge_concurrency": args.judge_concurrency}
    if args.inline_batch is not None:
        config["inline_batch"] = args.inline_batch
    for key in ("rule_threads", "judge_budget", "header_timeout"):
        if getattr(args, key, None) is not None:
            config[key] = getattr(args, key)
    if args.http_workers < 1:
        raise BadInputError(f"--http-workers must be >= 1, got {args.http_workers}")
    if not _is_loopback(args.host) and not args.token:
        print(f"rlverify serve: warning: listening on {args.host} without --token", file=sys.stderr)
    print(f"rlverify serve: http://{args.host}:{args.port} verifiers={','.join(args.verifier or ['rule'])}",
          file=sys.stderr, flush=True)
    # The event loop shares the GIL with the batch thread: hand it over sooner than every 5 ms.
    sys.setswitchinterval(SWITCH_INTERVAL)
    if args.http_workers == 1:
        from ..integrations._http_guard import set_header_timeout

        if "header_timeout" in config:
            set_header_timeout(config.pop("header_timeout"))
        uvicorn.run(create_app(**config), **_uvicorn_options(args))
        return 0
    # Several processes: uvicorn imports the app factory in each (settings travel in the environment).
    os.environ[APP_CONFIG_ENV] = json.dumps(config)
    uvicorn.run("rlverify.integrations.server:app_from_env", factory=True, workers=args.http_workers,
                **_uvicorn_options(args))
    return 0

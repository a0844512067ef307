"""Runtime support shared by every verifier: bounded helper processes (``bounded``: hard
per-item deadlines without signals, from any thread), the verifier process pool (``pool``), named
caps on untrusted input (``limits``), process-wide caches with one ``clear_caches()`` (``caches``),
and the list of every ``RLVERIFY_*`` environment variable (``settings``).

May import: ``rlverify.errors``, ``rlverify.registry``, ``rlverify.verdict`` and the standard
library; the pool builds verifiers by registry name only. Never ``rule``, ``guard``, ``judge``,
``analysis``, ``integrations`` or ``cli`` directly.
"""

from .caches import clear_caches, register_cache

__all__ = ["clear_caches", "register_cache"]

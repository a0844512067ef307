"""Instruments that measure verifiers: static evaluation (``evaluate``) and its report
(``report``: tables, JSON, Markdown, plots), the reward-hacking probe and its attack catalogue
(``attacks``), the pathological corpus for speed and bounds (``pathological``), and the training
monitor (``monitor``).

May import: every verifier layer (``rule``, ``guard``, ``judge``, ``hybrid`` through the registry),
``runtime``, ``integrations.ray`` (lazily, for ``eval --ray``). Never ``cli``. Plotting and
progress libraries (matplotlib, rich, tqdm) are imported lazily: they belong to the ``analysis``
extra, and the core imports without them.
"""

__all__: list[str] = []

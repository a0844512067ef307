import threading

import pytest

from rlverify.judge.cache import JudgeCache


def test_hits_misses_and_lru_bound():
    c = JudgeCache(maxsize=2)
    assert c.get("a") is None and c.misses == 1
    c.put("a", 1)
    c.put("b", 2)
    assert c.get("a") == 1 and c.hits == 1  # "a" becomes most recent
    c.put("c", 3)                             # evicts "b", the least recent
    assert c.get("b") is None and c.get("a") == 1 and c.get("c") == 3
    assert len(c) == 2 and c.stats() == {"hits": 3, "misses": 2, "size": 2, "maxsize": 2}
    c.clear()
    assert len(c) == 0 and c.hits == c.misses == 0


def test_bad_size():
    with pytest.raises(ValueError):
        JudgeCache(0)


def test_thread_safe_counts():
    c = JudgeCache(maxsize=50)

    def work(k):
        for i in range(500):
            c.put((k, i % 60), i)
            c.get((k, i % 70))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert c.hits + c.misses == 2000 and len(c) == 50

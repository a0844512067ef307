"""rlverify.runtime.caches: the LRU memo of pure one-string readers."""

from __future__ import annotations

from rlverify.runtime.caches import memo_text


def test_short_texts_are_memoized_long_ones_and_other_types_are_not() -> None:
    calls: list[object] = []

    @memo_text(maxsize=4, max_chars=10)
    def reader(text):  # type: ignore[no-untyped-def]
        calls.append(text)
        return (text,)

    assert reader("abc") == ("abc",) and reader("abc") == ("abc",)
    assert calls == ["abc"]
    long = "x" * 11
    reader(long), reader(long)
    assert calls == ["abc", long, long]
    reader(None), reader(None)
    assert calls[-2:] == [None, None]
    reader.cache_clear()
    reader("abc")
    assert calls[-1] == "abc" and len(calls) == 6


def test_bare_decorator_and_the_readers_it_wraps() -> None:
    from rlverify.rule.answers.latex import clean
    from rlverify.rule.answers.shapes import parse_shape

    @memo_text
    def ident(text):  # type: ignore[no-untyped-def]
        return text

    assert ident("q") == "q" and ident.cache_info().hits == 0
    ident("q")
    assert ident.cache_info().hits == 1
    assert clean(r"$\frac{1}{2}$") == clean(r"$\frac{1}{2}$")
    assert parse_shape("(1, 2)") is parse_shape("(1, 2)")  # one frozen Shape, shared

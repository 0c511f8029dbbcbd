"""The guards every reader goes through (``rr.untrusted``): each limit holds exactly at its
value, and each refusal is the caller's typed error with a message that names the problem."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import attrs
import msgpack
import pytest

from rr.errors import BadInputError, CorruptLogError
from rr.events import log
from rr.untrusted import (
    MAX_DEPTH, MAX_FILE_BYTES, MAX_INT, MAX_ITEMS, check_shape, load_json, read_bytes, text_of,
)
from tests.oracle.games import finished
from tests.oracle.logformat import Block, encode_v1, split_v2


def test_the_limits_are_the_documented_ones() -> None:
    """32 MiB per file, 32 levels, 10 000 items, and the largest integer msgpack stores."""
    assert MAX_FILE_BYTES == 32 * 1024 * 1024
    assert MAX_DEPTH == 32 and MAX_ITEMS == 10_000
    assert MAX_INT == 18_446_744_073_709_551_615


def test_read_bytes_reads_a_file_of_exactly_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big"
    with open(path, "wb") as file:
        file.truncate(MAX_FILE_BYTES)
    assert len(read_bytes(path, BadInputError)) == MAX_FILE_BYTES


def test_read_bytes_refuses_one_byte_more(tmp_path: Path) -> None:
    """A size bomb: refused before it is parsed, with the caller's error type."""
    path = tmp_path / "bomb"
    with open(path, "wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(CorruptLogError) as caught:
        read_bytes(path, CorruptLogError)
    assert str(caught.value) == f"{path} is larger than 32 MiB; rr reads no file that big"


def test_read_bytes_names_why_a_file_cannot_be_read(tmp_path: Path) -> None:
    """A missing file: the system's reason, without the errno clutter; a folder; a NUL."""
    missing = tmp_path / "nowhere.rrlog"
    with pytest.raises(BadInputError) as caught:
        read_bytes(missing, BadInputError)
    assert str(caught.value) == f"cannot read {missing}: No such file or directory"
    with pytest.raises(BadInputError) as caught:
        read_bytes(tmp_path, BadInputError)
    assert str(caught.value) == f"cannot read {tmp_path}: it is a folder, not a file"
    with pytest.raises(BadInputError) as caught:
        read_bytes("a\x00b", BadInputError)
    assert str(caught.value) == "cannot read 'a\\x00b': embedded null byte"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a mode-000 file")
def test_read_bytes_names_a_permission_problem(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    path.write_bytes(b"{}")
    path.chmod(0)
    with pytest.raises(BadInputError) as caught:
        read_bytes(path, BadInputError)
    assert str(caught.value) == f"cannot read {path}: Permission denied"


def test_text_of_drops_a_byte_order_mark_and_names_a_bad_byte() -> None:
    assert text_of(b"\xef\xbb\xbf{}", "x", BadInputError) == "{}"
    with pytest.raises(BadInputError) as caught:
        text_of(b"ab\xffc", "the table", BadInputError)
    assert str(caught.value) == "the table is not UTF-8 text (byte 2 is 0xff)"


def test_load_json_reads_a_value_and_names_where_it_is_not_json() -> None:
    assert load_json('{"a": [1, -2, true]}', "x", BadInputError) == {"a": [1, -2, True]}
    with pytest.raises(BadInputError) as caught:
        load_json("[1,]", "the file", BadInputError)
    assert str(caught.value) == "the file is not JSON: Expecting value at column 4"
    with pytest.raises(BadInputError) as caught:
        load_json("[\n1,]", "the file", BadInputError)
    assert str(caught.value) == "the file is not JSON: Expecting value at line 2 column 3"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_load_json_refuses_the_non_numbers(constant: str) -> None:
    with pytest.raises(BadInputError) as caught:
        load_json(f"[{constant}]", "the file", BadInputError)
    assert str(caught.value) == (f"the file is not JSON rr accepts: {constant} is not a JSON "
                                 "number")


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_load_json_accepts_exactly_max_depth_levels() -> None:
    value = load_json(_nested(MAX_DEPTH), "x", BadInputError)
    for _ in range(MAX_DEPTH - 1):
        value = value[0]
    assert value == []


def test_load_json_refuses_one_level_more() -> None:
    with pytest.raises(BadInputError) as caught:
        load_json(_nested(MAX_DEPTH + 1), "the file", BadInputError)
    assert str(caught.value) == "the file nests deeper than 32 levels"
    with pytest.raises(BadInputError) as caught:  # an object counts as a level too
        load_json('{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), "f", BadInputError)
    assert str(caught.value) == "f nests deeper than 32 levels"


def test_load_json_refuses_a_recursion_bomb_with_a_typed_error() -> None:
    with pytest.raises(BadInputError) as caught:
        load_json(_nested(100_000), "the file", BadInputError)
    assert str(caught.value) == ("the file is not JSON rr accepts: it nests deeper than 32 "
                                 "levels")


def test_load_json_integers_up_to_the_limit() -> None:
    """The largest integer msgpack stores is read, either sign; one more is refused, its
    digits cut to 12 in the message."""
    assert load_json(f"[{MAX_INT}, -{MAX_INT}]", "x", BadInputError) == [MAX_INT, -MAX_INT]
    for text in (str(MAX_INT + 1), f"-{MAX_INT + 1}"):
        with pytest.raises(BadInputError) as caught:
            load_json(f"[{text}]", "the file", BadInputError)
        assert str(caught.value) == (f"the file is not JSON rr accepts: the number "
                                     f"{text[:12]}… (20 digits) is too large; the limit is "
                                     f"{MAX_INT}")
    with pytest.raises(BadInputError, match=r"the number 999999999999… \(5000 digits\)"):
        load_json("9" * 5000, "the file", BadInputError)


def test_check_shape_counts_dict_keys_and_tuples_as_nesting() -> None:
    """Decoded msgpack: tuples and map keys are looked into, level by level."""
    deep: object = 1
    for _ in range(MAX_DEPTH - 1):
        deep = (deep,)
    check_shape({"k": deep}, "x", CorruptLogError)  # 32 levels: the map, then 31 tuples
    with pytest.raises(CorruptLogError) as caught:
        check_shape({"k": [deep]}, "record 3", CorruptLogError)
    assert str(caught.value) == "record 3 nests deeper than 32 levels"
    with pytest.raises(CorruptLogError, match="record 3 holds a number too large"):
        check_shape({MAX_INT + 1: 0}, "record 3", CorruptLogError)


def test_check_shape_refuses_a_number_beyond_the_limit_anywhere() -> None:
    check_shape([MAX_INT, -MAX_INT, True, 1.5e300, "9" * 40], "x", CorruptLogError)
    cases: list[tuple[object, int]] = [([MAX_INT + 1], 20), ([[-MAX_INT - 1]], 21),
                                       ({"a": {"b": 10**30}}, 31)]
    for value, digits in cases:
        with pytest.raises(CorruptLogError) as caught:
            check_shape(value, "record 7", CorruptLogError)
        assert str(caught.value) == (f"record 7 holds a number too large to be one rr wrote "
                                     f"({digits} digits; the limit is {MAX_INT})")


def _binary_log_with_long_string(length: int) -> bytes:
    """A version 1 binary log whose first record's event is a string of ``length`` bytes."""
    data = encode_v1(finished(2, 3))
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    header = unpacker.unpack()
    blob = msgpack.packb(header, use_bin_type=True)
    previous = hashlib.sha256(blob).digest()
    return blob + msgpack.packb([0, previous, "x" * length], use_bin_type=True)


def test_a_binary_log_string_of_max_items_bytes_is_read_one_more_is_a_bomb() -> None:
    """A string of 10 000 bytes is read (then refused as no event); 10 001 is refused by
    the msgpack reader itself, before the memory is allocated."""
    with pytest.raises(CorruptLogError) as caught:
        log.decode(_binary_log_with_long_string(MAX_ITEMS))
    assert "not valid msgpack" not in str(caught.value)
    assert str(caught.value).startswith("record 0: ")
    with pytest.raises(CorruptLogError) as caught:
        log.decode(_binary_log_with_long_string(MAX_ITEMS + 1))
    assert str(caught.value).startswith("record 0 is not valid msgpack")


def test_a_version_2_block_string_of_max_items_bytes_is_read_one_more_is_a_bomb() -> None:
    """The same inside a version 2 block (its chain right): 10 000 bytes are read (then
    refused as no event), 10 001 refused by the msgpack reader."""
    split = split_v2(log.encode(finished(2, 3)))

    def holding(length: int) -> bytes:
        record = msgpack.packb("x" * length, use_bin_type=True)
        return attrs.evolve(split, blocks=(Block(1, b"", (record,)),)).rechained()

    with pytest.raises(CorruptLogError) as caught:
        log.decode(holding(MAX_ITEMS))
    assert "not valid msgpack" not in str(caught.value)
    assert str(caught.value).startswith("record 0, in block 0 (record 0, at byte ")
    with pytest.raises(CorruptLogError) as caught:
        log.decode(holding(MAX_ITEMS + 1))
    assert str(caught.value).startswith("record 0, in block 0 (record 0, at byte ")
    assert "is not valid msgpack" in str(caught.value)

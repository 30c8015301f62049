"""Structured Field Values (RFC 8941), the part HTTP Message Signatures use: parsing a Dictionary of Items and Inner
Lists with Parameters, and serializing them back (the signature base holds the serialized Signature-Input)."""

import base64
import re
from typing import Dict, List, Tuple, Union

BareItem = Union[int, float, str, bytes, bool, "Token"]
Parameters = Dict[str, BareItem]
Item = Tuple[BareItem, Parameters]
InnerList = Tuple[List[Item], Parameters]


class Token(str):
    """A token (an unquoted identifier), kept apart from a string: they serialize differently."""


class ParseError(ValueError):
    pass


_KEY = re.compile(r"[a-z*][a-z0-9_\-.*]*")
_TOKEN = re.compile(r"[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*")
_NUMBER = re.compile(r"-?\d{1,15}(\.\d{1,3})?")


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def skip_spaces(self, also_tabs: bool = False) -> None:
        while self.peek() == " " or (also_tabs and self.peek() == "\t"):
            self.at += 1

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise ParseError(f"expected {char!r} at {self.at}")
        self.at += 1

    def key(self) -> str:
        match = _KEY.match(self.text, self.at)
        if not match:
            raise ParseError(f"expected a key at {self.at}")
        self.at = match.end()
        return match.group(0)

    def bare_item(self) -> BareItem:
        char = self.peek()
        if char == '"':
            return self.string()
        if char == ":":
            return self.byte_sequence()
        if char == "?":
            self.at += 1
            value = self.peek()
            if value not in ("0", "1"):
                raise ParseError("a boolean is ?0 or ?1")
            self.at += 1
            return value == "1"
        if char == "-" or char.isdigit():
            match = _NUMBER.match(self.text, self.at)
            if not match:
                raise ParseError(f"bad number at {self.at}")
            self.at = match.end()
            return float(match.group(0)) if match.group(1) else int(match.group(0))
        match = _TOKEN.match(self.text, self.at)
        if not match:
            raise ParseError(f"unexpected {char!r} at {self.at}")
        self.at = match.end()
        return Token(match.group(0))

    def string(self) -> str:
        self.expect('"')
        out = []
        while True:
            char = self.peek()
            if char == "":
                raise ParseError("unterminated string")
            self.at += 1
            if char == "\\":
                escaped = self.peek()
                if escaped not in ('"', "\\"):
                    raise ParseError("bad escape in a string")
                out.append(escaped)
                self.at += 1
            elif char == '"':
                return "".join(out)
            elif not (" " <= char <= "~"):
                raise ParseError("a string holds visible ASCII only")
            else:
                out.append(char)

    def byte_sequence(self) -> bytes:
        self.expect(":")
        end = self.text.find(":", self.at)
        if end < 0:
            raise ParseError("unterminated byte sequence")
        value = self.text[self.at:end]
        if not re.fullmatch(r"[A-Za-z0-9+/=]*", value):
            raise ParseError("a byte sequence is base64")
        self.at = end + 1
        try:
            return base64.b64decode(value, validate=True)
        except ValueError as error:
            raise ParseError("a byte sequence is base64") from error

    def parameters(self) -> Parameters:
        params: Parameters = {}
        while self.peek() == ";":
            self.at += 1
            self.skip_spaces()
            name = self.key()
            value: BareItem = True
            if self.peek() == "=":
                self.at += 1
                value = self.bare_item()
            params[name] = value
        return params

    def item_or_inner_list(self) -> Union[Item, InnerList]:
        if self.peek() != "(":
            value = self.bare_item()
            return (value, self.parameters())
        self.at += 1
        items: List[Item] = []
        while True:
            self.skip_spaces()
            if self.peek() == ")":
                self.at += 1
                return (items, self.parameters())
            value = self.bare_item()
            items.append((value, self.parameters()))
            if self.peek() not in (" ", ")"):
                raise ParseError(f"expected a space or ) at {self.at}")


def parse_dictionary(text: str) -> Dict[str, Union[Item, InnerList]]:
    """A Dictionary field's members, by key; raises ParseError for anything RFC 8941 does not allow."""
    parser = _Parser(text)
    members: Dict[str, Union[Item, InnerList]] = {}
    parser.skip_spaces()
    if parser.peek() == "":
        return members
    while True:
        name = parser.key()
        if parser.peek() == "=":
            parser.at += 1
            members[name] = parser.item_or_inner_list()
        else:
            members[name] = (True, parser.parameters())
        parser.skip_spaces(also_tabs=True)
        if parser.peek() == "":
            return members
        parser.expect(",")
        parser.skip_spaces(also_tabs=True)
        if parser.peek() == "":
            raise ParseError("a trailing comma")


def is_inner_list(member: Union[Item, InnerList]) -> bool:
    return isinstance(member[0], list)


def serialize_bare_item(value: BareItem) -> str:
    if isinstance(value, bool):
        return "?1" if value else "?0"
    if isinstance(value, Token):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bytes):
        return ":" + base64.b64encode(value).decode("ascii") + ":"
    if isinstance(value, int):
        return str(value)
    return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.1f}"


def serialize_parameters(params: Parameters) -> str:
    return "".join(f";{name}" if value is True else f";{name}={serialize_bare_item(value)}" for name, value in params.items())


def serialize_item(item: Item) -> str:
    return serialize_bare_item(item[0]) + serialize_parameters(item[1])


def serialize_inner_list(inner: InnerList) -> str:
    items, params = inner
    return "(" + " ".join(serialize_item(item) for item in items) + ")" + serialize_parameters(params)

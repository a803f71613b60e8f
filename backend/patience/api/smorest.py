"""The one place that customises flask-smorest: Api, Blueprint, Schema (and unions of them),
the arguments parser and the OpenAPI converter.

Every resource inherits the same conventions from here: the error shape and its documentation,
400 (not 422) for bodies that fail validation, 415 for non-JSON bodies, and bearer-token auth.
"""

from __future__ import annotations

import functools
import http
import json
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NoReturn, TypeVar, cast

import flask
import flask_smorest
import marshmallow as ma
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_instance
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from webargs import core
from webargs.flaskparser import FlaskParser

from patience.api.errors import ApiError, register_error_handlers
from patience.api.inputs import parse_json
from patience.api.middleware import enforce_rate_limit
from patience.api.paths import CONVERTERS, document

F = TypeVar("F", bound=Callable[..., Any])

BEARER = "bearerAuth"


class Schema(ma.Schema):
    """Base schema: unknown fields are rejected (and documented as such)."""

    class Meta:
        unknown = ma.RAISE


Choices = Mapping[str, type[ma.Schema]]


class UnionSchema(Schema):
    """A value that is one of several schemas, told apart by one of its fields (``tag``):
    documented as an OpenAPI ``oneOf`` with a discriminator, so that typed clients get a
    discriminated union. Dumping passes the value through (the service builds these
    values as JSON already; the choices document them exactly, and tests load real values
    through them); loading checks the value against its choice."""

    tag: ClassVar[str]
    choices: ClassVar[Choices]

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        return obj

    def load(self, data: Any, *args: Any, **kwargs: Any) -> Any:
        many = kwargs.pop("many", None)
        if many if many is not None else self.many:
            return [self.load(item, *args, **kwargs) for item in data]
        if not isinstance(data, dict) or data.get(self.tag) not in self.choices:
            raise ma.ValidationError({self.tag: [f"one of {', '.join(self.choices)}"]})
        return self.choices[data[self.tag]]().load(data, *args, **kwargs)


class _Converter(OpenAPIConverter):
    """apispec's marshmallow converter, documenting :class:`UnionSchema` as ``oneOf``."""

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        instance = resolve_schema_instance(schema)
        if not isinstance(instance, UnionSchema):
            plain = cast(Callable[[Any], dict[str, Any]], super().schema2jsonschema)
            return plain(schema)
        resolve = cast(Callable[[Any], dict[str, str]], self.resolve_nested_schema)
        refs = {tag: resolve(choice) for tag, choice in instance.choices.items()}
        mapping = {tag: ref["$ref"] for tag, ref in refs.items()}
        unique = list({ref["$ref"]: ref for ref in refs.values()}.values())
        discriminator = {"propertyName": instance.tag, "mapping": mapping}
        return {"oneOf": unique, "discriminator": discriminator}


class _Plugin(MarshmallowPlugin):
    Converter = _Converter


def tag(value: str) -> ma.fields.String:
    """The field that tells the choices of a union apart (its one value documented as an
    enum, so typed clients get a literal)."""
    return ma.fields.String(required=True, validate=ma.validate.OneOf([value]))


class StrictBoolean(ma.fields.Boolean):
    """A JSON boolean only (not ``1``, ``"yes"`` or ``"true"``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class ErrorSchema(Schema):
    """Every error response."""

    code = ma.fields.Integer(required=True, metadata={"description": "HTTP status code"})
    status = ma.fields.String(required=True, metadata={"description": "HTTP status phrase"})
    message = ma.fields.String(required=True, metadata={"description": "A short English sentence"})
    reason = ma.fields.String(
        required=True, metadata={"description": "Stable snake_case machine code"}
    )
    errors = ma.fields.Dict(
        required=True, metadata={"description": "Per-field details ({} when none)"}
    )
    game = ma.fields.Dict(
        metadata={"description": "The current GameView (409 version_conflict only)"}
    )
    max = ma.fields.Integer(
        metadata={"description": "The most cards that may move (422 too_many_cards only)"}
    )
    line = ma.fields.Integer(
        metadata={"description": "Where in a record the error is: its line, from 1 (records)"}
    )
    column = ma.fields.Integer(
        metadata={"description": "... and its column, from 1, in characters (records)"}
    )


class Parser(FlaskParser):
    """webargs parser: 400 for validation errors, ``invalid_json``, 415 for non-JSON bodies."""

    DEFAULT_VALIDATION_STATUS = 400

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Unknown query parameters are rejected like unknown body fields.
        self.DEFAULT_UNKNOWN_BY_LOCATION = {
            **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
            "query": ma.RAISE,
        }

    def _raw_load_json(self, req: flask.Request) -> Any:
        body = req.get_data(cache=True)
        if not body:
            return {}
        if not core.is_json(req.mimetype):
            raise ApiError(415, "unsupported_media_type", "the body must be application/json")
        return parse_json(body)

    def _handle_invalid_json_error(
        self,
        error: json.JSONDecodeError | UnicodeDecodeError,
        req: flask.Request,
        *args: Any,
        **kwargs: Any,
    ) -> NoReturn:
        raise ApiError(400, "invalid_json", "the body is not valid JSON")

    def handle_error(
        self,
        error: ma.ValidationError,
        req: flask.Request,
        schema: ma.Schema,
        *,
        error_status_code: int | None,
        error_headers: Any,
    ) -> NoReturn:
        messages = error.normalized_messages()  # type: ignore[no-untyped-call]
        # One location per schema: report the fields themselves, not {"json": {...}}.
        if len(messages) == 1 and isinstance(next(iter(messages.values())), dict):
            messages = next(iter(messages.values()))
        raise ApiError(400, "invalid_request", "the request failed validation", messages)


class Blueprint(flask_smorest.Blueprint):
    """Blueprint with bearer-token auth and documented error responses."""

    ARGUMENTS_PARSER = Parser()

    # Typed views of flask-smorest's decorators (the library ships no type information).

    def route(self, rule: str, **options: Any) -> Callable[[F], F]:
        """Register a view (see :meth:`flask_smorest.Blueprint.route`)."""
        return cast(Callable[[F], F], super().route(rule, **options))

    def arguments(self, schema: Any, **kwargs: Any) -> Callable[[F], F]:
        """Parse and validate the request (see :meth:`flask_smorest.Blueprint.arguments`);
        a schema class is instantiated once here, not by webargs on every request."""
        instance = schema() if isinstance(schema, type) else schema
        return cast(Callable[[F], F], super().arguments(instance, **kwargs))

    def response(self, status_code: int, schema: Any = None, **kwargs: Any) -> Callable[[F], F]:
        """Serialise the response (see :meth:`flask_smorest.Blueprint.response`)."""
        return cast(Callable[[F], F], super().response(status_code, schema, **kwargs))

    def alt_response(self, status_code: int, **kwargs: Any) -> Callable[[F], F]:
        """Document another response (see :meth:`flask_smorest.Blueprint.alt_response`)."""
        return cast(Callable[[F], F], super().alt_response(status_code, **kwargs))

    def doc(self, **kwargs: Any) -> Callable[[F], F]:
        """Add OpenAPI documentation (see :meth:`flask_smorest.Blueprint.doc`)."""
        return cast(Callable[[F], F], super().doc(**kwargs))

    def errors(self, *codes: int) -> Callable[[F], F]:
        """Document error responses (the one error shape) for ``codes``."""

        def decorator(func: F) -> F:
            for code in codes:
                func = self.alt_response(code, response=_status_name(code))(func)
            return func

        return decorator

    def auth_required(self, func: F) -> F:
        """Require a bearer token, checked before anything else (put it right under ``route``).

        The player is available as :func:`patience.api.auth.current_player`.
        """
        from patience.api.auth import authenticate

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            authenticate()
            return func(*args, **kwargs)

        return self.errors(401)(self.doc(security=[{BEARER: []}])(cast(F, wrapper)))

    def auth_optional(self, func: F) -> F:
        """Document that a bearer token is welcome but not required (the route asks for the
        player with :func:`patience.api.auth.optional_player_id`; a bad token is 401)."""
        return self.errors(401)(self.doc(security=[{}, {BEARER: []}])(func))

    def rate_limited(self, scope: str) -> Callable[[F], F]:
        """Count the request against the ``scope`` limit: 429 ``rate_limited`` with
        ``Retry-After`` when over it (see :mod:`patience.api.middleware`; put it under
        ``auth_required`` for per-player scopes)."""

        def decorator(func: F) -> F:
            @functools.wraps(func)
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                enforce_rate_limit(scope)
                return func(*args, **kwargs)

            return self.errors(429)(cast(F, wrapper))

        return decorator


def _status_name(code: int) -> str:
    return http.HTTPStatus(code).name


class Api(flask_smorest.Api):
    """Api with the error shape of :mod:`patience.api.errors`, a bearer security scheme, and
    unions documented as ``oneOf`` (:class:`UnionSchema`)."""

    ERROR_SCHEMA = ErrorSchema

    def __init__(self, app: flask.Flask | None = None) -> None:
        super().__init__(app, spec_kwargs={"marshmallow_plugin": _Plugin()})

    def _register_error_handlers(self) -> None:
        register_error_handlers(self._app)

    def init_app(self, app: flask.Flask, *args: Any, **kwargs: Any) -> None:
        super().init_app(app, *args, **kwargs)
        for name, converter in CONVERTERS.items():  # before any route uses them
            app.url_map.converters[name] = converter
            self.register_converter(converter, document)
        self.spec.components.security_scheme(
            BEARER, {"type": "http", "scheme": "bearer", "description": "POST /players token"}
        )


FAIR_PLAY_MARKS = ("ok", "review", "pending")


def fair_play_field() -> ma.fields.String:
    """A win's fair-play mark, as leaderboards and personal bests show it."""
    return ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(FAIR_PLAY_MARKS),
        metadata={
            "description": "review: the win's choices show knowledge of cards unseen when "
            "they were made (shown, not removed: an operator decides); pending: not weighed "
            "yet (docs/api/ranked.md documents the statistic)"
        },
    )

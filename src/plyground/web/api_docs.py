"""The API's interactive docs (``/docs``, Swagger UI), served from this server alone.

FastAPI's default page loads Swagger UI's script and style from a CDN, so
it is blank offline. Here its files come from the ``swagger-ui-bundle-v2``
package (the maintained Swagger UI 5 bundle, importable as ``swagger_ui_bundle``;
part of the ``web`` extra), mounted under ``/docs/assets``, as
FastAPI's recipe for self-hosted docs does.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

__all__ = ["DOCS_CONTENT_SECURITY_POLICY", "DOCS_PATH", "add_api_docs"]

DOCS_PATH = "/docs"
ASSETS = f"{DOCS_PATH}/assets"
DOCS_CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "script-src 'self' 'unsafe-inline'"
)
"""Swagger UI starts from an inline script; it still loads nothing from another origin."""


def add_api_docs(app: FastAPI) -> None:
    """Serve Swagger UI at ``/docs`` from the package's own files (create the app with
    ``docs_url=None, redoc_url=None``)."""
    app.mount(ASSETS, StaticFiles(directory=swagger_ui_path), name="swagger-ui")

    @app.get(DOCS_PATH, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} · API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon-32x32.png",
        )

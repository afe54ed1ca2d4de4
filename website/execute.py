"""Run a lesson notebook for the website, each widget pictured as its own cell left it.

A notebook saved by Jupyter keeps one state per widget: the state at the end of the run. A widget
that a later cell changes (``runner.run()`` under the cell that shows the runner) would then show
the later picture at its own cell. :func:`execute` runs the notebook, takes the widgets' state after
every cell that shows one, and when that state differs from the final one, gives the cell a copy of
its widgets (new model ids) as they were then.

>>> pinned = pin_widget({"a": {"state": {"children": ["IPY_MODEL_b"]}}, "b": {"state": {"value": 1}}},
...                     "a", tag="7")
>>> sorted(pinned) == sorted([copy_id("a", "7"), copy_id("b", "7")])
True
>>> pinned[copy_id("a", "7")]["state"]["children"] == ["IPY_MODEL_" + copy_id("b", "7")]
True
"""

from __future__ import annotations

import copy
import uuid
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MODEL_PREFIX = "IPY_MODEL_"
#: Any one cell of a lesson must finish within this many seconds.
CELL_TIMEOUT = 900


def widget_views(cell: dict) -> list[dict]:
    """The widget views a code cell's outputs show (each a dict with its ``model_id``)."""
    return [output["data"][WIDGET_VIEW] for output in cell.get("outputs", [])
            if WIDGET_VIEW in output.get("data", {})]


def serialize(states: dict[str, dict], buffers: dict[str, dict]) -> dict[str, dict]:
    """The widget models as a notebook stores them, from the kernel messages seen so far.

    >>> serialize({"m": {"_model_name": "IntSliderModel", "_model_module": "c", "_model_module_version": "2",
    ...                  "value": 3}}, {})["m"]["model_name"]
    'IntSliderModel'
    """
    models = {}
    for model_id, state in states.items():
        if "_model_name" not in state:
            continue
        model = {"model_name": state["_model_name"], "model_module": state.get("_model_module"),
                 "model_module_version": state.get("_model_module_version"), "state": state}
        if buffers.get(model_id):
            model["buffers"] = list(buffers[model_id].values())
        models[model_id] = copy.deepcopy(model)
    return models


def _references(value: Any) -> list[str]:
    """Model ids that a state value points at: ``IPY_MODEL_`` strings and widget views in outputs."""
    if isinstance(value, str):
        return [value[len(MODEL_PREFIX):]] if value.startswith(MODEL_PREFIX) else []
    if isinstance(value, list):
        return [found for item in value for found in _references(item)]
    if isinstance(value, dict):
        found = [value[WIDGET_VIEW]["model_id"]] if isinstance(value.get(WIDGET_VIEW), dict) else []
        return found + [ref for key, item in value.items() if key != WIDGET_VIEW for ref in _references(item)]
    return []


def reachable(models: dict[str, dict], root: str) -> list[str]:
    """The model ``root`` and every model it shows or uses, in the order found.

    >>> reachable({"a": {"state": {"layout": "IPY_MODEL_b"}}, "b": {"state": {}}, "c": {"state": {}}}, "a")
    ['a', 'b']
    """
    seen: list[str] = []
    todo = [root]
    while todo:
        model_id = todo.pop()
        if model_id in seen or model_id not in models:
            continue
        seen.append(model_id)
        todo.extend(_references(models[model_id]["state"]))
    return seen


def copy_id(model_id: str, tag: str) -> str:
    """The id of the copy of a model pinned at a cell: the same for the same model and cell in every run."""
    return uuid.uuid5(uuid.NAMESPACE_OID, f"{model_id}/{tag}").hex


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str) and value.startswith(MODEL_PREFIX):
        return MODEL_PREFIX + names.get(value[len(MODEL_PREFIX):], value[len(MODEL_PREFIX):])
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        renamed = {key: _renamed(item, names) for key, item in value.items()}
        view = renamed.get(WIDGET_VIEW)
        if isinstance(view, dict) and view.get("model_id") in names:
            renamed[WIDGET_VIEW] = {**view, "model_id": names[view["model_id"]]}
        return renamed
    return value


def pin_widget(models: dict[str, dict], root: str, tag: str) -> dict[str, dict]:
    """Copies of ``root`` and the models it uses, under new ids, pointing at each other."""
    names = {model_id: copy_id(model_id, tag) for model_id in reachable(models, root)}
    return {names[model_id]: _renamed(models[model_id], names) for model_id in names}


def execute(path: Path) -> nbformat.NotebookNode:
    """Run the notebook at ``path`` in its own folder; every widget shows the state its own cell left.

    The file is not changed. A cell that fails stops the run with nbclient's error, which names the
    cell and quotes the traceback.
    """
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=CELL_TIMEOUT, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(path.parent)}})
    at_cell: dict[int, dict[str, dict]] = {}

    def remember(cell, cell_index, execute_reply):
        if widget_views(cell):
            at_cell[cell_index] = serialize(client.widget_state, client.widget_buffers)

    client.on_cell_executed = remember
    client.execute()
    final = serialize(client.widget_state, client.widget_buffers)
    for index, then in at_cell.items():
        for view in widget_views(notebook.cells[index]):
            root = view["model_id"]
            if all(then[model_id] == final.get(model_id) for model_id in reachable(then, root)):
                continue
            pinned = pin_widget(then, root, tag=str(index))
            final.update(pinned)
            view["model_id"] = copy_id(root, str(index))
    if final:
        notebook.metadata["widgets"] = {WIDGET_STATE: {"state": final, "version_major": 2, "version_minor": 0}}
    return notebook

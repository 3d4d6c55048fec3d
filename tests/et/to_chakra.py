#!/usr/bin/env python3
"""Rewrites a PyTorch Execution Trace of schema 1.0.1 (flat node fields) in
the chakra layout: attrs (name/type/value) holding rf_id, op_schema and the
rest, and inputs/outputs objects with values, shapes and types.

    to_chakra.py IN.json[.gz] OUT.json
"""
import gzip
import json
import sys

FLAT = ("inputs", "input_shapes", "input_types", "outputs", "output_shapes", "output_types")


def attr(name, value):
    kind = "string" if isinstance(value, str) else "uint64" if isinstance(value, int) else "json"
    return {"name": name, "type": kind, "value": value}


def chakra_node(node):
    out = {"id": node["id"], "name": node["name"], "ctrl_deps": node.get("parent", 0)}
    out["inputs"] = {"values": node.get("inputs", []), "shapes": node.get("input_shapes", []),
                     "types": node.get("input_types", [])}
    out["outputs"] = {"values": node.get("outputs", []), "shapes": node.get("output_shapes", []),
                      "types": node.get("output_types", [])}
    out["attrs"] = [attr(k, v) for k, v in node.items() if k not in FLAT and k not in ("id", "name")]
    return out


def main():
    src, dst = sys.argv[1], sys.argv[2]
    opener = gzip.open if src.endswith(".gz") else open
    with opener(src, "rt", encoding="utf-8") as f:
        doc = json.load(f)
    doc["schema"] = "1.0.2-chakra.0.0.4"
    doc["nodes"] = [chakra_node(n) for n in doc["nodes"]]
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(doc, f)


if __name__ == "__main__":
    main()

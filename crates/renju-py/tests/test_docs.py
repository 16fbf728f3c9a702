"""help() is useful: every public class, method and function has a docstring and a signature."""

from __future__ import annotations

import inspect

import renju_kit


def test_every_public_name_is_documented() -> None:
    missing = []
    for name in renju_kit.__all__:
        obj = getattr(renju_kit, name)
        if isinstance(obj, (str, list)):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if not (getattr(member, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attr}")
    assert missing == []


def test_functions_show_their_signatures() -> None:
    for f in (renju_kit.read, renju_kit.write, renju_kit.vcf, renju_kit.forbidden_points_batch):
        sig = inspect.signature(f)
        assert len(sig.parameters) >= 2, f
    assert str(inspect.signature(renju_kit.vcf)).startswith("(board, side=None, max_depth=20, *, max_nodes=5000000")
    assert "k8" in (renju_kit.__doc__ or "")

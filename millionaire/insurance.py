"""Insurance of Millionaire Elite: policies against rent, taxes, auctions and a fall of the share price.

A policy is bought at an insurance company cell for its premium (the board file's ``[insurance]``
table). It pays one claim, at most its ``cover``, and then ends; its holder decides which covered event
to hand it in for (``RuleSet.claim_by_choice``). A short-term policy also ends when
its holder passes START; a long-term one lasts until the insured event happens. What each kind covers:

- ``rent``: the next rent the holder owes; the bank pays the owner instead (up to the cover, the
  holder pays the rest);
- ``tax``: the next tax the holder owes (a tax cell, or the central industry's holding tax);
- ``auction``: a card that would put one of the holder's plots up for auction does not;
- ``shares``: when a card lowers the share price, the bank pays the holder his shares' loss.

The central industry (``[central_industry]``) is the board's group of companies owned like
railroads; its owner pays a holding tax each time he passes START, by the number he owns.

Examples
--------
>>> policy = Policy(kind="rent", term="long", premium=60, cover=400)
>>> claim_split(policy, 250), claim_split(policy, 900)
((250, 0), (400, 500))
>>> CentralIndustry("Central industry", "Центральная отрасль", (10, 40, 90, 160)).tax_for(2)
40
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import MillionaireError


POLICY_KINDS = ("rent", "tax", "auction", "shares")
POLICY_TERMS = ("short", "long")
_POLICY_FIELDS = ("kind", "term", "premium", "cover")
#: The most policies a board may sell (one per kind and term).
MAX_POLICIES = len(POLICY_KINDS) * len(POLICY_TERMS)


class InsuranceError(MillionaireError):
    """An ``[insurance]`` or ``[central_industry]`` table that breaks a rule; the message names the field."""


@dataclass(frozen=True)
class Policy:
    """A policy the insurance company sells: what it covers, for how long, its price and its limit."""

    kind: str
    term: str
    premium: int
    cover: int

    def name(self, lang: str = "en") -> str:
        """The policy's name for a sentence or a button.

        >>> Policy("tax", "short", 10, 200).name("ru")
        'краткосрочный полис от налогов'
        """
        from .words import word

        return word(lang, f"policy.{self.term}_{self.kind}")


@dataclass(frozen=True)
class CentralIndustry:
    """The central industry: its name and the holding tax by the number of its companies owned."""

    name_en: str
    name_ru: str
    tax: tuple[int, ...]

    def name(self, lang: str = "en") -> str:
        """The industry's name in ``"en"`` or ``"ru"``."""
        return self.name_ru if lang == "ru" else self.name_en

    def tax_for(self, owned: int) -> int:
        """The holding tax of an owner of ``owned`` companies (0 for none; past the table, its last value)."""
        return 0 if owned <= 0 else self.tax[min(owned, len(self.tax)) - 1]


def claim_split(policy: Policy, loss: int) -> tuple[int, int]:
    """``(paid by the insurer, left to the holder)`` of a loss under ``policy``."""
    paid = min(loss, policy.cover)
    return paid, loss - paid


def parse_policies(table: Any, has_shares: bool) -> tuple[Policy, ...]:
    """Check a board file's ``[insurance]`` table and build its policies (:class:`InsuranceError`)."""
    from .rules import MAX_AMOUNT

    if not isinstance(table, dict):
        raise InsuranceError("must be a table")
    extra = sorted(set(table) - {"policies"})
    if extra:
        raise InsuranceError(f"unknown field {extra[0]!r} (allowed: policies)")
    raw = table.get("policies")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_POLICIES:
        raise InsuranceError(f"field 'policies' must list 1..{MAX_POLICIES} policies, got {raw!r}")
    policies: list[Policy] = []
    for number, entry in enumerate(raw, start=1):
        where = f"policy {number}"
        if not isinstance(entry, dict):
            raise InsuranceError(f"{where} must be a table, got {entry!r}")
        extra = sorted(set(entry) - set(_POLICY_FIELDS))
        if extra:
            raise InsuranceError(f"{where}: unknown field {extra[0]!r} (allowed: {', '.join(_POLICY_FIELDS)})")
        for name, allowed in (("kind", POLICY_KINDS), ("term", POLICY_TERMS)):
            if entry.get(name) not in allowed:
                raise InsuranceError(f"{where}: field {name!r} must be one of {', '.join(allowed)}, got {entry.get(name)!r}")
        for name in ("premium", "cover"):
            value = entry.get(name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_AMOUNT:
                raise InsuranceError(f"{where}: field {name!r} must be an integer 1..{MAX_AMOUNT:,}, got {value!r}")
        policy = Policy(**{name: entry[name] for name in _POLICY_FIELDS})
        if any((p.kind, p.term) == (policy.kind, policy.term) for p in policies):
            raise InsuranceError(f"{where}: a {policy.term}-term {policy.kind} policy is listed twice")
        if policy.kind == "shares" and not has_shares:
            raise InsuranceError(f"{where}: a 'shares' policy needs shares (a [shares] table)")
        policies.append(policy)
    return tuple(policies)


def parse_central_industry(table: Any, railroads: int) -> CentralIndustry:
    """Check a board file's ``[central_industry]`` table (its companies are the ``railroad`` cells)."""
    from .rules import MAX_AMOUNT

    if not isinstance(table, dict):
        raise InsuranceError("must be a table")
    extra = sorted(set(table) - {"name_en", "name_ru", "tax"})
    if extra:
        raise InsuranceError(f"unknown field {extra[0]!r} (allowed: name_en, name_ru, tax)")
    for name in ("name_en", "name_ru"):
        if not isinstance(table.get(name), str) or not table[name].strip():
            raise InsuranceError(f"field {name!r} must be a non-empty string, got {table.get(name)!r}")
    if not railroads:
        raise InsuranceError("the board has no 'railroad' cells to be the central industry's companies")
    tax = table.get("tax")
    if not isinstance(tax, list) or len(tax) != railroads:
        raise InsuranceError(f"field 'tax' must list {railroads} amounts (one for each number of companies owned), got {tax!r}")
    for value in tax:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT:
            raise InsuranceError(f"field 'tax' must hold amounts 0..{MAX_AMOUNT:,}, got {value!r}")
    return CentralIndustry(table["name_en"], table["name_ru"], tuple(tax))

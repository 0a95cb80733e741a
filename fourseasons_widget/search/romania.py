"""AIMA's road map of Romania (*AI: A Modern Approach*, 4th ed., Figure 3.1) as a search problem:
from Arad to Bucharest, each road costing its length in km, with the straight-line distance to
Bucharest (Figure 3.16) as the heuristic.

It is the map the book uses to show the two classic mistakes of a cost-ordered search, and the
checker of notebook 05 runs uniform-cost search and A* on it for that reason (on the game, where
every move costs 1, neither mistake changes what a search does):

- Bucharest is first *generated* by the costlier line, Arad–Sibiu–Fagaras–Bucharest (450 km),
  before the cheapest, Arad–Sibiu–Rimnicu Vilcea–Pitesti–Bucharest (418 km): a search that
  tests for the goal when a node is generated returns the 450;
- so Bucharest is reached by a costlier path first and a cheaper one later, while still in the
  frontier: an A* that never lowers a state's g (it skips every child whose state is reached)
  returns the 450 too.

>>> from fourseasons_widget.search.algorithms import astar
>>> r = astar(RomaniaProblem())
>>> r.path, r.cost
(['Sibiu', 'Rimnicu Vilcea', 'Pitesti', 'Bucharest'], 418.0)
"""

from __future__ import annotations

#: the roads of Figure 3.1, in km
ROADS = {
    ("Arad", "Zerind"): 75, ("Arad", "Sibiu"): 140, ("Arad", "Timisoara"): 118,
    ("Zerind", "Oradea"): 71, ("Oradea", "Sibiu"): 151, ("Timisoara", "Lugoj"): 111,
    ("Lugoj", "Mehadia"): 70, ("Mehadia", "Drobeta"): 75, ("Drobeta", "Craiova"): 120,
    ("Craiova", "Rimnicu Vilcea"): 146, ("Craiova", "Pitesti"): 138,
    ("Sibiu", "Fagaras"): 99, ("Sibiu", "Rimnicu Vilcea"): 80,
    ("Rimnicu Vilcea", "Pitesti"): 97, ("Fagaras", "Bucharest"): 211,
    ("Pitesti", "Bucharest"): 101, ("Bucharest", "Giurgiu"): 90,
    ("Bucharest", "Urziceni"): 85, ("Urziceni", "Hirsova"): 98, ("Urziceni", "Vaslui"): 142,
    ("Hirsova", "Eforie"): 86, ("Vaslui", "Iasi"): 92, ("Iasi", "Neamt"): 87,
}
#: the straight-line distance to Bucharest, in km (Figure 3.16)
TO_BUCHAREST = {
    "Arad": 366, "Bucharest": 0, "Craiova": 160, "Drobeta": 242, "Eforie": 161,
    "Fagaras": 176, "Giurgiu": 77, "Hirsova": 151, "Iasi": 226, "Lugoj": 244, "Mehadia": 241,
    "Neamt": 234, "Oradea": 380, "Pitesti": 100, "Rimnicu Vilcea": 193, "Sibiu": 253,
    "Timisoara": 329, "Urziceni": 80, "Vaslui": 199, "Zerind": 374,
}


class RomaniaProblem:
    """Route finding on :data:`ROADS`: a state is a city's name, an action the name of the
    neighbouring city to drive to (neighbours in alphabetical order), its cost the road's
    length; the goal is Bucharest and ``h`` the straight-line distance to it, admissible and
    consistent.  Only the trip to Bucharest has a heuristic: ``goal`` is fixed."""

    goal = "Bucharest"

    def __init__(self, initial: str = "Arad") -> None:
        if initial not in TO_BUCHAREST:
            raise ValueError(f"no city {initial!r} on the map: one of "
                             f"{', '.join(sorted(TO_BUCHAREST))}")
        self.initial = initial
        self._roads: dict[str, dict[str, int]] = {}
        for (a, b), km in ROADS.items():
            self._roads.setdefault(a, {})[b] = km
            self._roads.setdefault(b, {})[a] = km

    def actions(self, state: str) -> list[str]:
        return sorted(self._roads[state])

    def result(self, state: str, action: str) -> str:
        return action

    def is_goal(self, state: str) -> bool:
        return state == self.goal

    def action_cost(self, state: str, action: str, result: str) -> int:
        return self._roads[state][result]

    def h(self, state: str) -> int:
        return TO_BUCHAREST[state]

    def key(self, state: str) -> str:
        return state

    def move_text(self, state: str, action: str) -> str:
        return f"{state} → {action}"

    def __repr__(self) -> str:
        return f"<RomaniaProblem {self.initial} to {self.goal}>"

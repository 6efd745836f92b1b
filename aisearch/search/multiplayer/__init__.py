"""Several players (lesson 08): max^n, shallow pruning and paranoid search
(:mod:`~aisearch.search.multiplayer.maxn`)."""

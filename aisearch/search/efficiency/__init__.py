"""Search efficiency (lesson 04): move ordering (:mod:`~aisearch.search.efficiency.ordering`),
the minimal tree (:mod:`~aisearch.search.efficiency.minimal`), the transposition table
(:mod:`~aisearch.search.efficiency.table`) and alpha-beta with it
(:mod:`~aisearch.search.efficiency.table_search`), null windows and PVS
(:mod:`~aisearch.search.efficiency.pvs`), aspiration windows and MTD(f)
(:mod:`~aisearch.search.efficiency.windows`), SSS* (:mod:`~aisearch.search.efficiency.sss`),
iterative deepening (:mod:`~aisearch.search.efficiency.deepening`) and the enhancements
switched on and off (:mod:`~aisearch.search.efficiency.engine`)."""

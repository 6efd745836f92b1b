"""What every searcher shares: the conventions, the checks, the leaf rule, counting, tracing
and anytime budgets (:mod:`~aisearch.search.runtime.run`,
:mod:`~aisearch.search.runtime.anytime`). A searcher builds one
:class:`~aisearch.search.runtime.run.Run` and writes only its algorithm.
"""

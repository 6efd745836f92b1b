"""Games of chance (lesson 06): expectiminimax
(:mod:`~aisearch.search.chance.expectiminimax`) and Ballard's Star1 and Star2
(:mod:`~aisearch.search.chance.star`)."""
